// shard.chunks read back (src/pipeline/shard.cpp, internal): every enum and index field of a
// chunk is checked against its range, so a damaged or forged shard is "damaged", never an
// index out of bounds in the merged summary (issue 30 item 5: an ending of 255 indexed an
// array of 6). Each file here carries a valid end record (checksum and count): only the range
// checks stand between the bad value and the summary.

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "../../src/pipeline/chunk.hpp"
#include "temp_folder.hpp"

using namespace sgfaudit;
using pipeline::detail::Chunk;

namespace {

// A chunk of one game with a pair, a cause and an accounting entry, all in range for a run of
// two rulesets.
void make_valid(Chunk& c) {
    c.index = 0;
    c.file.read = true;
    c.file.games = 1;
    sgf::Diagnostic d;
    d.severity = sgf::Severity::warning;
    d.code = "S101";
    d.file = "a.sgf";
    c.file.diagnostics.push_back(d);
    report::GameFacts f;
    f.file = "a.sgf";
    f.ending = report::Ending::scored;
    f.pairs.push_back({0, 0, 1});
    f.causes.push_back({0, 0, 0, 1});
    f.causes.push_back({3, 0, 1, 1});  // an accounting divergence: one ruleset
    f.causes.push_back({4, 0, report::kNoRuleset, report::kNoRuleset});
    f.accounting.push_back(1);
    f.record = audit::RecordCheck::unsettled;
    f.record_issues.emplace_back("occupied", audit::IssueSeverity::note);
    f.record_issues_omitted.push_back({"occupied", audit::IssueSeverity::error, 3});
    f.margins.push_back({0, 1, 3});
    // Issue 27: one outcome divergence on unsettled counts, with a knob that flips it.
    f.divergences[2] = 1;
    f.unsettled[2] = 1;
    f.unsettled_pairs.push_back({2, 0, 1});
    f.unsettled_causes.push_back({2, static_cast<std::uint16_t>(report::Cause::seki_eyes), 0, 1});
    f.knobs.push_back(
        {{2, 0, 1, static_cast<std::uint16_t>(audit::Knob::seki_eyes)}, "territory", false});
    f.knobs.push_back({{4, report::kNoRuleset, report::kNoRuleset,
                        static_cast<std::uint16_t>(audit::Knob::scoring)},
                       "area",
                       true});
    f.unsettled_list.push_back({{2, 0, 1}, "D4, Q16"});
    f.groups.push_back(static_cast<std::uint16_t>(report::kHtmlGroups - 1));
    c.facts.push_back(f);
    report::HtmlBlock b;
    b.group = static_cast<std::uint16_t>(report::kHtmlGroups - 1);
    c.html.push_back(b);
}

// Writes `chunk` as the one record of FOLDER/shard.chunks of shard 1/1, sealed, and reads it
// back: the reader's error ("" when the record was read).
std::string round_trip(const TempFolder& t, const Chunk& chunk) {
    report::RunDescription run;
    run.paths = {"in"};
    run.rulesets = {"aga", "french"};
    const std::string header = pipeline::detail::shard_header(1, 1, run);
    const std::string record = pipeline::detail::shard_record(chunk);
    pipeline::detail::ShardSeal seal;
    seal.add(header);
    seal.add(record);
    seal.records = 1;
    std::ofstream(t.path() / "shard.chunks", std::ios::binary | std::ios::trunc)
        << header << record << pipeline::detail::shard_end(seal);
    pipeline::detail::ShardReader reader;
    REQUIRE(reader.open(t.path().string()));
    Chunk back;
    if (!reader.next(back)) return reader.error().empty() ? "no record" : reader.error();
    // The facts of issue 27 read back as written.
    REQUIRE(back.facts.size() == chunk.facts.size());
    for (std::size_t i = 0; i < back.facts.size(); ++i) {
        const report::GameFacts& a = chunk.facts[i];
        const report::GameFacts& b = back.facts[i];
        CHECK(a.unsettled == b.unsettled);
        CHECK(a.unsettled_pairs == b.unsettled_pairs);
        CHECK(a.unsettled_causes == b.unsettled_causes);
        REQUIRE(a.knobs.size() == b.knobs.size());
        for (std::size_t k = 0; k < a.knobs.size(); ++k) {
            CHECK(a.knobs[k].key == b.knobs[k].key);
            CHECK(a.knobs[k].value == b.knobs[k].value);
            CHECK(a.knobs[k].settled == b.knobs[k].settled);
        }
        CHECK(a.groups == b.groups);
        REQUIRE(a.unsettled_list.size() == b.unsettled_list.size());
        for (std::size_t k = 0; k < a.unsettled_list.size(); ++k) {
            CHECK(a.unsettled_list[k].key == b.unsettled_list[k].key);
            CHECK(a.unsettled_list[k].unsure == b.unsettled_list[k].unsure);
        }
    }
    Chunk extra;
    CHECK_FALSE(reader.next(extra));  // the end: its seal matches
    return reader.error();
}

}  // namespace

TEST_CASE("shard.chunks: a chunk in range reads back whole", "[pipeline][shards]") {
    TempFolder t("sgfaudit-shard");
    Chunk c;
    make_valid(c);
    CHECK(round_trip(t, c).empty());
}

TEST_CASE("shard.chunks: every enum or index field out of its range is a damaged record",
          "[pipeline][shards][hostile]") {
    TempFolder t("sgfaudit-shard");
    using Edit = std::function<void(Chunk&)>;
    const auto fact = [](Chunk& c) -> report::GameFacts& { return c.facts.front(); };
    const std::vector<std::pair<const char*, Edit>> edits = {
        {"ending one past the last",
         [&](Chunk& c) { fact(c).ending = static_cast<report::Ending>(report::kEndings); }},
        {"ending 255", [&](Chunk& c) { fact(c).ending = static_cast<report::Ending>(255); }},
        {"record check one past the last",
         [&](Chunk& c) {
             fact(c).record = static_cast<audit::RecordCheck>(
                 static_cast<int>(audit::RecordCheck::convention) + 1);
         }},
        {"record issue severity 2",
         [&](Chunk& c) {
             fact(c).record_issues.front().second = static_cast<audit::IssueSeverity>(2);
         }},
        {"omitted issue severity 2",
         [&](Chunk& c) {
             fact(c).record_issues_omitted.front().severity = static_cast<audit::IssueSeverity>(2);
         }},
        {"pair kind 5", [&](Chunk& c) { fact(c).pairs.front()[0] = 5; }},
        {"pair of one ruleset",
         [&](Chunk& c) {
             fact(c).pairs.front() = {0, 1, 1};
         }},
        {"pair past the rulesets",
         [&](Chunk& c) {
             fact(c).pairs.front() = {0, 0, 2};
         }},
        {"cause kind 5", [&](Chunk& c) { fact(c).causes.front()[0] = 5; }},
        {"cause past kCauses",
         [&](Chunk& c) {
             fact(c).causes.front()[1] = static_cast<std::uint16_t>(report::kCauses);
         }},
        {"cause pair reversed",
         [&](Chunk& c) {
             fact(c).causes.front() = {0, 0, 1, 0};
         }},
        {"cause past the rulesets",
         [&](Chunk& c) {
             fact(c).causes.front() = {3, 0, 2, 2};
         }},
        {"cause with one kNoRuleset",
         [&](Chunk& c) {
             fact(c).causes.front() = {4, 0, 0, report::kNoRuleset};
         }},
        {"more unsettled than divergences", [&](Chunk& c) { fact(c).unsettled[1] = 1; }},
        {"unsettled pair past the rulesets",
         [&](Chunk& c) {
             fact(c).unsettled_pairs.front() = {2, 0, 2};
         }},
        {"unsettled cause past kCauses",
         [&](Chunk& c) {
             fact(c).unsettled_causes.front()[1] = static_cast<std::uint16_t>(report::kCauses);
         }},
        {"knob past kKnobCount",
         [&](Chunk& c) {
             fact(c).knobs.front().key[3] = static_cast<std::uint16_t>(audit::kKnobCount);
         }},
        {"knob pair reversed",
         [&](Chunk& c) {
             fact(c).knobs.front().key = {2, 1, 0, 0};
         }},
        {"html group of a divergence past kHtmlGroups",
         [&](Chunk& c) {
             fact(c).groups.front() = static_cast<std::uint16_t>(report::kHtmlGroups);
         }},
        {"unsettled row kind 5", [&](Chunk& c) { fact(c).unsettled_list.front().key[0] = 5; }},
        {"accounting past the rulesets", [&](Chunk& c) { fact(c).accounting.front() = 2; }},
        {"margin pair past the rulesets",
         [&](Chunk& c) {
             fact(c).margins.front() = {0, 2, 0};
         }},
        {"margin pair not in order",
         [&](Chunk& c) {
             fact(c).margins.front() = {1, 0, 0};
         }},
        {"margin bin past kMarginBins",
         [&](Chunk& c) {
             fact(c).margins.front()[2] = static_cast<std::uint16_t>(report::kMarginBins);
         }},
        {"html group past kHtmlGroups",
         [&](Chunk& c) { c.html.front().group = static_cast<std::uint16_t>(report::kHtmlGroups); }},
        {"diagnostic severity 3",
         [&](Chunk& c) { c.file.diagnostics.front().severity = static_cast<sgf::Severity>(3); }},
        {"problem severity 255",
         [&](Chunk& c) { c.problem.severity = static_cast<sgf::Severity>(255); }},
    };
    for (const auto& [name, edit] : edits) {
        Chunk c;
        make_valid(c);
        edit(c);
        INFO(name);
        CHECK(round_trip(t, c).find("shard.chunks: damaged record") != std::string::npos);
    }
}
