// Divergences computed after the replay (rules.md 6.2 to 6.4): end, outcome, accounting.
// Contract: after_replay.hpp (divergences_after_replay).

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "after_replay.hpp"
#include "replay.hpp"

namespace sgfaudit::audit::detail {

namespace {

bool same_count(const Count& a, const Count& b) {
    return a.winner == b.winner && std::fabs(a.margin - b.margin) < 1e-9;
}

void add_clause(std::string& clauses, std::string_view c) {
    if (clauses.find(c) != std::string::npos) return;
    if (!clauses.empty()) clauses += "; ";
    clauses += c;
}

}  // namespace

void divergences_after_replay(std::span<const RulesetResult> chosen, const EndBoardOf& end_board,
                              bool diagrams, std::vector<Divergence>& out) {
    if (chosen.empty()) return;
    const auto position_at_end = [&](Divergence& d, std::size_t i) {
        if (diagrams) d.board_after = position_of(end_board(i));
    };
    // 2. end
    bool differ = false;
    for (std::size_t i = 1; i < chosen.size(); ++i) {
        const RulesetResult& a = chosen[0];
        const RulesetResult& b = chosen[i];
        if (a.end_move != b.end_move || a.end != b.end) differ = true;
    }
    if (differ) {
        Divergence d;
        d.kind = DivergenceKind::end;
        d.move = chosen[0].end_move;
        for (std::size_t i = 0; i < chosen.size(); ++i) {
            const RulesetResult& r = chosen[i];
            d.move = std::min(d.move, r.end_move);
            Verdict v;
            v.ruleset = i;
            add_clause(d.clause, r.ruleset.clause(Knob::end));
            d.verdicts.push_back(std::move(v));
        }
        for (std::size_t i = 0; i < chosen.size(); ++i) {
            if (chosen[i].end_move == d.move) {
                position_at_end(d, i);
                break;
            }
        }
        out.push_back(std::move(d));
    }
    // 3. outcome: the deciding counts of the rulesets whose game was scored.
    // (No list of the scored lanes is built unless their winners differ.)
    std::optional<std::size_t> first_scored;
    bool winners_differ = false;
    for (std::size_t i = 0; i < chosen.size(); ++i) {
        const Score& s = chosen[i].score;
        if (!s.scored) continue;
        if (!first_scored) {
            first_scored = i;
        } else if (s.decision().winner != chosen[*first_scored].score.decision().winner) {
            winners_differ = true;
        }
    }
    if (winners_differ) {
        Divergence d;
        d.kind = DivergenceKind::outcome;
        for (std::size_t i = 0; i < chosen.size(); ++i) {
            const Score& s = chosen[i].score;
            if (!s.scored) continue;
            Verdict v;
            v.ruleset = i;
            v.count = decisive_count(s);
            add_clause(d.clause, chosen[i].ruleset.clause(Knob::scoring));
            d.verdicts.push_back(std::move(v));
        }
        position_at_end(d, *first_scored);
        out.push_back(std::move(d));
    }
    // 4. accounting: AGA area vs territory (AGA 12 comment), FFG 6 vs 6a (Appendix B).
    for (std::size_t i = 0; i < chosen.size(); ++i) {
        const RulesetResult& r = chosen[i];
        if (!r.score.scored) continue;
        std::optional<CountKind> other;
        if (r.ruleset.pass_stones == PassStones::yes) {
            other = CountKind::territory;
        } else if (r.ruleset.pass_stones == PassStones::quick_count) {
            other = CountKind::quick;
        }
        if (!other || same_count(r.score.area, count_of(r.score, *other))) continue;
        Divergence d;
        d.kind = DivergenceKind::accounting;
        d.clause = r.ruleset.accounting_clause();
        Verdict va, vo;
        va.ruleset = vo.ruleset = i;
        va.count = CountKind::area;
        vo.count = other;
        d.verdicts.push_back(std::move(va));
        d.verdicts.push_back(std::move(vo));
        position_at_end(d, i);
        out.push_back(std::move(d));
    }
}

}  // namespace sgfaudit::audit::detail
