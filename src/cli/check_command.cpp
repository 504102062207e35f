// `sgfaudit check FILE...`: the referee's view of every game, as text or one JSON line per game.

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "commands.hpp"
#include "options.hpp"
#include "sgfaudit/cli/cli.hpp"
#include "sgfaudit/pipeline/audit_file.hpp"
#include "sgfaudit/pipeline/check_run.hpp"
#include "sgfaudit/pipeline/inputs.hpp"
#include "sgfaudit/pipeline/run.hpp"
#include "sgfaudit/pipeline/spill.hpp"
#include "sgfaudit/report/check.hpp"
#include "sgfaudit/report/folder.hpp"
#include "sgfaudit/report/ignore.hpp"
#include "sgfaudit/report/suggest.hpp"
#include "sgfaudit/sgf/encoding.hpp"

namespace sgfaudit::cli {

namespace {

constexpr const char* kCheckUsage = R"(usage: sgfaudit check [OPTIONS] PATH...

The referee's view of every game of the files (folders are walked for *.sgf and *.mgt): per
ruleset, every illegal play with its reason and clause, where the game ends, the score with
every term and the winner; the divergences between the rulesets, each legality divergence with
a diagram of the board around the play before and after it; and the recorded RE against the
result computed under the record's own RU.
Archives are read in place (see `sgfaudit audit --help`).

Options:
  --rules LIST        rulesets to apply, in order (default: tromp-taylor,aga,french); grammar
                      as for `sgfaudit rules SPEC`, e.g. "aga:ko=ssk,french"; a ruleset may
                      also be named as RU[] names it (Korean, NZ, a KataGo rules string such
                      as koPOSITIONALscoreAREAtaxNONEsui1)
  --format text|json|html
                      text for people (default), html: one self-contained page for people
                      (no script: every illegal play of each ruleset, the divergences drawn,
                      each clause cited with rules --explain's text), or json: one JSON object
                      per game, one per line
                      (schema sgfaudit-game/3, compact form, docs/report-format.md), then one
                      line of totals (schema sgfaudit-check-totals/1: files, games, exit status)
  --full-json         with --format json, the full form of the game objects: every count's
                      terms and table for every ruleset, the boards of the divergences
  --at N              in text, also print the position after move N (passes counted)
)";
// the shared options (judging_options_help), then:
constexpr const char* kCheckUsageMiddle =
    R"(  --jobs N            threads (default: all cores); the output is the same for any N
  --follow-links      follow symbolic links that lead out of the named folders (by default
                      they are F009 and not read); loops and links to a folder above are
                      never followed (F003)
  -h, --help          show this help

)";

constexpr const char* kCheckUsageEnd =
    R"(File diagnostics go to stderr in text mode and into each object's "diagnostics" in JSON.

Exit status: 0 clean (no illegal play, no divergence, no record error or mismatch, no file
error), 1 findings (any of those, or a file that could not be read), 2 could not run (bad
arguments, a path that does not exist, nothing to audit under the PATHs: no *.sgf or *.mgt file
and no archive named).
)";

void usage(std::ostream& s) {
    s << kCheckUsage << judging_options_help() << kCheckUsageMiddle << limits_help()
      << kMemoryBudgetHelp << "\n"
      << kCheckUsageEnd;
}

}  // namespace

int check_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    std::vector<OptionSpec> known(std::begin(kAuditOptions), std::end(kAuditOptions));
    known.push_back({"--format"});
    known.push_back({"--full-json", false});
    known.push_back({"--follow-links", false});
    known.push_back({"--at"});
    ParsedArgs parsed;
    pipeline::AuditSettings settings;
    unsigned jobs = 0;
    bool json = false, html = false;
    LimitOptions limits;
    std::string error = parse_args(args, known, parsed, &limits);
    if (error.empty() && !parsed.help) error = audit_settings(parsed, settings, &err);
    settings.limits = limits.limits();
    if (error.empty() && !parsed.help) error = jobs_option(parsed, jobs);
    std::size_t memory_budget = kDefaultMemoryBudget;
    if (error.empty() && !parsed.help) error = memory_budget_option(parsed, memory_budget);
    if (error.empty() && parsed.has("--format")) {
        const std::string& format = parsed.values.find("--format")->second;
        if (format == "json") {
            json = true;
        } else if (format == "html") {
            html = true;
        } else if (format != "text") {
            static constexpr std::string_view kFormats[] = {"text", "json", "html"};
            error = fmt::format("--format: '{}' is not one of text, json, html{}", format,
                                report::did_you_mean(format, kFormats));
        }
    }
    settings.options.illegal_boards = true;  // every illegal play drawn
    if (error.empty() && parsed.has("--at")) {
        const std::string& at = parsed.values.find("--at")->second;
        std::uint64_t n = 0;
        bool digits = !at.empty() && at.size() <= 10;
        for (const char c : at) {
            if (c < '0' || c > '9')
                digits = false;
            else
                n = n * 10 + static_cast<std::uint64_t>(c - '0');
        }
        if (!digits || n < 1 || n > 0xffffffffu) {
            error = fmt::format("--at: '{}' is not a move number (1 to 4294967295)", at);
        } else {
            settings.options.position_at = static_cast<std::uint32_t>(n);
        }
    }
    if (error.empty() && parsed.has("--full-json") && !json) {
        error = "--full-json: only with --format json";
    }
    if (error.empty() && !parsed.help && parsed.paths.empty()) error = "no PATH given";
    if (!error.empty()) return usage_error(err, "check", error);
    if (parsed.help) {
        usage(out);
        return kClean;
    }

    pipeline::FileWalk walk(parsed.paths, settings.limits.max_file_bytes, true,
                            parsed.has("--follow-links"));
    if (walk.missing_argument()) {
        for (const auto& p : walk.missing()) err << sgf::format(p) << "\n";
        return kCannotRun;
    }
    if (say_nothing_to_audit(err, "check", parsed.paths)) return kCannotRun;

    if (html) out << report::html_page_start("sgfaudit check", "");
    pipeline::RunOptions run;
    run.jobs = jobs;
    run.max_file_bytes = settings.limits.max_file_bytes;
    run.memory_budget = memory_budget;
    const pipeline::CheckTotals work = pipeline::check_files(
        walk, settings,
        json   ? pipeline::CheckFormat::json
        : html ? pipeline::CheckFormat::html
               : pipeline::CheckFormat::text,
        parsed.has("--full-json") ? report::GameJson::full : report::GameJson::compact, run, out,
        err);
    if (json) {
        report::CheckTotals totals{
            work.files, work.games, work.games_with_findings, work.findings, {}};
        totals.ignored.assign(work.ignored.begin(), work.ignored.end());
        report::write_check_totals_json(out, totals);
    } else if (html) {
        out << fmt::format("<p>checked {} game{} in {} file{}: {} with findings</p>\n", work.games,
                           work.games == 1 ? "" : "s", work.files, work.files == 1 ? "" : "s",
                           work.games_with_findings)
            << report::html_page_end();
    } else {
        const std::string ignored = report::ignored_text(work.ignored);
        out << fmt::format(
            "checked {} game{} in {} file{}: {} with findings{}\n", work.games,
            work.games == 1 ? "" : "s", work.files, work.files == 1 ? "" : "s",
            work.games_with_findings,
            settings.ignore.empty()
                ? ""
                : fmt::format("; set aside by --ignore: {}", ignored.empty() ? "none" : ignored));
    }
    return work.findings ? kFindings : kClean;
}

}  // namespace sgfaudit::cli
