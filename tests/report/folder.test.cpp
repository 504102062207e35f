// The report folder's writers on audits of small games: CSV rows and quoting, the SVG board,
// the HTML pieces and the diagram cap, the facts of a game, the summary's totals and its top ten.

#include "sgfaudit/report/folder.hpp"

#include <array>
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "../../src/report/common.hpp"
#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"

using namespace sgfaudit;

namespace {

std::size_t count(const std::string& s, std::string_view what) {
    std::size_t n = 0;
    for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
    return n;
}

// One game audited under the three presets, kept alive with its CheckInput.
struct Audited {
    sgf::Document doc;
    sgf::GameRecord record;
    audit::GameAudit audit;
    report::CheckInput input;

    explicit Audited(const std::string& sgf_text, std::string file = "g.sgf",
                     const audit::AuditOptions& options = {})
        : doc(sgf::read_document(std::move(file), sgf_text)), record(sgf::read_record(doc, 0)) {
        const auto list = audit::parse_ruleset_list("tromp-taylor,aga,french");
        audit = audit::audit_game(record, list.rulesets, options);
        input = report::check_input(doc.file(), record, audit);
    }
    Audited(const Audited&) = delete;
};

// rules.md 2, the ssk/nssk example on a 5x5 board (corpus/rules/nssk.sgf): B1 fills, W2
// passes, B3 takes the ko, W4 retakes: illegal under psk (repeats 1) and ssk (repeats 2),
// legal under nssk (AGA). Then both pass.
const char* const kNssk =
    "(;GM[1]FF[4]SZ[5]KM[0.5]PB[Black, \"B\"]PW[W<w>]AB[ca][db][cc]AW[ba][ab][bc][cb]"
    ";B[ee];W[];B[bb];W[cb];B[];W[])";

}  // namespace

TEST_CASE("CSV fields are quoted only when they must be", "[report][csv]") {
    std::string out;
    report::append_csv_field(out, "plain");
    out += ',';
    report::append_csv_field(out, "a,b");
    out += ',';
    report::append_csv_field(out, "say \"hi\"");
    out += ',';
    report::append_csv_field(out, "two\nlines");
    // A control character is written \xNN: every cell is one line.
    CHECK(out == "plain,\"a,b\",\"say \"\"hi\"\"\",two\\x0alines");
}

TEST_CASE("CSV cells a spreadsheet would run as formulas are defused, and hold valid UTF-8",
          "[report][csv][escape]") {
    const auto cell = [](std::string_view field) {
        std::string out;
        report::append_csv_field(out, field);
        return out;
    };
    CHECK(cell("=HYPERLINK(\"http://x\")") == "\"'=HYPERLINK(\"\"http://x\"\")\"");
    CHECK(cell("+1+1") == "\"'+1+1\"");
    CHECK(cell("-2+3") == "\"'-2+3\"");
    CHECK(cell("@SUM(A1)") == "\"'@SUM(A1)\"");
    CHECK(cell("a=b") == "a=b");  // only a first character makes a formula
    CHECK(cell("bad\xff\x1b[31m.sgf") == "bad\\xff\\x1b[31m.sgf");
    CHECK(cell("nul\x01") == "nul\\x01");
}

TEST_CASE("HTML and Markdown carry no control character or invalid UTF-8 from names and files",
          "[report][html][summary][escape]") {
    std::string game = kNssk;
    game.replace(game.find("Black, "), 7, "\x1b[2J\x07\xff<");
    const Audited g(game, "f\x1b]0;title\x07.sgf");
    REQUIRE(!g.audit.divergences.empty());
    std::vector<report::HtmlBlock> blocks;
    report::append_html_blocks(blocks, g.input, "f1-g1", [](std::uint16_t) { return true; });
    std::string html;
    for (const auto& b : blocks) html += b.head + b.figure + b.tail;
    CHECK(html.find('\x1b') == std::string::npos);
    CHECK(html.find('\x07') == std::string::npos);
    CHECK(html.find("\\x1b[2J\\x07") != std::string::npos);
    CHECK(html.find("f\\x1b]0;title\\x07.sgf") != std::string::npos);

    report::RunDescription run;
    run.paths = {"a\x1b[31m/"};
    report::Summary summary(run);
    summary.add_file(true, 1, {});
    report::GameFacts f;
    f.file = "a\x1b[2J\xff.sgf";
    f.interest = 3;
    f.findings = true;
    f.anchor = "f1-g1";
    f.moves = 1;
    summary.add_game(f);
    std::ostringstream md, start;
    summary.write_markdown(md);
    summary.write_html_start(start);
    for (const std::string& text : {md.str(), start.str()}) {
        CHECK(text.find('\x1b') == std::string::npos);
        CHECK(text.find('\xff') == std::string::npos);
        CHECK(text.find("x1b") != std::string::npos);
    }
}

TEST_CASE("html_escape writes the five entities and keeps the text between them",
          "[report][html][escape]") {
    using report::detail::html_escape;
    CHECK(html_escape("") == "");
    CHECK(html_escape("plain text, 19x19") == "plain text, 19x19");
    CHECK(html_escape("&<>\"'") == "&amp;&lt;&gt;&quot;&#39;");
    CHECK(html_escape("a & b < c > d \"e\" 'f'") ==
          "a &amp; b &lt; c &gt; d &quot;e&quot; &#39;f&#39;");
    CHECK(html_escape("<<x>>") == "&lt;&lt;x&gt;&gt;");
    // Controls become \xNN first (new line and tab stay), and an escape's backslash is plain.
    CHECK(html_escape("a\x07<\n\tb") == "a\\x07&lt;\n\tb");
    CHECK(html_escape("\xc3\xa9&\xff") == "\xc3\xa9&amp;\\xff");
}

TEST_CASE("A legality divergence gives one divergences.csv row with its cause and verdicts",
          "[report][csv]") {
    const Audited g(kNssk, "dir/a,b.sgf");
    std::string rows;
    report::append_divergence_rows(rows, g.input);
    // The legality row first (divergences are ordered by kind).
    const std::string first = rows.substr(0, rows.find('\n') + 1);
    // The cause, then one typed column per ruleset (the run's, in order): the reason or legal;
    // after the summary: settled (no count involved: yes), no knobs, no undecided strings.
    CHECK(first ==
          "\"dir/a,b.sgf\",1,4,W,C4,cb,legality,superko_after_pass,TT 6; FFG 4,"
          "tromp-taylor;aga;french,positional_superko,legal,situational_superko,\"move 4: W C4 "
          "(cb) is legal under aga, illegal under tromp-taylor, french\",yes,,\n");
    CHECK(count(rows, "\n") == g.audit.divergences.size());
}

TEST_CASE("diagnostics.csv rows carry file, game, line, column, severity, code, message",
          "[report][csv]") {
    const std::vector<sgf::Diagnostic> d{
        {sgf::Severity::warning, "S220", "x.sgf", {3, 7}, "free text, \"quoted\"", 1},
        {sgf::Severity::error, "F004", "y.sgf", {}, "cannot open", -1}};
    std::string rows;
    report::append_diagnostic_rows(rows, d);
    CHECK(rows ==
          "x.sgf,2,3,7,warning,S220,\"free text, \"\"quoted\"\"\"\n"
          "y.sgf,,,,error,F004,cannot open\n");
}

namespace {

// A position from text rows ('.', 'X', 'O', each row ended by '\n'); rows of unequal widths
// give a position whose cells do not fill width x height (not a board).
audit::Position position(std::string_view rows) {
    audit::Position p;
    while (!rows.empty()) {
        const std::size_t eol = rows.find('\n');
        const std::string_view row = rows.substr(0, eol);
        if (p.height == 0) p.width = static_cast<int>(row.size());
        ++p.height;
        for (const char c : row) {
            p.cells.push_back(c == 'X'   ? game::Cell::black
                              : c == 'O' ? game::Cell::white
                                         : game::Cell::empty);
        }
        if (eol == std::string_view::npos) break;
        rows.remove_prefix(eol + 1);
    }
    return p;
}

}  // namespace

TEST_CASE("svg_board draws every stone, rings the play and crosses the stones it removed",
          "[report][svg]") {
    const std::string before = "XO.\n.X.\n...\n";
    const std::string after = "X.X\n.X.\n...\n";  // hypothetical: O at b1 (column B) removed
    const sgf::Point play{2, 0};
    const std::string svg = report::svg_board(position(after), &play, position(before));
    REQUIRE(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    CHECK(svg.substr(svg.size() - 6) == "</svg>");
    // Three black stones in one path, no white stone.
    CHECK(svg.find("M0 0h0M2 0h0M1 1h0") != std::string::npos);
    CHECK(svg.find("stroke=\"#fff\"") == std::string::npos);
    // The ring at (2, 0) and one cross at (1, 0).
    CHECK(svg.find("<circle cx=\"2\" cy=\"0\"") != std::string::npos);
    CHECK(count(svg, "l.4 .4m0 -.4l-.4 .4") == 1);
    CHECK(svg.find("M0.80 -0.20l.4 .4") != std::string::npos);
    // Column letters skip I; rows are counted from the bottom.
    CHECK(svg.find(">A</text>") != std::string::npos);
    CHECK(svg.find(">3</text>") != std::string::npos);
    CHECK(report::svg_board(position(""), nullptr, position("")).empty());
    CHECK(report::svg_board(position("XX\nX\n"), nullptr, position("")).empty());
}

TEST_CASE("svg_board of a 19x19 board: star points, white stones drawn with an outline",
          "[report][svg]") {
    std::string rows;
    for (int y = 0; y < 19; ++y) rows += std::string(19, y == 3 ? 'O' : '.') + "\n";
    const std::string svg = report::svg_board(position(rows), nullptr, position(""));
    CHECK(count(svg, "h0M") >= 18);
    CHECK(svg.find("stroke=\"#fff\"") != std::string::npos);
    CHECK(svg.find("M3 3h0M3 9h0M3 15h0") != std::string::npos);  // star points
    CHECK(svg.find(">T</text>") != std::string::npos);
    CHECK(svg.find(">I</text>") == std::string::npos);
    CHECK(svg.find("<circle") == std::string::npos);
}

TEST_CASE("svg_board of boards of many sizes in turn: each as a fresh thread draws it",
          "[report][svg]") {
    // A board's frame (tag, wood, grid, star points, coordinates) is kept per size on each
    // thread, for a few sizes: drawing six sizes in turn, twice, makes the kept frames be
    // replaced; every picture must be the one a thread that drew nothing before makes.
    const std::vector<std::pair<int, int>> sizes = {{19, 19}, {9, 9},  {13, 13}, {19, 13},
                                                    {7, 5},   {3, 21}, {19, 19}};
    const auto board = [](int w, int h) {
        std::string rows;
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x)
                rows += (x + y) % 3 == 0 ? 'X' : (x * y) % 5 == 1 ? 'O' : '.';
            rows += '\n';
        }
        return position(rows);
    };
    const auto fresh = [&](int w, int h) {
        std::string svg;
        std::thread([&] { svg = report::svg_board(board(w, h), nullptr, position("")); }).join();
        return svg;
    };
    for (int round = 0; round < 2; ++round) {
        for (const auto& [w, h] : sizes) {
            const std::string svg = report::svg_board(board(w, h), nullptr, position(""));
            INFO(w << "x" << h << ", round " << round);
            CHECK(svg.find("aria-label=\"" + std::to_string(w) + "x" + std::to_string(h) +
                           " board\"") != std::string::npos);
            CHECK(svg == fresh(w, h));
        }
    }
}

TEST_CASE("append_html_blocks: a block per divergence in its kind and cause group",
          "[report][html]") {
    const Audited g(kNssk);
    REQUIRE(!g.audit.divergences.empty());
    std::vector<report::HtmlBlock> blocks;
    report::append_html_blocks(blocks, g.input, "f1-g1", [](std::uint16_t) { return true; });
    REQUIRE(blocks.size() == g.audit.divergences.size());
    for (std::size_t k = 0; k < blocks.size(); ++k) {
        const audit::Divergence& d = g.audit.divergences[k];
        const report::HtmlBlock& b = blocks[k];
        CHECK(b.group ==
              report::html_group(d.kind, report::divergence_causes(g.audit, d).front().cause));
        CHECK(b.head.find("id=\"f1-g1-" + std::to_string(k + 1) + "\"") != std::string::npos);
        // Every divergence of this game has a board, so each has its diagram.
        CHECK(b.has_board);
        CHECK(b.figure.rfind("<figure><svg", 0) == 0);
    }
    // The game's anchor on its first block only; names escaped.
    CHECK(blocks[0].head.find("<h4 id=\"f1-g1\">") != std::string::npos);
    CHECK(blocks[1].head.find("<h4 id=") == std::string::npos);
    CHECK(blocks[0].head.find("B Black, &quot;B&quot; vs W W&lt;w&gt;") != std::string::npos);
    CHECK(blocks[0].tail.find("<tr class=\"illegal\"><td>tromp-taylor</td>") != std::string::npos);
    CHECK(blocks[0].tail.find("<tr class=\"legal\"><td>aga</td><td>legal</td>") !=
          std::string::npos);
    // W4 repeats the position after move 1: the board before and after the play, moves 2 to 4
    // numbered on the repeated position (move 3 at B4 = bb, move 4 at C4 = cb; 2 is a pass).
    CHECK(blocks[0].figure.find("before move 4") != std::string::npos);
    CHECK(blocks[0].figure.find("the position after move 1 again; moves 2 to 4 numbered") !=
          std::string::npos);
    CHECK(blocks[0].figure.find("fill=\"#000\">3</text>") != std::string::npos);
    CHECK(blocks[0].figure.find("fill=\"#000\">4</text>") != std::string::npos);
    CHECK(blocks[0].figure.find("\">2</text>", blocks[0].figure.find("fill=\"#000\">")) ==
          std::string::npos);
    // The setup stones without a handicap are a record error: said beside the legality block.
    CHECK(blocks[0].head.find("<p class=\"broken\">This game's record has errors "
                              "(setup_without_handicap)") != std::string::npos);

    // A group whose diagrams are no longer needed: the same blocks, no figures.
    std::vector<report::HtmlBlock> capped;
    report::append_html_blocks(capped, g.input, "f1-g1", [](std::uint16_t) { return false; });
    REQUIRE(capped.size() == blocks.size());
    for (std::size_t i = 0; i < capped.size(); ++i) {
        CHECK(capped[i].has_board == blocks[i].has_board);
        CHECK(capped[i].figure.empty());
        CHECK(capped[i].head == blocks[i].head);
        CHECK(capped[i].tail == blocks[i].tail);
    }
}

TEST_CASE("A game without divergences has no HTML block", "[report][html]") {
    const Audited g("(;GM[1]FF[4]SZ[9];B[ee];W[cc])");
    REQUIRE(g.audit.divergences.empty());
    std::vector<report::HtmlBlock> blocks;
    report::append_html_blocks(blocks, g.input, "f1-g1", [](std::uint16_t) { return true; });
    CHECK(blocks.empty());
}

TEST_CASE("Groups: legality before outcome, record, end, accounting - rare causes first",
          "[report][html]") {
    using audit::DivergenceKind;
    using report::Cause;
    std::array<std::uint64_t, report::kHtmlGroups> n{};
    n[report::html_group(DivergenceKind::end, Cause::end_rule)] = 500;
    n[report::html_group(DivergenceKind::legality, Cause::suicide)] = 40;
    n[report::html_group(DivergenceKind::legality, Cause::psk_only_cycle)] = 3;
    n[report::html_group(DivergenceKind::outcome, Cause::handicap_bonus)] = 7;
    const std::vector<std::uint16_t> order = report::html_group_order(n);
    CHECK(order == std::vector<std::uint16_t>{
                       report::html_group(DivergenceKind::legality, Cause::psk_only_cycle),
                       report::html_group(DivergenceKind::legality, Cause::suicide),
                       report::html_group(DivergenceKind::outcome, Cause::handicap_bonus),
                       report::html_group(DivergenceKind::end, Cause::end_rule)});
    // 45 diagrams: the legality groups take theirs, the outcome group the 2 left, end none.
    const auto budget = report::html_diagram_budget(order, n, 45);
    CHECK(budget[order[0]] == 3);
    CHECK(budget[order[1]] == 40);
    CHECK(budget[order[2]] == 2);
    CHECK(budget[order[3]] == 0);
}

TEST_CASE("Broken records: one row per record error, notes left out", "[report][html]") {
    // HA[2] without stones and White first (R5): handicap_missing (error); KM[650]: komi_quirk
    // (note).
    const Audited g("(;GM[1]FF[4]SZ[9]HA[2]KM[650];W[ee];B[cd];W[];B[])", "h<1>.sgf");
    std::string rows;
    const std::size_t n = report::append_html_broken_rows(rows, g.input, "f3-g1");
    CHECK(n == 1);
    CHECK(rows.find("<a href=\"#f3-g1\">h&lt;1&gt;.sgf #1</a>") != std::string::npos);
    CHECK(rows.find("<td>handicap_missing</td>") != std::string::npos);
    CHECK(rows.find("komi_quirk") == std::string::npos);
}

TEST_CASE("game_facts: ending, divergences by kind and by ruleset pair, interest",
          "[report][summary]") {
    const Audited g(kNssk);
    const report::GameFacts f = report::game_facts(g.input);
    CHECK(f.ending == report::Ending::scored);
    CHECK(f.moves == 6);
    CHECK(f.findings);
    CHECK(f.divergences[static_cast<std::size_t>(audit::DivergenceKind::legality)] == 1);
    // The legality divergence separates TT from AGA and AGA from French, not TT from French.
    std::vector<std::array<std::uint16_t, 3>> legality;
    for (const auto& p : f.pairs) {
        if (p[0] == static_cast<std::uint16_t>(audit::DivergenceKind::legality)) {
            legality.push_back(p);
        }
    }
    CHECK(legality == std::vector<std::array<std::uint16_t, 3>>{{0, 0, 1}, {0, 1, 2}});
    std::uint32_t expected = 0;
    const std::uint32_t points[] = {10, 2, 8, 1, 4};
    for (std::size_t k = 0; k < report::kDivergenceKinds; ++k) {
        expected += points[k] * f.divergences[k];
    }
    CHECK(f.interest == expected);
    CHECK(f.interest_text.rfind("1 legality", 0) == 0);

    const Audited resigned("(;GM[1]FF[4]SZ[9]RE[W+R];B[ee];W[cc])");
    CHECK(report::game_facts(resigned.input).ending == report::Ending::resigned);
    const Audited on_time("(;GM[1]FF[4]SZ[9]RE[B+T];B[ee])");
    CHECK(report::game_facts(on_time.input).ending == report::Ending::time);
    const Audited unfinished("(;GM[1]FF[4]SZ[9];B[ee];W[])");
    CHECK(report::game_facts(unfinished.input).ending == report::Ending::unfinished);
    CHECK(report::game_facts(unfinished.input).interest == 0);
    // R13: a record without passes whose RE is a score was counted: not unfinished.
    const Audited counted("(;GM[1]FF[4]SZ[9]KM[0.5]RE[B+80.5];B[ee];W[cc];B[gg])");
    CHECK(report::game_facts(counted.input).ending == report::Ending::counted);
}

TEST_CASE("An outcome divergence from dead stones alone is counted apart and not as needing action",
          "[report][summary]") {
    // 5x5, Black owns columns A-C, White D-E; a White stone left at A5 inside Black's area, and
    // the final node's markup (TB) calls it dead. KM 0.5.
    //     A B C D E
    //  5  O . X O .
    //  4  . . X O .
    //  3  . . X O .
    //  2  . . X O .
    //  1  . . X O .
    // Strict TT 8-9 counts the board as it stands: A5 is alive, columns A-B reach both colours
    // and are neutral, B 5 against W 11 + 0.5. AGA and French remove A5 (the markup): B 15
    // against W 10.5 by area (AGA 12 territory: B 10 + 1 prisoner against W 5 + 0.5). Only the
    // dead knob flips TT's winner, so both pairs' cause is dead_stones.
    audit::AuditOptions options;
    options.dead = audit::DeadPolicy::markup;
    const Audited g(
        "(;GM[1]FF[4]SZ[5]KM[0.5]RU[AGA]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][aa]"
        ";B[];W[];B[]TB[aa][ab][ac][ad][ae][ba][bb][bc][bd][be]"
        "TW[ea][eb][ec][ed][ee])",
        "dead.sgf", options);
    const report::GameFacts f = report::game_facts(g.input);
    const auto outcome = static_cast<std::size_t>(audit::DivergenceKind::outcome);
    REQUIRE(f.divergences[outcome] == 1);
    CHECK(f.unsettled[outcome] == 0);
    CHECK(f.dead_stones_only == 1);
    // Worth 1 point among the most interesting, not an outcome's 8.
    std::uint32_t others = 0;
    const std::uint32_t points[] = {10, 2, 8, 1, 4};
    for (std::size_t k = 0; k < report::kDivergenceKinds; ++k) {
        if (k != outcome) others += points[k] * f.divergences[k];
    }
    CHECK(f.interest == others + 1);

    report::RunDescription run;
    run.paths = {"dead.sgf"};
    run.rulesets = {"tromp-taylor", "aga", "french"};
    run.dead = "markup";
    report::Summary summary(run);
    summary.add_file(true, 1, {});
    summary.add_game(f);
    std::ostringstream md;
    summary.write_markdown(md);
    const std::string text = md.str();
    INFO(text);
    // Needs action has no outcome row (0 left); the table after it counts the divergence.
    const std::size_t action = text.find("## Needs action");
    const std::size_t design = text.find("## By design of the rulesets chosen");
    REQUIRE(action != std::string::npos);
    REQUIRE(design != std::string::npos);
    CHECK(text.substr(action, design - action).find("outcome divergences") == std::string::npos);
    CHECK(text.find("| outcome divergences from dead stones alone (settled counts) | "
                    "[1](index.html#g-outcome-dead_stones) | 1 |") != std::string::npos);
    std::ostringstream json;
    summary.write_json(json);
    CHECK(json.str().find("\"dead_stones_only\": 1,") != std::string::npos);
    CHECK(json.str().find("\"games_dead_stones_only\": 1\n") != std::string::npos);

    // Another outcome divergence, not from dead stones alone, is still in Needs action.
    report::GameFacts other = f;
    other.dead_stones_only = 0;
    summary.add_game(other);
    std::ostringstream md2;
    summary.write_markdown(md2);
    CHECK(md2.str().find("| outcome divergences (settled counts, not from dead stones alone) | "
                         "[1](index.html#kind-outcome) |") != std::string::npos);
    CHECK(md2.str().find("[1](index.html#g-outcome-dead_stones) | 1 |") != std::string::npos);
}

TEST_CASE("Summary: totals add up, the top ten keeps the most interesting, earlier first",
          "[report][summary]") {
    report::RunDescription run;
    run.paths = {"a/"};
    run.rulesets = {"tromp-taylor", "aga", "french"};
    run.dead = "none";
    run.on_illegal = "as-it-stands";
    report::Summary summary(run);
    const std::vector<sgf::Diagnostic> none;
    const std::vector<sgf::Diagnostic> error{
        {sgf::Severity::error, "S106", "b.sgf", {1, 2}, "x", 0}};
    summary.add_file(true, 12, none);
    summary.add_file(true, 0, error);
    summary.add_file(false, 0, error);
    for (int i = 0; i < 12; ++i) {
        report::GameFacts f;
        f.file = "a.sgf";
        f.game = i;
        f.moves = 10;
        f.ending = i % 2 == 0 ? report::Ending::scored : report::Ending::resigned;
        f.interest = static_cast<std::uint32_t>(i % 4);  // 0, 1, 2, 3, 0, 1, ...
        f.anchor = "f1-g" + std::to_string(i + 1);
        f.findings = f.interest > 0;
        f.record = audit::RecordCheck::unmapped_rules;
        f.rules = i < 6 ? "Japanese" : "";
        summary.add_game(f);
    }
    CHECK(summary.files() == 3);
    CHECK(summary.games() == 12);
    CHECK(summary.moves() == 120);
    CHECK(summary.games_with_findings() == 9);
    CHECK(summary.findings());

    std::ostringstream md;
    summary.write_markdown(md);
    const std::string text = md.str();
    CHECK(text.find("3 files taken = 1 with games + 1 without a game + 1 that could not be read; "
                    "12 games = 6 scored + 0 counted without passes + 6 resigned + 0 on time + 0 "
                    "forfeit + 0 unfinished + 0 not auditable;") != std::string::npos);
    CHECK(text.find("MISMATCH") == std::string::npos);
    CHECK(text.find("| Japanese | 6 |") != std::string::npos);
    CHECK(text.find("| (no RU) | 6 |") != std::string::npos);
    CHECK(text.find("| S106 | error | 2 |") != std::string::npos);
    // Interest 3: games 4, 8, 12 (1-based), then interest 2: 3, 7, 11, then 1: 2, 6, 10; nine
    // games have an interest above 0.
    const std::size_t top = text.find("## The ten most interesting games");
    REQUIRE(top != std::string::npos);
    const std::string list = text.substr(top);
    CHECK(list.find("| 1 | [a.sgf \\#4](index.html#f1-g4) |") != std::string::npos);
    CHECK(list.find("| 2 | [a.sgf \\#8](index.html#f1-g8) |") != std::string::npos);
    CHECK(list.find("| 4 | [a.sgf \\#3](index.html#f1-g3) |") != std::string::npos);
    CHECK(list.find("| 9 | [a.sgf \\#10](index.html#f1-g10) |") != std::string::npos);
    CHECK(list.find("| 10 |") == std::string::npos);

    std::ostringstream html;
    summary.write_html_start(html);
    CHECK(html.str().find("<a href=\"#f1-g4\">a.sgf #4</a>") != std::string::npos);
    CHECK(html.str().find("default-src 'none'") != std::string::npos);
}

TEST_CASE("Summary: RU values past the bound are counted under one row", "[report][summary]") {
    report::Summary summary(report::RunDescription{});
    for (int i = 0; i < 600; ++i) {
        report::GameFacts f;
        f.record = audit::RecordCheck::unmapped_rules;
        f.rules = "rules " + std::to_string(1000 + i);
        summary.add_game(f);
    }
    std::ostringstream md;
    summary.write_markdown(md);
    CHECK(md.str().find("| (other values) | 100 |") != std::string::npos);
    CHECK(md.str().find("| rules 1000 | 1 |") != std::string::npos);
}
