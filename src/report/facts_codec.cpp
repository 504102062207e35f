// report::GameFacts in a shard's records, field by field (facts_codec.hpp). The bytes are those
// of shard format 8 (src/pipeline/shard.cpp's kMagic): a change here is a new shard format.

#include "sgfaudit/report/facts_codec.hpp"

#include <utility>

#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/report/cause.hpp"

namespace sgfaudit::report {

namespace {

// GameFacts::unsettled, unsettled_pairs, unsettled_causes, knobs, unsettled_list,
// groups, dead_stones_only.
void write_settled_facts(ByteWriter& w, const GameFacts& f) {
    for (const std::uint32_t u : f.unsettled) w.u(u);
    w.u(f.unsettled_pairs.size());
    for (const auto& p : f.unsettled_pairs) {
        for (const std::uint16_t v : p) w.u(v);
    }
    w.u(f.unsettled_causes.size());
    for (const auto& c4 : f.unsettled_causes) {
        for (const std::uint16_t v : c4) w.u(v);
    }
    w.u(f.knobs.size());
    for (const GameFacts::KnobFact& k : f.knobs) {
        for (const std::uint16_t v : k.key) w.u(v);
        w.s(k.value);
        w.u(k.settled ? 1 : 0);
    }
    w.u(f.unsettled_list.size());
    for (const GameFacts::UnsettledFact& u : f.unsettled_list) {
        for (const std::uint16_t v : u.key) w.u(v);
        w.s(u.unsure);
    }
    w.u(f.groups.size());
    for (const std::uint16_t g : f.groups) w.u(g);
    w.u(f.dead_stones_only);
}

// i <= j rulesets of the run, or both kNoRuleset (a record divergence whose RU ruleset is not
// one of the run's).
bool ruleset_pair(std::uint16_t i, std::uint16_t j, std::uint64_t rulesets) {
    return (i == kNoRuleset && j == kNoRuleset) || (i <= j && j < rulesets);
}

void read_settled_facts(ByteReader& r, GameFacts& f, std::uint64_t rulesets) {
    for (std::size_t k = 0; k < kDivergenceKinds; ++k) {
        f.unsettled[k] = r.u32();
        if (f.unsettled[k] > f.divergences[k]) r.damage();  // a part of them
    }
    const std::uint64_t pairs = r.ok() ? r.u() : 0;
    for (std::uint64_t k = 0; k < pairs && r.ok(); ++k) {
        std::array<std::uint16_t, 3> p{};
        for (std::uint16_t& v : p) v = r.u16();
        if (p[0] >= kDivergenceKinds || p[1] >= p[2] || p[2] >= rulesets) r.damage();
        f.unsettled_pairs.push_back(p);
    }
    const std::uint64_t causes = r.ok() ? r.u() : 0;
    for (std::uint64_t k = 0; k < causes && r.ok(); ++k) {
        std::array<std::uint16_t, 4> c4{};
        for (std::uint16_t& v : c4) v = r.u16();
        if (c4[0] >= kDivergenceKinds || c4[1] >= kCauses ||
            !ruleset_pair(c4[2], c4[3], rulesets)) {
            r.damage();
        }
        f.unsettled_causes.push_back(c4);
    }
    const std::uint64_t knobs = r.ok() ? r.u() : 0;
    for (std::uint64_t k = 0; k < knobs && r.ok(); ++k) {
        GameFacts::KnobFact fact;
        for (std::uint16_t& v : fact.key) v = r.u16();
        fact.value = r.s();
        fact.settled = r.flag();
        if (fact.key[0] >= kDivergenceKinds || fact.key[3] >= audit::kKnobCount ||
            !ruleset_pair(fact.key[1], fact.key[2], rulesets)) {
            r.damage();
        }
        f.knobs.push_back(std::move(fact));
    }
    const std::uint64_t listed = r.ok() ? r.u() : 0;
    for (std::uint64_t k = 0; k < listed && r.ok(); ++k) {
        GameFacts::UnsettledFact u;
        for (std::uint16_t& v : u.key) v = r.u16();
        u.unsure = r.s();
        if (u.key[0] >= kDivergenceKinds || !ruleset_pair(u.key[1], u.key[2], rulesets)) {
            r.damage();
        }
        f.unsettled_list.push_back(std::move(u));
    }
    const std::uint64_t groups = r.ok() ? r.u() : 0;
    for (std::uint64_t k = 0; k < groups && r.ok(); ++k) {
        f.groups.push_back(static_cast<std::uint16_t>(r.below_or_at(kHtmlGroups - 1)));
    }
    // A part of the settled outcome divergences.
    constexpr auto outcome = static_cast<std::size_t>(audit::DivergenceKind::outcome);
    f.dead_stones_only = r.u32();
    if (f.dead_stones_only > f.divergences[outcome] - f.unsettled[outcome]) r.damage();
}

}  // namespace

void write_game_facts(ByteWriter& w, const GameFacts& f) {
    w.s(f.file);
    w.u(static_cast<std::uint64_t>(static_cast<std::int64_t>(f.game)));
    w.s(f.anchor);
    w.s(f.players);
    w.u(f.findings ? 1 : 0);
    w.u(f.illegal ? 1 : 0);
    w.u(f.moves);
    w.u(static_cast<std::uint64_t>(f.ending));
    for (const std::uint32_t d : f.divergences) w.u(d);
    w.u(f.pairs.size());
    for (const auto& p : f.pairs) {
        for (const std::uint16_t v : p) w.u(v);
    }
    w.u(f.causes.size());
    for (const auto& c4 : f.causes) {
        for (const std::uint16_t v : c4) w.u(v);
    }
    w.u(f.accounting.size());
    for (const std::uint16_t a : f.accounting) w.u(a);
    w.u(static_cast<std::uint64_t>(f.record));
    w.s(f.rules);
    w.s(f.mapped);
    w.u(f.record_issues.size());
    for (const auto& [code, severity] : f.record_issues) {
        w.s(code);
        w.u(static_cast<std::uint64_t>(severity));
    }
    w.u(f.record_issues_omitted.size());
    for (const audit::OmittedIssues& o : f.record_issues_omitted) {
        w.s(o.code);
        w.u(static_cast<std::uint64_t>(o.severity));
        w.u(o.count);
    }
    w.u(f.interest);
    w.s(f.interest_text);
    w.u(f.margins.size());
    for (const auto& m : f.margins) {
        for (const std::uint16_t v : m) w.u(v);
    }
    write_settled_facts(w, f);
}

GameFacts read_game_facts(ByteReader& r, std::uint64_t rulesets) {
    constexpr auto kNote = static_cast<std::uint64_t>(audit::IssueSeverity::note);
    GameFacts f;
    f.file = r.s();
    f.game = r.i32();
    f.anchor = r.s();
    f.players = r.s();
    f.findings = r.flag();
    f.illegal = r.flag();
    f.moves = r.u32();
    f.ending = static_cast<Ending>(r.below_or_at(kEndings - 1));
    for (std::uint32_t& d : f.divergences) d = r.u32();
    const std::uint64_t pairs = r.ok() ? r.u() : 0;
    for (std::uint64_t k = 0; k < pairs && r.ok(); ++k) {
        std::array<std::uint16_t, 3> p{};
        for (std::uint16_t& v : p) v = r.u16();
        // {kind, i, j}: a divergence kind, two rulesets of the run, i < j.
        if (p[0] >= kDivergenceKinds || p[1] >= p[2] || p[2] >= rulesets) r.damage();
        f.pairs.push_back(p);
    }
    const std::uint64_t causes = r.ok() ? r.u() : 0;
    for (std::uint64_t k = 0; k < causes && r.ok(); ++k) {
        std::array<std::uint16_t, 4> c4{};
        for (std::uint16_t& v : c4) v = r.u16();
        // {kind, cause, i, j}: i <= j rulesets of the run (i == j for an accounting or
        // record divergence), or both kNoRuleset (divergence_causes).
        const bool none = c4[2] == kNoRuleset && c4[3] == kNoRuleset;
        if (c4[0] >= kDivergenceKinds || c4[1] >= kCauses ||
            (!none && (c4[2] > c4[3] || c4[3] >= rulesets))) {
            r.damage();
        }
        f.causes.push_back(c4);
    }
    const std::uint64_t accounting = r.ok() ? r.u() : 0;
    for (std::uint64_t k = 0; k < accounting && r.ok(); ++k) {
        const std::uint64_t ruleset = r.u();
        if (ruleset >= rulesets) r.damage();  // a ruleset of the run
        f.accounting.push_back(static_cast<std::uint16_t>(ruleset));
    }
    f.record = static_cast<audit::RecordCheck>(
        r.below_or_at(static_cast<std::uint64_t>(audit::RecordCheck::convention)));  // the last
    f.rules = r.s();
    f.mapped = r.s();
    const std::uint64_t issues = r.ok() ? r.u() : 0;
    for (std::uint64_t k = 0; k < issues && r.ok(); ++k) {
        std::string code = r.s();
        f.record_issues.emplace_back(std::move(code),
                                     static_cast<audit::IssueSeverity>(r.below_or_at(kNote)));
    }
    const std::uint64_t omitted = r.ok() ? r.u() : 0;
    for (std::uint64_t k = 0; k < omitted && r.ok(); ++k) {
        audit::OmittedIssues o;
        o.code = r.s();
        o.severity = static_cast<audit::IssueSeverity>(r.below_or_at(kNote));
        o.count = r.u32();
        f.record_issues_omitted.push_back(std::move(o));
    }
    f.interest = r.u32();
    f.interest_text = r.s();
    const std::uint64_t margins = r.ok() ? r.u() : 0;
    for (std::uint64_t k = 0; k < margins && r.ok(); ++k) {
        std::array<std::uint16_t, 3> m{};
        for (std::uint16_t& v : m) v = r.u16();
        // {i, j, bin}: two rulesets of the run, i < j, a bin of kMarginBins.
        if (m[0] >= m[1] || m[1] >= rulesets || m[2] >= kMarginBins) r.damage();
        f.margins.push_back(m);
    }
    read_settled_facts(r, f, rulesets);
    return f;
}

}  // namespace sgfaudit::report
