// The catalogue knob by knob (issue 14 item 6, after KataGo's testrules.cpp): for every value of
// every knob, the same game audited under rulesets that differ in that knob only, so each value
// has behaviour a test sees. The base is tromp-taylor (every knob at its plainest value) unless a
// case needs another knob set to make the value visible; the spec says which. Expected values
// come from the knob's definition (rules.md sections 1-5 and the seed clause each value
// cites), computed by hand; the arithmetic is in the comments, with the notation of
// catalogue.test.cpp. The second part checks the citation each knob value carries
// (Ruleset::clause), which is what every finding names.

#include <fmt/format.h>

#include <array>

#include "catalogue_support.hpp"

using namespace catalogue;

namespace {

// One ruleset per spec, in the order given.
std::vector<audit::Ruleset> specs(std::initializer_list<std::string_view> texts) {
    std::vector<audit::Ruleset> out;
    for (const std::string_view t : texts) out.push_back(spec(t));
    return out;
}

const std::vector<std::string> empty5 = {".....", ".....", ".....", ".....", "....."};
constexpr std::string_view wall =
    "B@ba W@ca B@bb W@cb B@bc W@cc B@bd W@cd B@be W@ce";  // moves 1-10: Black column b, White c

// The ko of AGA figure 3 (catalogue.test.cpp's ko_board).
const std::vector<std::string> ko_board = {".OX..", "OkOX.", ".OX..", ".....", "....a"};

}  // namespace

// =============================================================================================
// suicide

TEST_CASE("knob suicide: forbidden makes a multi-stone suicide illegal, multi-stone removes it",
          "[audit][knobs]") {
    // X*O..   B7 ba (*): aa+ba have no liberty and capture nothing (catalogue.test.cpp).
    // OO...   forbidden (AGA 5, FFG 3): illegal; multi-stone (TT 7): legal, the two stones are
    // ...O.   removed. As it stands both remove them (the record goes on), so captures agree.
    // ....X
    // ....X
    const auto a = run(game_sgf(empty5, "KM[0.5]", "B@aa W@ab B@ee W@bb B@ed W@ca B@ba W@dc B- W-"),
                       specs({"tromp-taylor:suicide=forbidden", "tromp-taylor"}));
    illegal(a.results[0], 7, Reason::suicide, "suicide=forbidden (AGA 5, FFG 3)", std::nullopt);
    illegal_count(a.results[0], 1);
    legal(a.results[1], 7);
    illegal_count(a.results[1], 0);
    CHECK(has_divergence(a, audit::DivergenceKind::legality, 7));
    for (const auto& r : a.results) CHECK(r.score.captures_by_white == 2);
}

// =============================================================================================
// ko

TEST_CASE("knob ko: psk, ssk, nssk and simple give four different verdicts on one retake",
          "[audit][knobs]") {
    // B1 a, W2 pass, B3 k (captures cb), W4 cb (captures k): after W4 the board is the board
    // after B1 and after W2 (rules.md 2's nssk example).
    //   psk: repeats move 1 (any earlier position)
    //   ssk: repeats move 2 (White's pass left that board)
    //   nssk: legal (no White board play left that board)
    //   simple: W4 retakes a single stone at once: illegal, repeating the position after B1
    const auto a = run(game_sgf(ko_board, "KM[0.5]", "Ba W- Bk W@cb B- W-"),
                       specs({"tromp-taylor:ko=psk", "tromp-taylor:ko=ssk", "tromp-taylor:ko=nssk",
                              "tromp-taylor:ko=simple"}));
    illegal(a.results[0], 4, Reason::positional_superko, "TT 6", 1);
    illegal(a.results[1], 4, Reason::situational_superko, "FFG 4", 2);
    legal(a.results[2], 4);
    illegal(a.results[3], 4, Reason::simple_ko, "ko=simple", 1);
    CHECK(has_divergence(a, audit::DivergenceKind::legality, 4));
}

TEST_CASE("knob ko: simple allows the sending-two-returning-one repeat that psk forbids",
          "[audit][knobs]") {
    // catalogue.test.cpp: B5 ba captures one stone after W4 captured two; the board after B5
    // is the board after W2. psk: illegal (repeats move 2); simple: not an immediate
    // single-stone retake, so legal.
    const std::vector<std::string> s2r1 = {"sXxX.", "OOX..", ".....", ".....", "....."};
    const auto a = run(game_sgf(s2r1, "KM[0.5]", "B@ee W@ae Bs Wx B@ba W- B-"),
                       specs({"tromp-taylor", "tromp-taylor:ko=simple"}));
    illegal(a.results[0], 5, Reason::positional_superko, "TT 6", 2);
    legal(a.results[1], 5);
    illegal_count(a.results[1], 0);
}

// =============================================================================================
// scoring

TEST_CASE("knob scoring: area and territory decide with different margins", "[audit][knobs]") {
    // Wall game, B11 aa, W12 pass, B13 pass (catalogue.test.cpp, last dame), k 7.5:
    //   area B 6 + 4 = 10, W 5 + 10 + 7.5 = 22.5 -> W+12.5
    //   territory (no pass stones) B 4, W 10 + 7.5 = 17.5 -> W+13.5
    const auto a = run(game_sgf(empty5, "KM[7.5]", std::string(wall) + " B@aa W- B-"),
                       specs({"tromp-taylor:scoring=area", "tromp-taylor:scoring=territory"}));
    CHECK(a.results[0].score.decisive == audit::Scoring::area);
    CHECK(a.results[0].score.decision().margin == Approx(12.5));
    CHECK(a.results[1].score.decisive == audit::Scoring::territory);
    CHECK(a.results[1].score.decision().margin == Approx(13.5));
    for (const auto& r : a.results) {
        count(r.score.area, 10, 22.5, "area");
        count(r.score.territory, 4, 17.5, "territory");
    }
}

// =============================================================================================
// pass-stones

TEST_CASE("knob pass-stones: no, yes and quick-count hand over pass stones in different counts",
          "[audit][knobs]") {
    // Wall game, B11 pass, W12 pass; k 7.5. tb 5, tw 10, pB 1, pW 1, Black not last (e 0).
    //   no:          territory B 5, W 17.5; no accounting check
    //   yes (AGA 7): territory B 5 - 1 = 4, W 10 - 1 + 7.5 = 16.5; one stone each way
    //   quick-count: territory as under no; the quick count (B 4, W 16.5) is the one compared
    //                with the area count (FFG 6a)
    const auto a = run(game_sgf(empty5, "KM[7.5]", std::string(wall) + " B- W-"),
                       specs({"tromp-taylor:pass-stones=no", "tromp-taylor:pass-stones=yes",
                              "tromp-taylor:pass-stones=quick-count"}));
    count(a.results[0].score.territory, 5, 17.5, "no");
    CHECK(a.results[0].score.pass_stones_to_white == 0);
    count(a.results[1].score.territory, 4, 16.5, "yes");
    CHECK(a.results[1].score.pass_stones_to_white == 1);
    CHECK(a.results[1].score.pass_stones_to_black == 1);
    count(a.results[2].score.territory, 5, 17.5, "quick-count: territory");
    count(a.results[2].score.quick, 4, 16.5, "quick-count: quick");
    CHECK(a.results[2].score.pass_stones_to_white == 0);
    // Area W+12.5 agrees with the territory count under yes and the quick count under
    // quick-count: no accounting divergence anywhere.
    CHECK_FALSE(has_divergence(a, audit::DivergenceKind::accounting));
}

TEST_CASE(
    "knob pass-stones: the accounting check compares the area count with the count the value "
    "names",
    "[audit][knobs]") {
    // The one-stone-suicide game of catalogue.test.cpp (capB 1, pB 1, pW 1, e 0, k 0.5):
    //   area B 2, W 4.5 (W+2.5); territory with pass stones B -2, W 0.5 (W+2.5): equal.
    // A position record instead (setup stones make no turns): the nssk example, where area is
    // W+2.5 and the count with pass stones W+1.5. Under yes the territory count differs from the
    // area count (AGA 12); under quick-count the quick count does (FFG 6, FFG 6a); under no
    // there is nothing to compare.
    const auto a =
        run(game_sgf(ko_board, "KM[0.5]", "Ba W- Bk W@cb B- W-"),
            specs({"tromp-taylor:ko=nssk:pass-stones=no", "tromp-taylor:ko=nssk:pass-stones=yes",
                   "tromp-taylor:ko=nssk:pass-stones=quick-count"}));
    std::vector<std::string> clauses;
    for (const audit::Divergence& d : a.divergences) {
        if (d.kind == audit::DivergenceKind::accounting) clauses.push_back(d.clause);
    }
    CHECK(clauses == std::vector<std::string>{"AGA 12", "FFG 6, FFG 6a"});
}

// =============================================================================================
// white-moves-last

TEST_CASE(
    "knob white-moves-last: when Black makes the last turn, no does nothing, pass-stone adds "
    "White's pass, quick-count-point costs White a point in the quick count",
    "[audit][knobs]") {
    // Wall game, B11 aa, W12 pass, B13 pass; pass-stones=yes; k 7.5. tb 4, tw 10, pB 1, pW 1.
    //   no:                territory W 10 - 1 + 7.5 = 16.5; quick W 16.5
    //   pass-stone (AGA 11): White's extra pass: territory W 10 - 2 + 7.5 = 15.5; quick 16.5
    //   quick-count-point (FFG 6a, e = 1): territory W 16.5; quick W 10 - 1 - 1 + 7.5 = 15.5
    // Black: territory and quick B 4 - 1 = 3 throughout.
    const auto a = run(game_sgf(empty5, "KM[7.5]", std::string(wall) + " B@aa W- B-"),
                       specs({"tromp-taylor:pass-stones=yes:white-moves-last=no",
                              "tromp-taylor:pass-stones=yes:white-moves-last=pass-stone",
                              "tromp-taylor:pass-stones=yes:white-moves-last=quick-count-point"}));
    count(a.results[0].score.territory, 3, 16.5, "no: territory");
    count(a.results[0].score.quick, 3, 16.5, "no: quick");
    CHECK_FALSE(a.results[0].score.white_extra_pass);
    count(a.results[1].score.territory, 3, 15.5, "pass-stone: territory");
    count(a.results[1].score.quick, 3, 16.5, "pass-stone: quick");
    CHECK(a.results[1].score.white_extra_pass);
    CHECK(a.results[1].score.pass_stones_to_black == 2);
    count(a.results[2].score.territory, 3, 16.5, "quick-count-point: territory");
    count(a.results[2].score.quick, 3, 15.5, "quick-count-point: quick");
    CHECK_FALSE(a.results[2].score.white_extra_pass);
}

TEST_CASE("knob white-moves-last: nothing happens when White makes the last turn",
          "[audit][knobs]") {
    // Wall game, B11 pass, W12 pass: White's turn is last, so every value gives W 16.5 in both
    // counts (pass-stones=yes, k 7.5: 10 - 1 + 7.5).
    const auto a = run(game_sgf(empty5, "KM[7.5]", std::string(wall) + " B- W-"),
                       specs({"tromp-taylor:pass-stones=yes:white-moves-last=no",
                              "tromp-taylor:pass-stones=yes:white-moves-last=pass-stone",
                              "tromp-taylor:pass-stones=yes:white-moves-last=quick-count-point"}));
    for (const auto& r : a.results) {
        count(r.score.territory, 4, 16.5, "territory");
        count(r.score.quick, 4, 16.5, "quick");
        CHECK_FALSE(r.score.white_extra_pass);
    }
}

// =============================================================================================
// bonus

TEST_CASE("knob bonus: 0, n-1 and n give White 0, 2 and 3 points for three handicap stones",
          "[audit][knobs]") {
    // HA[3] with three Black stones placed by AB, KM[0.5]; W1 pass, B2 pass. Xb 3, every empty
    // point reaches only Black: tb 22. Area B 25, W 0.5 + bonus.
    const std::vector<std::string> h3 = {"X....", "X....", "X....", ".....", "....."};
    const auto a =
        run(game_sgf(h3, "HA[3]KM[0.5]", "W- B-"),
            specs({"tromp-taylor:bonus=0", "tromp-taylor:bonus=n-1", "tromp-taylor:bonus=n"}));
    const std::array<int, 3> bonus{0, 2, 3};
    for (std::size_t i = 0; i < 3; ++i) {
        INFO(a.results[i].ruleset.spec);
        CHECK(a.results[i].score.handicap == 3);
        CHECK(a.results[i].score.handicap_bonus == bonus[i]);
        count(a.results[i].score.area, 25, 0.5 + bonus[i], "area");
        // The territory count never carries the bonus (rules.md 5).
        CHECK(a.results[i].score.territory.white == Approx(0.5));
    }
}

// =============================================================================================
// end

TEST_CASE("knob end: final ends at the first double pass, resumable at the last",
          "[audit][knobs]") {
    // Wall game, B11 pass, W12 pass, B13 pass.
    const auto a = run(game_sgf(empty5, "KM[7.5]", std::string(wall) + " B- W- B-"),
                       specs({"tromp-taylor:end=final", "tromp-taylor:end=resumable"}));
    ends(a.results[0], EndKind::two_passes, 12);
    CHECK(a.results[0].moves_after_end == 1);
    ends(a.results[1], EndKind::two_passes, 13);
    CHECK(a.results[1].moves_after_end == 0);
    REQUIRE(has_divergence(a, audit::DivergenceKind::end));
    for (const audit::Divergence& d : a.divergences) {
        if (d.kind == audit::DivergenceKind::end) CHECK(d.clause == "TT 8; AGA 10");
    }
}

// =============================================================================================
// default-komi, default-komi-handicap, komi

TEST_CASE("knob default-komi: the komi of an even game without KM", "[audit][knobs]") {
    const auto a = run(game_sgf(empty5, "", std::string(wall) + " B- W-"),
                       specs({"tromp-taylor", "tromp-taylor:default-komi=5.5"}));
    CHECK(a.results[0].score.komi == 7.5);
    CHECK(a.results[1].score.komi == 5.5);
    for (const auto& r : a.results)
        CHECK(r.score.komi_source == audit::KomiSource::ruleset_default);
    // A record with KM keeps its own komi.
    const auto b = run(game_sgf(empty5, "KM[6.5]", std::string(wall) + " B- W-"),
                       specs({"tromp-taylor:default-komi=5.5"}));
    CHECK(b.results[0].score.komi == 6.5);
}

TEST_CASE("knob default-komi-handicap: the komi of a handicap game without KM", "[audit][knobs]") {
    const std::vector<std::string> h2 = {"X....", "X....", ".....", ".....", "....."};
    const auto a = run(game_sgf(h2, "HA[2]", "W- B-"),
                       specs({"tromp-taylor", "tromp-taylor:default-komi-handicap=0"}));
    CHECK(a.results[0].score.komi == 0.5);
    CHECK(a.results[1].score.komi == 0);
    // An even game without KM does not use it.
    const auto b = run(game_sgf(empty5, "", std::string(wall) + " B- W-"),
                       specs({"tromp-taylor:default-komi-handicap=0"}));
    CHECK(b.results[0].score.komi == 7.5);
}

TEST_CASE("knob komi: one komi for every game, over KM and the defaults", "[audit][knobs]") {
    const std::vector<std::string> h2 = {"X....", "X....", ".....", ".....", "....."};
    const auto a =
        run(game_sgf(h2, "HA[2]KM[3]", "W- B-"), specs({"tromp-taylor", "tromp-taylor:komi=-2"}));
    CHECK(a.results[0].score.komi == 3);
    CHECK(a.results[0].score.komi_source == audit::KomiSource::record);
    CHECK(a.results[1].score.komi == -2);
    CHECK(a.results[1].score.komi_source == audit::KomiSource::komi_override);
}

// =============================================================================================
// Citations: each knob value carries the clause its findings cite

TEST_CASE("Ruleset::clause: a preset cites its own clause for each of its values",
          "[audit][knobs][clauses]") {
    const audit::Ruleset tt = *audit::preset("tromp-taylor");
    const audit::Ruleset aga = *audit::preset("aga");
    const audit::Ruleset ffg = *audit::preset("french");
    using audit::Knob;
    CHECK(tt.clause(Knob::suicide) == "TT 7");
    CHECK(aga.clause(Knob::suicide) == "AGA 5");
    CHECK(ffg.clause(Knob::suicide) == "FFG 3");
    CHECK(tt.clause(Knob::ko) == "TT 6");
    CHECK(aga.clause(Knob::ko) == "AGA 6");
    CHECK(ffg.clause(Knob::ko) == "FFG 4");
    CHECK(tt.clause(Knob::scoring) == "TT 9");
    CHECK(aga.clause(Knob::scoring) == "AGA 12");
    CHECK(ffg.clause(Knob::scoring) == "FFG 6");
    CHECK(aga.clause(Knob::pass_stones) == "AGA 7");
    CHECK(ffg.clause(Knob::pass_stones) == "FFG 6a");
    CHECK(aga.clause(Knob::white_moves_last) == "AGA 11");
    CHECK(ffg.clause(Knob::white_moves_last) == "FFG 6a");
    CHECK(aga.clause(Knob::bonus) == "AGA 4");
    CHECK(tt.clause(Knob::end) == "TT 8");
    CHECK(aga.clause(Knob::end) == "AGA 10");
    CHECK(ffg.clause(Knob::end) == "FFG 5");
    CHECK(tt.accounting_clause().empty());
    CHECK(aga.accounting_clause() == "AGA 12");
    CHECK(ffg.accounting_clause() == "FFG 6, FFG 6a");
    for (const audit::Ruleset& r : {tt, aga, ffg}) {
        CHECK(r.clause(Knob::default_komi).empty());
        CHECK(r.clause(Knob::komi).empty());
    }
}

TEST_CASE(
    "Ruleset::clause: an override cites the clause of its value, or the base preset's where "
    "that preset's text addresses the value",
    "[audit][knobs][clauses]") {
    using audit::Knob;
    // A value the base preset does not have: the knob table's citation.
    CHECK(spec("tromp-taylor:suicide=forbidden").clause(Knob::suicide) ==
          "suicide=forbidden (AGA 5, FFG 3)");
    CHECK(spec("aga:ko=ssk").clause(Knob::ko) == "FFG 4");
    CHECK(spec("french:ko=nssk").clause(Knob::ko) == "AGA 6");
    CHECK(spec("aga:ko=psk").clause(Knob::ko) == "TT 6");
    CHECK(spec("aga:ko=simple").clause(Knob::ko) == "ko=simple (AGA 6 figure 3)");
    CHECK(spec("tromp-taylor:end=resumable").clause(Knob::end) == "AGA 10");
    CHECK(spec("french:end=final").clause(Knob::end) == "TT 8");
    CHECK(spec("tromp-taylor:scoring=territory").clause(Knob::scoring) == "AGA 12");
    // AGA 12 states both counts, so AGA keeps citing it under scoring=area.
    CHECK(spec("aga:scoring=area").clause(Knob::scoring) == "AGA 12");
    CHECK(spec("french:scoring=territory").clause(Knob::scoring) == "FFG 6a");
    CHECK(spec("tromp-taylor:pass-stones=yes").accounting_clause() == "AGA 12");
    // A hand-built value has no base preset: the knob table's citations.
    audit::Ruleset hand_built;
    hand_built.end = audit::GameEnd::resumable;
    CHECK(hand_built.clause(Knob::end) == "AGA 10");
}

TEST_CASE("Ruleset::clause: every value of every rule knob is cited under every base preset",
          "[audit][knobs][clauses]") {
    // Only bonus=n has no seed behind it (Chinese rules give n, so the chinese preset cites
    // them): elsewhere its findings name the knob value itself.
    const std::vector<std::pair<audit::Knob, std::vector<std::string_view>>> knobs = {
        {audit::Knob::suicide, {"forbidden", "multi-stone"}},
        {audit::Knob::ko, {"psk", "ssk", "nssk", "simple"}},
        {audit::Knob::scoring, {"area", "territory"}},
        {audit::Knob::pass_stones, {"no", "yes", "quick-count"}},
        {audit::Knob::white_moves_last, {"no", "pass-stone", "quick-count-point"}},
        {audit::Knob::bonus, {"0", "n-1", "n"}},
        {audit::Knob::end, {"final", "resumable"}},
        {audit::Knob::seki_eyes, {"territory", "neutral"}},
        {audit::Knob::cycle, {"play-on", "no-result"}},
    };
    for (const std::string_view base : audit::preset_names()) {
        for (const auto& [knob, values] : knobs) {
            const std::string_view name = audit::knob_names()[static_cast<std::size_t>(knob)];
            for (const std::string_view v : values) {
                const std::string text = fmt::format("{}:{}={}", base, name, v);
                INFO(text);
                const std::string_view c = spec(text).clause(knob);
                if (knob == audit::Knob::bonus && v == "n" && base != "chinese") {
                    CHECK(c.empty());
                } else {
                    CHECK_FALSE(c.empty());
                }
            }
        }
    }
}
