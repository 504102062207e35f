// `sgfaudit check FILE...`: the referee's view of every game, as text or one JSON line per game.

#include <fmt/format.h>
#include <tbb/enumerable_thread_specific.h>

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
#include "sgfaudit/pipeline/inputs.hpp"
#include "sgfaudit/pipeline/run.hpp"
#include "sgfaudit/pipeline/spill.hpp"
#include "sgfaudit/report/archive.hpp"
#include "sgfaudit/report/check.hpp"
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

// Past this many bytes, a file's text for stdout (or stderr) goes to an unnamed temporary file
// while its games are checked, and is copied out in order: a file of millions of games does not
// hold its whole output in memory.
constexpr std::size_t kSpillBytes = std::size_t{4} << 20;

// What the parallel stage makes of one file: its text for stdout and stderr, and counts.
struct CheckedFile : pipeline::FileWork::Result {
    pipeline::Spill out_spill, err_spill;  // what came before `out`, `err`
    std::string out, err;
    bool file = false;  // a file was taken (not a walk problem)
    bool findings = false;
    std::size_t games = 0, games_with_findings = 0;
    report::IgnoredCounts ignored;  // --ignore: set aside, by code
};

class CheckWork : public pipeline::FileWork {
  public:
    CheckWork(const pipeline::AuditSettings& settings, bool json, bool html, report::GameJson form,
              std::ostream& out, std::ostream& err)
        : settings_(settings), json_(json), html_(html), form_(form), out_(out), err_(err) {}

    std::unique_ptr<Result> process(pipeline::FileInput& input) const override {
        auto r = std::make_unique<CheckedFile>();
        if (input.walk_problem) {
            // A folder entry that could not be taken: a finding, not a file.
            const sgf::Diagnostic& p = input.bytes.problem;
            r->findings = p.severity == sgf::Severity::error;
            report::count_ignored(r->ignored, settings_.ignore, std::span(&p, 1));
            if (json_) {
                report::append_file_json(r->out, p.file, std::span(&p, 1), form_, settings_.ignore);
            } else if (!report::is_ignored(settings_.ignore, p.code)) {
                r->err = sgf::format(p) + "\n";
            }
            return r;
        }
        r->file = true;
        const pipeline::FileAudit file = pipeline::audit_file(
            input, settings_, scratch_.local(), [&](const pipeline::AuditedGame& g) {
                ++r->games;
                if (report::has_findings(g.audit)) ++r->games_with_findings;
                report::count_ignored(r->ignored, settings_.ignore, g.input.diagnostics, &g.audit);
                if (json_) {
                    report::append_game_json(r->out, g.input, form_);
                    spill(*r);
                    return;
                }
                for (const sgf::Diagnostic& d : g.input.diagnostics) {
                    if (report::is_ignored(settings_.ignore, d.code)) continue;
                    r->err += sgf::format(d);
                    r->err += '\n';
                }
                if (html_) {
                    report::append_check_html(r->out, g.input);
                } else {
                    report::append_check_text(r->out, g.input);
                }
                spill(*r);
            });
        r->findings = file.errors || r->games_with_findings > 0;
        if (file.games == 0) {
            report::count_ignored(r->ignored, settings_.ignore, file.diagnostics);
            if (json_) {
                report::append_file_json(r->out, input.path, file.diagnostics, form_,
                                         settings_.ignore);
            } else {
                for (const sgf::Diagnostic& d : file.diagnostics) {
                    if (report::is_ignored(settings_.ignore, d.code)) continue;
                    r->err += sgf::format(d);
                    r->err += '\n';
                }
                if (file.read && html_) {
                    r->out += fmt::format("<p>{}: no game to check</p>\n",
                                          report::html_escape_text(input.path));
                } else if (file.read) {
                    r->out +=
                        fmt::format("{}: no game to check\n\n", sgf::printable_text(input.path));
                }
            }
        }
        return r;
    }

    void consume(std::unique_ptr<Result> result) override {
        const auto& r = static_cast<const CheckedFile&>(*result);
        StreamOut err_stream{err_, "standard error"}, out_stream{out_, "standard output"};
        r.err_spill.copy_to(err_stream);
        err_ << r.err;
        r.out_spill.copy_to(out_stream);
        // Text for a terminal: names and file names carry no control character (JSON is
        // escaped by its writer).
        if (json_ || html_) {
            out_ << r.out;  // escaped by its writer
        } else {
            out_ << sgf::printable_text(r.out, "\n");
        }
        check_stream(out_, "standard output");  // stops the run at once
        findings_ = findings_ || r.findings;
        files_ += r.file ? 1 : 0;
        games_ += r.games;
        games_with_findings_ += r.games_with_findings;
        for (const auto& [code, n] : r.ignored) ignored_[code] += n;
    }

    bool findings() const { return findings_; }
    std::size_t files() const { return files_; }
    std::size_t games() const { return games_; }
    std::size_t games_with_findings() const { return games_with_findings_; }
    const report::IgnoredCounts& ignored() const { return ignored_; }

  private:
    // Spill::copy_to's sink.
    struct StreamOut {
        std::ostream& os;
        const char* name;
        void write(std::string_view text) {
            os.write(text.data(), static_cast<std::streamsize>(text.size()));
            check_stream(os, name);
        }
    };

    // Sets a large text aside (at a game's end: the text is whole lines, so escaping it for the
    // terminal now gives what escaping the whole would).
    void spill(CheckedFile& r) const {
        if (r.out.size() > kSpillBytes) {
            if (!json_ && !html_) r.out = sgf::printable_text(r.out, "\n");
            r.out_spill.add(r.out, temp_);
        }
        if (r.err.size() > kSpillBytes) r.err_spill.add(r.err, temp_);
    }

    const std::string temp_ = pipeline::temporary_folder();
    const pipeline::AuditSettings& settings_;
    // The audit's working memory, one per worker thread (process() runs on any of them).
    mutable tbb::enumerable_thread_specific<audit::AuditScratch> scratch_;
    const bool json_, html_;
    const report::GameJson form_;
    std::ostream &out_, &err_;
    bool findings_ = false;
    std::size_t files_ = 0, games_ = 0, games_with_findings_ = 0;
    report::IgnoredCounts ignored_;
};

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
    CheckWork work(settings, json, html,
                   parsed.has("--full-json") ? report::GameJson::full : report::GameJson::compact,
                   out, err);
    pipeline::RunOptions run;
    run.jobs = jobs;
    run.max_file_bytes = settings.limits.max_file_bytes;
    run.memory_budget = memory_budget;
    pipeline::run_files(walk, work, run);
    if (json) {
        report::CheckTotals totals{
            work.files(), work.games(), work.games_with_findings(), work.findings(), {}};
        totals.ignored.assign(work.ignored().begin(), work.ignored().end());
        report::write_check_totals_json(out, totals);
    } else if (html) {
        out << fmt::format("<p>checked {} game{} in {} file{}: {} with findings</p>\n",
                           work.games(), work.games() == 1 ? "" : "s", work.files(),
                           work.files() == 1 ? "" : "s", work.games_with_findings())
            << report::html_page_end();
    } else {
        const std::string ignored = report::ignored_text(work.ignored());
        out << fmt::format(
            "checked {} game{} in {} file{}: {} with findings{}\n", work.games(),
            work.games() == 1 ? "" : "s", work.files(), work.files() == 1 ? "" : "s",
            work.games_with_findings(),
            settings.ignore.empty()
                ? ""
                : fmt::format("; set aside by --ignore: {}", ignored.empty() ? "none" : ignored));
    }
    return work.findings() ? kFindings : kClean;
}

}  // namespace sgfaudit::cli
