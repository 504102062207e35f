#pragma once
// Internal: the counting state at the end of a replay (rules.md 5), a part of Replay (replay.hpp)
// with its own state: the boards lanes ended on before the record's end, and the tallies of the
// end boards, one per board and dead-stone choice. Its inputs are explicit: the record, the
// options (the oracle), the dead-stone choice resolved once per game, the readings of seki the
// lanes count with, the board as it stands and the lanes (given by the caller), and where the
// record issues a count raises go (an IssueSink).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "scoring.hpp"
#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/game/board.hpp"
#include "sgfaudit/sgf/record.hpp"

namespace sgfaudit::audit::detail {

// Lane::end_board of a lane that ended on the board as it stands now: the board is copied into
// EndCounts' kept boards only if it changes before the record ends (most games end right there).
constexpr int kCurrentBoard = -2;

// Per-ruleset replay state, shared by the turns, the judge and the end.
struct Lane {
    explicit Lane(RulesetResult& r) : result(r) {}
    RulesetResult& result;     // in GameAudit::results, where the lanes' results are built
    bool active = true;        // still judging plays (false: ended under `final`, or stopped)
    bool pending_end = false;  // resumable: a double pass was seen and nothing played since
    std::uint32_t last_double_pass = 0;
    EndState end_state;
    int end_board = -1;     // the board when the game ended (final / stop): an index into
                            // EndCounts' kept boards; -1: the board at the end of the record;
                            // kCurrentBoard: the board as it stands (kept when it changes)
    bool internal = false;  // added only for the record check
    int tally = -1;         // index of its count in EndCounts::tallied (-1: counted otherwise)
};

// Where the record issues of a count go (IssueList, issue_list.hpp: listed under
// AuditOptions::max_listed).
class IssueSink {
  public:
    virtual void raise(std::uint32_t move, std::uint32_t offset, IssuePayload facts,
                       IssueSeverity severity) = 0;

  protected:
    IssueSink() = default;
    IssueSink(const IssueSink&) = default;
    IssueSink& operator=(const IssueSink&) = default;
    ~IssueSink() = default;
};

// `--dead` with `auto` resolved for one record.
struct DeadChoice {
    DeadPolicy policy = DeadPolicy::none;
    bool judge = false;  // `auto` resolved to pass_alive: the judge's tier too
};

// Takes: the record and the options. Gives: options.dead, with `auto` resolved: the players'
// markup where the final node has any, else Benson with the judge of end positions.
DeadChoice resolve_dead_policy(const sgf::GameRecord& rec, const AuditOptions& options);

// The end boards and the tallies of one replay. Guarantees: a position is tallied once per end
// board and dead-stone choice; the oracle is asked once per end board; a board is copied only
// when a lane ended on it and it is about to change.
class EndCounts {
  public:
    using Vertex = game::Vertex;

    // A tally of an end board, with where its dead stones came from.
    struct Tallied {
        int board;
        bool use_dead;
        Tally tally;
        DeadSource source;   // how its dead stones were chosen
        std::string oracle;  // oracle: its name; oracle_failed: why (Score::dead_oracle)
        std::vector<sgf::Point> engine_dead;  // judge_engine: Score::engine_dead
        // Counted with the lanes' readings of seki (seki_eyes_counted): the count of a game
        // ended by two passes or counted (R13). A board counted as it stands is not an end
        // position, and its as-is count reads no seki (regions only).
        bool seki_read = true;
    };

    EndCounts(const sgf::GameRecord& rec, const AuditOptions& options, DeadChoice dead)
        : rec_(rec), options_(options), dead_(dead) {}

    // The lanes are known (once, before the replay): room for their tallies, and the readings
    // of seki they count with.
    void begin(std::span<const Lane> lanes);

    DeadChoice dead() const noexcept { return dead_; }
    // The readings of seki the lanes count with (seki-eyes other than territory): a tally makes
    // only those.
    SekiReadings seki_eyes_counted() const noexcept { return seki_; }

    // The board a lane ended on (Lane::end_board), `current` for -1.
    const game::Board& end_board(int board, const game::Board& current) const {
        return board < 0 ? current : end_boards_[static_cast<std::size_t>(board)];
    }
    // Keeps the board a lane ended on; gives its index (lanes that end on the same position
    // share it).
    int keep_end_board(const game::Board& b);
    // A lane ends on the board as it stands: kept when it is about to change (board_changes).
    int end_on_current_board() {
        current_kept_ = true;
        return kCurrentBoard;
    }
    // Called before every change to `current` once the replay has started (inline: called on
    // every play; the board is copied only when some lane ended on it).
    void board_changes(const game::Board& current, std::span<Lane> lanes) {
        if (current_kept_) keep_current_board(current, lanes);
    }

    // The tally of a lane's end board (`board`, `current` for -1), computed once per board and
    // dead-stone choice; `dead`: the dead stones of the record's policy (markup, list).
    const Tallied& tally_of(int board, const game::Board& current, bool strict_tt,
                            const std::vector<Vertex>& dead, bool scored, IssueSink& issues);
    const Tallied& tallied(int index) const { return tallies_[static_cast<std::size_t>(index)]; }
    // The judge's finding on an end board (`board`, `current` for -1): Benson's analysis, then
    // the judge of end positions, made once per board and kept for every count and reading of
    // it (the tally, the unsure strings named, R20's decisions). `life`: Benson's analysis of
    // that board when the caller has made it (else made here).
    const EndJudgement& judgement(int board, const game::Board& current,
                                  const LifeAnalysis* life = nullptr);
    int index_of(const Tallied& t) const { return static_cast<int>(&t - tallies_.data()); }

  private:
    void keep_current_board(const game::Board& current, std::span<Lane> lanes);
    const Tallied& tally_by_oracle(int board, const game::Board& b, double komi, IssueSink& issues,
                                   bool after_judge = false);
    const Tallied& tally_by_markup(int board, const game::Board& b, const std::vector<Vertex>& dead,
                                   IssueSink& issues);

    const sgf::GameRecord& rec_;
    const AuditOptions& options_;
    DeadChoice dead_;
    SekiReadings seki_;
    std::size_t lanes_ = 0;
    std::vector<game::Board> end_boards_;  // boards lanes ended on before the record's end
    bool current_kept_ = false;            // some lane's end_board is kCurrentBoard
    std::vector<Tallied> tallies_;
    // judgement(): per end board index (kCurrentBoard too), the judge's finding.
    std::vector<std::pair<int, std::unique_ptr<const EndJudgement>>> judged_;
    bool oracle_failed_ = false;  // the dead_stones_undecided note was given
};

}  // namespace sgfaudit::audit::detail
