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
    // Two outcome divergences: one on unsettled counts, with a knob that flips it; one settled,
    // from dead stones alone.
    f.divergences[2] = 2;
    f.unsettled[2] = 1;
    f.dead_stones_only = 1;
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

// Writes RECORD as the one record of FOLDER/shard.chunks of shard 1/1, sealed, and reads it
// back into *BACK: the reader's error ("" when the record was read).
std::string read_back(const TempFolder& t, const std::string& record, Chunk* back = nullptr) {
    report::RunDescription run;
    run.paths = {"in"};
    run.rulesets = {"aga", "french"};
    const std::string header = pipeline::detail::shard_header(1, 1, run);
    pipeline::detail::ShardSeal seal;
    seal.add(header);
    seal.add(record);
    seal.records = 1;
    std::ofstream(t.path() / "shard.chunks", std::ios::binary | std::ios::trunc)
        << header << record << pipeline::detail::shard_end(seal);
    pipeline::detail::ShardReader reader;
    REQUIRE(reader.open(t.path().string()));
    Chunk read;
    if (!reader.next(back != nullptr ? *back : read)) {
        return reader.error().empty() ? "no record" : reader.error();
    }
    Chunk extra;
    CHECK_FALSE(reader.next(extra));  // the end: its seal matches
    return reader.error();
}

std::string round_trip(const TempFolder& t, const Chunk& chunk) {
    Chunk back;
    const std::string error = read_back(t, pipeline::detail::shard_record(chunk), &back);
    if (!error.empty()) return error;
    // The facts of settled and unsettled divergences read back as written.
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
        CHECK(a.dead_stones_only == b.dead_stones_only);
        REQUIRE(a.unsettled_list.size() == b.unsettled_list.size());
        for (std::size_t k = 0; k < a.unsettled_list.size(); ++k) {
            CHECK(a.unsettled_list[k].key == b.unsettled_list[k].key);
            CHECK(a.unsettled_list[k].unsure == b.unsettled_list[k].unsure);
        }
    }
    return error;
}

// RECORD with the 64-bit little-endian number at byte AT replaced by V.
std::string with_number(std::string record, std::size_t at, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) record[at + i] = static_cast<char>((v >> (8 * i)) & 0xFF);
    return record;
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
        {"more outcome divergences from dead stones alone than settled ones",
         [&](Chunk& c) { fact(c).dead_stones_only = 2; }},
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

// Found by the shard fuzz target's oracle (fuzz/shard.cpp): a value the reader took but did not
// keep (a flag of 2 read as true; a line number cut to 32 bits) is a field read without its
// range check. The record of a chunk with an empty problem diagnostic starts: its length, the
// file's index, the walk flag, then the problem's severity, code, file, line, column, message
// and game, then the file's `read` flag.
TEST_CASE(
    "shard.chunks: a flag other than 0 or 1 or a number wider than its field is a damaged "
    "record",
    "[pipeline][shards][hostile]") {
    TempFolder t("sgfaudit-shard");
    Chunk c;
    make_valid(c);
    const std::string record = pipeline::detail::shard_record(c);
    REQUIRE(read_back(t, record).empty());
    constexpr std::size_t kWalk = 16, kLine = 48, kGame = 72, kRead = 80;
    REQUIRE(read_back(t, with_number(record, kWalk, 1)).empty());  // the offsets are right
    REQUIRE(read_back(t, with_number(record, kLine, 7)).empty());
    const std::vector<std::pair<const char*, std::string>> bad = {
        {"walk flag 2", with_number(record, kWalk, 2)},
        {"read flag 2", with_number(record, kRead, 2)},
        {"line 2^32", with_number(record, kLine, std::uint64_t{1} << 32)},
        {"game 2^40", with_number(record, kGame, std::uint64_t{1} << 40)},
    };
    for (const auto& [name, bytes] : bad) {
        INFO(name);
        CHECK(read_back(t, bytes).find("shard.chunks: damaged record") != std::string::npos);
    }
}
