// Long cycles (issue 15): the knob cycle, written from the rule before the code. J 12 (the
// Japanese Rules of Go 1989): when the same whole-board position is repeated during a game, the
// players may agree to end it without result. The record shows that agreement by stopping after
// the repetition, without two passes, with RE Void: then the game ends with no result
// (EndKind::no_result) and RE is reproduced. Under a superko (psk, ssk) the play that repeats the
// position is illegal instead (rules-notes.md, "Long cycles").

#include "catalogue_support.hpp"

using namespace catalogue;

namespace {

// Three kos side by side, 12x3. In ko 1 (columns 0-3) and ko 3 (columns 8-11) White's stone sits
// at c (cb, kb) and Black may take it by playing k (bb, jb); in ko 2 (columns 4-7) Black's stone
// sits at k (fb) and White may take it at c (gb).
//   .OX..OX..OX.
//   O.OXOX.XO.OX
//   .OX..OX..OX.
const std::vector<std::string> triple_ko = {".OX..OX..OX.", "O.OXOX.XO.OX", ".OX..OX..OX."};

// A triple ko cycle: B takes ko 1, W ko 2, B ko 3, W retakes ko 1, B ko 2, W ko 3. No play
// retakes the ko taken just before (simple ko allows each), and after move 6 the board is the
// start position again, with Black to play.
constexpr std::string_view cycle = "B@bb W@gb B@jb W@cb B@fb W@kb";

}  // namespace

TEST_CASE("cycle: a triple ko stopped after the repetition with RE Void has no result (J 12)",
          "[audit][knobs][cycle]") {
    const auto a = run(game_sgf(triple_ko, "KM[6.5]RU[Japanese]RE[Void]", cycle),
                       {spec("japanese"), spec("chinese"), spec("new-zealand")});
    // japanese (simple ko, cycle=no-result): every play legal; move 6 repeats the start
    // position; the record stops there with RE Void: no result.
    const audit::RulesetResult& j = a.results[0];
    illegal_count(j, 0);
    CHECK(j.repeated_move == 6);
    CHECK(audit::to_string(j.end) == "no_result");
    CHECK(j.end_move == 6);
    CHECK_FALSE(j.score.scored);
    // chinese (psk): move 6 recreates the start position: illegal. new-zealand (ssk): the start
    // position counts as made by White (the player who does not move first), so White's move 6
    // repeats a position after White's own turn: illegal too.
    illegal(a.results[1], 6, Reason::positional_superko, "C 2002 section 6", 0);
    illegal(a.results[2], 6, Reason::situational_superko, "NZ move", 0);
    for (std::size_t i : {std::size_t{1}, std::size_t{2}}) {
        CHECK(audit::to_string(a.results[i].end) == "record_end");
        CHECK(a.results[i].repeated_move == 0);
    }
    // RU Japanese maps to japanese (seki-eyes=territory, cycle=no-result): RE Void is reproduced.
    CHECK(a.record.check == audit::RecordCheck::match);
    CHECK(a.record.why == audit::RecordReason::void_cycle);
    CHECK(a.record.repeated_move == 6);
    CHECK(has_divergence(a, audit::DivergenceKind::end));
}

TEST_CASE("cycle: without RE Void, or under cycle=play-on, the game simply ends with the record",
          "[audit][knobs][cycle]") {
    // The players did not record a void game: the repetition did not end it (J 12 needs their
    // agreement); the record ends without passes.
    const auto resigned =
        run(game_sgf(triple_ko, "KM[6.5]RU[Japanese]RE[W+R]", cycle), {spec("japanese")});
    CHECK(resigned.results[0].repeated_move == 6);
    CHECK(audit::to_string(resigned.results[0].end) == "record_end");
    CHECK(resigned.record.check == audit::RecordCheck::not_comparable);
    // The knob alone: play-on notes no repetition and ends with the record.
    const auto play_on = run(game_sgf(triple_ko, "KM[6.5]RE[Void]", cycle),
                             {spec("japanese"), spec("japanese:cycle=play-on")});
    CHECK(audit::to_string(play_on.results[0].end) == "no_result");
    CHECK(audit::to_string(play_on.results[1].end) == "record_end");
    CHECK(play_on.results[1].repeated_move == 0);
    // RE Void with no repeated position: J 12 cannot apply.
    const auto early = run(game_sgf(triple_ko, "KM[6.5]RU[Japanese]RE[Void]", "B@bb W@gb B@jb"),
                           {spec("japanese")});
    CHECK(early.results[0].repeated_move == 0);
    CHECK(audit::to_string(early.results[0].end) == "record_end");
    CHECK(early.record.check == audit::RecordCheck::not_comparable);
}

TEST_CASE("cycle: clauses", "[audit][knobs][cycle]") {
    CHECK(spec("japanese").cycle == audit::Cycle::no_result);
    CHECK(spec("japanese").clause(audit::Knob::cycle) == "J 12");
    for (std::string_view p : {"tromp-taylor", "aga", "french", "chinese", "new-zealand"}) {
        INFO(p);
        CHECK(spec(p).cycle == audit::Cycle::play_on);
        CHECK_FALSE(spec(p).clause(audit::Knob::cycle).empty());
    }
    CHECK(spec("tromp-taylor:cycle=no-result").clause(audit::Knob::cycle) == "J 12");
}
