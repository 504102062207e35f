#pragma once
// The state of the judge of end positions (end_judge.cpp) that outlives one judgement: the
// per-string, per-region and per-vertex containers a Judge works in, kept per thread (their
// capacity from one end board to the next). Boards only, no rules.

#include <array>
#include <cstdint>
#include <vector>

#include "end_judge_liberties.hpp"
#include "eye_shape.hpp"
#include "point_cells.hpp"
#include "row_runs.hpp"
#include "sgfaudit/audit/end_judge.hpp"
#include "sgfaudit/game/board.hpp"

namespace sgfaudit::audit::detail::judge {

using game::Vertex;

inline constexpr int kNone = -1;

struct StringInfo {
    Vertex stone = game::kNoVertex;
    int color = 0;  // 0 black, 1 white
    int stones = 0;
    bool pass_alive = false;
    bool dead = false;
    bool by_benson = false;
};
struct Comp {  // an empty region of the current board
    int size = 0;
    std::array<bool, 2> touch{};              // reaches a stone of Black / White
    std::array<bool, 2> touch_firm{};         // reaches a Black / White string that is no island
    std::array<int, 2> string{kNone, kNone};  // a Black / White string next to it
    bool interior = false;                    // a point of it touches no stone
    Vertex first = game::kNoVertex;
    bool own_only(int col) const { return touch[col] && !touch[1 - col]; }
    // An eye space of `col`: reaches col only, or reaches a string of col that is no island
    // and, of the opponent, only islands (dead-looking). Islands make no eyes of the
    // opponent's islands: both are in doubt.
    bool eye_space(int col) const {
        return own_only(col) || (touch_firm[col] && !touch_firm[1 - col]);
    }
};
struct Region {                     // a maximal set of points holding no stone of one colour
    bool has_stones = false;        // holds stones of the other colour
    bool all_doomed = true;         // all of them are hopeless and not alive
    bool borders_all_alive = true;  // every string of the enclosing colour next to it lives
    bool bordered = false;          // some string of the enclosing colour is next to it
};

// What a Judge works in (end_judge.cpp names each container where it is a member).
struct Scratch {
    std::vector<StringInfo> strings;
    std::vector<int> sid;
    std::vector<std::int8_t> col;
    std::vector<int> parent, comp;
    std::vector<Comp> comps;
    std::array<std::vector<int>, 2> region;
    std::array<std::vector<Region>, 2> regions;
    std::vector<int> level1;  // per string: its first-level group
    std::vector<std::uint8_t> doomed, island;
    std::vector<int> root;
    std::vector<std::uint8_t> alive;
    std::vector<int> eyes, largest;     // per final root
    std::vector<int> group_stones;      // per final root (decide)
    detail::IslandSpaces spaces;        // this round's small spaces around islands
    std::vector<std::uint8_t> counted;  // per space: its one eye is counted
    std::vector<int> of_head;           // label_strings'
    std::vector<int> island_of;         // island_eye_spaces': per vertex, the island string there
    // Working memory of a round's steps and of decide, each filled where it is used.
    std::vector<Vertex> stack, shared;
    std::vector<int> sizes, round_eyes, round_largest, first_region, shared_points, checked,
        string_libs;
    std::vector<std::uint8_t> eye_space;
    std::vector<std::uint8_t> firm, several, seki_root;
    std::vector<StringVerdict> verdict;
    GroupLiberties libs;
    // The regions by row runs (end_judge_regions.hpp): the current board's stones of each colour
    // by row, the points without a stone of one colour, the runs, and each run's region.
    std::array<std::array<std::uint64_t, game::kMaxSide>, 2> stone_rows{};
    std::array<std::uint64_t, game::kMaxSide> open_rows{};
    RowRuns runs;
    std::array<std::uint16_t, RowRuns::kMaxRuns> region_of_run{};
    // Empties every per-string and per-region container (a new judge's state), keeping their
    // capacity. The per-vertex arrays (sid, col, comp, region, of_head, island_of) are set by
    // detail::reset_cells (point_cells.hpp) where a judgement starts to fill them.
    void clear() {
        const auto empty = [](auto&... c) { (c.clear(), ...); };
        empty(strings, parent, comps, regions[0], regions[1], level1, doomed, island, root, alive,
              eyes, largest, group_stones, spaces.of_region, spaces.size, spaces.wide, counted);
    }
};

}  // namespace sgfaudit::audit::detail::judge
