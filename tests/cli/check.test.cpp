// `sgfaudit check`: exit codes, text and JSON output, argument errors. Games are small SGF
// files written to a temporary folder.

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "sgfaudit/cli/cli.hpp"

namespace fs = std::filesystem;

#include "json_check.hpp"
#include "run_binary.hpp"
#include "temp_folder.hpp"

using sgfaudit_test::json_valid;

namespace {

struct Run {
    int status;
    std::string out, err;
};

Run check(std::vector<std::string> args) {
    args.insert(args.begin(), "check");
    std::ostringstream out, err;
    const int status = sgfaudit::cli::run(args, out, err);
    return Run{status, out.str(), err.str()};
}

// A temporary folder holding the given files, removed at the end of the test.
class TempFiles {
  public:
    TempFiles() { dir_ = make_temp_folder("sgfaudit-check"); }
    ~TempFiles() {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    TempFiles(const TempFiles&) = delete;
    TempFiles& operator=(const TempFiles&) = delete;

    std::string add(const std::string& name, const std::string& content) {
        const fs::path p = dir_ / name;
        std::ofstream(p, std::ios::binary) << content;
        return p.string();
    }
    std::string dir() const { return dir_.string(); }

  private:
    fs::path dir_;
};

// Black takes the whole 5x5 board; both counts agree under every preset; RE matches RU.
constexpr const char* kClean =
    "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Tromp-Taylor]PB[Alice]PW[Bob]RE[B+24.5];B[cc];W[];B[])";
// B A4 (ab) is a two-stone suicide: legal under tromp-taylor, illegal under aga and french.
constexpr const char* kSuicide =
    "(;GM[1]FF[4]SZ[5]KM[0.5];B[aa];W[ba];B[dd];W[bb];B[ee];W[ac];B[ab];W[];B[])";

std::vector<std::string> lines(const std::string& s) {
    std::vector<std::string> v;
    std::istringstream in(s);
    for (std::string line; std::getline(in, line);) v.push_back(line);
    return v;
}

bool contains(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

std::size_t count(const std::string& s, const std::string& what) {
    std::size_t n = 0;
    for (auto at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("check --help prints its usage and the exit codes", "[cli][check]") {
    const Run r = check({"--help"});
    CHECK(r.status == 0);
    CHECK(r.out.rfind("usage: sgfaudit check", 0) == 0);
    CHECK(contains(r.out, "Exit status: 0 clean"));
    std::ostringstream out, err;
    CHECK(sgfaudit::cli::run({"--help"}, out, err) == 0);
    CHECK(contains(out.str(), "  check PATH..."));
}

TEST_CASE("check exits 0 on a clean game and prints every ruleset", "[cli][check]") {
    TempFiles t;
    const std::string file = t.add("clean.sgf", kClean);
    const Run r = check({file});
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK(contains(r.out,
                   "clean.sgf game 1: 5x5, B \"Alice\" vs W \"Bob\", RU[Tromp-Taylor], "
                   "RE[B+24.5], KM[0.5]\n"));
    CHECK(contains(r.out, "record: match"));
    const std::size_t tt = r.out.find("ruleset tromp-taylor:\n");
    const std::size_t aga = r.out.find("ruleset aga:\n");
    const std::size_t french = r.out.find("ruleset french:\n");
    CHECK(tt < aga);
    CHECK(aga < french);
    CHECK(french != std::string::npos);
    CHECK(contains(r.out, "  result: B+24.5 (area)\n"));
    CHECK(contains(r.out, "divergences: none\n"));
    CHECK(contains(r.out, "checked 1 game in 1 file: 0 with findings\n"));
}

TEST_CASE("check exits 1 on a legality divergence and draws the board", "[cli][check]") {
    TempFiles t;
    const std::string file = t.add("suicide.sgf", kSuicide);
    const Run r = check({file});
    INFO(r.out << r.err);
    CHECK(r.status == 1);
    CHECK(contains(r.out, "  legality, move 7 B A4 (ab)"));
    CHECK(contains(r.out, "    aga: illegal: suicide (AGA 5)"));
    CHECK(contains(r.out, "      before           after\n"));
    CHECK(contains(r.out, "      4(.)O . . . 4    4(.)O . . . 4\n"));
    CHECK(contains(r.out, "        A B C D E        A B C D E\n"));

    // With only tromp-taylor the play is legal and nothing else is wrong.
    const Run tt = check({"--rules", "tromp-taylor", file});
    CHECK(tt.status == 0);
    CHECK_FALSE(contains(tt.out, "ruleset aga"));
}

TEST_CASE("R10: record notes never make a finding or exit status 1 - errors do", "[cli][check]") {
    TempFiles t;
    // Fox: KM[650] (komi_quirk) and the handicap in the second node (setup_after_root): notes.
    const std::string notes = t.add(
        "notes.sgf", "(;GM[1]FF[4]SZ[9]HA[2]KM[650]RU[Tromp-Taylor]RE[B+74.5];AB[cc][gg];W[];B[])");
    const Run r = check({notes});
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK(contains(r.out, "komi_quirk (note): KM[650] read as 6.5"));
    CHECK(contains(r.out, "setup_after_root (note): "));
    CHECK(contains(r.out, "checked 1 game in 1 file: 0 with findings\n"));
    const Run j = check({"--format", "json", notes});
    CHECK(j.status == 0);
    CHECK(contains(j.out, R"("code":"komi_quirk","severity":"note")"));
    CHECK(contains(j.out, R"("findings":false)"));
    CHECK(contains(j.out, R"("exit":{"status":0,"reason":"clean"})"));

    // HA[2] without stones and White first (R5): handicap_missing is an error.
    const std::string missing =
        t.add("missing.sgf", "(;GM[1]FF[4]SZ[9]HA[2]KM[0.5];W[ee];B[cd];W[];B[])");
    const Run m = check({missing});
    INFO(m.out << m.err);
    CHECK(m.status == 1);
    CHECK(contains(m.out, "handicap_missing (error): "));
    CHECK(contains(m.out, "handicap_inferred (note): 2 handicap stones inferred at C3 G7"));
}

TEST_CASE("check --format json writes one object per game, one per line", "[cli][check][json]") {
    TempFiles t;
    const std::string two = t.add("two.sgf", std::string(kClean) + "\n" + kSuicide + "\n");
    const std::string one = t.add("one.sgf", kClean);
    const Run r = check({"--format", "json", two, one});
    INFO(r.out << r.err);
    CHECK(r.status == 1);
    CHECK(r.err.empty());
    std::vector<std::string> l = lines(r.out);
    REQUIRE(l.size() == 4);
    // The last line: the totals and the exit status, as the run ends.
    CHECK(l.back() ==
          R"({"schema":"sgfaudit-check-totals/1","files":2,"games":3,"games_with_findings":1,)"
          R"("exit":{"status":1,"reason":"findings"}})");
    l.pop_back();
    for (const std::string& line : l) {
        CHECK(line.rfind(R"({"schema":"sgfaudit-game/3","form":"compact","file":")", 0) == 0);
        CHECK(line.back() == '}');
        CHECK(json_valid(line));
        CHECK(contains(line, R"("rulesets":[{"spec":"tromp-taylor")"));
        // Every game ends by two passes: each ruleset's count decides, with the decisive
        // count's table only (no terms: schema 3).
        CHECK(count(line, R"("scored":true,"counted":true,)") == 3);
        CHECK(count(line, R"(,"count":{"black":)") == 3);
        CHECK_FALSE(contains(line, R"("terms":)"));
        CHECK_FALSE(contains(line, R"("scores":)"));
        CHECK(contains(line, R"("end_move":)"));
    }
    CHECK(contains(l[0], R"(two.sgf","game":1,)"));
    CHECK(contains(l[0], R"("findings":false,)"));
    CHECK(contains(l[1], R"(two.sgf","game":2,)"));
    CHECK(contains(l[1], R"("findings":true,)"));
    CHECK(contains(l[1], R"({"kind":"legality","move":7,"color":"B","point":"A4","sgf":"ab",)"));
    CHECK(contains(
        l[1],
        R"({"move":7,"color":"B","pass":false,"point":"A4","sgf":"ab","reason":"suicide","clause":"AGA 5","repeats_move":null,"applied":true})"));
    CHECK(contains(l[2], R"(one.sgf","game":1,)"));
    CHECK(contains(l[2], R"("ru":"Tromp-Taylor","re":"B+24.5","komi":0.5,)"));
}

TEST_CASE("check --format json --full-json writes every count's table - compact as a rule",
          "[cli][check][json]") {
    TempFiles t;
    const std::string file = t.add("two.sgf", std::string(kClean) + "\n" + kSuicide + "\n");
    const Run full = check({"--format", "json", "--full-json", "--jobs", "1", file});
    const Run full2 = check({"--format", "json", "--full-json", "--jobs", "2", file});
    const Run compact = check({"--format", "json", file});
    INFO(full.out << full.err);
    CHECK(full.status == 1);
    CHECK(full.out == full2.out);
    const std::vector<std::string> l = lines(full.out), c = lines(compact.out);
    REQUIRE(l.size() == 3);
    REQUIRE(c.size() == 3);
    for (std::size_t i = 0; i < 2; ++i) {
        CHECK(l[i].rfind(R"({"schema":"sgfaudit-game/3","form":"full","file":")", 0) == 0);
        CHECK(json_valid(l[i]));
        CHECK(count(l[i], R"("scores":{"area":{"black":)") == 3);
        CHECK(l[i].size() > c[i].size());
    }
    CHECK(contains(l[1], R"("board_before":[")"));
    CHECK_FALSE(contains(c[1], R"("board_before")"));
    CHECK(l[2] == c[2]);  // the totals
    // Only with --format json.
    const Run text = check({"--full-json", file});
    CHECK(text.status == 2);
    CHECK(contains(text.err, "--full-json: only with --format json"));
}

TEST_CASE("check --komi overrides every ruleset, --dead and --on-illegal are reported",
          "[cli][check][json]") {
    TempFiles t;
    const std::string file = t.add("g.sgf", kSuicide);
    // The full form: the compact one leaves the run's settings to the totals and the summary.
    const Run r = check({"--format=json", "--full-json", "--komi", "6.5", "--dead", "dd,E1",
                         "--on-illegal", "stop", "--rules", "aga,french", file});
    INFO(r.out << r.err);
    CHECK(r.status == 1);
    const std::vector<std::string> l = lines(r.out);
    REQUIRE(l.size() == 2);  // the game, the totals
    // Issue 28: a preset with a komi override is named by its spec, never by the preset's name.
    CHECK(contains(l[0], R"({"name":"aga:komi=6.5","spec":"aga:komi=6.5","komi_override":6.5,)"));
    CHECK(contains(l[0],
                   R"({"name":"french:komi=6.5","spec":"french:komi=6.5","komi_override":6.5,)"));
    CHECK_FALSE(contains(l[0], R"("name":"tromp-taylor")"));
    CHECK(contains(l[0], R"("dead":"list","dead_points":["dd","E1"],"on_illegal":"stop")"));
    CHECK(contains(l[0], R"("end":"stopped")"));
}

TEST_CASE("check puts diagnostics on stderr in text mode and in the JSON object", "[cli][check]") {
    TempFiles t;
    // An unknown property value: RE that is free text (S220, info).
    const std::string file = t.add("d.sgf", "(;GM[1]FF[4]SZ[5]KM[0.5]RE[Black won];B[cc];W[];B[])");
    const Run text = check({file});
    CHECK(contains(text.err, "d.sgf:1:"));
    CHECK_FALSE(contains(text.out, "S220"));
    const Run json = check({"--format", "json", file});
    CHECK(json.err.empty());
    CHECK(contains(json.out, R"("diagnostics":[{"severity":)"));
    CHECK(contains(json.out, R"("code":"S220")"));

    // A file with no game gives one object with "game": null.
    const std::string empty = t.add("empty.sgf", "no game here");
    const Run none = check({"--format", "json", empty});
    CHECK(lines(none.out).size() == 2);  // the file, the totals
    CHECK(contains(none.out, R"("game":null)"));
}

TEST_CASE("check exits 2 on bad arguments", "[cli][check]") {
    TempFiles t;
    const std::string file = t.add("clean.sgf", kClean);
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {},
             {"--rules", "bogus", file},
             {"--rules", "aga,aga", file},
             {"--rules", "aga:ko=maybe", file},
             {"--rules", "", file},
             {"--rules", file},
             {"--format", "xml", file},
             {"--dead", "dd,!!", file},
             {"--on-illegal", "ignore", file},
             {"--komi", "seven", file},
             {"--komi", "7.5", "--komi", "6.5", file},
             {"--bogus", file},
             {t.dir() + "/does-not-exist.sgf"},
         }) {
        const Run r = check(args);
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
    }
    const Run bad = check({"--rules", "bogus", file});
    CHECK(contains(bad.err, "sgfaudit check: --rules: "));
    const Run point = check({"--dead", "dd, !! ,ee", file});
    CHECK(contains(point.err,
                   "sgfaudit check: --dead: '!!' is not a point (write SGF letters like "
                   "dd or board coordinates like D16)"));
}

TEST_CASE("the check binary keeps JSON on stdout and returns the exit code", "[cli][check]") {
    TempFiles t;
    const std::string file = t.add("suicide.sgf", kSuicide);
    const std::string out = run_binary("check --format json \"" + file + "\"", 1);
    CHECK(lines(out).size() == 2);  // the game, the totals
    CHECK(out.rfind(R"({"schema":"sgfaudit-game/3","form":"compact",)", 0) == 0);
    CHECK(lines(out).back().rfind(R"({"schema":"sgfaudit-check-totals/1",)", 0) == 0);
}

TEST_CASE("check --map-ru maps an RU name the built-in table leaves unmapped, before the table",
          "[cli][check]") {
    TempFiles t;
    // The clean game with RU[GOE] (Ing: not mapped by default) and RU[Japanese] (mapped to
    // japanese:seki-eyes=territory).
    std::string nz = kClean;
    nz.replace(nz.find("Tromp-Taylor"), 12, "GOE");
    const std::string file = t.add("nz.sgf", nz);
    const Run plain = check({file});
    CHECK(contains(plain.out, "record: unmapped_rules"));
    // Names compare as map_ru compares them: case and a last word "rules" do not matter.
    const Run mapped = check({"--map-ru", "goe rules=tromp-taylor:ko=ssk", file});
    INFO(mapped.out << mapped.err);
    CHECK(mapped.status == 0);
    CHECK(contains(mapped.out, "record: match"));
    CHECK(contains(mapped.out, "-> tromp-taylor:ko=ssk"));
    // Repeatable, first match wins; an override also takes precedence over the table.
    std::string jp = kClean;
    jp.replace(jp.find("Tromp-Taylor"), 12, "Japanese");
    const std::string jfile = t.add("jp.sgf", jp);
    const Run over = check({"--map-ru", "GOE=aga", "--map-ru=japanese=tromp-taylor", jfile});
    CHECK(contains(over.out, "-> tromp-taylor"));
    CHECK(contains(check({"--map-ru", "GOE", file}).err, "--map-ru: 'GOE' is not NAME=SPEC"));
    CHECK(contains(check({"--map-ru", "GOE=bogus", file}).err, "unknown ruleset 'bogus'"));
}

TEST_CASE("check --format html writes one self-contained page for the referee",
          "[cli][check][html]") {
    TempFiles t;
    // nssk.sgf of corpus/rules: W C4 repeats the position after move 1 (TT 6, FFG 4 forbid it).
    std::ifstream in(std::string(SGFAUDIT_SOURCE_DIR) + "/corpus/rules/nssk.sgf");
    std::stringstream game;
    game << in.rdbuf();
    const std::string nssk = t.add("n<s>sk.sgf", game.str());
    const std::string clean = t.add("clean.sgf", kClean);
    const Run r = check({"--format", "html", nssk, clean});
    INFO(r.out << r.err);
    CHECK(r.status == 1);
    CHECK(r.out.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(r.out.ends_with("</html>\n"));
    CHECK(r.out.find("<script") == std::string::npos);
    CHECK(r.out.find("default-src 'none'") != std::string::npos);
    // The file name escaped as index.html escapes it.
    CHECK(r.out.find("n&lt;s&gt;sk.sgf #1</h2>") != std::string::npos);
    CHECK(r.out.find("n<s>sk") == std::string::npos);
    // Every ruleset's illegal plays, the repetition drawn before and after with the cycle
    // numbered, and each clause cited with rules.md's text.
    CHECK(r.out.find("<td>positional_superko</td><td>TT 6</td><td>1</td>") != std::string::npos);
    CHECK(r.out.find("<td>situational_superko</td><td>FFG 4</td><td>2</td>") != std::string::npos);
    CHECK(r.out.find("before move 4") != std::string::npos);
    CHECK(r.out.find("numbered</figcaption>") != std::string::npos);
    CHECK(r.out.find("<dt>TT 6</dt>") != std::string::npos);
    CHECK(r.out.find("<dt>FFG 4</dt>") != std::string::npos);
    CHECK(r.out.find("situational superko") != std::string::npos);
    CHECK(r.out.find("<p>checked 2 games in 2 files: 1 with findings</p>") != std::string::npos);
    // Another format is refused with the list.
    const Run bad = check({"--format", "xml", clean});
    CHECK(bad.status == 2);
    CHECK(bad.err.find("not one of text, json, html") != std::string::npos);
}

TEST_CASE("check --at N prints the position after move N", "[cli][check][at]") {
    TempFiles files;
    // 5x5: B C3 (cc), W D4 (dd), B pass: after move 2 both stones stand.
    const std::string path = files.add("at.sgf", "(;GM[1]FF[4]SZ[5]KM[0.5];B[cc];W[db];B[])");
    const Run r = check({"--rules", "tromp-taylor", "--at", "2", path});
    CHECK(r.out.find("position after move 2 (X Black, O White):\n"
                     "    .....\n"
                     "    ...O.\n"
                     "    ..X..\n"
                     "    .....\n"
                     "    .....\n") != std::string::npos);
    // Past the end of the game: said so.
    const Run past = check({"--rules", "tromp-taylor", "--at", "9", path});
    CHECK(past.out.find("position after move 9: the game has 3 moves") != std::string::npos);
    // Not a move number: a usage error.
    const Run bad = check({"--at", "0", path});
    CHECK(bad.status == 2);
    CHECK(bad.err.find("--at: '0' is not a move number") != std::string::npos);
}

TEST_CASE("check notes a repeated whole-board position under cycle=no-result (J 12)",
          "[cli][check][cycle]") {
    // corpus/rules/triple-ko.sgf: move 8 repeats the position after move 2.
    const Run r = check({"--rules", "japanese,chinese",
                         std::string(SGFAUDIT_SOURCE_DIR) + "/corpus/rules/triple-ko.sgf"});
    CHECK(r.out.find("note: move 8 repeats an earlier whole-board position: the players may end "
                     "the game without result (J 12)") != std::string::npos);
    // Only once: chinese (cycle=play-on) says nothing of it.
    CHECK(r.out.find("(J 12)") == r.out.rfind("(J 12)"));
}

TEST_CASE("check draws a play every ruleset forbids before and after it", "[cli][check][illegal]") {
    // corpus/rules/suicide-one.sgf: move 5, B A5 is a one-stone suicide, illegal under every
    // default ruleset (AGA 5, FFG 3; TT 7 clears it and TT 6 forbids the repetition): no
    // divergence, yet drawn.
    const std::string path = std::string(SGFAUDIT_SOURCE_DIR) + "/corpus/rules/suicide-one.sgf";
    const Run r = check({path});
    const std::size_t at = r.out.find("illegal under every ruleset, move 5 B A5 (aa): suicide");
    REQUIRE(at != std::string::npos);
    CHECK(r.out.find("      before           after\n", at) != std::string::npos);
    CHECK(r.out.find("      5(.)O . . . 5    5(.)O . . . 5\n", at) != std::string::npos);
    const Run html = check({"--format", "html", path});
    const std::size_t h = html.out.find("<h4>move 5: B A5, illegal under every ruleset (suicide)");
    REQUIRE(h != std::string::npos);
    CHECK(html.out.find("<figure><svg", h) != std::string::npos);
}

TEST_CASE("check draws the count RE disagrees with under RU's own ruleset",
          "[cli][check][count_map]") {
    // 7x3, two walls and a column of dame, RU[Japanese] (japanese:seki-eyes=territory, none of
    // the default rulesets) and RE[B+99], which no count gives: the record divergence names no
    // ruleset of the run, yet the text and the page draw the record check's count and the
    // page's table gives it a row.
    //   ..X.O..   Black 6 territory, White 6 + komi 0.5: W+0.5.
    //   ..X.O..
    //   ..X.O..
    TempFiles files;
    const std::string path = files.add(
        "walls.sgf",
        "(;GM[1]FF[4]SZ[7:3]KM[0.5]RU[Japanese]RE[B+99]AB[ca][cb][cc]AW[ea][eb][ec];B[];W[])");
    const Run text = check({path});
    INFO(text.out);
    const std::size_t at = text.out.find(
        "the count under japanese:seki-eyes=territory (RU[Japanese], the record check's)");
    REQUIRE(at != std::string::npos);
    CHECK(text.out.find("    bbX.Oww\n    bbX.Oww\n    bbX.Oww\n", at) != std::string::npos);
    CHECK(text.out.find("territory: B 6 territory - 0 prisoners", at) != std::string::npos);
    const Run html = check({"--format", "html", path});
    INFO(html.out);
    const std::size_t div = html.out.find("<div class=\"div record\"");
    REQUIRE(div != std::string::npos);
    const std::size_t figure = html.out.find("<figure><svg", div);
    REQUIRE(figure != std::string::npos);
    CHECK(html.out.find("class=\"terr-b\"", figure) != std::string::npos);
    CHECK(html.out.find("<b>japanese:seki-eyes=territory</b> (RU[Japanese], the record check's)",
                        figure) != std::string::npos);
    CHECK(html.out.find("<tr><td>the record: RU[Japanese]</td><td>RE[B+99]; counted W+0.5", div) !=
          std::string::npos);
}
