// The summary that leads (issue 27 item 5) and the charts of index.html (item 6): what needs
// action first, zero rows left out, unreadable files named by code and folder, thousands
// separators, and charts that are well-formed SVG whose figures are summary.json's.

// Boost.PropertyTree's get_value returns an empty boost::optional that GCC 12 at -O1 (the
// asan-ubsan build) calls maybe-uninitialized inside the header: a false positive in library
// code, silenced for these headers only. The deprecated global Bind placeholders they pull in
// are not used here.
#define BOOST_BIND_GLOBAL_PLACEHOLDERS
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <boost/property_tree/json_parser.hpp>
#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#pragma GCC diagnostic pop
#include <array>
#include <catch2/catch.hpp>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/report/cause.hpp"
#include "sgfaudit/report/folder.hpp"

using namespace sgfaudit;
namespace pt = boost::property_tree;

namespace {

// A summary of a small made-up run: games under two RU values (some mismatches), divergences
// of two causes, record issues of two codes, one file that could not be read and one without a
// game in other folders.
report::Summary made_up_summary() {
    report::RunDescription run;
    run.paths = {"/data/archive.tar"};
    run.rulesets = {"tromp-taylor", "aga"};
    run.dead = "none";
    run.on_illegal = "as-it-stands";
    report::Summary summary(run);
    summary.add_file(true, 1500, {});
    const std::vector<sgf::Diagnostic> nul{
        {sgf::Severity::error, "S113", "/data/archive.tar!/set/9k/a.sgf", {0, 0}, "NUL", -1}};
    summary.add_file(true, 0, nul);
    const std::vector<sgf::Diagnostic> broken{
        {sgf::Severity::error, "F011", "/data/archive.tar!/set/5d/b.sgf", {0, 0}, "bad", -1}};
    summary.add_file(false, 0, broken);
    for (int i = 0; i < 1500; ++i) {
        report::GameFacts f;
        f.file = "x.sgf";
        f.game = i;
        f.moves = 1000;
        f.ending = report::Ending::scored;
        f.rules = i % 3 == 0 ? "Japanese" : "Chinese";
        f.mapped = i % 3 == 0 ? "japanese" : "chinese";
        f.record = i % 7 == 0   ? audit::RecordCheck::mismatch
                   : i % 5 == 0 ? audit::RecordCheck::not_comparable
                                : audit::RecordCheck::match;
        if (i % 10 == 0) {
            f.divergences[static_cast<std::size_t>(audit::DivergenceKind::legality)] = 1;
            f.pairs.push_back({static_cast<std::uint16_t>(audit::DivergenceKind::legality), 0, 1});
            f.causes.push_back({static_cast<std::uint16_t>(audit::DivergenceKind::legality),
                                static_cast<std::uint16_t>(report::Cause::psk_only_cycle), 0, 1});
            f.groups.push_back(
                report::html_group(audit::DivergenceKind::legality, report::Cause::psk_only_cycle));
            f.findings = true;
        }
        // Issue 27: five outcome divergences of one cause, two on settled counts, three not.
        if (i < 5) {
            const auto k = static_cast<std::uint16_t>(audit::DivergenceKind::outcome);
            const std::array<std::uint16_t, 4> cause{
                k, static_cast<std::uint16_t>(report::Cause::seki_eyes), 0, 1};
            f.divergences[k] = 1;
            f.groups.push_back(
                report::html_group(audit::DivergenceKind::outcome, report::Cause::seki_eyes));
            f.knobs.push_back({{k, 0, 1, static_cast<std::uint16_t>(audit::Knob::seki_eyes)},
                               "territory",
                               i < 2});
            if (i < 2) {
                f.pairs.push_back({k, 0, 1});
                f.causes.push_back(cause);
            } else {
                f.unsettled[k] = 1;
                f.unsettled_pairs.push_back({k, 0, 1});
                f.unsettled_causes.push_back(cause);
                f.unsettled_list.push_back({{k, 0, 1}, "D4, Q16"});
            }
            f.findings = true;
        }
        if (i % 4 == 0) {
            f.record_issues.emplace_back("out_of_turn", audit::IssueSeverity::error);
        }
        if (i % 6 == 0) f.record_issues.emplace_back("komi_quirk", audit::IssueSeverity::note);
        f.file = i % 2 == 0 ? "/data/archive.tar!/set/9k/x.sgf" : "/data/archive.tar!/set/5d/y.sgf";
        f.margins.push_back({0, 1, report::margin_bin(i % 9 == 0 ? 12.5 : (i % 2 == 0 ? 0 : -2))});
        summary.add_game(f);
    }
    return summary;
}

std::string markdown(const report::Summary& s) {
    std::ostringstream out;
    s.write_markdown(out);
    return out.str();
}

std::string html(const report::Summary& s) {
    std::ostringstream out;
    s.write_html_start(out, "<nav class=\"toc\">contents</nav>\n");
    return out.str();
}

// Every <svg class="chart" ...>...</svg> of the page, by id.
std::map<std::string, std::string> charts(const std::string& page) {
    std::map<std::string, std::string> out;
    for (std::size_t at = 0;
         (at = page.find("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\"", at)) !=
         std::string::npos;) {
        const std::size_t end = page.find("</svg>", at);
        REQUIRE(end != std::string::npos);
        const std::size_t id = page.find("id=\"", at) + 4;
        out[page.substr(id, page.find('"', id) - id)] = page.substr(at, end + 6 - at);
        at = end;
    }
    return out;
}

// The figures of a chart: data-key of the row / data-series -> data-n.
std::map<std::string, std::uint64_t> chart_figures(const std::string& svg) {
    pt::ptree tree;
    std::istringstream in(svg);
    pt::read_xml(in, tree);  // throws when the SVG is not well-formed XML
    std::map<std::string, std::uint64_t> out;
    for (const auto& [name, g] : tree.get_child("svg")) {
        if (name != "g") continue;
        const std::string key = g.get<std::string>("<xmlattr>.data-key");
        for (const auto& [rect_name, rect] : g) {
            if (rect_name != "rect") continue;
            out[key + "|" + rect.get<std::string>("<xmlattr>.data-series")] =
                rect.get<std::uint64_t>("<xmlattr>.data-n");
        }
    }
    return out;
}

}  // namespace

TEST_CASE("Summary figures carry thousands separators in Markdown and HTML only",
          "[report][summary][index]") {
    CHECK(report::thousands(0) == "0");
    CHECK(report::thousands(999) == "999");
    CHECK(report::thousands(1000) == "1,000");
    CHECK(report::thousands(1234567) == "1,234,567");
    const report::Summary s = made_up_summary();
    const std::string md = markdown(s);
    CHECK(md.find("| games | 1,500 |") != std::string::npos);
    CHECK(md.find("1,500,000") != std::string::npos);  // moves
    CHECK(html(s).find("1,500,000") != std::string::npos);
    std::ostringstream json;
    s.write_json(json);
    CHECK(json.str().find("1500000") != std::string::npos);
    CHECK(json.str().find("1,500") == std::string::npos);
}

TEST_CASE("Summary opens with what needs action and each figure links to its cases",
          "[report][summary][index]") {
    const report::Summary s = made_up_summary();
    const std::string md = markdown(s);
    const std::size_t action = md.find("## Needs action");
    REQUIRE(action != std::string::npos);
    CHECK(action < md.find("## Run"));
    CHECK(md.find("| files that could not be read | [1](index.html#unread) |") !=
          std::string::npos);
    CHECK(md.find("| legality divergences (settled counts) | [150](index.html#kind-legality) |") !=
          std::string::npos);
    CHECK(md.find("(index.html#g-legality-psk_only_cycle)") != std::string::npos);
    CHECK(md.find("(index.html#broken)") != std::string::npos);
    // No divergence of the other kinds: no row of theirs in the table that leads.
    CHECK(md.find("end divergences") == std::string::npos);
    // On the page: before the contents, links on the page itself.
    const std::string page = html(s);
    CHECK(page.find("id=\"action\"") < page.find("<nav class=\"toc\">"));
    CHECK(page.find("<a href=\"#kind-legality\">150</a>") != std::string::npos);
}

TEST_CASE("Summary leaves rows of zeros out and says how many", "[report][summary][index]") {
    const std::string md = markdown(made_up_summary());
    CHECK(md.find("| games lost on time (RE) |") == std::string::npos);
    CHECK(md.find("| games scored (ended by two passes, or at KataGo's end, under some ruleset) | "
                  "1,500 |") != std::string::npos);
    CHECK(md.find("rows of zeros left out.") != std::string::npos);
    CHECK(md.find("| end | 0 |") == std::string::npos);
    CHECK(md.find("| tromp-taylor vs aga | 150 | 0 | 2 | 3 |") != std::string::npos);
    CHECK(md.find("| legality | 150 |") == std::string::npos);  // linked
    CHECK(md.find("| legality | [150](index.html#kind-legality) | 150 |") != std::string::npos);
}

TEST_CASE("Summary names files not read or without a game by code and folder",
          "[report][summary][index]") {
    const report::Summary s = made_up_summary();
    const std::string md = markdown(s);
    // The folders below what every such file shares (set/): 5d/ and 9k/.
    CHECK(md.find("| F011 | set/5d/ | 1 | b.sgf |") != std::string::npos);
    CHECK(md.find("| S113 | set/9k/ | 1 | a.sgf |") != std::string::npos);
    const std::string page = html(s);
    CHECK(page.find("id=\"unread\"") != std::string::npos);
    CHECK(page.find("<td>set/9k/</td><td class=\"n\">1</td><td>a.sgf</td>") != std::string::npos);
}

TEST_CASE("Charts of index.html are well-formed SVG whose figures are summary.json's",
          "[report][summary][index][charts]") {
    const report::Summary s = made_up_summary();
    const std::string page = html(s);
    CHECK(page.find("<script") == std::string::npos);
    std::map<std::string, std::string> svgs = charts(page);
    REQUIRE(svgs.size() == 5);
    std::ostringstream json_text;
    s.write_json(json_text);
    pt::ptree json;
    std::istringstream json_in(json_text.str());
    pt::read_json(json_in, json);

    // Record-check verdicts per RU: reproduced (match, agreed, convention: compared, not
    // mismatches) + mismatch + not compared (unsettled included, R20) = games.
    std::map<std::string, std::uint64_t> want;
    for (const auto& [unused, ru] : json.get_child("record_checks.by_ru")) {
        const std::string key = ru.get<std::string>("ru");
        const auto games = ru.get<std::uint64_t>("games");
        const auto compared = ru.get<std::uint64_t>("compared");
        const auto mismatches = ru.get<std::uint64_t>("mismatches");
        want[key + "|reproduced"] = compared - mismatches;
        want[key + "|mismatch"] = mismatches;
        want[key + "|not compared"] = games - compared;
    }
    CHECK(chart_figures(svgs["chart-record-checks"]) == want);
    CHECK(want.size() == 6);

    // Divergences per cause and ruleset pair.
    want.clear();
    for (const auto& [unused, c] : json.get_child("divergences.by_cause")) {
        std::string pair;
        for (const auto& [unused2, r] : c.get_child("rulesets")) {
            pair += (pair.empty() ? "" : " vs ") + r.get_value<std::string>();
        }
        const std::string key =
            c.get<std::string>("kind") + "/" + c.get<std::string>("cause") + "/" + pair;
        want[key + "|settled"] = c.get<std::uint64_t>("count");
        want[key + "|unsettled"] = c.get<std::uint64_t>("unsettled");
    }
    CHECK(chart_figures(svgs["chart-causes"]) == want);
    CHECK(want.at("legality/psk_only_cycle/tromp-taylor vs aga|settled") == 150);
    CHECK(want.at("outcome/seki_eyes/tromp-taylor vs aga|settled") == 2);
    CHECK(want.at("outcome/seki_eyes/tromp-taylor vs aga|unsettled") == 3);

    // Record issues per code.
    want.clear();
    for (const auto& [unused, c] : json.get_child("record_issues.by_code")) {
        const std::string severity = c.get<std::string>("severity");
        const std::string key = c.get<std::string>("code") + "/" + severity;
        const auto n = c.get<std::uint64_t>("count");
        want[key + "|error"] = severity == "error" ? n : 0;
        want[key + "|note"] = severity == "error" ? 0 : n;
    }
    CHECK(chart_figures(svgs["chart-record-issues"]) == want);
    CHECK(want.at("out_of_turn/error|error") == 375);

    // Record issues per top-level folder (below set/, which every file shares).
    want.clear();
    for (const auto& [unused, c] : json.get_child("record_issues.by_folder")) {
        const std::string folder = c.get<std::string>("folder");
        want[folder + "|error"] = c.get<std::uint64_t>("error");
        want[folder + "|note"] = c.get<std::uint64_t>("note");
    }
    CHECK(chart_figures(svgs["chart-record-issues-folder"]) == want);
    CHECK(want.at("set/9k/|error") == 375);  // i % 4 == 0: all even
    CHECK(want.count("set/5d/|note") == 0);  // odd i: no issue, no row
    CHECK(want.at("set/9k/|note") == 250);

    // The margin histogram of the pair.
    want.clear();
    for (const auto& [unused, m] : json.get_child("margins")) {
        for (const auto& [bin, n] : m.get_child("bins"))
            want[bin + "|scored games"] = n.get_value<std::uint64_t>();
    }
    CHECK(chart_figures(svgs["chart-margins-0-1"]) == want);
    CHECK(want.at("0|scored games") == 750 - 84);      // even i, not a multiple of 9
    CHECK(want.at("1.5-3|scored games") == 750 - 83);  // odd i, not a multiple of 9
    CHECK(want.at("10.5-20|scored games") == 167);     // multiples of 9 below 1500
}

TEST_CASE(
    "Summary counts divergences on settled counts in its headline and the unsettled apart "
    "with the same numbers as summary.json",
    "[report][summary][settled]") {
    // made_up_summary: five outcome divergences of tromp-taylor vs aga, cause seki_eyes, each
    // flipped by seki-eyes=territory alone; two on settled counts, three not (D4, Q16 unsure).
    const report::Summary s = made_up_summary();
    const std::string md = markdown(s);
    std::ostringstream json_text;
    s.write_json(json_text);
    pt::ptree json;
    std::istringstream json_in(json_text.str());
    pt::read_json(json_in, json);
    const pt::ptree& outcome = json.get_child("divergences.by_kind.outcome");
    CHECK(outcome.get<std::uint64_t>("divergences") == 5);
    CHECK(outcome.get<std::uint64_t>("settled") == 2);
    CHECK(outcome.get<std::uint64_t>("unsettled") == 3);
    CHECK(outcome.get<std::uint64_t>("games") == 2);
    CHECK(outcome.get<std::uint64_t>("games_unsettled") == 3);
    // The headline: the settled ones; the unsettled apart.
    CHECK(md.find("| outcome divergences (settled counts) | [2](index.html#kind-outcome) |") !=
          std::string::npos);
    CHECK(md.find("| divergences on unsettled counts (the dead stones not decided: listed "
                  "apart) | [3](index.html#unsettled) |") != std::string::npos);
    CHECK(md.find("| outcome | [2](index.html#kind-outcome) | 2 | [3](index.html#unsettled) | 3 "
                  "|") != std::string::npos);
    // By pair and by cause, as summary.json says.
    const pt::ptree& pair = json.get_child("divergences.by_pair").front().second;
    CHECK(pair.get<std::uint64_t>("outcome") == 2);
    CHECK(pair.get<std::uint64_t>("outcome_unsettled") == 3);
    CHECK(md.find("| tromp-taylor vs aga | 150 | 0 | 2 | 3 |") != std::string::npos);
    bool cause_found = false;
    for (const auto& [unused, c] : json.get_child("divergences.by_cause")) {
        if (c.get<std::string>("cause") != "seki_eyes") continue;
        cause_found = true;
        CHECK(c.get<std::uint64_t>("count") == 2);
        CHECK(c.get<std::uint64_t>("unsettled") == 3);
    }
    CHECK(cause_found);
    CHECK(md.find("| outcome | seki\\_eyes | tromp-taylor vs aga | "
                  "[2](index.html#g-outcome-seki_eyes) | 3 |") != std::string::npos);
    // By knob.
    const pt::ptree& knob = json.get_child("divergences.by_knob").front().second;
    CHECK(knob.get<std::string>("knob") == "seki-eyes");
    CHECK(knob.get<std::string>("value") == "territory");
    CHECK(knob.get<std::uint64_t>("settled") == 2);
    CHECK(knob.get<std::uint64_t>("unsettled") == 3);
    CHECK(md.find("| outcome | tromp-taylor vs aga | seki-eyes=territory | 2 | 3 |") !=
          std::string::npos);
    // The unsettled listed apart, with the strings the dead-stone source was unsure of.
    CHECK(json.get<std::uint64_t>("divergences.unsettled.total") == 3);
    const pt::ptree& listed = json.get_child("divergences.unsettled.listed");
    REQUIRE(listed.size() == 3);
    for (const auto& [unused, row] : listed) CHECK(row.get<std::string>("unsure") == "D4, Q16");
    CHECK(md.find("\n## Unsettled divergences") == std::string::npos);  // level 3
    CHECK(md.find("### Unsettled divergences") != std::string::npos);
    CHECK(md.find("| outcome | tromp-taylor vs aga | D4, Q16 |") != std::string::npos);
    CHECK(html(s).find("id=\"unsettled\"") != std::string::npos);
}
