// summary.json: the run's totals for programs (schema sgfaudit-summary/2, docs/report-format.md).
// The same counts as summary.md, with stable names, the run's settings and the exit status the
// run ends with.

#include <fmt/format.h>

#include <ostream>
#include <set>

#include "json.hpp"
#include "sgfaudit/report/archive.hpp"
#include "sgfaudit/report/ignore.hpp"

namespace sgfaudit::report {

namespace {

// The index of the ']' that closes the array opening at `open` when the array holds no object
// or array, else 0.
std::size_t scalar_array_end(std::string_view compact, std::size_t open) {
    bool in_string = false;
    for (std::size_t i = open + 1; i < compact.size(); ++i) {
        const char c = compact[i];
        if (in_string) {
            if (c == '\\') {
                ++i;
            } else if (c == '"') {
                in_string = false;
            }
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            return 0;
        } else if (c == ']') {
            return i;
        }
    }
    return 0;
}

// Indents one line of compact JSON (two spaces per level); strings are copied as they are.
std::string indented(std::string_view compact) {
    std::string out;
    out.reserve(compact.size() * 2);
    int depth = 0;
    bool in_string = false;
    auto newline = [&] {
        out += '\n';
        out.append(static_cast<std::size_t>(depth) * 2, ' ');
    };
    for (std::size_t i = 0; i < compact.size(); ++i) {
        const char c = compact[i];
        if (in_string) {
            out += c;
            if (c == '\\' && i + 1 < compact.size()) {
                out += compact[++i];
            } else if (c == '"') {
                in_string = false;
            }
            continue;
        }
        switch (c) {
            case '"':
                in_string = true;
                out += c;
                break;
            case '[':
                // An array of scalars stays on one line: ["tromp-taylor", "aga"].
                if (const std::size_t end = scalar_array_end(compact, i); end != 0) {
                    for (std::size_t j = i; j <= end; ++j) {
                        out += compact[j];
                        if (compact[j] == '"') {
                            for (++j; compact[j] != '"'; ++j) {
                                out += compact[j];
                                if (compact[j] == '\\') out += compact[++j];
                            }
                            out += '"';
                        } else if (compact[j] == ',') {
                            out += ' ';
                        }
                    }
                    i = end;
                    break;
                }
                [[fallthrough]];
            case '{':
                // An empty container stays on one line.
                if (i + 1 < compact.size() && (compact[i + 1] == '}' || compact[i + 1] == ']')) {
                    out += c;
                    out += compact[++i];
                    break;
                }
                out += c;
                ++depth;
                newline();
                break;
            case '}':
            case ']':
                --depth;
                newline();
                out += c;
                break;
            case ',':
                out += c;
                newline();
                break;
            case ':':
                out += ": ";
                break;
            default:
                out += c;
                break;
        }
    }
    out += '\n';
    return out;
}

}  // namespace

std::string_view to_string(ExitReason r) noexcept {
    switch (r) {
        case ExitReason::clean:
            return "clean";
        case ExitReason::findings:
            return "findings";
        case ExitReason::could_not_run:
            return "could_not_run";
    }
    return "?";
}

void Summary::write_json(std::ostream& os) const {
    std::string compact;
    {
        detail::JsonWriter w(compact);
        auto count = [&](std::string_view name, std::uint64_t n) {
            w.key(name).integer(static_cast<std::int64_t>(n));
        };
        auto label = [&](std::size_t i) {
            return i < run_.rulesets.size() ? std::string_view(run_.rulesets[i])
                                            : std::string_view("?");
        };
        w.begin_object();
        w.key("schema").str(kSummarySchema);

        // The exit status and every condition that made it.
        const ExitReason reason = findings() ? ExitReason::findings : ExitReason::clean;
        w.key("exit").begin_object();
        w.key("status").integer(reason == ExitReason::findings ? 1 : 0);
        w.key("reason").str(to_string(reason));
        w.key("because").begin_array();
        const std::uint64_t mismatches =
            record_checks_[static_cast<std::size_t>(audit::RecordCheck::mismatch)];
        const std::uint64_t record_errors =
            record_issues_by_severity_[static_cast<std::size_t>(audit::IssueSeverity::error)];
        if (games_with_findings_ > 0) w.str("games_with_findings");
        if (divergences() > 0) w.str("divergences");
        if (illegal_games_ > 0) w.str("illegal_plays");
        if (record_errors > 0) w.str("record_errors");
        if (mismatches > 0) w.str("record_mismatches");
        if (endings_[static_cast<std::size_t>(Ending::not_auditable)] > 0) {
            w.str("games_not_auditable");
        }
        if (files_unreadable_ > 0) w.str("files_unreadable");
        if (files_with_errors_ > 0) w.str("files_with_errors");
        if (walk_errors_ > 0) w.str("walk_problems");
        w.end_array();
        w.end_object();

        w.key("run").begin_object();
        w.key("paths").begin_array();
        for (const std::string& p : run_.paths) w.str(p);
        w.end_array();
        w.key("rulesets").begin_array();
        for (const std::string& r : run_.rulesets) w.str(r);
        w.end_array();
        w.key("dead").str(run_.dead);
        w.key("on_illegal").str(run_.on_illegal);
        count("max_diagrams", run_.max_diagrams);
        w.key("findings_only").boolean(run_.findings_only);
        w.key("only").begin_array();
        for (const std::string& k : run_.only) w.str(k);
        w.end_array();
        w.key("jsonl_form").str(run_.full_json ? "full" : "compact");
        if (!run_.ignore.empty()) {
            w.key("ignore").begin_array();
            for (const std::string& c : run_.ignore) w.str(c);
            w.end_array();
        }
        w.end_object();

        const std::uint64_t with_games = files_ - files_unreadable_ - files_without_games_;
        w.key("files").begin_object();
        count("taken", files_);
        count("with_games", with_games);
        count("without_game", files_without_games_);
        count("unreadable", files_unreadable_);
        count("with_errors", files_with_errors_);
        count("walk_problems", walk_problems_ - archive_problems_);
        count("archive_problems", archive_problems_);
        w.end_object();

        w.key("games").begin_object();
        count("total", games_);
        count("with_findings", games_with_findings_);
        count("with_illegal_plays", illegal_games_);
        count("moves", moves_);
        for (std::size_t e = 0; e < kEndings; ++e) {
            count(to_string(static_cast<Ending>(e)), endings_[e]);
        }
        w.end_object();

        w.key("divergences").begin_object();
        count("total", divergences());
        w.key("by_kind").begin_object();
        for (std::size_t k = 0; k < kDivergenceKinds; ++k) {
            w.key(audit::to_string(static_cast<audit::DivergenceKind>(k))).begin_object();
            count("divergences", divergences_[k]);
            // Settled + unsettled = divergences; games: with a settled one.
            count("settled", divergences_[k] - unsettled_[k]);
            count("unsettled", unsettled_[k]);
            count("games", games_with_kind_[k]);
            count("games_unsettled", games_with_unsettled_[k]);
            if (static_cast<audit::DivergenceKind>(k) == audit::DivergenceKind::outcome) {
                // Of `settled`: those whose every pair's cause is dead_stones (added within
                // schema 2).
                count("dead_stones_only", dead_stones_only_);
                count("games_dead_stones_only", games_dead_stones_only_);
            }
            w.end_object();
        }
        w.end_object();
        w.key("by_pair").begin_array();
        for (std::uint16_t i = 0; i < run_.rulesets.size(); ++i) {
            for (auto j = static_cast<std::uint16_t>(i + 1); j < run_.rulesets.size(); ++j) {
                w.begin_object();
                w.key("rulesets").begin_array();
                w.str(label(i));
                w.str(label(j));
                w.end_array();
                for (const auto kind : {audit::DivergenceKind::legality, audit::DivergenceKind::end,
                                        audit::DivergenceKind::outcome}) {
                    const auto it = pairs_.find({static_cast<std::uint16_t>(kind), i, j});
                    count(audit::to_string(kind), it == pairs_.end() ? 0 : it->second);
                }
                const auto u = unsettled_pairs_.find(
                    {static_cast<std::uint16_t>(audit::DivergenceKind::outcome), i, j});
                count("outcome_unsettled", u == unsettled_pairs_.end() ? 0 : u->second);
                w.end_object();
            }
        }
        w.end_array();
        w.key("by_cause").begin_array();
        std::set<std::array<std::uint16_t, 4>> cause_keys;
        for (const auto& [key, n] : causes_) cause_keys.insert(key);
        for (const auto& [key, n] : unsettled_causes_) cause_keys.insert(key);
        for (const auto& key : cause_keys) {
            const auto [kind, cause, i, j] = key;
            const auto settled = causes_.find(key);
            const auto unsettled = unsettled_causes_.find(key);
            w.begin_object();
            w.key("kind").str(audit::to_string(static_cast<audit::DivergenceKind>(kind)));
            w.key("cause").str(to_string(static_cast<Cause>(cause)));
            w.key("rulesets").begin_array();
            if (i != kNoRuleset) w.str(label(i));
            if (j != kNoRuleset && j != i) w.str(label(j));
            w.end_array();
            count("count", settled == causes_.end() ? 0 : settled->second);
            count("unsettled", unsettled == unsettled_causes_.end() ? 0 : unsettled->second);
            w.end_object();
        }
        w.end_array();
        w.key("by_knob").begin_array();
        const auto names = audit::knob_names();
        for (const auto& [key, n] : knobs_) {
            const auto [kind, i, j, knob] = key.first;
            w.begin_object();
            w.key("kind").str(audit::to_string(static_cast<audit::DivergenceKind>(kind)));
            w.key("rulesets").begin_array();
            if (i != kNoRuleset) w.str(label(i));
            if (j != kNoRuleset && j != i) w.str(label(j));
            w.end_array();
            w.key("knob").str(knob < names.size() ? names[knob] : "?");
            w.key("value").str(key.second);
            count("settled", n[0]);
            count("unsettled", n[1]);
            w.end_object();
        }
        w.end_array();
        w.key("unsettled").begin_object();
        count("total", unsettled_total_);
        w.key("listed").begin_array();
        for (const UnsettledRow& r : unsettled_rows_) {
            w.begin_object();
            w.key("file").str(r.file);
            count("game", static_cast<std::uint64_t>(r.game) + 1);
            w.key("kind").str(audit::to_string(static_cast<audit::DivergenceKind>(r.key[0])));
            w.key("rulesets").begin_array();
            if (r.key[1] != kNoRuleset) w.str(label(r.key[1]));
            if (r.key[2] != kNoRuleset && r.key[2] != r.key[1]) w.str(label(r.key[2]));
            w.end_array();
            w.key("unsure").str(r.unsure);
            w.end_object();
        }
        w.end_array();
        w.end_object();
        w.key("accounting").begin_array();
        for (const auto& [r, n] : accounting_) {
            w.begin_object();
            w.key("ruleset").str(label(r));
            count("divergences", n);
            w.end_object();
        }
        w.end_array();
        w.end_object();

        w.key("record_checks").begin_object();
        for (std::size_t c = 0; c < record_checks_.size(); ++c) {
            count(audit::to_string(static_cast<audit::RecordCheck>(c)), record_checks_[c]);
        }
        w.key("by_ru").begin_array();
        for (const auto& [ru, c] : mapped_ru_) {
            w.begin_object();
            w.key("ru").str(ru);
            w.key("ruleset").str(c.mapped);
            count("games", c.games);
            count("compared", c.compared);
            count("mismatches", c.mismatches);
            w.end_object();
        }
        w.end_array();
        w.key("unmapped_ru").begin_array();
        for (const auto& [ru, n] : unmapped_ru_) {
            w.begin_object();
            w.key("ru").str(ru);
            count("games", n);
            w.end_object();
        }
        w.end_array();
        w.end_object();

        w.key("record_issues").begin_object();
        w.key("by_severity").begin_object();
        for (std::size_t s = 0; s < record_issues_by_severity_.size(); ++s) {
            count(audit::to_string(static_cast<audit::IssueSeverity>(s)),
                  record_issues_by_severity_[s]);
        }
        w.end_object();
        w.key("by_code").begin_array();
        for (const auto& [key, n] : record_issues_) {
            w.begin_object();
            w.key("code").str(key.first);
            w.key("severity").str(audit::to_string(key.second));
            count("count", n);
            w.end_object();
        }
        w.end_array();
        // By top-level folder: the first folder below what the files' folders share.
        w.key("by_folder").begin_array();
        for (const auto& [folder, counts] : issues_by_top_folder()) {
            w.begin_object();
            w.key("folder").str(folder);
            count("error", counts[0]);
            count("note", counts[1]);
            w.end_object();
        }
        w.end_array();
        w.end_object();

        // Per pair of rulesets, the games both scored by the difference of their results.
        w.key("margins").begin_array();
        for (const auto& [pair, bins] : margins_) {
            w.begin_object();
            w.key("rulesets").begin_array();
            w.str(label(pair[0]));
            w.str(label(pair[1]));
            w.end_array();
            w.key("bins").begin_object();
            for (std::size_t b = 0; b < kMarginBins; ++b) count(kMarginBinNames[b], bins[b]);
            w.end_object();
            w.end_object();
        }
        w.end_array();

        w.key("diagnostics").begin_object();
        w.key("by_severity").begin_object();
        for (std::size_t s = diagnostics_by_severity_.size(); s-- > 0;) {
            count(sgf::to_string(static_cast<sgf::Severity>(s)), diagnostics_by_severity_[s]);
        }
        w.end_object();
        w.key("by_code").begin_array();
        for (const auto& [code, c] : diagnostics_by_code_) {
            w.begin_object();
            w.key("code").str(code);
            w.key("severity").str(sgf::to_string(c.first));
            count("count", c.second);
            w.end_object();
        }
        w.end_array();
        w.end_object();

        if (!run_.ignore.empty()) {
            // --ignore: what was set aside, by code (also counted in the by_severity totals).
            w.key("ignored").begin_object();
            for (const auto& [code, n] : ignored_) count(code, n);
            w.end_object();
        }

        w.key("diagrams").begin_object();
        count("drawn", diagrams_);
        count("not_drawn", not_drawn_);
        w.end_object();

        w.key("most_interesting").begin_array();
        for (const Top& top : top_) {
            w.begin_object();
            w.key("file").str(top.file);
            w.key("game").integer(top.game + 1);
            w.key("players").str(top.players);
            w.key("interest").integer(top.interest);
            w.key("divergences").str(top.text);
            w.key("anchor").str(top.anchor);
            w.end_object();
        }
        w.end_array();
        w.end_object();
    }
    os << indented(compact);
}

}  // namespace sgfaudit::report
