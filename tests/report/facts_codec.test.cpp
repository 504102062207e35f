// The encoding of a game's facts in shard records (report/facts_codec.hpp): every field of
// report::GameFacts comes back as it was written, empty and optional fields too, and a value out
// of its range is damage.
//
// The structured bindings below name every field of GameFacts (and of its KnobFact,
// UnsettledFact and audit::OmittedIssues): a field added to one of them stops this file from
// compiling until it is filled and compared here, and encoded in src/report/facts_codec.cpp.

#include "sgfaudit/report/facts_codec.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/report/cause.hpp"

using namespace sgfaudit;

namespace {

constexpr std::uint64_t kRulesets = 4;

// Every field filled with a value other than its default, lists of more than one entry.
report::GameFacts full_facts(int n) {
    report::GameFacts f;
    auto& [file, game, anchor, players, findings, illegal, moves, ending, divergences, unsettled,
           dead_stones_only, pairs, unsettled_pairs, causes, unsettled_causes, knobs,
           unsettled_list, groups, accounting, record, rules, mapped, record_issues,
           record_issues_omitted, interest, interest_text, margins] = f;
    const auto k = static_cast<std::uint16_t>(n % 3);
    file = "folder/g" + std::to_string(n) + ".sgf";
    game = 2 + n;
    anchor = "f1-g" + std::to_string(3 + n);
    players = "Black \"B\" vs White, 6d";
    findings = true;
    illegal = true;
    moves = 250 + static_cast<std::uint32_t>(n);
    ending = report::Ending::counted;
    divergences = {3, 4, 5, 6, 7};
    unsettled = {1, 2, 3, 4, 5};
    dead_stones_only = 1;  // of outcome's 4 - 2 settled
    pairs = {{0, 0, 1}, {1, 1, 3}};
    unsettled_pairs = {{1, 0, 2}, {2, 2, 3}};
    causes = {{1, 3, 0, 1}, {2, 5, 2, 2}, {3, 7, report::kNoRuleset, report::kNoRuleset}};
    unsettled_causes = {{1, 4, 0, 3}, {4, 19, 1, 1}};
    knobs = {{{1, 0, 1, 13}, "positional", true}, {{2, 1, 2, k}, "", false}};
    unsettled_list = {{{1, 0, 2}, "D4, Q16"}, {{2, 1, 3}, ""}};
    groups = {0, 42, static_cast<std::uint16_t>(report::kHtmlGroups - 1)};
    accounting = {0, 3};
    record = audit::RecordCheck::convention;
    rules = "Japanese (old) \xE2\x80\x94 ko";
    mapped = "japanese";
    record_issues = {{"R001", audit::IssueSeverity::error}, {"R002", audit::IssueSeverity::note}};
    record_issues_omitted = {{"R003", audit::IssueSeverity::note, 12},
                             {"R004", audit::IssueSeverity::error, 1}};
    interest = 17 + static_cast<std::uint32_t>(n);
    interest_text = "2 legality, 1 outcome";
    margins = {{0, 1, 0}, {2, 3, static_cast<std::uint16_t>(report::kMarginBins - 1)}};
    return f;
}

void check_same(const report::GameFacts& got, const report::GameFacts& want) {
    const auto& [file, game, anchor, players, findings, illegal, moves, ending, divergences,
                 unsettled, dead_stones_only, pairs, unsettled_pairs, causes, unsettled_causes,
                 knobs, unsettled_list, groups, accounting, record, rules, mapped, record_issues,
                 record_issues_omitted, interest, interest_text, margins] = got;
    CHECK(file == want.file);
    CHECK(game == want.game);
    CHECK(anchor == want.anchor);
    CHECK(players == want.players);
    CHECK(findings == want.findings);
    CHECK(illegal == want.illegal);
    CHECK(moves == want.moves);
    CHECK(ending == want.ending);
    CHECK(divergences == want.divergences);
    CHECK(unsettled == want.unsettled);
    CHECK(dead_stones_only == want.dead_stones_only);
    CHECK(pairs == want.pairs);
    CHECK(unsettled_pairs == want.unsettled_pairs);
    CHECK(causes == want.causes);
    CHECK(unsettled_causes == want.unsettled_causes);
    REQUIRE(knobs.size() == want.knobs.size());
    for (std::size_t i = 0; i < knobs.size(); ++i) {
        const auto& [key, value, settled] = knobs[i];
        CHECK(key == want.knobs[i].key);
        CHECK(value == want.knobs[i].value);
        CHECK(settled == want.knobs[i].settled);
    }
    REQUIRE(unsettled_list.size() == want.unsettled_list.size());
    for (std::size_t i = 0; i < unsettled_list.size(); ++i) {
        const auto& [key, unsure] = unsettled_list[i];
        CHECK(key == want.unsettled_list[i].key);
        CHECK(unsure == want.unsettled_list[i].unsure);
    }
    CHECK(groups == want.groups);
    CHECK(accounting == want.accounting);
    CHECK(record == want.record);
    CHECK(rules == want.rules);
    CHECK(mapped == want.mapped);
    CHECK(record_issues == want.record_issues);
    REQUIRE(record_issues_omitted.size() == want.record_issues_omitted.size());
    for (std::size_t i = 0; i < record_issues_omitted.size(); ++i) {
        const auto& [code, severity, count] = record_issues_omitted[i];
        CHECK(code == want.record_issues_omitted[i].code);
        CHECK(severity == want.record_issues_omitted[i].severity);
        CHECK(count == want.record_issues_omitted[i].count);
    }
    CHECK(interest == want.interest);
    CHECK(interest_text == want.interest_text);
    CHECK(margins == want.margins);
}

std::string encoded(const std::vector<report::GameFacts>& facts) {
    report::ByteWriter w;
    for (const report::GameFacts& f : facts) report::write_game_facts(w, f);
    return std::move(w.out);
}

}  // namespace

TEST_CASE("GameFacts: every field comes back as it was encoded", "[facts_codec]") {
    std::vector<report::GameFacts> facts;
    facts.push_back(full_facts(0));
    facts.push_back(report::GameFacts{});  // every field at its default: empty strings and lists
    facts.push_back(full_facts(1));
    report::GameFacts sparse = full_facts(2);  // some lists empty, others not
    sparse.pairs.clear();
    sparse.knobs.clear();
    sparse.unsettled_list.clear();
    sparse.anchor.clear();
    sparse.mapped.clear();
    sparse.ending = report::Ending::not_auditable;
    sparse.game = -1;
    facts.push_back(sparse);
    // The defaults themselves differ from full_facts' values, so a field left unread shows.
    CHECK(full_facts(0).file != report::GameFacts{}.file);

    const std::string bytes = encoded(facts);
    report::ByteReader r(bytes);
    for (const report::GameFacts& want : facts) {
        const report::GameFacts got = report::read_game_facts(r, kRulesets);
        REQUIRE(r.ok());
        check_same(got, want);
    }
    CHECK(r.done());
    // The same facts, the same bytes.
    CHECK(encoded(facts) == bytes);
}

TEST_CASE("GameFacts: a ruleset beyond the run's is damage", "[facts_codec]") {
    const std::string bytes = encoded({full_facts(0)});
    report::ByteReader fits(bytes);
    report::read_game_facts(fits, kRulesets);
    CHECK(fits.ok());
    report::ByteReader fewer(bytes);
    report::read_game_facts(fewer, kRulesets - 1);  // pairs name ruleset 3
    CHECK_FALSE(fewer.ok());
}

TEST_CASE("GameFacts: values out of their range are damage", "[facts_codec]") {
    report::GameFacts too_many_unsettled = full_facts(0);
    too_many_unsettled.unsettled[0] = too_many_unsettled.divergences[0] + 1;
    report::GameFacts bad_knob = full_facts(0);
    bad_knob.knobs[0].key[3] = static_cast<std::uint16_t>(audit::kKnobCount);
    report::GameFacts bad_group = full_facts(0);
    bad_group.groups.push_back(static_cast<std::uint16_t>(report::kHtmlGroups));
    report::GameFacts bad_cause = full_facts(0);
    bad_cause.causes[0][1] = static_cast<std::uint16_t>(report::kCauses);
    report::GameFacts bad_bin = full_facts(0);
    bad_bin.margins[0][2] = static_cast<std::uint16_t>(report::kMarginBins);
    report::GameFacts too_many_dead = full_facts(0);
    too_many_dead.dead_stones_only = 3;  // outcome: 4 divergences, 2 of them unsettled
    for (const report::GameFacts& f :
         {too_many_unsettled, bad_knob, bad_group, bad_cause, bad_bin, too_many_dead}) {
        const std::string bytes = encoded({f});
        report::ByteReader r(bytes);
        report::read_game_facts(r, kRulesets);
        CHECK_FALSE(r.ok());
    }
    // Cut short anywhere: damage, never a read past the end.
    const std::string bytes = encoded({full_facts(0)});
    for (std::size_t n = 0; n < bytes.size(); n += 7) {
        report::ByteReader r(std::string_view(bytes).substr(0, n));
        report::read_game_facts(r, kRulesets);
        CHECK_FALSE(r.ok());
    }
}
