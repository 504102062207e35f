// The summary's tables of settled and unsettled divergences: causes with settled and unsettled
// counts apart (item 1), the knobs that alone flip a divergence (item 2), and the divergences on
// unsettled counts, listed apart with the strings the dead-stone source was unsure of.

#include <fmt/format.h>

#include <set>

#include "common.hpp"
#include "sgfaudit/report/files.hpp"
#include "summary_table.hpp"

namespace sgfaudit::report {

std::string Summary::rulesets_text(std::uint16_t kind, std::uint16_t i, std::uint16_t j) const {
    auto label = [&](std::size_t r) {
        return r < run_.rulesets.size() ? run_.rulesets[r] : std::string("?");
    };
    if (kind == static_cast<std::uint16_t>(audit::DivergenceKind::record)) {
        return i == kNoRuleset ? "RE vs RU" : "RE vs " + label(i);
    }
    if (i == kNoRuleset) return "?";
    return i == j ? label(i) : fmt::format("{} vs {}", label(i), label(j));
}

namespace {

std::string kind_name(std::uint16_t k) {
    return std::string(audit::to_string(static_cast<audit::DivergenceKind>(k)));
}

std::uint64_t find_or_zero(const std::map<std::array<std::uint16_t, 4>, std::uint64_t>& m,
                           const std::array<std::uint16_t, 4>& key) {
    const auto it = m.find(key);
    return it == m.end() ? 0 : it->second;
}

}  // namespace

void Summary::settled_tables(std::vector<Table>& out) const {
    {
        Table t;
        t.level = 3;
        t.heading = "By cause";
        t.note = fmt::format(
            "Why the rulesets disagree, per divergence and pair of rulesets (accounting and "
            "record: the one ruleset involved); causes from a closed list: an outcome's is the "
            "knob that alone flips the winner with the largest swing (By knob below), `combined` "
            "when none does alone; {} explains each beside its group. Settled and "
            "unsettled counts apart.",
            file_name(FolderFile::index_html));
        t.header = {"kind", "cause", "rulesets", "settled", "unsettled"};
        t.numeric = {false, false, false, true, true};
        std::set<std::array<std::uint16_t, 4>> keys;
        for (const auto& [key, n] : causes_) keys.insert(key);
        for (const auto& [key, n] : unsettled_causes_) keys.insert(key);
        for (const auto& key : keys) {
            const auto [kind, cause, i, j] = key;
            const std::string cause_name(to_string(static_cast<Cause>(cause)));
            t.rows.push_back({{kind_name(kind), ""},
                              {cause_name, ""},
                              {rulesets_text(kind, i, j), ""},
                              {thousands(find_or_zero(causes_, key)),
                               groups_.contains(html_group(static_cast<audit::DivergenceKind>(kind),
                                                           static_cast<Cause>(cause)))
                                   ? index_link(fmt::format("g-{}-{}", kind_name(kind), cause_name))
                                   : index_link("kind-" + kind_name(kind))},
                              {thousands(find_or_zero(unsettled_causes_, key)), ""}});
        }
        t.when_empty = "No divergence.";
        out.push_back(std::move(t));
    }
    {
        Table t;
        t.level = 3;
        t.heading = "By knob";
        t.id = "by-knob";
        t.note = fmt::format(
            "Outcome: the first ruleset's end position counted again with one knob set to the "
            "second ruleset's value, one knob at a time: the knobs that alone give another "
            "winner (one divergence may name several). Record: the values of one knob of the "
            "record's ruleset that reproduce RE. {} gives each divergence's knobs "
            "with their swings (Black's lead after less before, in points).",
            file_name(FolderFile::divergences_csv));
        t.header = {"kind", "rulesets", "knob", "settled", "unsettled"};
        t.numeric = {false, false, false, true, true};
        const auto names = audit::knob_names();
        for (const auto& [key, n] : knobs_) {
            const auto [kind, i, j, knob] = key.first;
            t.rows.push_back(
                {{kind_name(kind), ""},
                 {rulesets_text(kind, i, j), ""},
                 {fmt::format("{}={}", knob < names.size() ? names[knob] : "?", key.second), ""},
                 {thousands(n[0]), ""},
                 {thousands(n[1]), ""}});
        }
        t.when_empty = "No divergence is flipped by a single knob.";
        out.push_back(std::move(t));
    }
    {
        Table t;
        t.level = 3;
        t.heading = "Unsettled divergences";
        t.id = "unsettled";
        t.note = fmt::format(
            "{} pairs of rulesets disagree on counts that are not settled: the dead-stone source "
            "could not decide the strings named (a stone of each, at most {}), so the divergence "
            "may not be one. Not in the figures above{}.",
            thousands(unsettled_total_), audit::kMaxUnsureListed,
            unsettled_total_ > unsettled_rows_.size()
                ? fmt::format("; the first {} listed, {} has every one",
                              thousands(unsettled_rows_.size()),
                              file_name(FolderFile::divergences_csv))
                : std::string());
        t.header = {"game", "kind", "rulesets", "undecided strings"};
        t.numeric = {false, false, false, false};
        for (const UnsettledRow& r : unsettled_rows_) {
            std::string link;
            if (!r.anchor.empty()) {
                const auto page = top_pages_.find(r.anchor);
                link = (page != top_pages_.end() ? page->second
                                                 : std::string(file_name(FolderFile::index_html))) +
                       "#" + r.anchor;
            }
            t.rows.push_back({{fmt::format("{} #{}", r.file, r.game + 1), link},
                              {kind_name(r.key[0]), ""},
                              {rulesets_text(r.key[0], r.key[1], r.key[2]), ""},
                              {r.unsure.empty() ? "(none named)" : r.unsure, ""}});
        }
        t.when_empty = "None: every divergence is on settled counts.";
        out.push_back(std::move(t));
    }
}

}  // namespace sgfaudit::report
