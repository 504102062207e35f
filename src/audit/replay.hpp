#pragma once
// Internal: the one physical replay of a game record behind audit_game (rules.md 2 to 6),
// split along its own steps. Each step lives in its own translation unit:
//
//   turns.cpp         setup and turns: the start position, handicap, turn order, passes, plays
//                     no ruleset allows (Replay::run, setup_start, on_move, on_pass, ...)
//   judge.cpp         judging a play under every ruleset (judge_play, Replay::play), with the
//                     legality divergences and the record issues a play raises
//   end_of_game.hpp   the end of each ruleset's game and its count, a type of its own
//                     (EndOfGame: end.cpp, unsure_decisions.cpp, counterfactual.cpp,
//                     count_map.cpp), made once the main line is replayed, its inputs explicit
//   turn_state.hpp    what the turns write and the end reads: the turn order (TurnState),
//                     KataGo's button and encore (KataGoState), the state a game ends in
//   end_counts.cpp    the end's counting state, a type of its own (EndCounts, end_counts.hpp):
//                     the boards lanes ended on and their tallies, its inputs passed explicitly
//   issue_list.cpp    the listing limits (--max-listed), a type of its own (IssueList,
//                     issue_list.hpp): what is listed and what only counted
//   divergences.cpp   divergences of end, outcome and accounting, computed after the replay
//   record_check.cpp  RE against the count under the record's own RU, and RE's plausibility
//
// The replay allocates nothing per game for its working memory: that lives in ReplayScratch,
// which the caller owns (one per thread: AuditScratch) and passes in.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "end_counts.hpp"
#include "history.hpp"
#include "issue_list.hpp"
#include "judge.hpp"
#include "scoring.hpp"
#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/audit/end_judge.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/game/board.hpp"
#include "sgfaudit/sgf/record.hpp"
#include "turn_state.hpp"

namespace sgfaudit::audit::detail {

// Takes: a ruleset (spec or preset name). Gives: the name people see for it in the audit's
// facts: Ruleset::label (its spec when it has one, else its name).
inline std::string ruleset_name(const Ruleset& r) {
    return std::string(r.label());
}

// map_ru of RU texts, remembered for the last few texts one thread met (an archive repeats a
// handful). Takes: RU text. Gives: its mapping, valid until the next call.
class RuCache {
  public:
    const RuMapping& get(const std::string& ru);

  private:
    struct Entry {
        std::string text;
        RuMapping mapping;
        bool valid = false;  // false while being filled (nothing is kept if that throws)
    };
    static constexpr std::size_t kEntries = 8;
    std::array<Entry, kEntries> cache_;
    std::size_t used_ = 0, next_ = 0;
};

// What a replay uses only while it runs, kept by its owner from game to game so that a game
// allocates nothing for it once the owner has seen one as long (History::reset keeps memory).
// Never shared between threads at the same time.
struct ReplayScratch {
    History history;
    std::vector<game::Vertex> removed;
    std::vector<std::pair<std::size_t, std::optional<Illegal>>> verdicts;
    RuCache ru;
};

// The history memory a scratch keeps from one game to the next (a 19x19 game of 40,000 moves).
constexpr std::size_t kKeptHistoryBytes = std::size_t{4} << 20;

// One replay of one record under every chosen ruleset (and the record's own RU ruleset, judged
// for the record check when it is not chosen).
//
// Takes: a typed record, the chosen rulesets, the options and a scratch the caller owns (used
// by this replay only while it runs). Guarantees: run() replays the main line once on one board
// and returns the audit; it never throws for bad input; a record that is not auditable gives
// auditable = false and nothing replayed.
class Replay final {
  public:
    Replay(const sgf::GameRecord& rec, std::span<const Ruleset> rulesets,
           const AuditOptions& options, ReplayScratch& scratch);
    GameAudit run();  // turns.cpp

  private:
    using Vertex = game::Vertex;

    // --- turns.cpp: setup and turns -------------------------------------------------------
    std::optional<std::size_t> find_lane(const Ruleset& r) const;
    // A record issue, listed under the listing limits (issues_).
    void issue(std::uint32_t move, std::uint32_t offset, IssuePayload facts,
               IssueSeverity severity = IssueSeverity::error) {
        issues_.add(move, offset, std::move(facts), severity);
    }
    void setup_start();
    void infer_handicap(int ha);
    static std::vector<sgf::Point> fixed_handicap(int size, int n, bool fox);
    bool layout_fits(const std::vector<sgf::Point>& stones) const;
    void apply_setup_run();
    void apply_setup(const sgf::Event& e);
    void on_setup();
    void on_move(const sgf::Event& e);
    bool placing() const noexcept {
        return out_.handicap_by_plays && out_.handicap < turn_.placement_target;
    }
    void skipped(const sgf::Event& e, game::Color c, Reason why);
    // Lists `ill` under every active lane and, under `stop`, stops each there.
    void illegal_in_every_lane(const Illegal& ill);
    void stop_lane(Lane& l, const game::Board* before);
    EndState state(bool scored) const { return end_state_of(turn_, kata_go_, board_, scored); }
    void on_pass(const sgf::Event& e, game::Color c, bool out_of_turn);
    // Play resumes after a double pass: every active lane waiting at one (inline: called on
    // every play; the loop runs only when some lane waits).
    void resume_pending_lanes() {
        if (any_pending_) resume_waiting_lanes();
    }
    void resume_waiting_lanes();

    // --- judge.cpp: judging a play ----------------------------------------------------------
    void play(const sgf::Event& e, game::Color c, game::Vertex v, bool out_of_turn);
    void note_legality(const sgf::Event& e, game::Color c, const PlayFacts& facts,
                       const std::vector<std::pair<std::size_t, std::optional<Illegal>>>& verdicts,
                       const game::Board* before);
    std::string lane_name(std::size_t i) const { return ruleset_name(lanes_[i].result.ruleset); }

    // Called before every change to board_ once the replay has started (inline: called on every
    // play; the board is copied only when some lane ended on it).
    void board_changes() { counts_.board_changes(board_, lanes_); }

    const sgf::GameRecord& rec_;
    const AuditOptions& options_;
    ReplayScratch& scratch_;
    // The end's counting state: the end boards and their tallies (end_counts.hpp).
    EndCounts counts_{rec_, options_, resolve_dead_policy(rec_, options_)};
    game::Board board_;
    // The board before a play some ruleset may forbid (made only when one comes).
    std::optional<game::Board> before_;
    std::vector<game::Vertex>& removed_ = scratch_.removed;  // the stones the current play removed
    bool any_pending_ = false;  // some active lane may have pending_end (else none has)
    History& history_ = scratch_.history;
    std::vector<Lane> lanes_;
    std::size_t chosen_ = 0;
    std::optional<RuMapping> ru_override_ = map_ru_override(rec_.rules, options_.ru_overrides);
    const RuMapping& ru_ = ru_override_ ? *ru_override_ : scratch_.ru.get(rec_.rules);
    std::optional<std::size_t> ru_lane_;
    GameAudit out_;
    // The listing limits (--max-listed): what is listed of out_'s issues, illegal plays and
    // legality divergences, and what is counted only (issue_list.hpp).
    IssueList issues_{out_, options_.max_listed};
    std::size_t next_event_ = 0;
    TurnState turn_;  // turns.cpp
    // R10's one-stone handicap on a server whose scorer pays the area bonus on it
    // (ServerConvention::one_stone_handicap).
    bool one_stone_handicap_ = false;
    std::uint32_t first_repeat_ = 0;  // R16: the first play that repeated a position (0: none)
    KataGoState kata_go_;             // written by the turns only (turns.cpp), read by the end
    game::Vertex prev_ko_ = game::kNoVertex;
    // Of the current play.
    std::vector<std::pair<std::size_t, std::optional<Illegal>>>& verdicts_ = scratch_.verdicts;
};

}  // namespace sgfaudit::audit::detail
