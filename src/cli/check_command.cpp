// `sgfaudit check FILE...`: the referee's view of every game, as text or one JSON line per game.

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "commands.hpp"
#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/cli/cli.hpp"
#include "sgfaudit/pipeline/inputs.hpp"
#include "sgfaudit/report/check.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"

namespace sgfaudit::cli {

namespace {

constexpr const char* kCheckUsage = R"(usage: sgfaudit check [OPTIONS] PATH...

The referee's view of every game of the files (folders are walked for *.sgf and *.mgt): per
ruleset, every illegal play with its reason and clause, where the game ends, the score with
every term and the winner; the divergences between the rulesets, each legality divergence with
a diagram of the board around the play before and after it; and the recorded RE against the
result computed under the record's own RU.

Options:
  --rules LIST        rulesets to apply, in order (default: tromp-taylor,aga,french); grammar
                      as for `sgfaudit rules SPEC`, e.g. "aga:ko=ssk,french"
  --format text|json  text for people (default), or one JSON object per game, one per line
                      (schema sgfaudit-check/1, docs/check-json.md)
  --dead none|markup|LIST
                      dead stones removed before counting: none (default), markup (the final
                      node's TB/TW), or a list of points such as dd,ee or D4,E5
  --on-illegal as-it-stands|stop
                      after an illegal play: apply it and go on (default, AGA 8), or stop that
                      ruleset's replay there
  --komi X            komi for every game and ruleset, overriding KM and the defaults
  -h, --help          show this help

File diagnostics go to stderr in text mode and into each object's "diagnostics" in JSON.

Exit status: 0 clean (no illegal play, no divergence, no record error or mismatch, no file
error), 1 findings (any of those, or a file that could not be read), 2 could not run (bad
arguments, a path that does not exist).
)";

struct Options {
    std::vector<audit::Ruleset> rulesets;
    bool json = false;
    audit::AuditOptions audit;
    std::vector<std::string> paths;
};

// Sets the komi override of `r`, keeping its canonical spec in step (komi is the spec's last
// knob). `komi` has been checked by parse_ruleset_spec.
void override_komi(audit::Ruleset& r, double komi, std::string_view komi_text) {
    std::string spec = r.spec;
    if (const std::size_t at = spec.find(":komi="); at != std::string::npos) spec.resize(at);
    if (!spec.empty()) {
        audit::RulesetParse p =
            audit::parse_ruleset_spec(fmt::format("{}:komi={}", spec, komi_text));
        if (p.ok()) {
            r = std::move(*p.ruleset);
            return;
        }
    }
    r.komi_override = komi;
}

// Reads "--name value" or "--name=value"; advances i past the value.
std::optional<std::string> option_value(const std::vector<std::string>& args, std::size_t& i,
                                        std::string_view name, bool& matched, std::string& error) {
    const std::string& a = args[i];
    if (a == name) {
        matched = true;
        if (i + 1 >= args.size()) {
            error = fmt::format("{} needs a value", name);
            return std::nullopt;
        }
        return args[++i];
    }
    if (a.size() > name.size() && a.compare(0, name.size(), name) == 0 && a[name.size()] == '=') {
        matched = true;
        return a.substr(name.size() + 1);
    }
    return std::nullopt;
}

// Parses the arguments; returns an error message or "".
std::string parse_options(const std::vector<std::string>& args, Options& o, bool& help) {
    std::optional<std::string> rules, format, dead, on_illegal, komi;
    struct Known {
        std::string_view name;
        std::optional<std::string>* slot;
    };
    const Known known[] = {{"--rules", &rules},
                           {"--format", &format},
                           {"--dead", &dead},
                           {"--on-illegal", &on_illegal},
                           {"--komi", &komi}};
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "-h" || a == "--help") {
            help = true;
            return {};
        }
        bool matched = false;
        std::string error;
        for (const Known& k : known) {
            std::optional<std::string> v = option_value(args, i, k.name, matched, error);
            if (!error.empty()) return error;
            if (matched) {
                if (k.slot->has_value()) return fmt::format("{} given twice", k.name);
                *k.slot = std::move(v);
                break;
            }
        }
        if (matched) continue;
        if (a.size() > 1 && a[0] == '-') return fmt::format("unknown option '{}'", a);
        o.paths.push_back(a);
    }

    const audit::RulesetListParse list =
        audit::parse_ruleset_list(rules ? *rules : "tromp-taylor,aga,french");
    if (!list.ok()) return fmt::format("--rules: {}", list.error);
    if (list.rulesets.empty()) return "--rules: no ruleset given";
    o.rulesets = list.rulesets;

    if (format) {
        if (*format == "json") {
            o.json = true;
        } else if (*format != "text") {
            return fmt::format("--format: '{}' is not one of text, json", *format);
        }
    }
    if (dead) {
        if (*dead == "none") {
            o.audit.dead = audit::DeadPolicy::none;
        } else if (*dead == "markup") {
            o.audit.dead = audit::DeadPolicy::markup;
        } else {
            std::string error;
            std::optional<std::vector<std::string>> points = audit::split_point_list(*dead, error);
            if (!points) return fmt::format("--dead: {}", error);
            if (points->empty()) return "--dead: no point given";
            o.audit.dead = audit::DeadPolicy::list;
            o.audit.dead_points = std::move(*points);
        }
    }
    if (on_illegal) {
        if (*on_illegal == "as-it-stands") {
            o.audit.on_illegal = audit::IllegalPolicy::as_it_stands;
        } else if (*on_illegal == "stop") {
            o.audit.on_illegal = audit::IllegalPolicy::stop;
        } else {
            return fmt::format("--on-illegal: '{}' is not one of as-it-stands, stop", *on_illegal);
        }
    }
    if (komi) {
        // The ruleset grammar's number rules (decimal, |X| <= 2704).
        const audit::RulesetParse p =
            audit::parse_ruleset_spec(fmt::format("tromp-taylor:komi={}", *komi));
        if (!p.ok() || !p.ruleset->komi_override) {
            return fmt::format("--komi: '{}' is not a komi ({})", *komi, p.error);
        }
        for (audit::Ruleset& r : o.rulesets) override_komi(r, *p.ruleset->komi_override, *komi);
    }
    if (o.paths.empty()) return "no PATH given";
    return {};
}

}  // namespace

int check_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Options o;
    bool help = false;
    if (const std::string error = parse_options(args, o, help); !error.empty()) {
        err << "sgfaudit check: " << error << "\n\n" << kCheckUsage;
        return kCannotRun;
    }
    if (help) {
        out << kCheckUsage;
        return kClean;
    }

    const pipeline::InputList inputs = pipeline::collect_inputs(o.paths);
    if (inputs.missing_argument) {
        for (const auto& p : inputs.problems) {
            if (p.code == "F001") err << sgf::format(p) << "\n";
        }
        return kCannotRun;
    }

    bool findings = false;
    std::size_t games_checked = 0, games_with_findings = 0;
    for (const sgf::Diagnostic& p : inputs.problems) {
        if (p.severity == sgf::Severity::error) findings = true;
        if (o.json) {
            report::write_check_json_file(out, p.file, std::span(&p, 1));
        } else {
            err << sgf::format(p) << "\n";
        }
    }

    const sgf::ReadLimits limits;
    for (const std::string& path : inputs.files) {
        pipeline::FileBytes bytes = pipeline::read_file(path, limits.max_file_bytes);
        if (!bytes.ok) {
            findings = true;
            if (o.json) {
                report::write_check_json_file(out, path, std::span(&bytes.problem, 1));
            } else {
                err << sgf::format(bytes.problem) << "\n";
            }
            continue;
        }
        const sgf::Document doc = sgf::read_document(path, std::move(bytes.bytes), limits);
        if (doc.has_errors()) findings = true;
        const std::size_t games = doc.games().size();
        if (games == 0) {
            if (o.json) {
                report::write_check_json_file(out, path, doc.diagnostics());
            } else {
                for (const sgf::Diagnostic& d : doc.diagnostics()) err << sgf::format(d) << "\n";
                out << path << ": no game to check\n\n";
            }
            continue;
        }
        if (!o.json) {
            for (const sgf::Diagnostic& d : doc.diagnostics()) err << sgf::format(d) << "\n";
        }
        for (std::size_t g = 0; g < games; ++g) {
            const sgf::GameRecord record = sgf::read_record(doc, g);
            if (record.has_errors()) findings = true;
            const audit::GameAudit a = audit::audit_game(record, o.rulesets, o.audit);
            ++games_checked;
            if (report::has_findings(a)) {
                findings = true;
                ++games_with_findings;
            }

            std::vector<sgf::Location> locations;
            locations.reserve(a.record_issues.size());
            for (const audit::RecordIssue& issue : a.record_issues) {
                locations.push_back(issue.offset != 0 ? doc.locate(issue.offset) : sgf::Location{});
            }
            // The file's own diagnostics of this game; those of the file as a whole go with
            // its first game.
            std::vector<sgf::Diagnostic> diagnostics;
            if (o.json) {
                for (const sgf::Diagnostic& d : doc.diagnostics()) {
                    if (d.game == static_cast<int>(g) || (g == 0 && d.game < 0)) {
                        diagnostics.push_back(d);
                    }
                }
                diagnostics.insert(diagnostics.end(), record.diagnostics.begin(),
                                   record.diagnostics.end());
            } else {
                for (const sgf::Diagnostic& d : record.diagnostics) {
                    err << sgf::format(d) << "\n";
                }
            }

            report::CheckInput in;
            in.file = path;
            in.game = static_cast<int>(g);
            in.black_name = record.black_name;
            in.black_rank = record.black_rank;
            in.white_name = record.white_name;
            in.white_rank = record.white_rank;
            in.rules = record.rules;
            if (record.result) in.result = record.result->text;
            if (record.komi) in.komi = record.komi->value;
            in.komi_text = record.komi_text;
            in.options = o.audit;
            in.audit = &a;
            in.issue_locations = locations;
            in.diagnostics = diagnostics;
            if (o.json) {
                report::write_check_json(out, in);
            } else {
                report::write_check_text(out, in);
            }
        }
    }
    if (!o.json) {
        out << fmt::format("checked {} game{} in {} file{}: {} with findings\n", games_checked,
                           games_checked == 1 ? "" : "s", inputs.files.size(),
                           inputs.files.size() == 1 ? "" : "s", games_with_findings);
    }
    return findings ? kFindings : kClean;
}

}  // namespace sgfaudit::cli
