#pragma once
// Internal: the one physical replay of a game record behind audit_game (rules.md 2 to 6),
// split along its own steps. Each step lives in its own translation unit:
//
//   turns.cpp         setup and turns: the start position, handicap, turn order, passes, plays
//                     no ruleset allows (Replay::run, setup_start, on_move, on_pass, ...)
//   judge.cpp         judging a play under every ruleset (judge_play, Replay::play), with the
//                     legality divergences and the record issues a play raises
//   end.cpp           the end of each ruleset's game and its count (Replay::finish)
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

namespace sgfaudit::audit::detail {

constexpr int idx(game::Color c) {
    return c == game::Color::black ? 0 : 1;
}

constexpr game::Color to_game(sgf::Color c) {
    return c == sgf::Color::black ? game::Color::black : game::Color::white;
}

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

// The turn order of one replay (rules.md 3: R1 to R9): written by the turns (turns.cpp) and
// the plays (judge.cpp), read by the end (end.cpp) through Replay::turns().
struct TurnState {
    std::uint32_t move = 0;  // moves so far, passes counted: the number of the current move
    game::Color first = game::Color::black;      // who moved first
    game::Color expected = game::Color::black;   // who is to move next
    game::Color last_turn = game::Color::black;  // who moved last (when any_turn)
    bool any_turn = false;
    int placement_target = 0;  // HA, while placement by plays is under way (R4)
    EndState before_state;     // the state before the current move (R7), kept under `stop` only
    int consecutive_passes = 0;
    std::array<int, 2> captures{};  // stones held by Black, by White
    std::array<int, 2> passes{};
};

// KataGo's button and encore (KG button; KG encore, dead=pass-alive): written by the turns only
// (turns.cpp: a pass, a board play), read through const access by the state a lane ends in
// (Replay::state: the first passer, the stones placed) and by the KG score of the end
// (end.cpp, counterfactual.cpp: the board when the second cleanup phase began).
class KataGoState {
  public:
    // A pass by `c`, with the board and the stones held (TurnState::captures) as they stand:
    // the first passer is the button's; two passes in a row end the game, then each cleanup
    // phase (the game is phase 0, the cleanup phases 1 and 2, then over).
    void pass(game::Color c, const game::Board& board, const std::array<int, 2>& captures) {
        if (first_passer_ < 0) first_passer_ = idx(c);  // KG button
        if (++encore_passes_ == 2) {
            encore_passes_ = 0;
            if (++encore_phase_ == 2) {
                second_encore_board_ = board;
                second_encore_captures_ = captures;
            }
        }
    }
    // A move that is not a pass breaks the run of passes.
    void not_pass() noexcept { encore_passes_ = 0; }

    // The first passer (0 Black, 1 White, -1 none).
    int first_passer() const noexcept { return first_passer_; }
    // The board when the second cleanup phase began, or nullptr before it.
    const game::Board* second_encore_board() const noexcept {
        return second_encore_board_ ? &*second_encore_board_ : nullptr;
    }
    // The stones held by Black and White when the second cleanup phase began (with
    // second_encore_board only).
    const std::array<int, 2>& second_encore_captures() const noexcept {
        return second_encore_captures_;
    }

  private:
    int first_passer_ = -1;
    int encore_phase_ = 0;
    int encore_passes_ = 0;
    std::optional<game::Board> second_encore_board_;
    std::array<int, 2> second_encore_captures_{};
};

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
    void drop_internal_results();
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
    EndState state(bool scored) const;
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

    // --- end.cpp: the end of each ruleset's game and its count -------------------------------
    // The turn order as the turns left it: what the end reads of it (only the turns and the
    // plays write turn_).
    const TurnState& turns() const noexcept { return turn_; }
    // KataGo's button and encore as the turns left them (only the turns write kata_go_).
    const KataGoState& kata_go() const noexcept { return kata_go_; }
    void finish();
    // Gives an active lane its end (two passes, the record's end, counted, no moves), its end
    // state and its end board (the current one). by_result: R13's reading of RE applies.
    void end_lane(Lane& l, bool by_result);
    // Counts a lane at its end under its ruleset (komi, dead stones, tally, score).
    void count_lane(Lane& l, const std::vector<Vertex>& dead);
    // Everything that reads the counts: unsure strings named, counts drawn, divergences, the
    // record check and its conventions, plausibility, flips; then the internal RU lane dropped
    // and the divergences ordered.
    void check_counts(const std::vector<Vertex>& dead);
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
    bool j8_may_reach(const Lane& l, const std::vector<Vertex>& removed,
                      const detail::KomiChoice& komi, std::optional<double> fox_komi);
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
    // --- counterfactual.cpp: which knob alone flips an outcome or reproduces RE ---
    void find_flips(const std::vector<Vertex>& dead);
    // --- count_map.cpp: the count drawn -----------------------------------
    void draw_counts();
    std::optional<Score> rescore(const Ruleset& r, const Lane& ended,
                                 const std::vector<Vertex>& dead);
    std::vector<KnobFlip> outcome_flips(std::size_t a, std::size_t b,
                                        const std::vector<Vertex>& dead);
    std::vector<KnobFlip> record_flips(std::size_t r, const std::vector<Vertex>& dead);
    void try_conventions(const Lane& l);
    EndState counted_state() const;
    std::vector<Vertex> dead_points();
    const game::Board& end_board(const Lane& l) const {
        return counts_.end_board(l.end_board, board_);
    }
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
    KataGoState kata_go_;             // written by the turns only (turns.cpp)
    game::Vertex prev_ko_ = game::kNoVertex;
    // Of the current play.
    std::vector<std::pair<std::size_t, std::optional<Illegal>>>& verdicts_ = scratch_.verdicts;
};

}  // namespace sgfaudit::audit::detail
