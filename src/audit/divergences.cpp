// Divergences computed after the replay (rules-model.md 6.2 to 6.4): end, outcome, accounting.
// Contract: after_replay.hpp (divergences_after_replay).

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "after_replay.hpp"
#include "replay.hpp"

namespace sgfaudit::audit::detail {

namespace {

std::string format_number(double v) {
    return fmt::format("{}", v);
}

bool same_count(const Count& a, const Count& b) {
    return a.winner == b.winner && std::fabs(a.margin - b.margin) < 1e-9;
}

void add_clause(std::string& clauses, std::string_view c) {
    if (clauses.find(c) != std::string::npos) return;
    if (!clauses.empty()) clauses += "; ";
    clauses += c;
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
    std::string s;
    for (const std::string& p : parts) {
        if (!s.empty()) s += sep;
        s += p;
    }
    return s;
}

std::string describe_end(const RulesetResult& r) {
    switch (r.end) {
        case EndKind::two_passes:
            if (r.moves_after_end > 0) {
                return fmt::format(
                    "ends at move {} (two passes); the record continues for {} "
                    "more move{}",
                    r.end_move, r.moves_after_end, r.moves_after_end == 1 ? "" : "s");
            }
            return fmt::format("ends at move {} (two passes{})", r.end_move,
                               r.resumed ? ", after resumption" : "");
        case EndKind::record_end:
            return fmt::format("not ended by passes: the record ends at move {}{}", r.end_move,
                               r.resumed ? " after a resumption" : "");
        case EndKind::stopped:
            return fmt::format("replay stopped at the illegal move {}", r.end_move);
        case EndKind::no_moves:
            return "no moves";
    }
    return "";
}

}  // namespace

std::string describe_count(const Count& c, std::string_view which) {
    if (c.winner == Winner::draw) return fmt::format("draw ({} {}-{})", which, c.black, c.white);
    return fmt::format("{}+{} ({}: B {} W {})", to_string(c.winner), format_number(c.margin), which,
                       format_number(c.black), format_number(c.white));
}

void divergences_after_replay(std::span<const RulesetResult> chosen, const EndBoardOf& end_board,
                              bool diagrams, std::vector<Divergence>& out) {
    if (chosen.empty()) return;
    const auto position_at_end = [&](Divergence& d, std::size_t i) {
        if (diagrams) d.board_after = end_board(i).to_ascii();
    };
    const auto name = [&](std::size_t i) { return ruleset_name(chosen[i].ruleset); };
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
        std::vector<std::string> parts;
        for (std::size_t i = 0; i < chosen.size(); ++i) {
            const RulesetResult& r = chosen[i];
            d.move = std::min(d.move, r.end_move);
            Verdict v;
            v.ruleset = i;
            v.text = describe_end(r);
            add_clause(d.clause, r.ruleset.clause(Knob::end));
            parts.push_back(fmt::format("{}: {}", name(i), v.text));
            d.verdicts.push_back(std::move(v));
        }
        d.summary = fmt::format("the game ends at different moves: {}", join(parts, "; "));
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
        std::vector<std::string> parts;
        for (std::size_t i = 0; i < chosen.size(); ++i) {
            const Score& s = chosen[i].score;
            if (!s.scored) continue;
            Verdict v;
            v.ruleset = i;
            v.text = describe_count(s.decision(), to_string(s.decisive));
            add_clause(d.clause, chosen[i].ruleset.clause(Knob::scoring));
            parts.push_back(fmt::format("{}: {}", name(i), v.text));
            d.verdicts.push_back(std::move(v));
        }
        d.summary = fmt::format("different winners: {}", join(parts, "; "));
        position_at_end(d, *first_scored);
        out.push_back(std::move(d));
    }
    // 4. accounting: AGA area vs territory (AGA 12 comment), FFG 6 vs 6a (Appendix B).
    for (std::size_t i = 0; i < chosen.size(); ++i) {
        const RulesetResult& r = chosen[i];
        if (!r.score.scored) continue;
        const Count* other = nullptr;
        std::string what;
        if (r.ruleset.pass_stones == PassStones::yes) {
            other = &r.score.territory;
            what = "territory";
        } else if (r.ruleset.pass_stones == PassStones::quick_count) {
            other = &r.score.quick;
            what = "quick";
        }
        if (!other || same_count(r.score.area, *other)) continue;
        Divergence d;
        d.kind = DivergenceKind::accounting;
        d.clause = r.ruleset.accounting_clause();
        Verdict va, vo;
        va.ruleset = vo.ruleset = i;
        va.text = describe_count(r.score.area, "area");
        vo.text = describe_count(*other, what);
        d.summary = fmt::format("{}: the area count ({}) and the {} count ({}) disagree", name(i),
                                va.text, what, vo.text);
        d.verdicts.push_back(std::move(va));
        d.verdicts.push_back(std::move(vo));
        position_at_end(d, i);
        out.push_back(std::move(d));
    }
}

}  // namespace sgfaudit::audit::detail
