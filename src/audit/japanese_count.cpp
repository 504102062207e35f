// R19 (rules.md 8): Japanese counting without markup, the reading of seki-eyes=neutral.
//
// J 8 calls territory the empty points surrounded by the living stones of one player, and puts in
// seki the living stones that have dame; J 9 stops the game once both players pass and J 8
// presupposes that the dame are then filled. Servers stop with dame open, so R19 reads J 8 on
// the position *as if* the dame were filled (the filling is imagined, on a copy):
// - an open dame that either side can fill without putting its own string in atari is filled
//   (it makes no seki and counts for no one);
// - a string is in seki only when it is next to a dame that is still empty once nothing more
//   can be filled and that touches both colours: a liberty it shares with an opponent string
//   that neither side can fill without putting its own string in atari (a point left open only
//   because a fill would leave an opponent string without escape is none), whatever group the
//   string joins. The eye points of stones in seki are no one's;
// - a point of a one-colour region that its owner must fill to keep a string out of atari (a
//   false eye, or a cut that the opponent's dame fill makes urgent) is no territory.
// Only those points change: a region reaching one colour only on the board as it stands stays
// the only territory there is, and regions reaching both stay neutral. goscorer (lightvector)
// describes the same reading; docs/rules-notes.md, "R19", says where sgfaudit follows it.

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>
#include <vector>

#include "point_cells.hpp"
#include "scoring.hpp"

namespace sgfaudit::audit::detail {

namespace {

using game::Board;
using game::Cell;
using game::Color;
using game::Vertex;

// Calls f(v) for every point of `board`, in row order.
template <class F>
void for_each_point(const Board& board, F&& f) {
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) f(game::to_vertex(x, y));
    }
}

// The per-vertex arrays of one count, kept per thread between counts: each count resets only
// the rows of the padded grid its board reads (detail::reset_cells), and nothing is allocated
// once a thread has counted a board.
template <class T>
class PointArray {
  public:
    // The cells an analysis of `board` reads set to `value` (point_cells.hpp).
    void reset(const Board& board, T value) { reset_cells(cells_, board, value); }
    // Every cell of the padded grid set to `value`.
    void fill(T value) { std::fill(cells_.begin(), cells_.end(), value); }
    T& operator[](Vertex v) { return cells_[v]; }
    const T& operator[](Vertex v) const { return cells_[v]; }

  private:
    std::vector<T> cells_ = std::vector<T>(game::kCells);
};

// The empty regions of the board as it stands: a number per empty point (0: a stone or border)
// and, per region, which colours it reaches (1 Black, 2 White, 3 both).
struct Regions {
    PointArray<int> id;
    std::vector<std::uint8_t> reach;
    std::vector<Vertex> stack;  // the flood fill's
};

// What seki_eyes needs besides the regions.
struct EyeScratch {
    PointArray<std::uint8_t> in_seki, eye;
    std::vector<std::uint8_t> free_stone;
};

void find_regions(const Board& board, Regions& out) {
    out.id.reset(board, 0);
    out.reach.assign(1, 0);
    std::vector<Vertex>& stack = out.stack;
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) {
            const Vertex start = game::to_vertex(x, y);
            if (board.at(start) != Cell::empty || out.id[start] != 0) continue;
            const int id = static_cast<int>(out.reach.size());
            out.reach.push_back(0);
            out.id[start] = id;
            stack.assign(1, start);
            while (!stack.empty()) {
                const Vertex v = stack.back();
                stack.pop_back();
                for (const Vertex n : game::neighbours(v)) {
                    const Cell c = board.at(n);
                    if (c == Cell::empty && out.id[n] == 0) {
                        out.id[n] = id;
                        stack.push_back(n);
                    } else if (game::is_stone(c)) {
                        out.reach.back() |= c == Cell::black ? 1 : 2;
                    }
                }
            }
        }
    }
}

// The imagined filling of the dame, on a copy of the board.
class Filling {
  public:
    // What a filling keeps between counts on one thread (the board copy and the per-point
    // marks; a string's last round is stamped with a counter that runs on across counts).
    struct Scratch {
        Board board;
        PointArray<std::uint8_t> must_fill;
        PointArray<int> seen;
        int round = 0;
        // A dame point's last fill_dame try that filled nothing, stamped with the board's
        // version then (a counter that runs on across counts, as round does).
        PointArray<std::uint32_t> tried;
        std::uint32_t version = 0;
        std::vector<Vertex> removed, trial_removed;
        std::vector<Vertex> dame;  // the dame points, in row order
    };

    Filling(const Board& board, const Regions& regions, Scratch& scratch)
        : board_(scratch.board),
          regions_(regions),
          must_fill_(scratch.must_fill),
          removed_(scratch.removed),
          trial_removed_(scratch.trial_removed),
          seen_(scratch.seen),
          round_(scratch.round),
          tried_(scratch.tried),
          version_(scratch.version),
          dame_(scratch.dame) {
        board_.assign(board);
        must_fill_.reset(board, 0);
        // The points fill_dame may fill, found once: the regions do not change as it fills.
        dame_.clear();
        for_each_point(board, [this](Vertex v) {
            if (dame(v)) dame_.push_back(v);
        });
        // The stamps of earlier counts (of any board size) are all below round_; before the
        // counter could wrap, every stamp goes back to 0 (the stamps start at 0).
        if (round_ > (1 << 30)) {
            round_ = 0;
            seen_.fill(0);
        }
        // Likewise the versions: each count starts with one no earlier stamp holds.
        if (version_ > (1u << 30)) {
            version_ = 0;
            tried_.fill(0);
        }
        ++version_;
    }

    // Fills until nothing more can be filled: each round first answers the ataris (a string in
    // atari whose owner can escape by filling its liberty does so), then fills every dame that
    // one side can fill without putting its own string in atari. A round that fills nothing
    // ends it; captures can empty points again, so the rounds are bounded by the points of the
    // board as well (a hostile board stays linear in rounds).
    void run() {
        const int rounds = board_.width() * board_.height();
        bool changed = true;
        for (int round = 0; changed && round < rounds; ++round) {
            changed = answer_ataris();
            changed = fill_dame() || changed;
        }
    }

    const Board& board() const { return board_; }
    // The points of one-colour regions that their owner had to fill (1).
    const PointArray<std::uint8_t>& must_fill() const { return must_fill_; }

  private:
    // Whether the string at v has at least n distinct liberties (n >= 1): its pseudo-liberties
    // decide most strings at once (a liberty counts at most four times), the walk the rest.
    bool liberties_at_least(Vertex v, int n) const {
        if (board_.chain_pseudo_liberties(v) > 4 * (n - 1)) return true;
        return board_.chain_liberties(v, n) >= n;
    }
    // Whether the string at v has exactly n distinct liberties (n >= 1): at most one walk.
    bool liberties_exactly(Vertex v, int n) const {
        const int pseudo = board_.chain_pseudo_liberties(v);
        if (pseudo < n || pseudo > 4 * n) return false;
        return board_.chain_liberties(v, n + 1) == n;
    }

    bool dame(Vertex v) const {
        return regions_.reach[static_cast<std::size_t>(regions_.id[v])] == 3;
    }

    // Plays c at v when that leaves c's string at least two liberties (after its captures: a
    // string left in atari that the dead-stone source calls alive may be taken by a fill, as
    // the players would take it); returns whether it did.
    bool fill_safely(Vertex v, Color c) {
        const game::PlayEffect e = board_.preview(v, c);
        if (e.suicide) return false;
        if (e.captured_stones == 0) {
            // Without a capture the string's liberties and dooms_neighbour's answer are known
            // before the play (or the play is needed after all: answer_unknown), so a fill
            // that would leave fewer than two liberties or doom a string is neither played nor
            // taken back.
            if (board_.liberties_after(v, c, 2) < 2) return false;
            const Foresight f = foresee_doom(v, c);
#ifndef NDEBUG
            if (f != Foresight::answer_unknown) {
                // The foresight against the play it stands for (every debug build's count).
                removed_.clear();
                const game::PlayEffect tried = board_.play(v, c, false, &removed_);
                assert(liberties_at_least(v, 2));
                assert(dooms_neighbour(v, c) == (f == Foresight::doomed));
                board_.undo_play(v, c, tried, removed_);
            }
#endif
            if (f == Foresight::doomed) return false;
            if (f == Foresight::safe) {
                board_.play(v, c, false);
                ++version_;
                return true;
            }
        }
        removed_.clear();
        const game::PlayEffect played = board_.play(v, c, false, &removed_);
        if (liberties_at_least(v, 2) && !dooms_neighbour(v, c)) {
            ++version_;
            return true;
        }
        board_.undo_play(v, c, played, removed_);
        return false;
    }

    enum class Foresight { safe, doomed, answer_unknown };

    // dooms_neighbour(v, c) for a play of c at v that captures nothing and leaves c's string at
    // least two liberties, answered on the board before the play. The play takes v from the
    // opponent strings next to it and frees no point: such a string is left in atari when it
    // has exactly two liberties now, its last one the other (L). An escape at L captures on
    // the board after the play what it captures now (c's strings next to L keep their
    // liberties, but the one c's play at v joins, which keeps at least two), and, capturing
    // nothing, leaves the string the liberties it would have now less v (v is one of them: the
    // string touches v). So it fails when fewer than three are counted now. An escape that
    // would capture is played to be judged (answer_unknown).
    Foresight foresee_doom(Vertex v, Color c) const {
        const Color opp = game::opponent(c);
        const Cell other = game::to_cell(opp);
        bool doomed = false;
        for (const Vertex n : game::neighbours(v)) {
            if (board_.at(n) != other || !liberties_exactly(n, 2)) continue;
            const Vertex liberty = liberty_of(n, v);
            const game::PlayEffect seen = board_.preview(liberty, opp);
            if (seen.captured_stones != 0) return Foresight::answer_unknown;
            doomed = doomed || board_.liberties_after(liberty, opp, 3) < 3;
        }
        return doomed ? Foresight::doomed : Foresight::safe;
    }

    // Whether c's stone at v has left an opponent string next to it in atari with no escape
    // (filling its liberty would leave it in atari again, or capture nothing and leave it
    // without liberties). The dead-stone source calls that string alive: a fill that would
    // kill it is not one the players' agreement allows, so the point stays shared.
    // The trial escape is judged by escape_fails, without a board copy (a board is some 27 KB,
    // and copying one per escape tried was half the cost of the count).
    bool dooms_neighbour(Vertex v, Color c) {
        const Cell other = game::to_cell(game::opponent(c));
        for (const Vertex n : game::neighbours(v)) {
            if (board_.at(n) != other || !liberties_exactly(n, 1)) continue;
            const Vertex liberty = liberty_of(n);
            if (escape_fails(liberty, game::opponent(c))) return true;
        }
        return false;
    }

    // Whether the escape of c at `liberty` (the last liberty of a string of c) leaves the
    // string without two liberties: a suicide, or fewer than two liberties after it. Without a
    // capture that is known before the play; with one, the play is made and taken back
    // (undo_play restores the colouring, strings and liberties).
    bool escape_fails(Vertex liberty, Color c) {
        const game::PlayEffect seen = board_.preview(liberty, c);
        if (seen.suicide) return true;
        if (seen.captured_stones == 0) return board_.liberties_after(liberty, c, 2) < 2;
        trial_removed_.clear();
        const game::PlayEffect e = board_.play(liberty, c, false, &trial_removed_);
        const bool fails = !Filling::at_least_two(board_, liberty);
        board_.undo_play(liberty, c, e, trial_removed_);
        return fails;
    }

    // Whether c at v would leave an opponent string next to v with one liberty.
    bool forcing(Vertex v, Color c) const {
        const Cell other = game::to_cell(game::opponent(c));
        for (const Vertex n : game::neighbours(v)) {
            if (board_.at(n) == other && liberties_exactly(n, 2)) return true;
        }
        return false;
    }

    // A string in atari whose liberty its owner can fill to escape: the owner fills it. Where
    // the liberty lies in a one-colour region, the point is one that colour must fill.
    bool answer_ataris() {
        bool changed = false;
        ++round_;
        for (int y = 0; y < board_.height(); ++y) {
            // The stones of the row, read again after each one: a fill may add or take stones
            // further on, and the walk sees the row as it is then, point by point.
            for (int x = 0;; ++x) {
                const std::uint64_t stones =
                    board_.row_mask(Color::black, y) | board_.row_mask(Color::white, y);
                const std::uint64_t rest = x < 64 ? stones & (~std::uint64_t{0} << x) : 0;
                if (rest == 0) break;
                x = std::countr_zero(rest);
                const Vertex v = game::to_vertex(x, y);
                const Cell c = board_.at(v);
                // Each string once a round (its head marks it; a fill may merge strings, which
                // are then looked at again, at no harm).
                const Vertex head = board_.chain_id(v);
                if (seen_[head] == round_) continue;
                seen_[head] = round_;
                if (!liberties_exactly(v, 1)) continue;
                const Vertex liberty = liberty_of(v);
                if (liberty == game::kNoVertex || !fill_safely(liberty, game::to_color(c))) {
                    continue;
                }
                if (!dame(liberty)) must_fill_[liberty] = 1;
                changed = true;
            }
        }
        return changed;
    }

    // Every dame point that one side can fill without cost, next to its own stones, is filled
    // (a side fills the dame from its own side; a stone alone in the open would start a fight
    // no count assumes). Where Black's fill would put a White string in atari and White's
    // fill would not, White fills it first (the defender closes its own cut, as players do
    // when they fill the dame), else Black first; the other side fills it when the first
    // cannot.
    bool fill_dame() {
        bool changed = false;
        for (const Vertex v : dame_) {
            if (board_.at(v) != Cell::empty || !next_to_stone(v)) continue;
            if (tried_[v] == version_) {
                // Tried on this very board (no fill since): it would fill nothing again. Debug
                // builds (every test's count) try it all the same, to hold the skip to its word.
#ifndef NDEBUG
                const bool filled = fill_point(v);
                assert(!filled);
#endif
                continue;
            }
            if (fill_point(v)) {
                changed = true;
            } else {
                tried_[v] = version_;
            }
        }
        return changed;
    }

    // One dame point's fill, the side that fills it first as fill_dame says; returns whether
    // either side filled it.
    bool fill_point(Vertex v) {
        const bool white_first = forcing(v, Color::black) && !forcing(v, Color::white);
        const Color first = white_first ? Color::white : Color::black;
        return (touches(v, first) && fill_safely(v, first)) ||
               (touches(v, game::opponent(first)) && fill_safely(v, game::opponent(first)));
    }

    // Whether a stone of colour c is next to v (a side fills the dame next to its own stones).
    bool touches(Vertex v, Color c) const {
        for (const Vertex n : game::neighbours(v)) {
            if (board_.at(n) == game::to_cell(c)) return true;
        }
        return false;
    }

    bool next_to_stone(Vertex v) const {
        for (const Vertex n : game::neighbours(v)) {
            if (game::is_stone(board_.at(n))) return true;
        }
        return false;
    }

    // The one liberty of the string at v other than `besides` (the string has exactly one
    // such: one liberty in all, or two of which `besides` is one).
    Vertex liberty_of(Vertex v, Vertex besides = game::kNoVertex) const {
        Vertex out = game::kNoVertex;
        board_.for_each_chain_stone(v, [&](Vertex s) {
            for (const Vertex n : game::neighbours(s)) {
                if (n != besides && board_.at(n) == Cell::empty) out = n;
            }
        });
        return out;
    }

    Board& board_;
    const Regions& regions_;
    PointArray<std::uint8_t>& must_fill_;
    std::vector<Vertex>& removed_;
    std::vector<Vertex>& trial_removed_;  // dooms_neighbour's trial escape
    PointArray<int>& seen_;               // a string's last round
    int& round_;
    PointArray<std::uint32_t>& tried_;  // a dame point's last try that filled nothing
    std::uint32_t& version_;            // the board's: one more at each fill
    std::vector<Vertex>& dame_;         // the dame points, in row order

    static bool at_least_two(const Board& b, Vertex v) {
        return b.chain_pseudo_liberties(v) > 4 || b.chain_liberties(v, 2) >= 2;
    }
};

// The points that are eyes of stones in seki (J 8), after the filling. A string is in seki when
// it is next to a dame point still empty that touches both colours and that neither side can
// fill without putting its own string in atari (R19's words): a point left open only because a
// fill would leave an opponent string in atari with no escape (the players' agreement calls it
// alive) is no seki, since one side could fill it. A point of a one-colour region (of the
// board as it stood) is an eye of stones in seki when it is next to a stone of such a string,
// or when every stone around its region belongs to one: the points that the strings in seki
// surround. The other points of a region that also borders living stones not in seki stay
// territory (J 8 sorts points, not regions).
const PointArray<std::uint8_t>& seki_eyes(const Board& board, const Board& filled,
                                          const Regions& regions, EyeScratch& scratch) {
    PointArray<std::uint8_t>& in_seki = scratch.in_seki;
    in_seki.reset(board, 0);
    const auto mark = [&](Vertex s) {
        if (in_seki[s] != 0) return;
        filled.for_each_chain_stone(s, [&](Vertex t) { in_seki[t] = 1; });
    };
    const auto stuck = [&](Vertex v, game::Color c) {
        const game::PlayEffect e = filled.preview(v, c);
        if (e.suicide) return true;
        return e.captured_stones == 0 && filled.liberties_after(v, c, 2) < 2;
    };
    for (int y = 0; y < filled.height(); ++y) {
        for (int x = 0; x < filled.width(); ++x) {
            const Vertex v = game::to_vertex(x, y);
            if (filled.at(v) != Cell::empty) continue;
            if (regions.reach[static_cast<std::size_t>(regions.id[v])] != 3) continue;
            int touches = 0;
            for (const Vertex n : game::neighbours(v)) {
                if (game::is_stone(filled.at(n))) touches |= filled.at(n) == Cell::black ? 1 : 2;
            }
            if (touches != 3) continue;
            if (!stuck(v, game::Color::black) || !stuck(v, game::Color::white)) continue;
            for (const Vertex n : game::neighbours(v)) {
                if (game::is_stone(filled.at(n))) mark(n);
            }
        }
    }
    // Per one-colour region: whether some stone around it is not in seki. The region's own
    // points filled by their owner (must-fill points) belong to the region, not around it.
    std::vector<std::uint8_t>& free_stone = scratch.free_stone;
    free_stone.assign(regions.reach.size(), 0);
    PointArray<std::uint8_t>& eye = scratch.eye;
    eye.reset(board, 0);
    for (int y = 0; y < filled.height(); ++y) {
        for (int x = 0; x < filled.width(); ++x) {
            const Vertex v = game::to_vertex(x, y);
            const int id = regions.id[v];
            if (id == 0 || regions.reach[static_cast<std::size_t>(id)] == 3) continue;
            for (const Vertex n : game::neighbours(v)) {
                if (!game::is_stone(filled.at(n)) || regions.id[n] == id) continue;
                if (in_seki[n] != 0) {
                    eye[v] = 1;
                } else {
                    free_stone[static_cast<std::size_t>(id)] = 1;
                }
            }
        }
    }
    for_each_point(filled, [&](Vertex v) {
        const int id = regions.id[v];
        if (id == 0 || regions.reach[static_cast<std::size_t>(id)] == 3) return;
        if (free_stone[static_cast<std::size_t>(id)] == 0) {
            // Only stones in seki around it (a region next to no stone has no reach: not here).
            eye[v] = 1;
        }
    });
    return eye;
}

// Whether some string of `board` has exactly one liberty.
bool any_atari(const Board& board) {
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) {
            const Vertex v = game::to_vertex(x, y);
            if (!game::is_stone(board.at(v)) || board.chain_id(v) != v) continue;
            if (board.chain_pseudo_liberties(v) <= 4 && board.chain_liberties(v, 2) == 1) {
                return true;
            }
        }
    }
    return false;
}

// Everything a count keeps between counts, per thread.
struct CountScratch {
    Regions regions;
    Filling::Scratch filling;
    EyeScratch eyes;
};

// The analysis behind count_japanese and japanese_points: calls take(v, reach) for each point
// of a one-colour region (reach 1 Black, 2 White) that R19 takes from its owner: an eye of
// stones in seki, or a point its owner must fill.
template <class F>
void japanese_reading(const Board& board, F&& take) {
    thread_local CountScratch scratch;
    Regions& regions = scratch.regions;
    find_regions(board, regions);
    bool territory = false, dame = false;
    for (const std::uint8_t r : regions.reach) {
        territory = territory || r == 1 || r == 2;
        dame = dame || r == 3;
    }
    if (!territory) return;
    // Without a dame there is nothing to fill and no seki (a string is in seki only next to a
    // dame, above), and without a string in atari no point its owner must fill: the count is
    // the regions' (most end positions, at the cost of one walk of the board).
    if (!dame && !any_atari(board)) return;
    Filling filling(board, regions, scratch.filling);
    filling.run();
    const PointArray<std::uint8_t>& seki = seki_eyes(board, filling.board(), regions, scratch.eyes);
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) {
            const Vertex v = game::to_vertex(x, y);
            const int id = regions.id[v];
            if (id == 0) continue;
            const std::uint8_t reach = regions.reach[static_cast<std::size_t>(id)];
            if (reach != 1 && reach != 2) continue;
            if (seki[v] == 0 && filling.must_fill()[v] == 0) continue;
            take(v, reach);
        }
    }
}

}  // namespace

void count_japanese(const Board& board, Tally& t) {
    japanese_reading(board, [&t](Vertex, std::uint8_t reach) {
        ++(reach == 1 ? t.black_seki_eyes : t.white_seki_eyes);
    });
}

void japanese_points(const Board& board, std::vector<std::uint8_t>& out) {
    out.assign(game::kCells, 0);
    japanese_reading(board, [&out](Vertex v, std::uint8_t) { out[v] = 1; });
}

}  // namespace sgfaudit::audit::detail
