// The board as a catalogue of board plays (rules.md section 3), each an ASCII picture and
// its outcome, then randomised checks against a naive flood-fill model.

#include "sgfaudit/game/board.hpp"

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <initializer_list>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

using namespace sgfaudit::game;

namespace {

constexpr Color B = Color::black;
constexpr Color W = Color::white;

Vertex pt(int x, int y) {
    return to_vertex(x, y);
}

// The to_ascii() text of a picture.
std::string rows(std::initializer_list<std::string_view> lines) {
    std::string out;
    for (std::string_view line : lines) {
        out += line;
        out += '\n';
    }
    return out;
}

// XOR of the keys of all stones, computed from scratch.
std::uint64_t hash_from_scratch(const Board& b) {
    std::uint64_t h = 0;
    for (int y = 0; y < b.height(); ++y) {
        for (int x = 0; x < b.width(); ++x) {
            const Cell cell = b.at(x, y);
            if (is_stone(cell)) h ^= Board::zobrist_key(pt(x, y), to_color(cell));
        }
    }
    return h;
}

// Checks every string's stones, liberties and identity, the stone counts and the hash against a
// brute-force flood fill. Returns "" when all agree, else a description of the first mismatch.
std::string invariant_error(const Board& b) {
    const int w = b.width();
    const int h = b.height();
    // The snapshot, kept incrementally by the board, equals one packed from the cells.
    std::vector<std::uint8_t> packed((static_cast<std::size_t>(w) * h + 3) / 4, 0);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const int point = y * w + x;
            packed[static_cast<std::size_t>(point / 4)] |=
                static_cast<std::uint8_t>(static_cast<int>(b.at(pt(x, y))) << (2 * (point % 4)));
        }
    }
    for (int y = 0; y < h; ++y) {
        std::uint64_t black = 0, white = 0;
        for (int x = 0; x < w; ++x) {
            if (b.at(pt(x, y)) == Cell::black) black |= std::uint64_t{1} << x;
            if (b.at(pt(x, y)) == Cell::white) white |= std::uint64_t{1} << x;
        }
        if (b.row_mask(B, y) != black || b.row_mask(W, y) != white) {
            return "the row masks do not match the cells\n" + b.to_ascii();
        }
    }
    const auto snap = b.snapshot();
    if (!std::equal(snap.begin(), snap.end(), packed.begin(), packed.end())) {
        return "the snapshot does not match the cells\n" + b.to_ascii();
    }
    std::vector<int> component(kCells, -1);
    std::set<Vertex> ids;
    std::array<int, 2> counts{};
    int components = 0;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const Vertex v = pt(x, y);
            const Cell colour = b.at(v);
            if (!is_stone(colour) || component[v] >= 0) continue;
            std::vector<Vertex> stones{v};
            std::set<Vertex> liberties;
            component[v] = components;
            for (std::size_t i = 0; i < stones.size(); ++i) {
                const Vertex s = stones[i];
                const int sx = vertex_x(s);
                const int sy = vertex_y(s);
                const std::array<std::array<int, 2>, 4> around{
                    {{sx, sy - 1}, {sx - 1, sy}, {sx + 1, sy}, {sx, sy + 1}}};
                for (auto [nx, ny] : around) {
                    if (!b.contains(nx, ny)) continue;
                    const Vertex n = pt(nx, ny);
                    if (b.at(n) == Cell::empty) liberties.insert(n);
                    if (b.at(n) == colour && component[n] < 0) {
                        component[n] = components;
                        stones.push_back(n);
                    }
                }
            }
            counts[static_cast<int>(to_color(colour))] += static_cast<int>(stones.size());
            const Vertex id = b.chain_id(v);
            if (!ids.insert(id).second) return "two strings share an id at " + b.to_ascii();
            for (Vertex s : stones) {
                if (b.chain_id(s) != id) return "stones of one string have different ids";
                if (b.chain_stones(s) != static_cast<int>(stones.size())) {
                    return "wrong stone count\n" + b.to_ascii();
                }
                if (b.chain_liberties(s) != static_cast<int>(liberties.size())) {
                    return "wrong liberty count\n" + b.to_ascii();
                }
            }
            std::size_t visited = 0;
            bool foreign = false;
            b.for_each_chain_stone(v, [&](Vertex s) {
                ++visited;
                if (component[s] != components) foreign = true;
            });
            if (foreign || visited != stones.size()) return "chain list differs from the string";
            ++components;
        }
    }
    if (counts[0] != b.stones(B) || counts[1] != b.stones(W)) return "wrong stone counts";
    if (hash_from_scratch(b) != b.hash()) return "incremental hash differs from scratch";
    return "";
}

// A naive model of a board play (rules.md section 3) by flood fill on a plain grid.
struct NaiveBoard {
    int w;
    int h;
    std::vector<int> cells;  // 0 empty, 1 black, 2 white

    NaiveBoard(int width, int height) : w(width), h(height), cells(width * height, 0) {}
    int& at(int x, int y) { return cells[y * w + x]; }

    // The string at (x, y) and whether it has a liberty.
    std::vector<int> string_at(int x, int y, bool& has_liberty) {
        const int colour = at(x, y);
        std::vector<int> stones{y * w + x};
        std::vector<bool> seen(cells.size(), false);
        seen[y * w + x] = true;
        has_liberty = false;
        for (std::size_t i = 0; i < stones.size(); ++i) {
            const int sx = stones[i] % w;
            const int sy = stones[i] / w;
            const std::array<std::array<int, 2>, 4> around{
                {{sx, sy - 1}, {sx - 1, sy}, {sx + 1, sy}, {sx, sy + 1}}};
            for (auto [nx, ny] : around) {
                if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
                const int n = ny * w + nx;
                if (cells[n] == 0) has_liberty = true;
                if (cells[n] == colour && !seen[n]) {
                    seen[n] = true;
                    stones.push_back(n);
                }
            }
        }
        return stones;
    }

    // Returns the number of opponent stones captured.
    int play(int x, int y, int colour, bool remove_own) {
        at(x, y) = colour;
        const int other = 3 - colour;
        int captured = 0;
        const std::array<std::array<int, 2>, 4> around{
            {{x, y - 1}, {x - 1, y}, {x + 1, y}, {x, y + 1}}};
        for (auto [nx, ny] : around) {
            if (nx < 0 || ny < 0 || nx >= w || ny >= h || at(nx, ny) != other) continue;
            bool alive = false;
            const std::vector<int> stones = string_at(nx, ny, alive);
            if (alive) continue;
            for (int s : stones) cells[s] = 0;
            captured += static_cast<int>(stones.size());
        }
        bool alive = false;
        const std::vector<int> own = string_at(x, y, alive);
        if (!alive && remove_own) {
            for (int s : own) cells[s] = 0;
        }
        return captured;
    }

    std::string to_ascii() const {
        std::string out;
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) out += ".XO"[cells[y * w + x]];
            out += '\n';
        }
        return out;
    }
};

// Deterministic pseudo-random numbers (splitmix64), the same on every platform.
struct Rng {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

std::vector<Vertex> empty_points(const Board& b) {
    std::vector<Vertex> out;
    for (int y = 0; y < b.height(); ++y) {
        for (int x = 0; x < b.width(); ++x) {
            if (b.at(x, y) == Cell::empty) out.push_back(pt(x, y));
        }
    }
    return out;
}

// Advances the position by up to `plays` random plays (fewer when the board fills), the
// colours alternating from `to_move`.
void advance_randomly(Board& b, Rng& rng, Color& to_move, int plays) {
    for (int i = 0; i < plays; ++i) {
        const std::vector<Vertex> empties = empty_points(b);
        if (empties.empty()) break;
        b.play(empties[rng.below(static_cast<int>(empties.size()))], to_move, true);
        to_move = opponent(to_move);
    }
}

std::vector<Vertex> stone_points(const Board& b) {
    std::vector<Vertex> out;
    for (int y = 0; y < b.height(); ++y) {
        for (int x = 0; x < b.width(); ++x) {
            if (is_stone(b.at(x, y))) out.push_back(pt(x, y));
        }
    }
    return out;
}

// Plays c at v on a copy and checks that play agrees with preview and with itself: the returned
// facts, the hash and the stone counts. Returns "" or a mismatch.
std::string play_matches_preview(const Board& before, Vertex v, Color c, bool remove_own) {
    const PlayEffect predicted = before.preview(v, c);
    Board after = before;
    const PlayEffect played = after.play(v, c, remove_own);
    if (!(played == predicted)) return "play and preview disagree\n" + before.to_ascii();
    const bool removed = remove_own && played.suicide;
    if (after.hash() != (removed ? played.hash_after : played.hash_own_kept)) return "hash";
    if (played.suicide != (played.suicide_stones > 0)) return "suicide_stones";
    if (!played.suicide && played.hash_after != played.hash_own_kept) return "hashes differ";
    const int own_gain = 1 - (removed ? played.suicide_stones : 0);
    if (after.stones(c) != before.stones(c) + own_gain) return "own stone count";
    if (after.stones(opponent(c)) != before.stones(opponent(c)) - played.captured_stones) {
        return "captured stone count";
    }
    for (int i = 0; i < 4; ++i) {
        const Vertex at = played.captured_at[i];
        if ((i < played.captured_strings) != (at != kNoVertex)) return "captured_at entries";
        if (at != kNoVertex &&
            (before.at(at) != to_cell(opponent(c)) || after.at(at) != Cell::empty)) {
            return "captured_at is not a captured stone";
        }
    }
    if (played.ko_point != kNoVertex) {
        if (played.captured_stones != 1 || played.captured_at[0] != played.ko_point) return "ko";
        if (after.chain_stones(v) != 1 || after.chain_liberties(v) != 1) return "ko shape";
    }
    return "";
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Basics

TEST_CASE("A new board is empty and hashes to zero", "[game][board]") {
    const Board b(19, 13);
    CHECK(b.width() == 19);
    CHECK(b.height() == 13);
    CHECK(b.hash() == 0);
    CHECK(b.stones(B) == 0);
    CHECK(b.stones(W) == 0);
    CHECK(empty_points(b).size() == 19u * 13u);
    CHECK(b.find_string_without_liberties() == kNoVertex);
    CHECK(Board().width() == 19);
    CHECK(Board().height() == 19);
}

TEST_CASE("A Board is a plain value that copies as memory", "[game][board]") {
    STATIC_REQUIRE(std::is_trivially_copyable_v<Board>);
    Board a = Board::from_ascii({"XO.", "XX."});
    const Board copy = a;
    a.play(pt(2, 0), B, true);
    CHECK(copy.to_ascii() == rows({"XO.", "XX."}));
    CHECK(copy.chain_liberties(pt(1, 0)) == 1);
    CHECK(a.to_ascii() == rows({"X.X", "XX."}));
}

TEST_CASE("Vertices convert to and from x and y on the largest board", "[game][board]") {
    std::set<Vertex> seen;
    for (int y = 0; y < kMaxSide; ++y) {
        for (int x = 0; x < kMaxSide; ++x) {
            const Vertex v = to_vertex(x, y);
            CHECK(vertex_x(v) == x);
            CHECK(vertex_y(v) == y);
            CHECK(v != kNoVertex);
            seen.insert(v);
        }
    }
    CHECK(seen.size() == static_cast<std::size_t>(kMaxPoints));
    const auto n = neighbours(to_vertex(3, 4));
    CHECK(n[0] == to_vertex(3, 3));
    CHECK(n[1] == to_vertex(2, 4));
    CHECK(n[2] == to_vertex(4, 4));
    CHECK(n[3] == to_vertex(3, 5));
}

TEST_CASE("Only the points of a rectangular board are on it", "[game][board]") {
    const Board b(19, 13);
    CHECK(b.on_board(pt(0, 0)));
    CHECK(b.on_board(pt(18, 12)));
    CHECK_FALSE(b.on_board(pt(19, 0)));
    CHECK_FALSE(b.on_board(pt(0, 13)));
    CHECK_FALSE(b.on_board(kNoVertex));
    CHECK_FALSE(b.on_board(static_cast<Vertex>(kCells)));
    CHECK(b.contains(18, 12));
    CHECK_FALSE(b.contains(-1, 0));
    CHECK_FALSE(b.contains(19, 12));
    CHECK(b.at(pt(19, 0)) == Cell::border);
}

TEST_CASE("opponent swaps the colours", "[game][board]") {
    STATIC_REQUIRE(opponent(B) == W);
    STATIC_REQUIRE(opponent(W) == B);
    STATIC_REQUIRE(to_cell(W) == Cell::white);
    STATIC_REQUIRE(to_color(Cell::black) == B);
}

TEST_CASE("A picture round-trips through from_ascii and to_ascii", "[game][board]") {
    const Board b = Board::from_ascii({"X . O", "+ x o"});
    CHECK(b.width() == 3);
    CHECK(b.height() == 2);
    CHECK(b.to_ascii() == rows({"X.O", ".XO"}));
    CHECK(b.at(0, 0) == Cell::black);
    CHECK(b.at(2, 1) == Cell::white);
    CHECK(b.stones(B) == 2);
    CHECK(b.stones(W) == 2);
    CHECK(invariant_error(b).empty());
}

TEST_CASE("from_ascii rejects pictures that are not boards", "[game][board]") {
    CHECK_THROWS_AS(Board::from_ascii({"X.", "..."}), std::invalid_argument);
    CHECK_THROWS_AS(Board::from_ascii({""}), std::invalid_argument);
    CHECK_THROWS_AS(Board::from_ascii({"X?"}), std::invalid_argument);
    CHECK_THROWS_AS(Board::from_ascii(std::span<const std::string_view>{}), std::invalid_argument);
    const std::string wide(53, '.');
    CHECK_THROWS_AS(Board::from_ascii({wide}), std::invalid_argument);
}

// ---------------------------------------------------------------------------------------------
// Captures

TEST_CASE("Filling the last liberty of a stone captures it", "[game][board]") {
    Board b = Board::from_ascii({
        ".X...",
        "XOX..",
        ".....",
    });
    const PlayEffect e = b.play(pt(1, 2), B, true);
    CHECK(e.captured_stones == 1);
    CHECK(e.captured_strings == 1);
    CHECK(e.captured_at[0] == pt(1, 1));
    CHECK(e.captured_at[1] == kNoVertex);
    CHECK_FALSE(e.suicide);
    CHECK(e.suicide_stones == 0);
    CHECK(e.string_stones == 1);
    CHECK(e.ko_point == kNoVertex);  // the new stone keeps three liberties
    CHECK(b.to_ascii() == rows({
                              ".X...",
                              "X.X..",
                              ".X...",
                          }));
    CHECK(b.stones(W) == 0);
    CHECK(b.hash() == e.hash_after);
    CHECK(invariant_error(b).empty());
}

TEST_CASE("One play captures every opponent string whose last liberty it fills", "[game][board]") {
    Board b = Board::from_ascii({
        ".XX..",
        "XOOXX",
        "XO.OX",
        ".XOX.",
        "..X..",
    });
    const PlayEffect preview = b.preview(pt(2, 2), B);
    CHECK(preview.captured_stones == 5);
    CHECK(preview.captured_strings == 3);
    const PlayEffect e = b.play(pt(2, 2), B, true);
    CHECK(e == preview);
    // In neighbours() order: up (the three-stone string), right, down.
    CHECK(e.captured_at[0] == pt(2, 1));
    CHECK(e.captured_at[1] == pt(3, 2));
    CHECK(e.captured_at[2] == pt(2, 3));
    CHECK(b.to_ascii() == rows({
                              ".XX..",
                              "X..XX",
                              "X.X.X",
                              ".X.X.",
                              "..X..",
                          }));
    CHECK(invariant_error(b).empty());
}

TEST_CASE("A play captures four separate stones around it", "[game][board]") {
    Board b = Board::from_ascii({
        ".XOX.",
        "XO.OX",
        ".XOX.",
    });
    const PlayEffect e = b.play(pt(2, 1), B, true);
    CHECK(e.captured_stones == 4);
    CHECK(e.captured_strings == 4);
    CHECK(b.to_ascii() == rows({
                              ".X.X.",
                              "X.X.X",
                              ".X.X.",
                          }));
    CHECK(b.chain_liberties(pt(2, 1)) == 4);
    CHECK(invariant_error(b).empty());
}

TEST_CASE("Captures work in the corner and along the edge", "[game][board]") {
    SECTION("corner") {
        Board b = Board::from_ascii({"OX.", "...", "..."});
        const PlayEffect e = b.play(pt(0, 1), B, true);
        CHECK(e.captured_stones == 1);
        CHECK(b.to_ascii() == rows({".X.", "X..", "..."}));
        CHECK(invariant_error(b).empty());
    }
    SECTION("edge") {
        Board b = Board::from_ascii({"XOOX", ".X..", "...."});
        const PlayEffect e = b.play(pt(2, 1), B, true);
        CHECK(e.captured_stones == 2);
        CHECK(e.captured_strings == 1);
        CHECK(b.to_ascii() == rows({"X..X", ".XX.", "...."}));
        CHECK(invariant_error(b).empty());
    }
    SECTION("far corner of a rectangular board") {
        Board b(7, 5);
        b.set_stone(pt(6, 4), W);
        b.set_stone(pt(5, 4), B);
        CHECK(b.chain_liberties(pt(6, 4)) == 1);
        const PlayEffect e = b.play(pt(6, 3), B, true);
        CHECK(e.captured_stones == 1);
        CHECK(b.at(6, 4) == Cell::empty);
        CHECK(invariant_error(b).empty());
    }
}

TEST_CASE("Capturing before checking liberties saves a string in atari", "[game][board]") {
    // TT 7 / AGA order: clear the opponent, then judge the mover's string. The black string at
    // the top has only the liberty it fills, but the play captures two white stones.
    Board b = Board::from_ascii({
        "OXOX.",
        "OX.OX",
        ".OXX.",
    });
    CHECK(b.chain_liberties(pt(1, 0)) == 1);
    const PlayEffect preview = b.preview(pt(2, 1), B);
    CHECK_FALSE(preview.suicide);
    CHECK(preview.captured_stones == 2);
    CHECK(preview.captured_strings == 2);
    CHECK(preview.string_stones == 5);  // both black strings join through the new stone
    const PlayEffect e = b.play(pt(2, 1), B, false);
    CHECK(e == preview);
    CHECK(b.to_ascii() == rows({
                              "OX.X.",
                              "OXX.X",
                              ".OXX.",
                          }));
    CHECK(b.chain_liberties(pt(2, 1)) == 3);
    CHECK(invariant_error(b).empty());
}

TEST_CASE("Strings are captured only by a play next to them", "[game][board]") {
    // Setup may leave a string without liberties; plays elsewhere do not remove it.
    Board b = Board::from_ascii({"XO.", "O..", "..."});
    CHECK(b.chain_liberties(pt(0, 0)) == 0);
    CHECK(b.find_string_without_liberties() == pt(0, 0));
    const PlayEffect e = b.play(pt(2, 2), W, true);
    CHECK(e.captured_stones == 0);
    CHECK(b.at(0, 0) == Cell::black);
    CHECK(b.remove_string(pt(0, 0)) == 1);
    CHECK(b.find_string_without_liberties() == kNoVertex);
    CHECK(invariant_error(b).empty());
}

// ---------------------------------------------------------------------------------------------
// Suicide

TEST_CASE("A one-stone suicide leaves the position and its hash unchanged", "[game][board]") {
    const Board start = Board::from_ascii({".X", "X."});
    const PlayEffect preview = start.preview(pt(0, 0), W);
    CHECK(preview.suicide);
    CHECK(preview.suicide_stones == 1);
    CHECK(preview.string_stones == 1);
    CHECK(preview.captured_stones == 0);
    CHECK(preview.hash_after == start.hash());
    CHECK(preview.hash_own_kept == (start.hash() ^ Board::zobrist_key(pt(0, 0), W)));

    SECTION("removed under multi-stone suicide physics") {
        Board b = start;
        CHECK(b.play(pt(0, 0), W, true) == preview);
        CHECK(b.same_position(start));
        CHECK(b.hash() == start.hash());
        CHECK(b.stones(W) == 0);
        CHECK(invariant_error(b).empty());
    }
    SECTION("kept with zero liberties when not removed") {
        Board b = start;
        CHECK(b.play(pt(0, 0), W, false) == preview);
        CHECK(b.to_ascii() == rows({"OX", "X."}));
        CHECK(b.chain_liberties(pt(0, 0)) == 0);
        CHECK(b.hash() == preview.hash_own_kept);
        CHECK(b.find_string_without_liberties() == pt(0, 0));
        CHECK(invariant_error(b).empty());
    }
}

TEST_CASE("Filling a string's last liberty without a capture is suicide of the whole string",
          "[game][board]") {
    const Board start = Board::from_ascii({
        ".OX.",
        "OOX.",
        "XXX.",
        "....",
    });
    const PlayEffect preview = start.preview(pt(0, 0), W);
    CHECK(preview.suicide);
    CHECK(preview.string_stones == 4);
    CHECK(preview.suicide_stones == 4);
    CHECK(preview.captured_stones == 0);
    Board b = start;
    CHECK(b.play(pt(0, 0), W, true) == preview);
    CHECK(b.to_ascii() == rows({
                              "..X.",
                              "..X.",
                              "XXX.",
                              "....",
                          }));
    CHECK(b.hash() == preview.hash_after);
    CHECK(b.hash() == hash_from_scratch(b));
    CHECK(b.chain_liberties(pt(2, 0)) == 9);
    CHECK(invariant_error(b).empty());

    SECTION("the same point is a capture for the other colour") {
        Board c = start;
        const PlayEffect e = c.play(pt(0, 0), B, true);
        CHECK(e.captured_stones == 3);
        CHECK_FALSE(e.suicide);
        CHECK(c.to_ascii() == rows({
                                  "X.X.",
                                  "..X.",
                                  "XXX.",
                                  "....",
                              }));
    }
}

TEST_CASE("A play on the only point of a 1x1 board is suicide", "[game][board]") {
    Board b(1, 1);
    const PlayEffect e = b.preview(pt(0, 0), B);
    CHECK(e.suicide);
    CHECK(e.suicide_stones == 1);
    CHECK(e.hash_after == 0);
    CHECK(b.play(pt(0, 0), B, true) == e);
    CHECK(b.to_ascii() == ".\n");
    CHECK(b.play(pt(0, 0), W, false) == b.preview(pt(0, 0), W));
    CHECK(b.to_ascii() == "O\n");
    CHECK(b.chain_liberties(pt(0, 0)) == 0);
    CHECK(invariant_error(b).empty());
}

// ---------------------------------------------------------------------------------------------
// Snapback and ko

TEST_CASE("Snapback: capturing one stone can leave the capturing string to be captured",
          "[game][board]") {
    Board b = Board::from_ascii({
        "OX..O",
        "OXXXO",
        ".OOO.",
    });
    // White throws in at the top: one liberty.
    const PlayEffect throw_in = b.play(pt(2, 0), W, true);
    CHECK(throw_in.captured_stones == 0);
    CHECK_FALSE(throw_in.suicide);
    CHECK(b.chain_liberties(pt(2, 0)) == 1);
    // Black captures it, and is left with one liberty: not a ko shape (five stones).
    const PlayEffect capture = b.play(pt(3, 0), B, true);
    CHECK(capture.captured_stones == 1);
    CHECK(capture.ko_point == kNoVertex);
    CHECK(b.chain_stones(pt(3, 0)) == 5);
    CHECK(b.chain_liberties(pt(3, 0)) == 1);
    CHECK(b.to_ascii() == rows({"OX.XO", "OXXXO", ".OOO."}));
    // White plays back into the same point and captures five.
    const PlayEffect snap = b.play(pt(2, 0), W, true);
    CHECK(snap.captured_stones == 5);
    CHECK(snap.ko_point == kNoVertex);
    CHECK(b.to_ascii() == rows({
                              "O.O.O",
                              "O...O",
                              ".OOO.",
                          }));
    CHECK(invariant_error(b).empty());
}

TEST_CASE("Capturing one stone with a lone stone left with one liberty is the simple-ko shape",
          "[game][board]") {
    Board b = Board::from_ascii({
        ".XO.",
        "XO.O",
        ".XO.",
    });
    const PlayEffect take = b.play(pt(2, 1), B, true);
    CHECK(take.captured_stones == 1);
    CHECK(take.ko_point == pt(1, 1));
    CHECK(b.to_ascii() == rows({".XO.", "X.XO", ".XO."}));
    // The board knows no ko rule: the immediate retake is a plain capture, with the same shape.
    const PlayEffect retake = b.preview(pt(1, 1), W);
    CHECK(retake.captured_stones == 1);
    CHECK(retake.ko_point == pt(2, 1));
    CHECK(b.play(pt(1, 1), W, true) == retake);
    CHECK(b.to_ascii() == rows({".XO.", "XO.O", ".XO."}));
    CHECK(invariant_error(b).empty());
}

TEST_CASE("Captures without the ko shape report no ko point", "[game][board]") {
    SECTION("the capturing stone keeps a second liberty") {
        Board b = Board::from_ascii({".XO..", "XO...", ".XO.."});
        const PlayEffect e = b.play(pt(2, 1), B, true);
        CHECK(e.captured_stones == 1);
        CHECK(e.ko_point == kNoVertex);
    }
    SECTION("the capturing stone joins a string") {
        Board b = Board::from_ascii({".XXO", "XO.O", ".XO."});
        const PlayEffect e = b.play(pt(2, 1), B, true);
        CHECK(e.captured_stones == 1);
        CHECK(e.string_stones == 3);
        CHECK(e.ko_point == kNoVertex);
    }
    SECTION("more than one stone is captured") {
        Board b = Board::from_ascii({"XOO.", "XXOX", ".XX."});
        const PlayEffect e = b.play(pt(3, 0), B, true);
        CHECK(e.captured_stones == 3);
        CHECK(e.ko_point == kNoVertex);
    }
}

// ---------------------------------------------------------------------------------------------
// Setup

TEST_CASE("Setup stones merge strings and clearing a stone splits them", "[game][board]") {
    Board b = Board::from_ascii({
        ".X.",
        "X.X",
        ".X.",
    });
    CHECK(b.chain_liberties(pt(1, 0)) == 3);
    b.set_stone(pt(1, 1), B);
    CHECK(b.chain_stones(pt(1, 0)) == 5);
    CHECK(b.chain_liberties(pt(1, 0)) == 4);
    CHECK(b.chain_id(pt(0, 1)) == b.chain_id(pt(2, 1)));
    CHECK(invariant_error(b).empty());

    b.clear(pt(1, 1));
    CHECK(b.to_ascii() == rows({".X.", "X.X", ".X."}));
    for (Vertex v : {pt(1, 0), pt(0, 1), pt(2, 1), pt(1, 2)}) {
        CHECK(b.chain_stones(v) == 1);
        CHECK(b.chain_liberties(v) == 3);
    }
    CHECK(b.chain_id(pt(1, 0)) != b.chain_id(pt(0, 1)));
    CHECK(invariant_error(b).empty());

    b.clear(pt(1, 1));  // already empty: nothing happens
    CHECK(invariant_error(b).empty());
    b.set_stone(pt(0, 1), B);  // already black: nothing happens
    CHECK(b.stones(B) == 4);
}

TEST_CASE("Clearing the middle of a long string leaves two strings", "[game][board]") {
    Board b = Board::from_ascii({"XXXXX", ".....", "OOOOO"});
    CHECK(b.chain_stones(pt(0, 0)) == 5);
    b.clear(pt(2, 0));
    CHECK(b.chain_stones(pt(0, 0)) == 2);
    CHECK(b.chain_liberties(pt(0, 0)) == 3);
    CHECK(b.chain_stones(pt(4, 0)) == 2);
    CHECK(b.chain_id(pt(0, 0)) != b.chain_id(pt(4, 0)));
    CHECK(invariant_error(b).empty());
}

TEST_CASE("A setup stone of the other colour replaces a stone and never captures",
          "[game][board]") {
    Board b = Board::from_ascii({
        ".X.",
        "XXX",
        ".X.",
    });
    b.set_stone(pt(1, 1), W);
    CHECK(b.to_ascii() == rows({".X.", "XOX", ".X."}));
    CHECK(b.stones(B) == 4);
    CHECK(b.stones(W) == 1);
    CHECK(b.chain_liberties(pt(1, 1)) == 0);
    CHECK(b.chain_liberties(pt(1, 0)) == 2);
    CHECK(b.find_string_without_liberties() == pt(1, 1));
    CHECK(invariant_error(b).empty());
}

TEST_CASE("Setup can make strings with no liberties", "[game][board]") {
    Board b = Board::from_ascii({"XXX"});
    CHECK(b.chain_stones(pt(1, 0)) == 3);
    CHECK(b.chain_liberties(pt(1, 0)) == 0);
    CHECK(invariant_error(b).empty());
    b.clear(pt(1, 0));
    CHECK(b.chain_liberties(pt(0, 0)) == 1);
    CHECK(b.chain_liberties(pt(2, 0)) == 1);
    b.set_stone(pt(1, 0), W);
    CHECK(b.to_ascii() == "XOX\n");
    CHECK(b.chain_liberties(pt(0, 0)) == 0);
    CHECK(b.chain_liberties(pt(1, 0)) == 0);
    CHECK(invariant_error(b).empty());
    CHECK(b.remove_string(pt(1, 0)) == 1);
    CHECK(b.chain_liberties(pt(0, 0)) == 1);
    CHECK(invariant_error(b).empty());
}

TEST_CASE("Removing a dead string gives its points back as liberties", "[game][board]") {
    Board b = Board::from_ascii({
        ".XO.",
        "XXO.",
        "OO..",
    });
    CHECK(b.remove_string(pt(1, 1)) == 3);
    CHECK(b.to_ascii() == rows({"..O.", "..O.", "OO.."}));
    CHECK(b.chain_liberties(pt(2, 0)) == 5);
    CHECK(b.chain_liberties(pt(0, 2)) == 3);
    CHECK(b.stones(B) == 0);
    CHECK(invariant_error(b).empty());
}

// ---------------------------------------------------------------------------------------------
// Board sizes

TEST_CASE("A 3x1 board plays captures along its one row", "[game][board]") {
    Board b(3, 1);
    b.play(pt(0, 0), B, true);
    CHECK(b.chain_liberties(pt(0, 0)) == 1);
    b.play(pt(2, 0), W, true);
    const PlayEffect e = b.play(pt(1, 0), B, true);
    CHECK(e.captured_stones == 1);
    CHECK(b.to_ascii() == "XX.\n");
    const PlayEffect back = b.play(pt(2, 0), W, true);
    CHECK(back.captured_stones == 2);
    CHECK(b.to_ascii() == "..O\n");
    CHECK(invariant_error(b).empty());
}

TEST_CASE("A 52x52 board reaches its far corner", "[game][board]") {
    Board b(52, 52);
    const std::string text = b.to_ascii();
    CHECK(text.size() == 52u * 53u);
    b.play(pt(51, 51), W, true);
    b.play(pt(50, 51), B, true);
    const PlayEffect e = b.play(pt(51, 50), B, true);
    CHECK(e.captured_stones == 1);
    CHECK(e.captured_at[0] == pt(51, 51));
    b.play(pt(0, 0), B, true);
    b.play(pt(51, 0), B, true);
    b.play(pt(0, 51), B, true);
    CHECK(b.chain_liberties(pt(51, 0)) == 2);
    CHECK(b.stones(B) == 5);
    CHECK(invariant_error(b).empty());
}

TEST_CASE("Rectangular boards keep rows and columns apart", "[game][board]") {
    Board b(19, 13);
    b.play(pt(18, 0), B, true);
    b.play(pt(0, 12), W, true);
    const std::string text = b.to_ascii();
    REQUIRE(text.size() == 13u * 20u);
    CHECK(text[18] == 'X');
    CHECK(text[12 * 20] == 'O');
    CHECK(b.chain_liberties(pt(18, 0)) == 2);
    CHECK(b.chain_liberties(pt(0, 12)) == 2);
}

// ---------------------------------------------------------------------------------------------
// Hash and position identity

TEST_CASE("All Zobrist keys are distinct and non-zero", "[game][board]") {
    std::vector<std::uint64_t> keys;
    for (int y = 0; y < kMaxSide; ++y) {
        for (int x = 0; x < kMaxSide; ++x) {
            keys.push_back(Board::zobrist_key(pt(x, y), B));
            keys.push_back(Board::zobrist_key(pt(x, y), W));
        }
    }
    std::sort(keys.begin(), keys.end());
    CHECK(std::adjacent_find(keys.begin(), keys.end()) == keys.end());
    CHECK(keys.front() != 0);
}

TEST_CASE("The hash depends only on the colouring", "[game][board]") {
    Board small(9, 9);
    Board large(19, 19);
    for (Board* b : {&small, &large}) {
        b->play(pt(2, 2), B, true);
        b->play(pt(3, 2), W, true);
        b->set_stone(pt(8, 8), B);
    }
    CHECK(small.hash() == large.hash());

    // The same stones by setup and by plays with a capture.
    Board played(5, 5);
    played.play(pt(1, 0), B, true);
    played.play(pt(0, 0), W, true);
    played.play(pt(0, 1), B, true);  // captures (0,0)
    const Board setup = Board::from_ascii({".X...", "X....", ".....", ".....", "....."});
    CHECK(played.hash() == setup.hash());
    CHECK(played.same_position(setup));

    Board b(5, 5);
    b.set_stone(pt(2, 2), B);
    b.set_stone(pt(2, 2), W);
    CHECK(b.hash() == Board::zobrist_key(pt(2, 2), W));
    b.clear(pt(2, 2));
    CHECK(b.hash() == 0);
}

TEST_CASE("same_position and snapshots compare colourings exactly", "[game][board]") {
    const Board a = Board::from_ascii({"X.O", ".X.", "O.."});
    Board b(3, 3);
    b.play(pt(0, 0), B, true);
    b.play(pt(2, 0), W, true);
    b.play(pt(1, 1), B, true);
    b.play(pt(0, 2), W, true);
    CHECK(a.same_position(b));
    CHECK(b.same_position(a));

    Board c = b;
    c.clear(pt(1, 1));
    c.set_stone(pt(1, 1), W);
    CHECK_FALSE(c.same_position(a));
    CHECK_FALSE(Board(3, 3).same_position(Board(3, 4)));
    CHECK_FALSE(Board(3, 3).same_position(Board(4, 3)));
    CHECK(Board(3, 3).same_position(Board(3, 3)));

    std::vector<std::uint8_t> snap;
    a.append_snapshot(snap);
    CHECK(snap.size() == a.snapshot_size());
    CHECK(snap.size() == 3u);
    CHECK(b.matches_snapshot(snap));
    CHECK_FALSE(c.matches_snapshot(snap));
    CHECK_FALSE(Board(4, 4).matches_snapshot(snap));
    CHECK(Board(19).snapshot_size() == 91u);

    const auto cells = a.cells();
    CHECK(cells.size() == static_cast<std::size_t>(kCells));
    CHECK(cells[pt(0, 0)] == static_cast<std::uint8_t>(Cell::black));
    CHECK(cells[pt(2, 0)] == static_cast<std::uint8_t>(Cell::white));
    CHECK(cells[pt(3, 0)] == static_cast<std::uint8_t>(Cell::border));
}

// ---------------------------------------------------------------------------------------------
// Randomised checks

TEST_CASE("Random games keep strings, liberties and the hash exact", "[game][board][random]") {
    const auto [w, h, moves] = GENERATE(table<int, int, int>({
        {1, 1, 200},
        {2, 2, 2000},
        {3, 1, 1000},
        {1, 7, 2000},
        {5, 5, 4000},
        {7, 5, 4000},
        {9, 9, 4000},
        {19, 13, 3000},
        {19, 19, 3000},
        {52, 52, 3000},
    }));
    CAPTURE(w, h);
    Rng rng{static_cast<std::uint64_t>(w * 100 + h)};
    Board b(w, h);
    NaiveBoard naive(w, h);
    Color to_move = B;
    int captures = 0;
    int suicides = 0;
    int setups = 0;
    for (int i = 0; i < moves; ++i) {
        CAPTURE(i);
        const int roll = rng.below(100);
        if (roll < 4) {  // setup stone
            const Vertex v = pt(rng.below(w), rng.below(h));
            const Color c = rng.below(2) == 0 ? B : W;
            b.set_stone(v, c);
            naive.at(vertex_x(v), vertex_y(v)) = c == B ? 1 : 2;
            ++setups;
        } else if (roll < 7) {  // setup clear
            const Vertex v = pt(rng.below(w), rng.below(h));
            b.clear(v);
            naive.at(vertex_x(v), vertex_y(v)) = 0;
            ++setups;
        } else if (roll < 8) {  // dead stone removal
            const std::vector<Vertex> stones = stone_points(b);
            if (stones.empty()) continue;
            const Vertex v = stones[rng.below(static_cast<int>(stones.size()))];
            bool alive = false;
            const auto naive_string = naive.string_at(vertex_x(v), vertex_y(v), alive);
            for (int s : naive_string) naive.cells[s] = 0;
            REQUIRE(b.remove_string(v) == static_cast<int>(naive_string.size()));
        } else {  // board play
            const std::vector<Vertex> empties = empty_points(b);
            if (empties.empty()) {
                b = Board(w, h);
                naive = NaiveBoard(w, h);
                continue;
            }
            const Vertex v = empties[rng.below(static_cast<int>(empties.size()))];
            const Color c = rng.below(10) == 0 ? opponent(to_move) : to_move;
            const bool remove_own = rng.below(8) != 0;
            REQUIRE(play_matches_preview(b, v, c, remove_own).empty());
            const Board before = b;
            std::vector<Vertex> removed;
            const PlayEffect e = b.play(v, c, remove_own, &removed);
            // undo_play gives back the board before the play, strings and liberties included.
            Board undone = b;
            undone.undo_play(v, c, e, removed);
            REQUIRE(undone.same_position(before));
            REQUIRE(undone.hash() == before.hash());
            REQUIRE(undone.stones(B) == before.stones(B));
            REQUIRE(undone.stones(W) == before.stones(W));
            REQUIRE(invariant_error(undone) == "");
            REQUIRE(removed.size() == static_cast<std::size_t>(e.captured_stones) +
                                          (remove_own ? e.suicide_stones : 0u));
            const int naive_captured =
                naive.play(vertex_x(v), vertex_y(v), c == B ? 1 : 2, remove_own);
            REQUIRE(e.captured_stones == naive_captured);
            captures += e.captured_stones > 0;
            suicides += e.suicide;
            to_move = opponent(c);
        }
        REQUIRE(b.to_ascii() == naive.to_ascii());
        REQUIRE(invariant_error(b) == "");
    }
    if (w * h >= 25) {
        CHECK(captures > 0);
        CHECK(suicides > 0);
        CHECK(setups > 0);
    }
}

TEST_CASE("preview and play agree at every empty point of random positions",
          "[game][board][random]") {
    const auto [w, h] = GENERATE(table<int, int>({{2, 3}, {4, 4}, {7, 5}, {9, 9}, {19, 19}}));
    CAPTURE(w, h);
    Rng rng{static_cast<std::uint64_t>(7 * w + h)};
    Board b(w, h);
    Color to_move = B;
    int checked = 0;
    for (int round = 0; round < 12; ++round) {
        advance_randomly(b, rng, to_move, w * h / 2 + 3);
        const Board before = b;
        for (Vertex v : empty_points(b)) {
            for (Color c : {B, W}) {
                for (bool remove_own : {true, false}) {
                    REQUIRE(play_matches_preview(b, v, c, remove_own) == "");
                    ++checked;
                }
            }
        }
        REQUIRE(std::equal(b.cells().begin(), b.cells().end(), before.cells().begin()));
        REQUIRE(b.hash() == before.hash());
    }
    CHECK(checked > 0);
}

TEST_CASE("liberties_after counts the joined string's liberties without playing", "[game][board]") {
    // .X.O.   Black at ca joins the string ba ab bb cb: its liberties aa, ac, bc, cc and db
    // XXX..   (ca itself is not one): 5. Nothing is captured (da keeps ea and db).
    // ...O.
    const Board b = Board::from_ascii({".X.O.", "XXX..", "...O."});
    CHECK(b.liberties_after(pt(2, 0), B, 2) == 2);
    CHECK(b.liberties_after(pt(2, 0), B, 10) == 5);
    // White at ca has no empty neighbour and joins da, whose liberties are ea and db: 2.
    CHECK(b.liberties_after(pt(2, 0), W, 10) == 2);
    // A one-point eye filled by its owner leaves the string its outside liberties only.
    const Board eye = Board::from_ascii({".XO..", "XXO..", "OOO.."});
    CHECK(eye.liberties_after(pt(0, 0), B, 2) == 0);
}

TEST_CASE(
    "liberties_after, and chain_liberties with a limit, count what they stand for on random "
    "positions",
    "[game][board][random]") {
    const auto [w, h] = GENERATE(table<int, int>({{3, 3}, {5, 4}, {9, 9}, {19, 19}}));
    CAPTURE(w, h);
    Rng rng{static_cast<std::uint64_t>(31 * w + h)};
    Board b(w, h);
    Color to_move = B;
    int checked = 0;
    for (int round = 0; round < 12; ++round) {
        advance_randomly(b, rng, to_move, w * h / 2 + 3);
        for (const Vertex v : empty_points(b)) {
            for (const Color c : {B, W}) {
                if (b.preview(v, c).captured_stones != 0) continue;
                Board after = b;
                after.play(v, c, false);
                const int libs = after.chain_liberties(v);
                for (const int limit : {1, 2, 3, 8}) {
                    CAPTURE(v, limit);
                    REQUIRE(b.liberties_after(v, c, limit) == std::min(libs, limit));
                    ++checked;
                }
            }
        }
        // A walk stopped at the limit: the full count, capped.
        for (const Vertex v : stone_points(b)) {
            const int libs = b.chain_liberties(v);
            for (const int limit : {1, 2, 3, 5, 400}) {
                CAPTURE(v, limit);
                REQUIRE(b.chain_liberties(v, limit) == std::min(libs, limit));
                ++checked;
            }
        }
    }
    CHECK(checked > 0);
}

namespace {

// What a play of c at v does, computed by flood fill on a naive copy of b's cells (rules.md
// section 3), in the terms of PlayEffect. Precondition: b.at(v) is empty.
PlayEffect naive_effect(const Board& b, Vertex v, Color c) {
    NaiveBoard naive(b.width(), b.height());
    for (int y = 0; y < b.height(); ++y) {
        for (int x = 0; x < b.width(); ++x) naive.at(x, y) = static_cast<int>(b.at(x, y));
    }
    const auto naive_hash = [&](const NaiveBoard& n) {
        std::uint64_t hash = 0;
        for (int y = 0; y < n.h; ++y) {
            for (int x = 0; x < n.w; ++x) {
                const int cell = n.cells[y * n.w + x];
                if (cell != 0) hash ^= Board::zobrist_key(pt(x, y), cell == 1 ? B : W);
            }
        }
        return hash;
    };
    const int own = c == B ? 1 : 2;
    const int other = 3 - own;
    const int x = vertex_x(v);
    const int y = vertex_y(v);
    PlayEffect e;
    naive.at(x, y) = own;
    std::vector<bool> captured(naive.cells.size(), false);
    int empties = 0;
    const std::array<std::array<int, 2>, 4> around{
        {{x, y - 1}, {x - 1, y}, {x + 1, y}, {x, y + 1}}};
    for (auto [nx, ny] : around) {
        if (!b.contains(nx, ny)) continue;
        if (naive.at(nx, ny) == 0) ++empties;
        if (naive.at(nx, ny) != other || captured[ny * naive.w + nx]) continue;
        bool alive = false;
        const std::vector<int> stones = naive.string_at(nx, ny, alive);
        if (alive) continue;
        for (int s : stones) captured[s] = true;
        e.captured_at[e.captured_strings++] = pt(nx, ny);
        e.captured_stones = static_cast<std::uint16_t>(e.captured_stones + stones.size());
    }
    for (std::size_t s = 0; s < captured.size(); ++s) {
        if (captured[s]) naive.cells[s] = 0;
    }
    bool alive = false;
    const std::vector<int> string = naive.string_at(x, y, alive);
    e.string_stones = static_cast<std::uint16_t>(string.size());
    e.suicide = !alive;
    e.hash_own_kept = naive_hash(naive);
    if (e.suicide) {
        e.suicide_stones = e.string_stones;
        for (int s : string) naive.cells[s] = 0;
    }
    e.hash_after = naive_hash(naive);
    if (e.captured_stones == 1 && e.string_stones == 1 && empties == 0) {
        e.ko_point = e.captured_at[0];
    }
    return e;
}

}  // namespace

TEST_CASE("preview, play and the string facts agree with a naive flood-fill model",
          "[game][board][random]") {
    // Random games mixing plays (captures, suicides kept and removed), setup stones that join and
    // replace stones, clears that split strings, dead string removals and undone plays; after
    // every step the strings, liberties, hash, snapshot and row masks are checked from the cells
    // alone, and preview at a few empty points is checked against the naive model.
    const auto [w, h, steps] = GENERATE(table<int, int, int>({
        {1, 1, 100},
        {2, 2, 1500},
        {4, 1, 800},
        {3, 3, 2000},
        {5, 5, 3000},
        {6, 4, 3000},
        {9, 9, 3000},
        {13, 13, 2000},
        {19, 19, 2000},
    }));
    CAPTURE(w, h);
    Rng rng{static_cast<std::uint64_t>(w * 977 + h * 31 + 5)};
    Board b(w, h);
    Color to_move = B;
    int captures = 0;
    int kept_suicides = 0;
    int removed_suicides = 0;
    int splits = 0;
    int undos = 0;
    int zero_liberty_strings = 0;
    for (int i = 0; i < steps; ++i) {
        CAPTURE(i);
        const int roll = rng.below(100);
        if (roll < 6) {  // setup stone, often next to stones (joins, replaces)
            const Vertex v = pt(rng.below(w), rng.below(h));
            b.set_stone(v, rng.below(2) == 0 ? B : W);
        } else if (roll < 11) {  // setup clear, often in the middle of a string
            const std::vector<Vertex> stones = stone_points(b);
            if (stones.empty()) continue;
            const Vertex v = stones[rng.below(static_cast<int>(stones.size()))];
            const int before_stones = b.chain_stones(v);
            b.clear(v);
            if (before_stones > 2) ++splits;
        } else if (roll < 13) {  // dead string removal
            const std::vector<Vertex> stones = stone_points(b);
            if (stones.empty()) continue;
            const Vertex v = stones[rng.below(static_cast<int>(stones.size()))];
            const int expected = b.chain_stones(v);
            REQUIRE(b.remove_string(v) == expected);
        } else {  // board play, sometimes undone
            const std::vector<Vertex> empties = empty_points(b);
            if (empties.empty()) {
                b = Board(w, h);
                continue;
            }
            const Vertex v = empties[rng.below(static_cast<int>(empties.size()))];
            const Color c = rng.below(6) == 0 ? opponent(to_move) : to_move;
            const bool remove_own = rng.below(3) != 0;
            const PlayEffect naive = naive_effect(b, v, c);
            REQUIRE(b.preview(v, c) == naive);
            const Board before = b;
            std::vector<Vertex> removed;
            const PlayEffect e = b.play(v, c, remove_own, &removed);
            REQUIRE(e == naive);
            REQUIRE(b.hash() == (remove_own ? e.hash_after : e.hash_own_kept));
            captures += e.captured_stones > 0;
            if (e.suicide) ++(remove_own ? removed_suicides : kept_suicides);
            if (rng.below(5) == 0) {
                b.undo_play(v, c, e, removed);
                REQUIRE(b.same_position(before));
                REQUIRE(b.hash() == before.hash());
                ++undos;
            } else {
                to_move = opponent(c);
            }
        }
        REQUIRE(invariant_error(b) == "");
        if (b.find_string_without_liberties() != kNoVertex) {
            const Vertex z = b.find_string_without_liberties();
            REQUIRE(is_stone(b.at(z)));
            REQUIRE(b.chain_liberties(z) == 0);
            ++zero_liberty_strings;
        }
        // preview at a few empty points, both colours, against the naive model.
        const std::vector<Vertex> empties = empty_points(b);
        for (int k = 0; k < 3 && !empties.empty(); ++k) {
            const Vertex v = empties[rng.below(static_cast<int>(empties.size()))];
            for (Color c : {B, W}) REQUIRE(b.preview(v, c) == naive_effect(b, v, c));
        }
    }
    if (w * h >= 25) {
        CHECK(captures > 0);
        CHECK(kept_suicides > 0);
        CHECK(removed_suicides > 0);
        CHECK(splits > 0);
        CHECK(undos > 0);
        CHECK(zero_liberty_strings > 0);
    }
}

TEST_CASE("find_string_without_liberties returns the first such stone in row order",
          "[game][board]") {
    Board b = Board::from_ascii({
        "....XO",
        "OX..OX",
        "XO....",
    });
    // Two strings without liberties: the O at (5, 0) (between X stones) and the X at (0, 2)
    // (between O stones); the first in row order comes first.
    CHECK(b.find_string_without_liberties() == pt(5, 0));
    b.clear(pt(5, 0));
    CHECK(b.find_string_without_liberties() == pt(0, 2));
    b.clear(pt(0, 2));
    CHECK(b.find_string_without_liberties() == kNoVertex);
    CHECK(invariant_error(b).empty());
}

namespace {

// The two boards go on with the same plays (random, from `rng`) and stay equal in every
// observable.
void require_same_course(Board& a, Board& b, Rng& rng, Color& to_move) {
    const int w = b.width(), h = b.height();
    REQUIRE(a.width() == w);
    REQUIRE(a.height() == h);
    for (int i = 0; i < 3 * w * h; ++i) {
        const std::vector<Vertex> empties = empty_points(b);
        if (empties.empty()) break;
        const Vertex v = empties[rng.below(static_cast<int>(empties.size()))];
        REQUIRE(a.play(v, to_move, true) == b.play(v, to_move, true));
        to_move = opponent(to_move);
    }
    REQUIRE(a.to_ascii() == b.to_ascii());
    REQUIRE(a.hash() == b.hash());
    REQUIRE(a.same_position(b));
    REQUIRE(a.find_string_without_liberties() == b.find_string_without_liberties());
    for (const Color c : {B, W}) {
        REQUIRE(a.stones(c) == b.stones(c));
        for (int y = 0; y < h; ++y) REQUIRE(a.row_mask(c, y) == b.row_mask(c, y));
    }
    for (const Vertex v : stone_points(b)) {
        REQUIRE(a.chain_liberties(v) == b.chain_liberties(v));
        REQUIRE(a.chain_stones(v) == b.chain_stones(v));
        REQUIRE(a.chain_pseudo_liberties(v) == b.chain_pseudo_liberties(v));
    }
    for (int v = 0; v < kCells; ++v) {
        REQUIRE(a.on_board(static_cast<Vertex>(v)) == b.on_board(static_cast<Vertex>(v)));
    }
}

}  // namespace

TEST_CASE("assign makes a scratch board the value a copy would be, whatever it held",
          "[game][board][random]") {
    // The scratch first holds the largest board full of strings, then boards of other sizes:
    // what assign leaves uncopied must never be read.
    Rng rng{2026};
    Board scratch(kMaxSide, kMaxSide);
    Color to_move = B;
    advance_randomly(scratch, rng, to_move, 1500);
    for (const auto& [w, h] : {std::pair{19, 19}, {9, 9}, {52, 52}, {3, 7}, {19, 19}}) {
        CAPTURE(w, h);
        Board source(w, h);
        advance_randomly(source, rng, to_move, w * h / 2 + 5);
        scratch.assign(source);
        Board copy = source;
        require_same_course(scratch, copy, rng, to_move);
    }
}

TEST_CASE("copy() makes a board that plays on as the whole value copied would",
          "[game][board][random]") {
    Rng rng{2027};
    Color to_move = B;
    for (const auto& [w, h] : {std::pair{19, 19}, {9, 9}, {52, 52}, {3, 7}, {1, 1}}) {
        CAPTURE(w, h);
        Board source(w, h);
        advance_randomly(source, rng, to_move, w * h / 2 + 5);
        // Setup stones and removals too: clear() rebuilds the strings it splits.
        const std::vector<Vertex> stones = stone_points(source);
        for (std::size_t i = 0; i < stones.size(); i += 3) source.clear(stones[i]);
        Board copy = source.copy();
        Board whole = source;
        CHECK(invariant_error(copy).empty());
        require_same_course(copy, whole, rng, to_move);
    }
}
