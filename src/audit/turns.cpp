// Setup and turns (rules.md 2, 3 and 7: R1 to R9).
//
// Takes: the record's events in main-line order. Gives: the start position (root setup, setup
// before the first move, the handicap placed, inferred or played), who moves first, the turn
// order, passes and double passes, setup after the start, and the plays no ruleset allows
// (occupied, off the board, out of turn), with the record issues each raises. Board plays on
// an empty point are handed to the judge (judge.cpp: Replay::play); the end of the record to
// the end (EndOfGame::finish, end_of_game.hpp). Guarantees: every position of the game is in the
// history, in order; each lane's illegal plays are recorded in move order.

#include <algorithm>
#include <array>

#include "end_of_game.hpp"
#include "replay.hpp"

namespace sgfaudit::audit::detail {

namespace {

bool is_setup(sgf::EventKind k) {
    return k == sgf::EventKind::add_black || k == sgf::EventKind::add_white ||
           k == sgf::EventKind::add_empty;
}

}  // namespace

Replay::Replay(const sgf::GameRecord& rec, std::span<const Ruleset> rulesets,
               const AuditOptions& options, ReplayScratch& scratch)
    : rec_(rec), options_(options), scratch_(scratch), board_(rec.size.width, rec.size.height) {
    out_.width = rec.size.width;
    out_.height = rec.size.height;
    // The chosen rulesets and perhaps the record's own: no reallocation afterwards, so the
    // lanes' references into out_.results stay valid. The record's own (internal) result is
    // dropped at the end.
    lanes_.reserve(rulesets.size() + 1);
    out_.results.reserve(rulesets.size() + 1);
    for (const Ruleset& r : rulesets) {
        lanes_.emplace_back(out_.results.emplace_back()).result.ruleset = r;
    }
    chosen_ = rulesets.size();
    // The record check needs the record's own RU ruleset; judge it too when not chosen.
    if (ru_.ruleset) {
        ru_lane_ = find_lane(*ru_.ruleset);
        if (!ru_lane_) {
            Lane& lane = lanes_.emplace_back(out_.results.emplace_back());
            lane.result.ruleset = *ru_.ruleset;
            if (!rulesets.empty()) lane.result.ruleset.komi_override = rulesets[0].komi_override;
            lane.internal = true;
            ru_lane_ = lanes_.size() - 1;
        }
    }
    counts_.begin(lanes_);
}

GameAudit Replay::run() {
    if (!rec_.auditable) {
        out_.auditable = false;
        drop_internal_results(out_, chosen_);
        return std::move(out_);
    }
    setup_start();
    for (; next_event_ < rec_.events.size(); ++next_event_) {
        if ((next_event_ & 4095) == 0 && options_.cancel != nullptr &&
            options_.cancel->load(std::memory_order_relaxed) != 0) {
            drop_internal_results(out_, chosen_);  // unfinished: the caller drops it
            return std::move(out_);
        }
        const sgf::Event& e = rec_.events[next_event_];
        if (e.kind == sgf::EventKind::move) {
            on_move(e);
            // `check --at N`.
            if (options_.position_at != 0 && turn_.move == options_.position_at) {
                out_.position_at = position_of(board_);
            }
        } else if (e.kind == sgf::EventKind::to_play) {
            // R1: PL names the player to move next; the alternation continues from it.
            turn_.expected = to_game(e.color);
        } else {
            on_setup();
        }
    }
    // The end, once the main line is replayed: it reads the turns, KataGo's state and the
    // board, and writes the lanes, the counts and the audit (end_of_game.hpp).
    const PlayedGame played{turn_,    kata_go_, board_,        ru_,
                            ru_lane_, chosen_,  first_repeat_, one_stone_handicap_};
    EndOfGame(rec_, options_, played, lanes_, counts_, issues_, out_).finish();
    return std::move(out_);
}

std::optional<std::size_t> Replay::find_lane(const Ruleset& r) const {
    for (std::size_t i = 0; i < lanes_.size(); ++i) {
        if (same_rules(lanes_[i].result.ruleset, r)) return i;
    }
    return std::nullopt;
}

// The start position: the root's setup (and setup and PL before the first move, R1 and R6),
// the handicap (R4, R5), who moves first (rules.md 2, 3, 7).
void Replay::setup_start() {
    bool later_setup_noted = false;
    std::optional<game::Color> to_play;
    if (rec_.to_play) to_play = to_game(*rec_.to_play);
    while (next_event_ < rec_.events.size() &&
           rec_.events[next_event_].kind != sgf::EventKind::move) {
        const sgf::Event& e = rec_.events[next_event_];
        if (e.kind == sgf::EventKind::to_play) {
            to_play = to_game(e.color);  // R1
        } else {
            apply_setup_run();  // this event and the setup events right after it
            if (e.depth > 0 && !later_setup_noted) {
                later_setup_noted = true;
                issue(0, e.offset, issue::SetupAfterRoot{}, IssueSeverity::note);  // R6
            }
        }
        ++next_event_;
    }
    const sgf::Event* first_move =
        next_event_ < rec_.events.size() ? &rec_.events[next_event_] : nullptr;
    const int root_black = board_.stones(game::Color::black);
    const int root_white = board_.stones(game::Color::white);
    const int ha = rec_.handicap.value_or(0);
    bool missing = false;
    if (ha >= 2) {
        if (root_black > 0) {
            // R4: n = min(HA, Black setup stones before the first move).
            out_.handicap = std::min(ha, root_black);
            if (root_black != ha) {
                issue(0, 0,
                      issue::HandicapMismatch{
                          .ha = ha, .black_stones = root_black, .taken = out_.handicap});
            }
        } else if (first_move != nullptr && first_move->color == sgf::Color::white &&
                   !first_move->pass) {
            // R5: no stone before the first move and White plays first.
            missing = true;
            infer_handicap(ha);
        } else {
            // TT comment 5, FFG preliminary rule: the first n Black plays are the placement;
            // n counts the stones placed (R4).
            out_.handicap_by_plays = true;
            turn_.placement_target = ha;
        }
    }

    // Who moves first (rules.md 3, R1): PL; White after an AB handicap (AGA 2) or
    // where the handicap is missing (R5); the colour of the first play in a position record;
    // else Black (TT 5, AGA 2).
    if (to_play) {
        turn_.first = *to_play;
    } else if (missing || (out_.handicap >= 2 && !out_.handicap_by_plays)) {
        turn_.first = game::Color::white;
    } else if ((root_black > 0 || root_white > 0) && first_move != nullptr) {
        turn_.first = to_game(first_move->color);
    } else {
        turn_.first = game::Color::black;
    }
    out_.first_player = turn_.first;
    turn_.expected = turn_.first;

    if (ha < 2 && (root_black > 0 || root_white > 0)) {
        // R10: one Black stone with White to move is how OGS records a one-stone handicap.
        const bool ogs_one =
            root_black == 1 && root_white == 0 && turn_.first == game::Color::white;
        issue(0, 0,
              issue::SetupWithoutHandicap{.black_stones = root_black, .white_stones = root_white},
              ogs_one ? IssueSeverity::note : IssueSeverity::error);
        const ServerConvention* server = server_convention(rec_.place);
        one_stone_handicap_ = ogs_one && server != nullptr && server->one_stone_handicap;
    } else if (ha < 2 && rec_.handicap && ha == 1) {
        issue(0, 0, issue::HandicapOne{}, IssueSeverity::note);
    }
    // (An empty start position has no string at all: the scan of the board is skipped.)
    if ((root_black > 0 || root_white > 0) &&
        board_.find_string_without_liberties() != game::kNoVertex) {
        issue(0, 0, issue::NoLibertiesAfterSetup{});
    }

    // The start position counts as made by a board play of the player who does not move
    // first (rules.md 2; FFG preliminary rule, TT comment 5).
    // Reserved by positions, not events: one per move and the start (a setup node after
    // the start adds one more, the history grows for it), never one per setup point.
    history_.reset(board_.snapshot_size(),
                   std::min<std::size_t>(rec_.moves, rec_.events.size()) + 1);
    history_.add(board_, 0, detail::maker_of(game::opponent(turn_.first)), true);

    if (rec_.komi && rec_.komi->adjusted) {
        issue(0, 0, issue::KomiQuirk{.komi = rec_.komi->value, .km_text = rec_.komi_text},
              IssueSeverity::note);  // R3
    }
}

// R5: HA >= 2, no Black stone before the first move, White plays first. On 19x19, 13x13 and
// 9x9, where GTP 2's fixed_handicap defines the count, the stones are inferred: the first
// layout under which no play of the main line lands on an occupied point (GTP 2's; for 6 and
// 7 stones then Fox's older one with the side stones on the top and bottom), else GTP 2's.
// Elsewhere nothing is placed and n = 0.
void Replay::infer_handicap(int ha) {
    const int size = rec_.size.width;
    std::array<std::vector<sgf::Point>, 2> layouts;
    std::size_t count = 0;
    if (rec_.size.width == rec_.size.height && (size == 19 || size == 13 || size == 9)) {
        layouts[0] = fixed_handicap(size, ha, false);
        if (!layouts[0].empty()) count = 1;
        if (count == 1 && (ha == 6 || ha == 7)) {
            layouts[1] = fixed_handicap(size, ha, true);
            count = 2;
        }
    }
    std::size_t chosen = 0;
    for (std::size_t i = 0; i < count; ++i) {
        if (layout_fits(layouts[i])) {
            chosen = i;
            break;
        }
    }
    std::vector<sgf::Point> placed;
    if (count > 0) {
        for (const sgf::Point& p : layouts[chosen]) {
            const game::Vertex v = game::to_vertex(p.x, p.y);
            if (board_.at(v) != game::Cell::empty) continue;  // never over a setup stone
            board_.set_stone(v, game::Color::black);
            placed.push_back(p);
        }
        out_.handicap = ha;
    }
    issue(0, 0, issue::HandicapMissing{.ha = ha});
    if (count > 0) {
        issue(0, 0,
              issue::HandicapInferred{
                  .ha = ha, .fox_layout = chosen == 1, .stones = std::move(placed)},
              IssueSeverity::note);
    }
}

// GTP 2's fixed_handicap points of `n` stones on a size x size board (odd size >= 9: up to 9
// stones; the corner stones on the third line below 13x13, else on the fourth), or none.
// `fox`: for 6 and 7 stones, the two side stones on the top and bottom instead.
std::vector<sgf::Point> Replay::fixed_handicap(int size, int n, bool fox) {
    if (size < 9 || size % 2 == 0 || n < 2 || n > 9) return {};
    const int edge = size < 13 ? 2 : 3;
    const int lo = edge, mid = (size - 1) / 2, hi = size - 1 - edge;
    // Columns and rows counted from the lower left (GTP); SGF rows from the top.
    const auto at = [&](int col, int row) {
        return sgf::Point{static_cast<std::uint8_t>(col),
                          static_cast<std::uint8_t>(size - 1 - row)};
    };
    std::vector<sgf::Point> p = {at(lo, lo), at(hi, hi)};  // D4, Q16
    if (n >= 3) p.push_back(at(lo, hi));                   // D16
    if (n >= 4) p.push_back(at(hi, lo));                   // Q4
    if (n >= 6) {
        if (fox && n <= 7) {
            p.push_back(at(mid, hi));  // K16
            p.push_back(at(mid, lo));  // K4
        } else {
            p.push_back(at(lo, mid));  // D10
            p.push_back(at(hi, mid));  // Q10
        }
    }
    if (n >= 8) {
        p.push_back(at(mid, lo));  // K4
        p.push_back(at(mid, hi));  // K16
    }
    if (n % 2 == 1 && n >= 5) p.push_back(at(mid, mid));  // K10
    return p;
}

// Whether no play of the main line lands on an occupied point with `stones` added to the
// start position (TT 7 physics, setup applied, skipped plays skipped).
bool Replay::layout_fits(const std::vector<sgf::Point>& stones) const {
    game::Board b = board_;
    for (const sgf::Point& p : stones) {
        const game::Vertex v = game::to_vertex(p.x, p.y);
        if (b.at(v) != game::Cell::empty) return false;  // a White setup stone is there
        b.set_stone(v, game::Color::black);
    }
    for (std::size_t i = next_event_; i < rec_.events.size(); ++i) {
        const sgf::Event& e = rec_.events[i];
        if (e.kind == sgf::EventKind::to_play) continue;
        const game::Vertex v = game::to_vertex(std::min<int>(e.point.x, game::kMaxSide - 1),
                                               std::min<int>(e.point.y, game::kMaxSide - 1));
        if (e.kind != sgf::EventKind::move) {
            if (!b.on_board(v)) continue;
            if (e.kind == sgf::EventKind::add_black) b.set_stone(v, game::Color::black);
            if (e.kind == sgf::EventKind::add_white) b.set_stone(v, game::Color::white);
            if (e.kind == sgf::EventKind::add_empty) b.clear(v);
            continue;
        }
        if (e.pass || e.off_board || !b.on_board(v)) continue;
        if (b.at(v) != game::Cell::empty) return false;
        b.play(v, to_game(e.color), true);
    }
    return true;
}

// Applies the setup event at next_event_ and the setup events of the same node right after
// it, leaving next_event_ at the last one applied. One by one when they are few; many (a
// rectangle such as AE[aa:ZZ] over a large string, where each cleared stone makes the board
// rebuild what is left of its string: quadratic in the points) are applied to a copy of the
// cells, and the board is made again from them, once.
void Replay::apply_setup_run() {
    const std::uint32_t depth = rec_.events[next_event_].depth;
    std::size_t end = next_event_ + 1;
    while (end < rec_.events.size() && rec_.events[end].depth == depth &&
           is_setup(rec_.events[end].kind))
        ++end;
    constexpr std::size_t kFew = 32;
    if (end - next_event_ <= kFew) {
        for (; next_event_ < end; ++next_event_) apply_setup(rec_.events[next_event_]);
        --next_event_;
        return;
    }
    std::array<game::Cell, game::kCells> cells;
    for (game::Vertex v = 0; v < game::kCells; ++v) cells[v] = board_.at(v);
    for (; next_event_ < end; ++next_event_) {
        const sgf::Event& e = rec_.events[next_event_];
        const game::Vertex v = game::to_vertex(e.point.x, e.point.y);
        if (!board_.on_board(v)) continue;  // the reader keeps only points on the board
        cells[v] = e.kind == sgf::EventKind::add_black   ? game::Cell::black
                   : e.kind == sgf::EventKind::add_white ? game::Cell::white
                                                         : game::Cell::empty;
    }
    --next_event_;
    game::Board fresh(board_.width(), board_.height());
    for (int y = 0; y < board_.height(); ++y) {
        for (int x = 0; x < board_.width(); ++x) {
            const game::Cell c = cells[game::to_vertex(x, y)];
            if (c == game::Cell::black) fresh.set_stone(game::to_vertex(x, y), game::Color::black);
            if (c == game::Cell::white) fresh.set_stone(game::to_vertex(x, y), game::Color::white);
        }
    }
    board_ = fresh;
}

void Replay::apply_setup(const sgf::Event& e) {
    const game::Vertex v = game::to_vertex(e.point.x, e.point.y);
    if (!board_.on_board(v)) return;  // the reader keeps only points on the board
    switch (e.kind) {
        case sgf::EventKind::add_black:
            board_.set_stone(v, game::Color::black);
            break;
        case sgf::EventKind::add_white:
            board_.set_stone(v, game::Color::white);
            break;
        case sgf::EventKind::add_empty:
            board_.clear(v);
            break;
        case sgf::EventKind::move:
        case sgf::EventKind::to_play:
            break;
    }
}

// Setup after the first move: not a turn, the history is kept (rules.md 2).
void Replay::on_setup() {
    board_changes();
    apply_setup_run();  // leaves next_event_ at the last setup event of the run
    const sgf::Event& e = rec_.events[next_event_];
    // Positions after setup count for psk only. Record one per node: the last setup event
    // of a node adds the position.
    const bool last_of_node = next_event_ + 1 >= rec_.events.size() ||
                              rec_.events[next_event_ + 1].depth != e.depth ||
                              !is_setup(rec_.events[next_event_ + 1].kind);
    if (last_of_node) {
        history_.add(board_, turn_.move, Maker::setup, false);
        issue(turn_.move, e.offset, issue::SetupAfterStart{});
        prev_ko_ = game::kNoVertex;
    }
}

void Replay::on_move(const sgf::Event& e) {
    ++turn_.move;
    // R7: a ruleset stopped at this move is counted on the state before it (only `stop`
    // stops a ruleset: stop_lane is its only reader).
    if (options_.on_illegal == IllegalPolicy::stop) turn_.before_state = state(false);
    const game::Color c = to_game(e.color);
    // Turn order (AGA 8, TT 5, FFG 1), handicap placement by plays (TT comment 5, FFG
    // preliminary rule; R4, R9).
    bool out_of_turn = false;
    if (placing()) {
        if (c == game::Color::black && !e.pass) {
            ++out_.handicap;  // R4: n counts the stones placed
            if (!placing()) turn_.expected = game::Color::white;
        } else if (c == game::Color::white && e.pass) {
            // FFG preliminary rule: White passes during the placement. R4: such a pass is
            // part of the placement: no pass stone, never part of a double pass.
            turn_.last_turn = c;
            turn_.any_turn = true;
            turn_.consecutive_passes = 0;
            prev_ko_ = game::kNoVertex;
            history_.add(board_, turn_.move, detail::maker_of(c), false);
            return;
        } else {
            // R4, R9: a White play or a Black pass ends the placement and is in turn.
            issue(turn_.move, e.offset,
                  issue::PlacementInterrupted{
                      .pass = e.pass, .due = turn_.placement_target, .taken = out_.handicap});
            turn_.placement_target = out_.handicap;
            turn_.expected = game::opponent(c);
        }
    } else {
        out_of_turn = c != turn_.expected;
        turn_.expected = game::opponent(c);
    }
    turn_.last_turn = c;
    turn_.any_turn = true;

    if (e.pass) {
        on_pass(e, c, out_of_turn);
        return;
    }
    turn_.consecutive_passes = 0;
    kata_go_.not_pass();
    if (e.off_board) {
        skipped(e, c, Reason::off_board);  // R2
        return;
    }
    const game::Vertex v = game::to_vertex(e.point.x, e.point.y);
    if (e.point.x >= rec_.size.width || e.point.y >= rec_.size.height || !board_.on_board(v)) {
        skipped(e, c, Reason::off_board);
        return;
    }
    if (board_.at(v) != game::Cell::empty) {
        skipped(e, c, Reason::occupied);
        return;
    }
    play(e, c, v, out_of_turn);
}

// Play resumes after a double pass (AGA 10, FFG 5a; R8): every active lane waiting at one.
void Replay::resume_waiting_lanes() {
    for (Lane& l : lanes_) {
        if (l.active && l.pending_end) {
            l.pending_end = false;
            l.result.resumed = true;
        }
    }
    any_pending_ = false;
}

// A play that cannot stand: every ruleset calls it illegal; no position, no pass stone.
void Replay::skipped(const sgf::Event& e, game::Color c, Reason why) {
    Illegal ill;
    ill.move = turn_.move;
    ill.color = c;
    ill.point = e.point;
    ill.reason = why;
    ill.clause = clause(why == Reason::occupied ? CommonRule::occupied : CommonRule::off_board);
    ill.applied = false;
    illegal_in_every_lane(ill);
    if (why == Reason::occupied) {
        issue(turn_.move, e.offset, issue::Occupied{.color = c, .point = e.point});
    } else {
        issue(turn_.move, e.offset, issue::OffBoard{.color = c, .point = e.point});
    }
    prev_ko_ = game::kNoVertex;
}

// A play every ruleset still judging calls illegal (skipped, a pass out of turn): listed under
// each active lane, which stops there under `stop` on the board as it stands.
void Replay::illegal_in_every_lane(const Illegal& ill) {
    for (Lane& l : lanes_) {
        if (!l.active) continue;
        issues_.add_illegal(l.result, ill);
        if (options_.on_illegal == IllegalPolicy::stop) stop_lane(l, nullptr);
    }
}

// `before`: the board the lane stops on, or nullptr for the board as it stands. R7: the
// ruleset ends with the move before the illegal one, counted on the state before it. A lane
// whose game had ended by a double pass (resumable, nothing played since) ends there.
void Replay::stop_lane(Lane& l, const game::Board* before) {
    l.active = false;
    l.end_state = turn_.before_state;
    if (l.pending_end) {
        l.pending_end = false;
        l.result.end = EndKind::two_passes;
        l.result.end_move = l.last_double_pass;
        l.end_state.scored = true;
    } else {
        l.result.end = EndKind::stopped;
        l.result.end_move = turn_.move - 1;
    }
    l.end_board =
        before != nullptr ? counts_.keep_end_board(*before) : counts_.end_on_current_board();
}

EndState end_state_of(const TurnState& turns, const KataGoState& kata_go, const game::Board& board,
                      bool scored) {
    detail::EndState s;
    s.captures_by_black = turns.captures[0];
    s.captures_by_white = turns.captures[1];
    s.passes_black = turns.passes[0];
    s.passes_white = turns.passes[1];
    s.black_moved_last = turns.any_turn && turns.last_turn == game::Color::black;
    s.scored = scored;
    s.first_passer = kata_go.first_passer();
    // KG encore: every stone a colour placed (setup included) is on the board or was removed;
    // counted up to the start of the second cleanup phase.
    const game::Board* encore = kata_go.second_encore_board();
    const game::Board& b = encore != nullptr ? *encore : board;
    const std::array<int, 2>& lost =
        encore != nullptr ? kata_go.second_encore_captures() : turns.captures;
    s.played_black = b.stones(game::Color::black) + lost[1];
    s.played_white = b.stones(game::Color::white) + lost[0];
    return s;
}

void Replay::on_pass(const sgf::Event& e, game::Color c, bool out_of_turn) {
    if (out_of_turn) {
        Illegal ill;
        ill.move = turn_.move;
        ill.color = c;
        ill.pass = true;
        ill.reason = Reason::out_of_turn;
        ill.clause = clause(CommonRule::out_of_turn);
        illegal_in_every_lane(ill);
        issue(turn_.move, e.offset, issue::OutOfTurn{.color = c, .pass = true});
    }
    ++turn_.passes[idx(c)];
    ++turn_.consecutive_passes;
    // KG button; KG encore: two passes in a row end the game, then each cleanup phase.
    kata_go_.pass(c, board_, turn_.captures);
    prev_ko_ = game::kNoVertex;
    if (turn_.consecutive_passes == 1) {
        // A pass after a skipped play that followed a double pass resumes the game (R8);
        // it is no double pass itself (the skipped play broke the run of passes).
        resume_pending_lanes();
    }
    // A pass is a turn: its position counts for ssk, not for nssk (rules.md 2).
    history_.add(board_, turn_.move, detail::maker_of(c), false);
    if (turn_.consecutive_passes < 2) return;
    // Two consecutive passes end the game (TT 8, AGA 9, FFG 5).
    for (Lane& l : lanes_) {
        if (!l.active) continue;
        if (l.result.ruleset.end == GameEnd::final) {
            l.active = false;
            l.result.end = EndKind::two_passes;
            l.result.end_move = turn_.move;
            l.end_state = state(true);
            l.end_board = counts_.end_on_current_board();
        } else {
            l.pending_end = true;
            l.last_double_pass = turn_.move;
            any_pending_ = true;
        }
    }
}

}  // namespace sgfaudit::audit::detail
