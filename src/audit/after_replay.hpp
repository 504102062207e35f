#pragma once
// Internal: what the audit computes once the replay is over, from its results alone
// (rules.md 6). Each function takes plain values and appends to the audit; none of them
// sees the replay's state.

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "scoring.hpp"
#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/audit/end_judge.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/game/board.hpp"
#include "sgfaudit/sgf/record.hpp"

namespace sgfaudit::audit::detail {

// The board the game ended on under the ruleset of results index i (before dead stones are
// removed). Called only when a divergence shows it (AuditOptions::diagrams).
using EndBoardOf = std::function<const game::Board&(std::size_t)>;

// divergences.cpp. Takes: the chosen rulesets' results, ended and counted, in the order
// chosen. Gives: appends to `out` the divergences of kind end, outcome and accounting
// (rules.md 6.2 to 6.4), in that order, with the end position when `diagrams`.
void divergences_after_replay(std::span<const RulesetResult> chosen, const EndBoardOf& end_board,
                              bool diagrams, std::vector<Divergence>& out);

// end.cpp: the komi a count under `r` takes (the ruleset's override, KM, a server's convention,
// the ruleset's default), with its source.
KomiChoice choose_komi(const sgf::GameRecord& rec, const Ruleset& r, int handicap);

// The judge of end positions' finding (end_judge.hpp, after Benson's analysis) on the board the
// game ended on under the ruleset of results index i (made once per board by whoever gives it).
using JudgementOf = std::function<const EndJudgement&(std::size_t)>;

// unsure.cpp. Takes: the judge's finding on a board the game ended on. Gives: a stone of each
// string the judge of end positions (end_judge.hpp) is unsure of, or, when it is unsure of none,
// of each string Benson's proof (life.hpp) does not decide; in board order, at most
// kMaxUnsureListed.
std::vector<sgf::Point> unsure_strings(const EndJudgement& judged);
// unsure.cpp. Takes: every result, ended and counted. Gives: Score::unsure of each scored count
// that is not settled.
void name_unsure_strings(std::span<RulesetResult> results, const EndBoardOf& end_board,
                         const JudgementOf& judgement);

// What the record check reads besides the record.
struct RecordCheckInput {
    const RuMapping& ru;                   // RU's mapping (the user's --map-ru first)
    std::optional<std::size_t> ru_result;  // results index of RU's ruleset, when mapped
    std::size_t chosen = 0;                // results [0, chosen) are the chosen rulesets
    std::uint32_t repeated_move = 0;  // R16: the first play that repeated a whole-board position
};

// record_check.cpp. Takes: the record, every result (the chosen ones, then RU's own ruleset
// when it was judged only for this check), ended and counted. Gives: out.record (RE against the
// count under RU's ruleset, rules.md 6.5) and, on a mismatch that is not unsettled, a
// divergence of kind record in out.divergences.
void check_record(const sgf::GameRecord& rec, std::span<const RulesetResult> results,
                  const RecordCheckInput& in, const EndBoardOf& end_board, bool diagrams,
                  GameAudit& out);

// record_check.cpp. Takes: RE, the record's PC and a count. Gives: whether RE is that count
// (the winner, and the margin unless RE names the winner only: R16).
bool result_reproduced(const sgf::GameResult& re, std::string_view place, const Count& c);

// record_check.cpp. Takes: the record and what the replay counted (the handicap, stones held
// by Black and White, passes by Black and White, the colour of the last turn if any). Gives:
// record issues for an RE no count could give (an error), an RE whose half point disagrees with
// KM's, and a resignation by the player who made the last turn (notes).
void check_result_plausibility(const sgf::GameRecord& rec, int handicap,
                               const std::array<int, 2>& captures, const std::array<int, 2>& passes,
                               std::optional<game::Color> last_turn, GameAudit& out);

}  // namespace sgfaudit::audit::detail
