// Counting a position under one ruleset: area, territory and the FFG quick count
// (rules-model.md 5), with every term kept for the report.

#include "scoring.hpp"

#include <array>
#include <cmath>

namespace sgfaudit::audit::detail {

Count make_count(double black, double white) {
    Count c;
    c.black = black;
    c.white = white;
    c.margin = std::fabs(black - white);
    c.winner = black > white ? Winner::black : white > black ? Winner::white : Winner::draw;
    return c;
}

namespace {

// Territory (AGA 12; TT 9 "empty points that reach only her colour"): every maximal connected
// set of empty points is scored for C when every stone adjacent to it is C. A region touching no
// stone at all (an empty board) is neutral. Explicit stack, no recursion, no allocation.
void count_regions(const game::Board& board, Tally& t) {
    std::array<bool, game::kCells> seen{};
    std::array<game::Vertex, game::kMaxPoints> stack;
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) {
            const game::Vertex start = game::to_vertex(x, y);
            if (seen[start] || board.at(start) != game::Cell::empty) continue;
            bool reaches_black = false, reaches_white = false;
            int size = 0;
            std::size_t top = 0;
            stack[top++] = start;
            seen[start] = true;
            while (top > 0) {
                const game::Vertex v = stack[--top];
                ++size;
                for (game::Vertex n : game::neighbours(v)) {
                    const game::Cell c = board.at(n);
                    if (c == game::Cell::black) {
                        reaches_black = true;
                    } else if (c == game::Cell::white) {
                        reaches_white = true;
                    } else if (c == game::Cell::empty && !seen[n]) {
                        seen[n] = true;
                        stack[top++] = n;
                    }
                }
            }
            if (reaches_black && !reaches_white) {
                t.black_territory += size;
            } else if (reaches_white && !reaches_black) {
                t.white_territory += size;
            } else {
                t.neutral += size;
            }
        }
    }
}

void count_board(const game::Board& board, Tally& t) {
    count_regions(board, t);
    t.black_stones = board.stones(game::Color::black);
    t.white_stones = board.stones(game::Color::white);
}

double bonus_for(HandicapBonus b, int n) {
    if (n < 2) return 0;
    switch (b) {
        case HandicapBonus::zero:
            return 0;
        case HandicapBonus::n_minus_1:
            return n - 1;
        case HandicapBonus::n:
            return n;
    }
    return 0;
}

}  // namespace

Tally tally_position(const game::Board& board, const DeadStones& dead) {
    Tally t;
    bool any = false;
    for (game::Vertex v : dead.points) any = any || game::is_stone(board.at(v));
    if (!any) {
        count_board(board, t);
        return t;
    }
    game::Board after = board;
    for (game::Vertex v : dead.points) {
        const game::Cell c = after.at(v);
        if (!game::is_stone(c)) continue;
        int removed = 0;
        if (dead.policy == DeadPolicy::list) {
            removed = after.remove_string(v);
        } else {
            after.clear(v);
            removed = 1;
        }
        (c == game::Cell::black ? t.dead_black : t.dead_white) += removed;
    }
    count_board(after, t);
    return t;
}

Score score_position(const Tally& t, const Ruleset& rules, const EndState& end, int handicap,
                     const KomiChoice& komi, std::string_view dead_source) {
    Score s;
    s.scored = end.scored;
    s.decisive = rules.scoring;
    s.komi = komi.value;
    s.komi_source = komi.source;
    s.handicap = handicap;
    s.handicap_bonus = bonus_for(rules.handicap_bonus, handicap);
    s.captures_by_black = end.captures_by_black;
    s.captures_by_white = end.captures_by_white;
    s.passes_black = end.passes_black;
    s.passes_white = end.passes_white;
    s.black_moved_last = end.black_moved_last;
    s.dead_source = std::string(dead_source);
    s.dead_black = t.dead_black;
    s.dead_white = t.dead_white;
    s.black_stones = t.black_stones;
    s.white_stones = t.white_stones;
    s.black_territory = t.black_territory;
    s.white_territory = t.white_territory;
    s.neutral = t.neutral;

    // Pass stones (AGA 7) and White's extra pass (AGA 11): only under pass-stones=yes.
    if (rules.pass_stones == PassStones::yes) {
        s.white_extra_pass =
            rules.white_moves_last == WhiteMovesLast::pass_stone && end.black_moved_last;
        s.pass_stones_to_white = end.passes_black;
        s.pass_stones_to_black = end.passes_white + (s.white_extra_pass ? 1 : 0);
    }

    // Area: TT 9, AGA 12, FFG 6. White adds komi and the handicap bonus (AGA 4, FFG preliminary).
    s.area = make_count(s.black_stones + s.black_territory,
                        s.white_stones + s.white_territory + s.komi + s.handicap_bonus);

    // Territory (AGA 12): territory - prisoners held by the opponent (captures, dead stones,
    // pass stones). Komi only: the handicap bonus belongs to the area count.
    const int held_by_white = s.captures_by_white + s.dead_black + s.pass_stones_to_white;
    const int held_by_black = s.captures_by_black + s.dead_white + s.pass_stones_to_black;
    s.territory =
        make_count(s.black_territory - held_by_white, s.white_territory - held_by_black + s.komi);

    // FFG 6a quick count: territory - prisoners lost - one point per own pass, White one more if
    // Black made the last turn (Appendix B's e); komi only.
    const int e = end.black_moved_last ? 1 : 0;
    s.quick = make_count(
        s.black_territory - (s.captures_by_white + s.dead_black) - end.passes_black,
        s.white_territory - (s.captures_by_black + s.dead_white) - end.passes_white - e + s.komi);
    return s;
}

}  // namespace sgfaudit::audit::detail
