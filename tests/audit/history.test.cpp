// The replay's position history (src/audit/history.hpp, internal): every lookup gives the
// earliest occurrence in each superko list exactly as a full walk of the history would, and a
// position repeated many times costs one stored colouring, not one per repetition (issue 30
// item 6: a ko repeated N times used to cost O(N^2)).

#include "../../src/audit/history.hpp"

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdint>
#include <random>
#include <vector>

using namespace sgfaudit;
using audit::detail::History;
using audit::detail::Maker;
using audit::detail::Repeats;

namespace {

// The history as a plain list, walked whole: the meaning of History::find.
struct Naive {
    struct Entry {
        std::vector<std::uint8_t> snapshot;
        std::uint32_t move;
        Maker maker;
        bool by_play;
    };
    std::vector<Entry> entries;

    void add(const game::Board& b, std::uint32_t move, Maker maker, bool by_play) {
        const auto s = b.snapshot();
        entries.push_back({{s.begin(), s.end()}, move, maker, by_play});
    }
    Repeats find(const game::Board& b, std::size_t limit) const {
        Repeats r;
        const auto s = b.snapshot();
        const std::vector<std::uint8_t> now(s.begin(), s.end());
        for (std::size_t i = 0; i < limit && i < entries.size(); ++i) {
            const Entry& e = entries[i];
            if (e.snapshot != now) continue;
            if (!r.any) r.any = e.move;
            if (e.maker == Maker::setup) continue;
            const auto c = static_cast<int>(e.maker);
            if (!r.after_turn[c]) r.after_turn[c] = e.move;
            if (e.by_play && !r.after_play[c]) r.after_play[c] = e.move;
        }
        return r;
    }
};

}  // namespace

TEST_CASE("History: every lookup equals a walk of the whole history on random small games",
          "[audit][history]") {
    std::mt19937 rng(30);
    History h;
    // 2x2 and 3x3 boards repeat colourings often: plays, passes and setup, both colours. On the
    // larger boards the game keeps to the 3x3 corner at the end of the snapshot, so that it
    // repeats as often; their snapshots are shorter than History's short copy (19x19: 91
    // bytes), as long (24x16: 96) and longer (20x20: 100, 25x25: 157), one after the other in
    // the same History.
    struct Size {
        int width, height;
    };
    constexpr std::array<Size, 6> kSizes = {
        {{2, 2}, {3, 3}, {19, 19}, {24, 16}, {20, 20}, {25, 25}}};
    for (int game = 0; game < 60; ++game) {
        const Size size = kSizes[static_cast<std::size_t>(game) % kSizes.size()];
        const int side = std::min(size.width, 3);
        const int x0 = size.width - side, y0 = size.height - side;
        game::Board board(size.width, size.height);
        Naive naive;
        h.reset(board.snapshot_size(), game % 3 == 0 ? 0 : 500);
        h.add(board, 0, Maker::white, true);
        naive.add(board, 0, Maker::white, true);
        for (std::uint32_t move = 1; move <= 500; ++move) {
            const auto c = static_cast<game::Color>(rng() % 2);
            const int x = x0 + static_cast<int>(rng() % side);
            const int y = y0 + static_cast<int>(rng() % side);
            const game::Vertex v = game::to_vertex(x, y);
            Maker maker = c == game::Color::black ? Maker::black : Maker::white;
            bool by_play = false;
            switch (rng() % 6) {
                case 0:  // a pass
                    break;
                case 1:  // setup: a stone or an empty point
                    maker = Maker::setup;
                    if (rng() % 2 == 0) {
                        board.set_stone(v, c);
                    } else {
                        board.clear(v);
                    }
                    break;
                default:
                    if (board.at(v) != game::Cell::empty) continue;
                    board.play(v, c, true);
                    by_play = true;
                    break;
            }
            h.add(board, move, maker, by_play);
            naive.add(board, move, maker, by_play);
            INFO("game " << game << " move " << move);
            CHECK(h.find(board, h.size() - 1) == naive.find(board, naive.entries.size() - 1));
            CHECK(h.find(board, h.size()) == naive.find(board, naive.entries.size()));
            const std::size_t limit = rng() % (h.size() + 1);
            CHECK(h.find(board, limit) == naive.find(board, limit));
        }
        CHECK(h.size() == naive.entries.size());
    }
}

TEST_CASE("History: a ko repeated 200000 times is stored once per colouring and costs O(1)",
          "[audit][history]") {
    // A 5x5 ko: Black takes at cc, White retakes at bc, over and over (two colourings).
    game::Board board(5);
    for (const auto& [x, y] : {std::pair{1, 1}, {0, 2}, {1, 3}})
        board.set_stone(game::to_vertex(x, y), game::Color::black);
    for (const auto& [x, y] : {std::pair{2, 1}, {1, 2}, {3, 2}, {2, 3}})
        board.set_stone(game::to_vertex(x, y), game::Color::white);
    History h;
    h.reset(board.snapshot_size(), 200001);
    h.add(board, 0, Maker::white, true);
    const auto start = std::chrono::steady_clock::now();
    Repeats last;
    for (std::uint32_t move = 1; move <= 200000; ++move) {
        const bool black = move % 2 == 1;
        const game::Color c = black ? game::Color::black : game::Color::white;
        board.play(black ? game::to_vertex(2, 2) : game::to_vertex(1, 2), c, true);
        if (h.add(board, move, black ? Maker::black : Maker::white, true))
            last = h.find(board, h.size() - 1);
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(h.size() == 200001);
    CHECK(h.distinct() == 2);
    // The last play (White's retake) repeats the start: earliest in each list.
    Repeats expected;
    expected.any = 0;
    expected.after_turn[1] = 0;
    expected.after_play[1] = 0;
    expected.after_turn[0] = std::nullopt;
    CHECK(last == expected);
    // Linear: a few hundredths of a second in the dev build; walking every earlier entry with
    // the same hash (before issue 30) took about 40 s.
    INFO(seconds << " s for 200,000 positions");
    CHECK(seconds < 3.0);
}
