// summary.json: the run's totals for programs (schema sgfaudit-summary/2, docs/report-format.md).
// The same counts as summary.md, with stable names, the run's settings and the exit status the
// run ends with.

#include <fmt/format.h>

#include <ostream>
#include <set>

#include "json.hpp"
#include "sgfaudit/report/folder.hpp"
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

// Writes the sections of summary.json, one function per section, in the file's order.
struct Summary::JsonSections {
    const Summary& s;
    detail::JsonWriter& w;

    void count(std::string_view name, std::uint64_t n) const {
        w.key(name).integer(static_cast<std::int64_t>(n));
    }
    std::string_view label(std::size_t i) const {
        return i < s.run_.rulesets.size() ? std::string_view(s.run_.rulesets[i])
                                          : std::string_view("?");
    }
    // The rulesets of a divergence key: none, one, or two (i, j) when they differ.
    void rulesets(std::uint16_t i, std::uint16_t j) const {
        w.key("rulesets").begin_array();
        if (i != kNoRuleset) w.str(label(i));
        if (j != kNoRuleset && j != i) w.str(label(j));
        w.end_array();
    }
    void strings(std::string_view name, const std::vector<std::string>& values) const {
        w.key(name).begin_array();
        for (const std::string& v : values) w.str(v);
        w.end_array();
    }

    void exit() const;
    void run() const;
    void files() const;
    void games() const;
    void divergences() const;
    void divergences_by_kind() const;
    void divergences_by_pair() const;
    void divergences_by_cause() const;
    void divergences_by_knob() const;
    void unsettled() const;
    void accounting() const;
    void record_checks() const;
    void record_issues() const;
    void margins() const;
    void diagnostics() const;
    void ignored() const;
    void diagrams() const;
    void most_interesting() const;
};

// The exit status and every condition that made it.
void Summary::JsonSections::exit() const {
    const ExitReason reason = s.findings() ? ExitReason::findings : ExitReason::clean;
    w.key("exit").begin_object();
    w.key("status").integer(reason == ExitReason::findings ? 1 : 0);
    w.key("reason").str(to_string(reason));
    w.key("because").begin_array();
    const std::uint64_t mismatches =
        s.record_checks_[static_cast<std::size_t>(audit::RecordCheck::mismatch)];
    const std::uint64_t record_errors =
        s.record_issues_by_severity_[static_cast<std::size_t>(audit::IssueSeverity::error)];
    if (s.games_with_findings_ > 0) w.str("games_with_findings");
    if (s.divergences() > 0) w.str("divergences");
    if (s.illegal_games_ > 0) w.str("illegal_plays");
    if (record_errors > 0) w.str("record_errors");
    if (mismatches > 0) w.str("record_mismatches");
    if (s.endings_[static_cast<std::size_t>(Ending::not_auditable)] > 0) {
        w.str("games_not_auditable");
    }
    if (s.files_unreadable_ > 0) w.str("files_unreadable");
    if (s.files_with_errors_ > 0) w.str("files_with_errors");
    if (s.walk_errors_ > 0) w.str("walk_problems");
    w.end_array();
    w.end_object();
}

void Summary::JsonSections::run() const {
    const RunDescription& run = s.run_;
    w.key("run").begin_object();
    strings("paths", run.paths);
    strings("rulesets", run.rulesets);
    w.key("dead").str(run.dead);
    w.key("on_illegal").str(run.on_illegal);
    count("max_diagrams", run.max_diagrams);
    w.key("findings_only").boolean(run.findings_only);
    strings("only", run.only);
    w.key("jsonl_form").str(run.full_json ? "full" : "compact");
    if (!run.ignore.empty()) strings("ignore", run.ignore);
    w.end_object();
}

void Summary::JsonSections::files() const {
    const std::uint64_t with_games = s.files_ - s.files_unreadable_ - s.files_without_games_;
    w.key("files").begin_object();
    count("taken", s.files_);
    count("with_games", with_games);
    count("without_game", s.files_without_games_);
    count("unreadable", s.files_unreadable_);
    count("with_errors", s.files_with_errors_);
    count("walk_problems", s.walk_problems_ - s.archive_problems_);
    count("archive_problems", s.archive_problems_);
    w.end_object();
}

void Summary::JsonSections::games() const {
    w.key("games").begin_object();
    count("total", s.games_);
    count("with_findings", s.games_with_findings_);
    count("with_illegal_plays", s.illegal_games_);
    count("moves", s.moves_);
    for (std::size_t e = 0; e < kEndings; ++e) {
        count(to_string(static_cast<Ending>(e)), s.endings_[e]);
    }
    w.end_object();
}

void Summary::JsonSections::divergences() const {
    w.key("divergences").begin_object();
    count("total", s.divergences());
    divergences_by_kind();
    divergences_by_pair();
    divergences_by_cause();
    divergences_by_knob();
    unsettled();
    accounting();
    w.end_object();
}

void Summary::JsonSections::divergences_by_kind() const {
    w.key("by_kind").begin_object();
    for (std::size_t k = 0; k < kDivergenceKinds; ++k) {
        w.key(audit::to_string(static_cast<audit::DivergenceKind>(k))).begin_object();
        count("divergences", s.divergences_[k]);
        // Settled + unsettled = divergences; games: with a settled one.
        count("settled", s.divergences_[k] - s.unsettled_[k]);
        count("unsettled", s.unsettled_[k]);
        count("games", s.games_with_kind_[k]);
        count("games_unsettled", s.games_with_unsettled_[k]);
        if (static_cast<audit::DivergenceKind>(k) == audit::DivergenceKind::outcome) {
            // Of `settled`: those whose every pair's cause is dead_stones (added within
            // schema 2).
            count("dead_stones_only", s.dead_stones_only_);
            count("games_dead_stones_only", s.games_dead_stones_only_);
        }
        w.end_object();
    }
    w.end_object();
}

void Summary::JsonSections::divergences_by_pair() const {
    w.key("by_pair").begin_array();
    for (std::uint16_t i = 0; i < s.run_.rulesets.size(); ++i) {
        for (auto j = static_cast<std::uint16_t>(i + 1); j < s.run_.rulesets.size(); ++j) {
            w.begin_object();
            w.key("rulesets").begin_array();
            w.str(label(i));
            w.str(label(j));
            w.end_array();
            for (const auto kind : {audit::DivergenceKind::legality, audit::DivergenceKind::end,
                                    audit::DivergenceKind::outcome}) {
                const auto it = s.pairs_.find({static_cast<std::uint16_t>(kind), i, j});
                count(audit::to_string(kind), it == s.pairs_.end() ? 0 : it->second);
            }
            const auto u = s.unsettled_pairs_.find(
                {static_cast<std::uint16_t>(audit::DivergenceKind::outcome), i, j});
            count("outcome_unsettled", u == s.unsettled_pairs_.end() ? 0 : u->second);
            w.end_object();
        }
    }
    w.end_array();
}

// Every {kind, cause, i, j} with a settled or an unsettled count, both counts.
void Summary::JsonSections::divergences_by_cause() const {
    w.key("by_cause").begin_array();
    std::set<std::array<std::uint16_t, 4>> cause_keys;
    for (const auto& [key, n] : s.causes_) cause_keys.insert(key);
    for (const auto& [key, n] : s.unsettled_causes_) cause_keys.insert(key);
    for (const auto& key : cause_keys) {
        const auto [kind, cause, i, j] = key;
        const auto settled = s.causes_.find(key);
        const auto unsettled = s.unsettled_causes_.find(key);
        w.begin_object();
        w.key("kind").str(audit::to_string(static_cast<audit::DivergenceKind>(kind)));
        w.key("cause").str(to_string(static_cast<Cause>(cause)));
        rulesets(i, j);
        count("count", settled == s.causes_.end() ? 0 : settled->second);
        count("unsettled", unsettled == s.unsettled_causes_.end() ? 0 : unsettled->second);
        w.end_object();
    }
    w.end_array();
}

void Summary::JsonSections::divergences_by_knob() const {
    w.key("by_knob").begin_array();
    const auto names = audit::knob_names();
    for (const auto& [key, n] : s.knobs_) {
        const auto [kind, i, j, knob] = key.first;
        w.begin_object();
        w.key("kind").str(audit::to_string(static_cast<audit::DivergenceKind>(kind)));
        rulesets(i, j);
        w.key("knob").str(knob < names.size() ? names[knob] : "?");
        w.key("value").str(key.second);
        count("settled", n[0]);
        count("unsettled", n[1]);
        w.end_object();
    }
    w.end_array();
}

void Summary::JsonSections::unsettled() const {
    w.key("unsettled").begin_object();
    count("total", s.unsettled_total_);
    w.key("listed").begin_array();
    for (const UnsettledRow& r : s.unsettled_rows_) {
        w.begin_object();
        w.key("file").str(r.file);
        count("game", static_cast<std::uint64_t>(r.game) + 1);
        w.key("kind").str(audit::to_string(static_cast<audit::DivergenceKind>(r.key[0])));
        rulesets(r.key[1], r.key[2]);
        w.key("unsure").str(r.unsure);
        w.end_object();
    }
    w.end_array();
    w.end_object();
}

void Summary::JsonSections::accounting() const {
    w.key("accounting").begin_array();
    for (const auto& [r, n] : s.accounting_) {
        w.begin_object();
        w.key("ruleset").str(label(r));
        count("divergences", n);
        w.end_object();
    }
    w.end_array();
}

void Summary::JsonSections::record_checks() const {
    w.key("record_checks").begin_object();
    for (std::size_t c = 0; c < s.record_checks_.size(); ++c) {
        count(audit::to_string(static_cast<audit::RecordCheck>(c)), s.record_checks_[c]);
    }
    w.key("by_ru").begin_array();
    for (const auto& [ru, c] : s.mapped_ru_) {
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
    for (const auto& [ru, n] : s.unmapped_ru_) {
        w.begin_object();
        w.key("ru").str(ru);
        count("games", n);
        w.end_object();
    }
    w.end_array();
    w.end_object();
}

void Summary::JsonSections::record_issues() const {
    w.key("record_issues").begin_object();
    w.key("by_severity").begin_object();
    for (std::size_t i = 0; i < s.record_issues_by_severity_.size(); ++i) {
        count(audit::to_string(static_cast<audit::IssueSeverity>(i)),
              s.record_issues_by_severity_[i]);
    }
    w.end_object();
    w.key("by_code").begin_array();
    for (const auto& [key, n] : s.record_issues_) {
        w.begin_object();
        w.key("code").str(key.first);
        w.key("severity").str(audit::to_string(key.second));
        count("count", n);
        w.end_object();
    }
    w.end_array();
    // By top-level folder: the first folder below what the files' folders share.
    w.key("by_folder").begin_array();
    for (const auto& [folder, counts] : s.issues_by_top_folder()) {
        w.begin_object();
        w.key("folder").str(folder);
        count("error", counts[0]);
        count("note", counts[1]);
        w.end_object();
    }
    w.end_array();
    w.end_object();
}

// Per pair of rulesets, the games both scored by the difference of their results.
void Summary::JsonSections::margins() const {
    w.key("margins").begin_array();
    for (const auto& [pair, bins] : s.margins_) {
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
}

void Summary::JsonSections::diagnostics() const {
    w.key("diagnostics").begin_object();
    w.key("by_severity").begin_object();
    for (std::size_t i = s.diagnostics_by_severity_.size(); i-- > 0;) {
        count(sgf::to_string(static_cast<sgf::Severity>(i)), s.diagnostics_by_severity_[i]);
    }
    w.end_object();
    w.key("by_code").begin_array();
    for (const auto& [code, c] : s.diagnostics_by_code_) {
        w.begin_object();
        w.key("code").str(code);
        w.key("severity").str(sgf::to_string(c.first));
        count("count", c.second);
        w.end_object();
    }
    w.end_array();
    w.end_object();
}

// --ignore: what was set aside, by code (also counted in the by_severity totals); nothing
// without --ignore.
void Summary::JsonSections::ignored() const {
    if (s.run_.ignore.empty()) return;
    w.key("ignored").begin_object();
    for (const auto& [code, n] : s.ignored_) count(code, n);
    w.end_object();
}

void Summary::JsonSections::diagrams() const {
    w.key("diagrams").begin_object();
    count("drawn", s.diagrams_);
    count("not_drawn", s.not_drawn_);
    w.end_object();
}

void Summary::JsonSections::most_interesting() const {
    w.key("most_interesting").begin_array();
    for (const Top& top : s.top_) {
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
}

void Summary::write_json(std::ostream& os) const {
    std::string compact;
    {
        detail::JsonWriter w(compact);
        const JsonSections sections{*this, w};
        w.begin_object();
        w.key("schema").str(kSummarySchema);
        sections.exit();
        sections.run();
        sections.files();
        sections.games();
        sections.divergences();
        sections.record_checks();
        sections.record_issues();
        sections.margins();
        sections.diagnostics();
        sections.ignored();
        sections.diagrams();
        sections.most_interesting();
        w.end_object();
    }
    os << indented(compact);
}

}  // namespace sgfaudit::report
