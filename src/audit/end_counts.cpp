// The counting state at the end of a replay (rules.md 5): EndCounts (end_counts.hpp), the end
// boards lanes keep and the tallies of those boards, once per board and dead-stone choice
// (markup, list, Benson and the judge, the oracle).

#include "end_counts.hpp"

#include <algorithm>

#include "sgfaudit/audit/end_judge.hpp"
#include "sgfaudit/audit/life.hpp"

namespace sgfaudit::audit::detail {

namespace {

// The source a count names for the dead stones of `policy` when no oracle answered (DeadPolicy
// automatic is resolved before counting, and gnugo's counts come from the oracle).
DeadSource source_of(DeadPolicy policy) {
    switch (policy) {
        case DeadPolicy::markup:
            return DeadSource::markup;
        case DeadPolicy::list:
            return DeadSource::list;
        case DeadPolicy::pass_alive:
            return DeadSource::pass_alive;
        case DeadPolicy::gnugo:
            return DeadSource::no_oracle;
        case DeadPolicy::none:
        case DeadPolicy::automatic:
            break;
    }
    return DeadSource::none;
}

}  // namespace

DeadChoice resolve_dead_policy(const sgf::GameRecord& rec, const AuditOptions& options) {
    DeadChoice choice{options.dead, false};
    if (choice.policy == DeadPolicy::automatic) {
        // `--dead auto`: the players' markup where the final node has any, else Benson.
        const bool markup = !rec.territory_black.empty() || !rec.territory_white.empty();
        choice.policy = markup ? DeadPolicy::markup : DeadPolicy::pass_alive;
        // Where Benson leaves the count unsettled, the judge of end positions.
        choice.judge = !markup;
    }
    return choice;
}

void EndCounts::begin(std::span<const Lane> lanes) {
    lanes_ = lanes.size();
    for (const Lane& l : lanes) seki_ |= SekiReadings::of(l.result.ruleset.seki_eyes);
    // At most one tally per lane: no reallocation while one is in use. (end_boards_ grows
    // only during the replay and is read after it: most games keep no board there.)
    tallies_.reserve(lanes_);
}

// Keeps the board a lane ended on (an index into end_boards_); lanes that end on the same
// position share it.
int EndCounts::keep_end_board(const game::Board& b) {
    if (end_boards_.empty() || !end_boards_.back().same_position(b)) {
        // A lane ends once: room for all of them, so no board is copied twice.
        if (end_boards_.empty()) end_boards_.reserve(lanes_);
        end_boards_.push_back(b);
    }
    return static_cast<int>(end_boards_.size()) - 1;
}

// The board as it stands is about to change: the lanes that ended on it get a copy.
void EndCounts::keep_current_board(const game::Board& current, std::span<Lane> lanes) {
    current_kept_ = false;
    const int kept = keep_end_board(current);
    // The current board is about to change: what was judged of it is now the kept board's.
    for (auto& [board, judged] : judged_) {
        if (board == kCurrentBoard) board = kept;
    }
    for (Lane& l : lanes) {
        if (l.end_board == kCurrentBoard) l.end_board = kept;
    }
}

// The tally of a lane's end board, computed once per board and dead-stone choice.
// The oracle (an engine: slow) is asked only about games that ended by two passes, the only
// counts compared with RE; the others are counted as they stand.
const EndCounts::Tallied& EndCounts::tally_of(int board, const game::Board& current, bool strict_tt,
                                              const std::vector<Vertex>& dead, bool scored,
                                              IssueSink& issues) {
    const bool oracle = !strict_tt && scored && dead_.policy == DeadPolicy::gnugo;
    // Benson's dead stones depend on the board, so every end board gets its own analysis,
    // and only the boards of games ended by two passes (the only counts compared with RE or
    // between rulesets): the others are counted as they stand, as for the oracle.
    const bool use_dead =
        !strict_tt &&
        (!dead.empty() || (dead_.policy == DeadPolicy::pass_alive && scored) || oracle);
    // The readings of seki (J 8's, R19; KGS's) are of end positions: a game that did not end
    // by two passes (resigned, on time, unfinished) is counted as it stands by its regions.
    const bool seki_read = scored;
    for (const Tallied& t : tallies_) {
        if (t.board == board && t.use_dead == use_dead && t.seki_read == seki_read) {
            return t;
        }
    }
    const game::Board& b = end_board(board, current);
    // R11: the final node's markup is the server's count of the record's last position.
    if (!strict_tt && board < 0 && dead_.policy == DeadPolicy::markup &&
        (!rec_.territory_black.empty() || !rec_.territory_white.empty())) {
        return tally_by_markup(board, b, dead, issues);
    }
    // The engine is told the record's KM (0 without one), whatever the ruleset's komi: one
    // question per end board.
    if (oracle) return tally_by_oracle(board, b, rec_.komi ? rec_.komi->value : 0.0, issues);
    detail::DeadStones stones;
    if (use_dead) {
        stones = {dead_.policy, dead, dead_.judge,
                  [this, board, &current](const LifeAnalysis& life) -> const EndJudgement& {
                      return judgement(board, current, &life);
                  }};
    }
    Tally tally = detail::tally_position(b, stones, seki_read ? seki_ : detail::SekiReadings{});
    const DeadSource source = tally.judged ? DeadSource::judge : source_of(dead_.policy);
    // The engine's tier: the judge was unsure and an oracle is configured with
    // `--dead auto`: it decides the position (tally_by_oracle), else the count stays unsettled.
    if (dead_.judge && use_dead && !tally.settled && options_.dead_oracle != nullptr) {
        return tally_by_oracle(board, b, rec_.komi ? rec_.komi->value : 0.0, issues, true);
    }
    tallies_.push_back({board, use_dead, std::move(tally), source, {}, {}, seki_read});
    return tallies_.back();
}

const EndJudgement& EndCounts::judgement(int board, const game::Board& current,
                                         const LifeAnalysis* life) {
    for (const auto& [b, judged] : judged_) {
        if (b == board) return *judged;
    }
    const game::Board& b = end_board(board, current);
    judged_.emplace_back(board, std::make_unique<const EndJudgement>(judge_end_position(
                                    b, life != nullptr ? *life : analyse_life(b))));
    return *judged_.back().second;
}

// R11: the markup count of the record's last position, once; where the recount by regions
// differs, the note markup_recount_differs gives both.
const EndCounts::Tallied& EndCounts::tally_by_markup(int board, const game::Board& b,
                                                     const std::vector<Vertex>& dead,
                                                     IssueSink& issues) {
    for (const Tallied& t : tallies_) {
        if (t.board == board && t.use_dead && t.tally.markup) return t;
    }
    const auto vertices = [](const std::vector<sgf::Point>& points) {
        std::vector<Vertex> out;
        out.reserve(points.size());
        for (const sgf::Point& p : points) out.push_back(game::to_vertex(p.x, p.y));
        return out;
    };
    Tally t = detail::tally_markup(b, dead, vertices(rec_.territory_black),
                                   vertices(rec_.territory_white));
    if (t.black_territory != t.recount_black_territory ||
        t.white_territory != t.recount_white_territory) {
        issues.raise(0, 0,
                     issue::MarkupRecountDiffers{.markup_black = t.black_territory,
                                                 .markup_white = t.white_territory,
                                                 .recount_black = t.recount_black_territory,
                                                 .recount_white = t.recount_white_territory},
                     IssueSeverity::note);
    }
    tallies_.push_back({board, true, std::move(t), DeadSource::markup, {}, {}});
    return tallies_.back();
}

namespace {

using game::Vertex;

// The engine's tier: the dead stones of `b` when the judge's verdicts stand where it
// gave one and the oracle's (`oracle_dead`) decide the strings it was unsure of; `engine_dead`
// gets a stone of each string the oracle decided dead. A string is the oracle's dead when it
// names any of its stones.
std::vector<Vertex> judge_then_oracle(const game::Board& b, const EndJudgement& judged,
                                      const std::vector<Vertex>& oracle_dead,
                                      std::vector<sgf::Point>& engine_dead) {
    std::vector<bool> named(game::kCells, false);
    for (const Vertex v : oracle_dead) {
        if (v < game::kCells) named[v] = true;
    }
    std::vector<Vertex> dead = judged.dead;
    for (const JudgedString& s : judged.strings) {
        if (s.verdict != StringVerdict::unsure) continue;
        bool any = false;
        b.for_each_chain_stone(s.stone, [&](Vertex v) { any = any || named[v]; });
        if (!any) continue;
        b.for_each_chain_stone(s.stone, [&](Vertex v) { dead.push_back(v); });
        engine_dead.push_back(point_of(s.stone));
    }
    std::sort(dead.begin(), dead.end());
    return dead;
}

}  // namespace

// `--dead gnugo`: the oracle names the dead stones (each stone), or fails: then the board
// is counted as it is and the count is unsettled (a record check that differs from it is
// `unsettled`, never `mismatch`), with a note saying why. `after_judge` (`--dead auto` with an
// engine): the judge's verdicts stand and the oracle decides only the strings the
// judge was unsure of, unless the judge's finding is implausible (EndJudgement::implausible:
// not relied on), when the oracle decides the whole position.
const EndCounts::Tallied& EndCounts::tally_by_oracle(int board, const game::Board& b, double komi,
                                                     IssueSink& issues, bool after_judge) {
    DeadStonesAnswer answer;
    if (options_.dead_oracle != nullptr) answer = options_.dead_oracle->dead_stones(b, komi);
    Tallied t{board, true, {}, DeadSource::oracle, {}, {}};
    if (answer.dead) {
        std::vector<Vertex> dead = std::move(*answer.dead);
        if (after_judge) {
            const EndJudgement& judged = judgement(board, b);
            if (!judged.implausible) {
                dead = judge_then_oracle(b, judged, dead, t.engine_dead);
                t.source = DeadSource::judge_engine;
            }
        }
        t.tally = detail::tally_position(b, detail::DeadStones{DeadPolicy::gnugo, dead}, seki_);
        t.oracle = options_.dead_oracle->name();
    } else {
        t.tally = detail::tally_position(b, detail::DeadStones{}, seki_);
        t.tally.settled = false;
        t.tally.unsettled = Unsettled::oracle;
        t.source =
            options_.dead_oracle == nullptr ? DeadSource::no_oracle : DeadSource::oracle_failed;
        t.oracle = std::move(answer.failure);
        if (!oracle_failed_) {
            oracle_failed_ = true;
            issues.raise(0, 0,
                         issue::DeadStonesUndecided{.no_oracle = t.source == DeadSource::no_oracle,
                                                    .failure = t.oracle},
                         IssueSeverity::note);
        }
    }
    tallies_.push_back(std::move(t));
    return tallies_.back();
}

}  // namespace sgfaudit::audit::detail
