// The end of each ruleset's game and its count (rules.md 4 and 5).
//
// EndOfGame::finish takes the lanes as the replay left them. It gives each chosen ruleset its end
// (two passes, the record's end, stopped, no moves), the moves after a `final` end, and its
// count: komi chosen, dead stones decided once per end board and dead-stone choice (markup,
// list, Benson, the oracle), the position tallied once and scored under the ruleset. Then it
// hands over to the divergences after the replay (divergences.cpp) and the record check
// (record_check.cpp), and leaves GameAudit ordered (divergences by kind, then move) with the
// internal RU lane dropped. The end boards and their tallies are EndCounts' (end_counts.cpp).

#include <algorithm>
#include <bit>
#include <cassert>

#include "after_replay.hpp"
#include "end_of_game.hpp"
#include "fox.hpp"
#include "sgfaudit/audit/end_judge.hpp"
#include "sgfaudit/audit/life.hpp"

namespace sgfaudit::audit::detail {

KomiChoice choose_komi(const sgf::GameRecord& rec, const Ruleset& r, int handicap) {
    if (r.komi_override) return {*r.komi_override, KomiSource::komi_override, {}};
    if (rec.komi) {
        if (rec.komi->adjusted) {
            return {rec.komi->value, KomiSource::record_adjusted, rec.komi_text};
        }
        return {rec.komi->value, KomiSource::record, {}};
    }
    // A server that writes no KM for komi 0 (ServerConvention, docs/rules-notes.md).
    if (!rec.komi_given) {
        const ServerConvention* server = server_convention(rec.place);
        if (server != nullptr && server->komi_without_km) {
            return {*server->komi_without_km, KomiSource::server_convention,
                    std::string(server->server)};
        }
    }
    // rules.md 1: default komi when KM is absent (002 rule 3 for AGA).
    const KomiSource source =
        rec.komi_given ? KomiSource::km_unreadable : KomiSource::ruleset_default;
    if (handicap >= 2) return {r.default_komi_handicap, source, {}};
    return {r.default_komi_even, source, {}};
}

void drop_internal_results(GameAudit& out, std::size_t chosen) {
    out.results.erase(out.results.begin() + static_cast<std::ptrdiff_t>(chosen), out.results.end());
}

void EndOfGame::finish() {
    out_.moves = turns().move;
    for (Lane& l : lanes_) {
        if (l.end_board == kCurrentBoard) l.end_board = -1;  // the board never changed since
    }
    std::vector<Vertex> dead = dead_points();
    // R13: a record that stops without two passes and whose RE is a score with a margin above
    // zero was counted at its last position.
    const bool by_result = turns().move > 0 && rec_.result &&
                           rec_.result->kind == sgf::ResultKind::score && rec_.result->margin &&
                           *rec_.result->margin > 0.0;
    bool noted = false;
    for (Lane& l : lanes_) {
        RulesetResult& res = l.result;
        if (l.active) end_lane(l, by_result);
        if (res.end == EndKind::counted && !noted) {
            noted = true;
            issue(res.end_move, 0, issue::EndByResult{}, IssueSeverity::note);
        }
        if (res.end == EndKind::two_passes && res.ruleset.end == GameEnd::final) {
            res.moves_after_end = turns().move - res.end_move;
        }
        count_lane(l, dead);
    }
    check_counts(dead);
}

void EndOfGame::end_lane(Lane& l, bool by_result) {
    RulesetResult& res = l.result;
    if (turns().move == 0) {
        res.end = EndKind::no_moves;
        res.end_move = 0;
        l.end_state = state(false);
    } else if (l.pending_end) {
        res.end = EndKind::two_passes;
        res.end_move = l.last_double_pass;
        l.end_state = state(true);
    } else {
        // J 12: after a repeated position, a record that stops without two passes
        // with RE Void is a game the players ended without result.
        res.end =
            res.repeated_move != 0 && rec_.result && rec_.result->kind == sgf::ResultKind::void_game
                ? EndKind::no_result
                : EndKind::record_end;
        res.end_move = turns().move;
        l.end_state = state(false);
        // KG end: KataGo's programs end a game where every point is pass-alive.
        if (res.end == EndKind::record_end && res.ruleset.dead == DeadRule::pass_alive &&
            detail::every_point_pass_alive(board_, res.ruleset.suicide == Suicide::multi_stone)) {
            res.end = EndKind::all_pass_alive;
            l.end_state = state(true);
        } else if (res.end == EndKind::record_end && by_result) {
            // R13: counted at the last position, as if passes followed.
            res.end = EndKind::counted;
            l.end_state = counted_state();
        }
    }
    l.end_board = -1;
}

void EndOfGame::count_lane(Lane& l, const std::vector<Vertex>& dead) {
    RulesetResult& res = l.result;
    // Dead stones (rules.md 5). Strict Tromp-Taylor (dead=as-is, TT 8 without the
    // comment-8 agreement: section 8, Presets) scores the board as it is.
    const bool strict_tt = res.ruleset.dead == DeadRule::as_is;
    const detail::KomiChoice komi = choose_komi(rec_, res.ruleset, out_.handicap);
    if (res.ruleset.dead == DeadRule::pass_alive && l.end_state.scored) {
        // KG score: the rules say which stones are dead; `--dead` is not asked. KG encore:
        // under territory scoring, stones placed in the second cleanup phase count only
        // where pass-alive.
        const game::Board* encore_start = kata_go().second_encore_board();
        const bool encore = res.ruleset.scoring == Scoring::territory && encore_start != nullptr;
        const Tally t = tally_pass_alive_rules(
            end_board(l), res.ruleset.suicide == Suicide::multi_stone,
            detail::SekiReadings::of(res.ruleset.seki_eyes), encore ? encore_start : nullptr);
        res.score = detail::score_position(t, res.ruleset, l.end_state, out_.handicap, komi,
                                           DeadSource::rules_pass_alive, {}, one_stone_handicap_);
        return;
    }
    const EndCounts::Tallied& tallied =
        counts_.tally_of(l.end_board, board_, strict_tt, dead, l.end_state.scored, issues_);
    l.tally = counts_.index_of(tallied);
    const DeadPolicy policy = counts_.dead().policy;
    const DeadSource dead_source = strict_tt ? DeadSource::strict_tt
                                   : policy == DeadPolicy::gnugo && !l.end_state.scored
                                       ? DeadSource::oracle_not_asked
                                   : policy == DeadPolicy::pass_alive && !l.end_state.scored
                                       ? DeadSource::pass_alive_not_decided
                                       : tallied.source;
    res.score = detail::score_position(tallied.tally, res.ruleset, l.end_state, out_.handicap, komi,
                                       dead_source, tallied.oracle, one_stone_handicap_);
    if (dead_source == DeadSource::judge_engine) res.score.engine_dead = tallied.engine_dead;
}

void EndOfGame::check_counts(const std::vector<Vertex>& dead) {
    const EndBoardOf end_board_of = [this](std::size_t i) -> const game::Board& {
        return end_board(lanes_[i]);
    };
    name_unsure_strings(out_.results, end_board_of, [this](std::size_t i) -> const EndJudgement& {
        return counts_.judgement(lanes_[i].end_board, board_);
    });
    const std::span<const RulesetResult> results(out_.results);
    divergences_after_replay(results.first(chosen_), end_board_of, options_.diagrams,
                             out_.divergences);
    check_record(rec_, results, RecordCheckInput{ru_, ru_lane_, chosen_, first_repeat_},
                 end_board_of, options_.diagrams, out_);
    if (out_.record.check == RecordCheck::mismatch && ru_lane_) try_conventions(lanes_[*ru_lane_]);
    if (out_.record.check == RecordCheck::mismatch && ru_lane_) seek_agreement(lanes_[*ru_lane_]);
    if (out_.record.check == RecordCheck::unsettled && ru_lane_) decide_unsure(lanes_[*ru_lane_]);
    check_result_plausibility(
        rec_, out_.handicap, turns().captures, turns().passes,
        turns().any_turn ? std::optional<game::Color>(turns().last_turn) : std::nullopt, out_);
    find_flips(dead);  // counterfactual.cpp
    // A mismatch under RU's own lane (none of the chosen rulesets): its count is kept for the
    // reports to draw (RecordVerdict::own_count) before the lane's result is dropped.
    std::optional<RulesetResult> own;
    if (options_.diagrams && out_.record.check == RecordCheck::mismatch && ru_lane_ &&
        *ru_lane_ >= chosen_) {
        own = lanes_[*ru_lane_].result;
        own->illegal.clear();
        own->illegal_omitted = 0;
    }
    drop_internal_results();
    // The count drawn, for the games the reports show a count of (those with findings, and
    // among them those the caller still draws: AuditOptions::draw_counts_if): most games of an
    // archive have none, and the map is a walk of the end board per count.
    if (options_.diagrams && has_findings(out_) &&
        (!options_.draw_counts_if || options_.draw_counts_if(out_))) {
        draw_counts(std::move(own));  // count_map.cpp
    }
    std::stable_sort(out_.divergences.begin(), out_.divergences.end(),
                     [](const Divergence& a, const Divergence& b) {
                         if (a.kind != b.kind) return a.kind < b.kind;
                         return a.move < b.move;
                     });
}

// R18: a convention with two readings. A mismatch under the first reading (the record as
// written, with the server conventions) that the other reproduces is `convention`, naming it:
// - OGS's one-stone handicap with its point (the server's bonus) or without;
// - Fox's KM[0] in an even game under territory rules, or its komi of 6.5 (fox.hpp);
// - Fox's RE under a komi written in stones (R3's x50 reading): its margin in points, or in
//   stones like the komi (fox.hpp);
// - RU Japanese counted as servers count it (every region reaching one colour) or as J 8 reads
//   a game stopped with dame open (R19: no territory in seki or false eyes).
void EndOfGame::try_conventions(const Lane& l) {
    if (l.tally < 0 || !rec_.result) return;
    const EndCounts::Tallied& counted = counts_.tallied(l.tally);
    const std::optional<Reading> r =
        convention_reading(l, counted.tally, counted.source, counted.oracle);
    if (!r) return;
    RecordVerdict& rv = out_.record;
    rv.check = RecordCheck::convention;
    rv.why = r->why;
    rv.count = r->score.decision();
    rv.difference = 0.0;
    rv.winner_differs = false;
    drop_record_divergence();
}

// R18's readings of one count (`tally`, its dead stones from `source`): the first that
// reproduces RE, in the order of try_conventions' comment.
std::optional<EndOfGame::Reading> EndOfGame::convention_reading(const Lane& l, const Tally& tally,
                                                                DeadSource source,
                                                                const std::string& oracle) {
    const RulesetResult& res = l.result;
    const detail::KomiChoice komi = choose_komi(rec_, res.ruleset, out_.handicap);
    const auto score = [&](const detail::KomiChoice& k, bool one_stone) {
        return detail::score_position(tally, res.ruleset, l.end_state, out_.handicap, k, source,
                                      oracle, one_stone);
    };
    const auto reproduces = [this](const Score& s) {
        return result_reproduced(*rec_.result, rec_.place, s.decision());
    };
    if (one_stone_handicap_) {
        Score s = score(komi, false);
        if (reproduces(s)) return Reading{std::move(s), RecordReason::convention_no_handicap_point};
    }
    if (const auto fox_komi = detail::fox_even_komi(rec_, out_.handicap, res.ruleset)) {
        Score s = score({*fox_komi, KomiSource::server_convention, "Fox"}, one_stone_handicap_);
        if (reproduces(s)) return Reading{std::move(s), RecordReason::convention_fox_komi};
    }
    if (const auto in_points = detail::fox_result_in_points(rec_)) {
        Score s = score(komi, one_stone_handicap_);
        if (result_reproduced(*in_points, rec_.place, s.decision())) {
            return Reading{std::move(s), RecordReason::convention_fox_stones};
        }
    }
    // RU Japanese (and Korean) maps to the servers' reading, every region reaching one colour
    // counted; J 8 gives no territory in seki, and R19 reads it on a game stopped with dame
    // open. The server's markup is its own count (R11): not read again.
    const RuNote note = ru_.reason.note;
    if ((note == RuNote::server_seki || note == RuNote::korean) && !tally.markup &&
        res.ruleset.seki_eyes == SekiEyes::territory && l.end_state.scored) {
        // J 8's reading only takes points out of territory (the seki eyes: at most all of a
        // colour's territory), so it moves Black's margin down by at most Black's territory and
        // up by at most White's. Where RE lies outside that for every komi read, the reading (a
        // flood fill with trial fills) cannot reproduce it and is not made: the regions alone
        // bound it, counted from the rows of stones.
        const std::optional<double> fox_komi =
            detail::fox_even_komi(rec_, out_.handicap, res.ruleset);
        // The count's own regions (it is no markup count): counted once per end board.
        const detail::Tally regions = detail::region_terms(tally);
        assert(
            same_region_terms(regions, detail::tally_regions_without(end_board(l), tally.removed)));
        if (!j8_may_reach(l, regions, komi, fox_komi)) return std::nullopt;
        Ruleset j8 = res.ruleset;
        j8.seki_eyes = SekiEyes::neutral;
        detail::Tally t = regions;
        detail::add_japanese_reading(end_board(l), tally.removed, t);
        const auto score_j8 = [&](const detail::KomiChoice& k) {
            return detail::score_position(t, j8, l.end_state, out_.handicap, k, source, oracle,
                                          one_stone_handicap_);
        };
        Score s = score_j8(komi);
        if (reproduces(s)) return Reading{std::move(s), RecordReason::convention_japanese_reading};
        // Fox's even games: its komi of 6.5 for KM[0] as well (the two readings together).
        if (fox_komi) {
            Score f = score_j8({*fox_komi, KomiSource::server_convention, "Fox"});
            if (reproduces(f)) {
                return Reading{std::move(f), RecordReason::convention_japanese_reading};
            }
        }
    }
    return std::nullopt;
}

// Whether J 8's reading of `l`'s end board, counted by `regions` (its region terms with the
// dead stones taken off), may reproduce RE under `komi` (or Fox's `fox_komi`): false only when
// RE is a score with a margin that lies outside what taking seki eyes out of territory can give
// (convention_reading).
bool EndOfGame::j8_may_reach(const Lane& l, const Tally& regions, const detail::KomiChoice& komi,
                             std::optional<double> fox_komi) {
    const sgf::GameResult& re = *rec_.result;
    if (re.kind != sgf::ResultKind::score || !re.margin || *re.margin == 0.0 || !re.winner) {
        return true;  // no margin to bound (a draw, a winner only)
    }
    const double recorded = *re.winner == sgf::Color::black ? *re.margin : -*re.margin;
    const auto within = [&](const detail::KomiChoice& k) {
        const Score s =
            detail::score_position(regions, l.result.ruleset, l.end_state, out_.handicap, k,
                                   DeadSource::none, {}, one_stone_handicap_);
        const Count& c = s.decision();
        const double m = black_lead(c);
        return recorded >= m - regions.black_territory - 1e-9 &&
               recorded <= m + regions.white_territory + 1e-9;
    };
    return within(komi) || (fox_komi && within({*fox_komi, KomiSource::server_convention, "Fox"}));
}

void EndOfGame::drop_record_divergence() {
    std::erase_if(out_.divergences,
                  [](const Divergence& d) { return d.kind == DivergenceKind::record; });
}

// R12: a mismatch of RE with the RU ruleset's count whose dead stones came from a source (not
// the markup, which is the server's count: R11) may be the players' agreement: RE equal to the
// count with some (or all) of the dead strings left on the board. Subsets are tried fewest
// strings first, at most 2^kAgreementBound - 1 recounts; past the bound the check is unsettled.
void EndOfGame::seek_agreement(const Lane& l) {
    if (l.tally < 0 || !rec_.result) return;
    const EndCounts::Tallied& counted = counts_.tallied(l.tally);
    if (counted.tally.markup || counted.tally.removed.empty()) return;
    const game::Board& b = end_board(l);
    const std::vector<std::vector<Vertex>> strings = dead_strings(b, counted.tally.removed);
    RecordVerdict& rv = out_.record;
    if (strings.size() > kAgreementBound) {
        rv.check = RecordCheck::unsettled;
        rv.why = RecordReason::agreement_unbounded;
        drop_record_divergence();
        return;
    }
    std::optional<Agreement> found = find_agreement(l, strings, counted.source, counted.oracle);
    if (!found) return;
    rv.check = RecordCheck::agreed;
    rv.why = RecordReason::agreement;
    rv.count = found->score.decision();
    rv.difference = 0.0;
    rv.winner_differs = false;
    rv.agreed_alive = std::move(found->alive);
    drop_record_divergence();
}

// The strings of `dead` (stones of `b`): adjacent stones of one colour joined.
std::vector<std::vector<game::Vertex>> EndOfGame::dead_strings(const game::Board& b,
                                                               const std::vector<Vertex>& dead) {
    std::vector<std::vector<Vertex>> strings;
    std::vector<bool> seen(game::kCells, false), is_dead(game::kCells, false);
    for (const Vertex v : dead) is_dead[v] = true;
    for (const Vertex start : dead) {
        if (seen[start]) continue;
        std::vector<Vertex> s{start};
        seen[start] = true;
        for (std::size_t i = 0; i < s.size(); ++i) {
            for (const Vertex n : game::neighbours(s[i])) {
                if (is_dead[n] && !seen[n] && b.at(n) == b.at(start)) {
                    seen[n] = true;
                    s.push_back(n);
                }
            }
        }
        strings.push_back(std::move(s));
    }
    return strings;
}

// R12's search: the count of `l`'s end board with some of `strings` (at most kAgreementBound)
// left on the board, fewest left first, that reproduces RE.
std::optional<EndOfGame::Agreement> EndOfGame::find_agreement(
    const Lane& l, const std::vector<std::vector<Vertex>>& strings, DeadSource source,
    const std::string& oracle) {
    const game::Board& b = end_board(l);
    const RulesetResult& res = l.result;
    const detail::KomiChoice komi = choose_komi(rec_, res.ruleset, out_.handicap);
    const std::uint32_t k = static_cast<std::uint32_t>(strings.size());
    // Without a reading of seki the recount needs only the rows of stones.
    const detail::SekiReadings readings = detail::SekiReadings::of(res.ruleset.seki_eyes);
    std::vector<Vertex> removed;
    for (std::uint32_t left = 1; left <= k; ++left) {
        for (std::uint32_t mask = 1; mask < (1u << k); ++mask) {
            if (static_cast<std::uint32_t>(std::popcount(mask)) != left) continue;
            removed.clear();
            for (std::uint32_t i = 0; i < k; ++i) {
                if ((mask & (1u << i)) == 0) {
                    removed.insert(removed.end(), strings[i].begin(), strings[i].end());
                }
            }
            const Tally t = readings.j8 || readings.kg
                                ? detail::tally_position(
                                      b, detail::DeadStones{DeadPolicy::markup, removed}, readings)
                                : detail::tally_regions_without(b, removed);
            Score s = detail::score_position(t, res.ruleset, l.end_state, out_.handicap, komi,
                                             source, oracle, one_stone_handicap_);
            if (!result_reproduced(*rec_.result, rec_.place, s.decision())) continue;
            Agreement a{std::move(s), {}};
            for (std::uint32_t i = 0; i < k; ++i) {
                if ((mask & (1u << i)) == 0) continue;
                const Vertex v = *std::min_element(strings[i].begin(), strings[i].end());
                a.alive.push_back(point_of(v));
            }
            std::sort(a.alive.begin(), a.alive.end(), board_order);
            return a;
        }
    }
    return std::nullopt;
}

// R13: the state at the record's end with passes added, the opponent of the last mover first,
// until two passes in a row end the game (every end rule ends it there: TT 8, AGA 9, FFG 5).
// AGA 11's extra White pass then follows from who passed last, as for any game.
EndState EndOfGame::counted_state() const {
    EndState s = state(true);
    game::Color next = turns().any_turn ? game::opponent(turns().last_turn) : turns().first;
    for (int passes = turns().consecutive_passes; passes < 2; ++passes) {
        (next == game::Color::black ? s.passes_black : s.passes_white) += 1;
        if (s.first_passer < 0) s.first_passer = idx(next);
        s.black_moved_last = next == game::Color::black;
        next = game::opponent(next);
    }
    return s;
}

std::vector<game::Vertex> EndOfGame::dead_points() {
    std::vector<Vertex> out;
    const DeadPolicy policy = counts_.dead().policy;
    if (policy == DeadPolicy::markup) {
        // Stones on points marked as the opponent's territory are dead.
        for (const sgf::Point& p : rec_.territory_black) {
            const Vertex v = game::to_vertex(p.x, p.y);
            if (board_.on_board(v) && board_.at(v) == game::Cell::white) out.push_back(v);
        }
        for (const sgf::Point& p : rec_.territory_white) {
            const Vertex v = game::to_vertex(p.x, p.y);
            if (board_.on_board(v) && board_.at(v) == game::Cell::black) out.push_back(v);
        }
    } else if (policy == DeadPolicy::list) {
        for (const std::string& token : options_.dead_points) {
            const auto p = resolve_point(token, rec_.size.width, rec_.size.height);
            if (!p) {
                issue(0, 0,
                      issue::DeadPointOffBoard{
                          .token = token, .width = rec_.size.width, .height = rec_.size.height});
                continue;
            }
            out.push_back(game::to_vertex(p->x, p->y));
        }
    }
    return out;
}

}  // namespace sgfaudit::audit::detail
