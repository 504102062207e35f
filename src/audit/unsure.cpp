// Which strings a count that is not settled left undecided: the report lists
// unsettled divergences apart with them. Contract: after_replay.hpp (name_unsure_strings).

#include <algorithm>
#include <vector>

#include "after_replay.hpp"
#include "sgfaudit/audit/end_judge.hpp"

namespace sgfaudit::audit::detail {

std::vector<sgf::Point> unsure_strings(const EndJudgement& judged) {
    std::vector<sgf::Point> out;
    for (const JudgedString& s : judged.strings) {
        if (s.verdict == StringVerdict::unsure) out.push_back(point_of(s.stone));
    }
    if (out.empty()) {
        // The judge decided every string (or its judgement was not relied on: an open boundary,
        // an implausible loss): the strings Benson's proof did not decide.
        for (const JudgedString& s : judged.strings) {
            if (!s.by_benson) out.push_back(point_of(s.stone));
        }
    }
    std::sort(out.begin(), out.end(), board_order);
    if (out.size() > kMaxUnsureListed) out.resize(kMaxUnsureListed);
    return out;
}

void name_unsure_strings(std::span<RulesetResult> results, const EndBoardOf& end_board,
                         const JudgementOf& judgement) {
    // Rulesets that ended on the same board share the answer.
    std::vector<std::pair<const game::Board*, std::vector<sgf::Point>>> done;
    for (std::size_t i = 0; i < results.size(); ++i) {
        Score& s = results[i].score;
        if (s.settled || !s.scored) continue;
        const game::Board& b = end_board(i);
        const auto it =
            std::find_if(done.begin(), done.end(), [&](const auto& d) { return d.first == &b; });
        if (it != done.end()) {
            s.unsure = it->second;
            continue;
        }
        s.unsure = unsure_strings(judgement(i));
        done.emplace_back(&b, s.unsure);
    }
}

}  // namespace sgfaudit::audit::detail
