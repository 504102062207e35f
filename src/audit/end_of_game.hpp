#pragma once
// Internal: the end of a replay (rules.md 4 to 6), a type of its own. Made once the main line is
// replayed (Replay::run), with its inputs explicit: what it only reads (the record, the options,
// the turn order, KataGo's state, the board at the record's end, RU's mapping and lane) through
// const references and values, what it writes (the lanes and their results, the end's counts,
// the listing limits, the audit being built) through references. Its steps:
//
//   end.cpp               each ruleset's end and count, the record check and its readings
//                         (EndOfGame::finish, end_lane, count_lane, check_counts, R18's and R12's
//                         readings: try_conventions, seek_agreement, ...)
//   unsure_decisions.cpp  R20, every decision about the strings the judge is unsure of
//   counterfactual.cpp    which knob alone flips an outcome or reproduces RE
//   count_map.cpp         the count drawn

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "end_counts.hpp"
#include "issue_list.hpp"
#include "scoring.hpp"
#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/audit/end_judge.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/game/board.hpp"
#include "sgfaudit/sgf/record.hpp"
#include "turn_state.hpp"

namespace sgfaudit::audit::detail {

// GameAudit::results holds the chosen rulesets' results only: the results past `chosen` (the
// record's own RU ruleset, judged for the record check only) are dropped. end.cpp.
void drop_internal_results(GameAudit& out, std::size_t chosen);

// What the end reads of the replay once the main line is replayed; it never writes them.
struct PlayedGame {
    const TurnState& turns;
    const KataGoState& kata_go;
    const game::Board& board;            // the board at the record's end
    const RuMapping& ru;                 // RU's mapping (the user's --map-ru first)
    std::optional<std::size_t> ru_lane;  // the lane of RU's ruleset, when mapped
    std::size_t chosen = 0;              // lanes [0, chosen) are the chosen rulesets
    std::uint32_t first_repeat = 0;      // R16: the first play that repeated a position (0: none)
    // R10's one-stone handicap on a server whose scorer pays the area bonus on it
    // (ServerConvention::one_stone_handicap).
    bool one_stone_handicap = false;
};

// The end of one replay. Takes: the record, the options, the game as played, the lanes as the
// replay left them (active ones not ended yet), the end's counts, the listing limits and the
// audit being built (the lanes' results are in it). Guarantees: finish() gives each lane its end
// and count, then everything that reads the counts (divergences, the record check, flips), and
// leaves the audit with the chosen rulesets' results only and its divergences ordered.
class EndOfGame final {
  public:
    EndOfGame(const sgf::GameRecord& rec, const AuditOptions& options, const PlayedGame& played,
              std::span<Lane> lanes, EndCounts& counts, IssueList& issues, GameAudit& out)
        : rec_(rec),
          options_(options),
          turn_(played.turns),
          kata_go_(played.kata_go),
          board_(played.board),
          ru_(played.ru),
          ru_lane_(played.ru_lane),
          chosen_(played.chosen),
          first_repeat_(played.first_repeat),
          one_stone_handicap_(played.one_stone_handicap),
          lanes_(lanes),
          counts_(counts),
          issues_(issues),
          out_(out) {}

    void finish();  // end.cpp

  private:
    using Vertex = game::Vertex;

    // --- end.cpp: the end of each ruleset's game and its count -------------------------------
    // The turn order and KataGo's state as the turns left them (read only).
    const TurnState& turns() const noexcept { return turn_; }
    const KataGoState& kata_go() const noexcept { return kata_go_; }
    // A record issue, listed under the listing limits (issues_).
    void issue(std::uint32_t move, std::uint32_t offset, IssuePayload facts,
               IssueSeverity severity = IssueSeverity::error) {
        issues_.add(move, offset, std::move(facts), severity);
    }
    EndState state(bool scored) const { return end_state_of(turn_, kata_go_, board_, scored); }
    EndState counted_state() const;
    std::vector<Vertex> dead_points();
    const game::Board& end_board(const Lane& l) const {
        return counts_.end_board(l.end_board, board_);
    }
    void drop_internal_results() { detail::drop_internal_results(out_, chosen_); }
    // Gives an active lane its end (two passes, the record's end, counted, no moves), its end
    // state and its end board (the current one). by_result: R13's reading of RE applies.
    void end_lane(Lane& l, bool by_result);
    // Counts a lane at its end under its ruleset (komi, dead stones, tally, score).
    void count_lane(Lane& l, const std::vector<Vertex>& dead);
    // Everything that reads the counts: unsure strings named, counts drawn, divergences, the
    // record check and its conventions, plausibility, flips; then the internal RU lane dropped
    // and the divergences ordered.
    void check_counts(const std::vector<Vertex>& dead);

    // --- end.cpp: the record check's readings of a mismatch (R18, R12) -----------------------
    void try_conventions(const Lane& l);
    void seek_agreement(const Lane& l);
    // A reading of a count that reproduces RE (R18), and R12's strings left alive.
    struct Reading {
        Score score;
        RecordReason why;
    };
    struct Agreement {
        Score score;
        std::vector<sgf::Point> alive;  // a stone of each string left alive, in board order
    };
    std::optional<Reading> convention_reading(const Lane& l, const Tally& tally, DeadSource source,
                                              const std::string& oracle);
    static std::vector<std::vector<Vertex>> dead_strings(const game::Board& b,
                                                         const std::vector<Vertex>& dead);
    std::optional<Agreement> find_agreement(const Lane& l,
                                            const std::vector<std::vector<Vertex>>& strings,
                                            DeadSource source, const std::string& oracle);
    bool j8_may_reach(const Lane& l, const Tally& regions, const detail::KomiChoice& komi,
                      std::optional<double> fox_komi);
    void drop_record_divergence();

    // --- unsure_decisions.cpp: R20, every decision about the strings the judge is unsure of ---
    void decide_unsure(const Lane& l);
    struct Decisions {
        std::vector<Score> counts;  // by decision (mask bit i: unsure string i dead)
        std::vector<Tally> tallies;
        bool every = true;  // every decision's count reproduces RE
        bool none = true;   // none does
    };
    static std::optional<std::vector<std::vector<Vertex>>> unsure_strings_of(
        const game::Board& b, const EndJudgement& judged);
    Decisions count_decisions(const Lane& l, const std::vector<Vertex>& dead,
                              const std::vector<std::vector<Vertex>>& unsure);
    void every_decision_misses(const Lane& l, const std::vector<Score>& counts);

    // --- counterfactual.cpp: which knob alone flips an outcome or reproduces RE --------------
    void find_flips(const std::vector<Vertex>& dead);
    std::optional<Score> rescore(const Ruleset& r, const Lane& ended,
                                 const std::vector<Vertex>& dead);
    std::vector<KnobFlip> outcome_flips(std::size_t a, std::size_t b,
                                        const std::vector<Vertex>& dead);
    std::vector<KnobFlip> record_flips(std::size_t r, const std::vector<Vertex>& dead);

    // --- count_map.cpp: the count drawn ------------------------------------------------------
    // RulesetResult::count_map of each chosen ruleset's count (after drop_internal_results),
    // and of `own`, RU's own lane's result kept from before, into RecordVerdict::own_count.
    void draw_counts(std::optional<RulesetResult> own);

    // Read only.
    const sgf::GameRecord& rec_;
    const AuditOptions& options_;
    const TurnState& turn_;
    const KataGoState& kata_go_;
    const game::Board& board_;
    const RuMapping& ru_;
    const std::optional<std::size_t> ru_lane_;
    const std::size_t chosen_;
    const std::uint32_t first_repeat_;
    const bool one_stone_handicap_;
    // Written.
    std::span<Lane> lanes_;
    EndCounts& counts_;
    IssueList& issues_;
    GameAudit& out_;
};

}  // namespace sgfaudit::audit::detail
