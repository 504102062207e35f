#pragma once
// For the tests of the end-board analyses that keep their per-vertex arrays per thread and reset
// only the board's rows for each board: random boards of any size, and a check that each board
// read on one thread after the others (larger ones first, then back up) is read as on a thread
// of its own.

#include <cstddef>
#include <cstdint>
#include <thread>
#include <utility>
#include <vector>

#include "sgfaudit/game/board.hpp"

namespace boards_on_threads {

// A board of `width` x `height` from `seed`: stones in runs of one colour (strings, regions and
// eyes of every size, not a uniform noise), a point empty with a chance of `empty` in 10.
inline sgfaudit::game::Board patchy_board(int width, int height, std::uint32_t seed,
                                          unsigned empty = 3) {
    sgfaudit::game::Board b(width, height);
    int colour = 0;
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            seed = seed * 1103515245u + 12345u;
            const unsigned r = (seed >> 16) % 10;
            if (r < 2) colour = 1 - colour;  // a new run of the other colour
            if (r >= 10 - empty) continue;   // empty
            b.set_stone(sgfaudit::game::to_vertex(x, y),
                        colour == 0 ? sgfaudit::game::Color::black : sgfaudit::game::Color::white);
        }
    }
    return b;
}

// Board sizes from the largest down, of several shapes.
inline const std::vector<std::pair<int, int>> kSizes = {{52, 52}, {19, 19}, {25, 9}, {13, 13},
                                                        {9, 9},   {7, 19},  {5, 5},  {2, 3}};

// `look` applied to each board on a new thread (nothing left by any earlier board): `fresh`.
// Then to all of them on one thread, from the first to the last and back; returns the indices
// whose answer there differs from `fresh` (Catch's assertions stay with the caller).
template <class Answer, class Look>
std::vector<std::size_t> differing_on_one_thread(const std::vector<sgfaudit::game::Board>& boards,
                                                 const std::vector<Answer>& fresh, Look look,
                                                 bool (*same)(const Answer&, const Answer&)) {
    std::vector<std::size_t> differing;
    std::thread one([&] {
        for (int pass = 0; pass < 2; ++pass) {
            for (std::size_t k = 0; k < boards.size(); ++k) {
                const std::size_t i = pass == 0 ? k : boards.size() - 1 - k;
                if (!same(look(boards[i]), fresh[i])) differing.push_back(i);
            }
        }
    });
    one.join();
    return differing;
}

// `look` of each board, each on a thread of its own.
template <class Answer, class Look>
std::vector<Answer> each_on_its_own_thread(const std::vector<sgfaudit::game::Board>& boards,
                                           Look look) {
    std::vector<Answer> fresh(boards.size());
    for (std::size_t i = 0; i < boards.size(); ++i) {
        std::thread own([&] { fresh[i] = look(boards[i]); });
        own.join();
    }
    return fresh;
}

}  // namespace boards_on_threads
