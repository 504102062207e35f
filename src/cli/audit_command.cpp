// `sgfaudit audit PATH...`: the whole-archive audit into a report folder.

#include <fmt/format.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <ctime>
#include <iostream>
#include <ostream>

#include "commands.hpp"
#include "options.hpp"
#include "sgfaudit/cli/cli.hpp"
#include "sgfaudit/pipeline/report_run.hpp"
#include "sgfaudit/report/files.hpp"
#include "sgfaudit/report/suggest.hpp"
#include "sgfaudit/sgf/encoding.hpp"

namespace sgfaudit::cli {

namespace {

constexpr const char* kAuditUsage = R"(usage: sgfaudit audit [OPTIONS] PATH...

Audits every game of the files and folders (folders are walked for *.sgf and *.mgt, in sorted
order) under several rulesets on all cores, and writes a report folder:
  summary.md       totals, divergences by kind and by ruleset pair, recorded results by RU,
                   record issues, diagnostics, the ten most interesting games
  summary.json     the same totals for programs (schema sgfaudit-summary/2), the run's
                   settings, and the exit status with the conditions that made it
  index.html       contents, the summary, the broken records, and every divergence grouped
                   by kind and cause with an SVG diagram (self-contained)
  games.jsonl      one JSON object per game (schema sgfaudit-game/3, docs/report-format.md),
                   compact: a count's terms only where the count decides something
  divergences.csv  one row per divergence
  record_issues.csv  one row per record issue (file, game, move, line, column, severity
                   error or note, code, message)
  diagnostics.csv  one row per diagnostic (file, line, column, severity, code, message)
  rules.md         the model and every rule clause the report cites; diagnostics.md the codes
The folder is written under a temporary name and put in place when complete: an interrupted
run (SIGINT, SIGTERM) leaves the previous report, or none, never half of one.

Archives are read in place, without unpacking: .zip, .tar, .tar.gz (.tgz), .tar.bz2, .tar.xz,
.tar.zst, .7z (their *.sgf and *.mgt members, in the archive's order, named ARCHIVE!/MEMBER in
every report) and single compressed files (.sgf.gz, .sgf.bz2, .sgf.xz, .sgf.zst). A member is
bounded by --max-file-bytes like a file; an encrypted member, a member path with '..' or an
absolute one, a damaged archive or one that inflates past 100 times its size (a zip bomb), a
damaged header, a gzip stream that fails its check, a link, folder, FIFO or device named *.sgf
is a diagnostic (F021-F029) and the run goes on. A file named on the command line that is neither
SGF nor an archive stops the run (F020, exit 2).

Options:
  --out DIR           the report folder (default: reports/NAME)
  --name NAME         NAME of the default folder (default: the date and time, YYYYMMDD-HHMMSS)
  --rules LIST        rulesets to apply, in order (default: tromp-taylor,aga,french); grammar
                      as for `sgfaudit rules SPEC`, e.g. "aga:ko=ssk,french"; a ruleset may
                      also be named as RU[] names it (Korean, NZ, a KataGo rules string such
                      as koPOSITIONALscoreAREAtaxNONEsui1)
  --jobs N            threads (default: all cores); the report is the same for any N
  --follow-links      follow symbolic links that lead out of the named folders (by default
                      they are F009 and not read); loops and links to a folder above are
                      never followed (F003)
)";
// the shared options (judging_options_help), then:
constexpr const char* kAuditUsageMiddle =
    R"(  --max-diagrams N    SVG diagrams drawn into index.html (default 1000), legality first and
                      rare causes first; the others are listed without one, and the page says so
  --findings-only     games.jsonl lists only the games with findings (and the files with an
                      error): a much smaller file for archives of millions of games
  --only LIST         games.jsonl lists only the games with a divergence of these kinds
                      (legality, end, outcome, accounting, record) or, with record_errors,
                      a record error; e.g. --only legality,outcome
  --gzip              write games.jsonl gzip-compressed, as games.jsonl.gz
  --sqlite            also write report.sqlite: the run, games, results per ruleset,
                      divergences, record checks, record issues and diagnostics as SQL
                      tables with keys and indexes (docs/report-format.md)
  --full-json         games.jsonl in the full form: every count's terms and table for every
                      ruleset of every game, the boards of the divergences (about 3 KB a game)
  --shard K/N         audit only the K-th of N shares of the input (1 <= K <= N): the files,
                      archive members and folder entries at positions K-1, K-1+N, ... of the
                      run (counted from 0 in run order; the same on every machine given the
                      same PATHs); the report folder also holds shard.chunks, and
                      `sgfaudit merge` joins the N shard folders into the unsharded report
  --quiet             no progress line (it is shown only while stderr is a terminal)
  -h, --help          show this help

)";

constexpr const char* kAuditUsageEnd =
    R"(Exit status: 0 clean (no divergence, illegal play, record error, RE mismatch or file error;
record notes never count), 1 findings (any of those, a file that could not be read, a folder
entry that could not be listed), 2 could not run (bad arguments, a path that does not exist,
nothing to audit under the PATHs (no *.sgf or *.mgt file, no archive named; an empty --shard of
a non-empty input is fine), the report could not be written, or the run was interrupted).
summary.json's "exit" says 0 or 1 and why.
)";

void usage(std::ostream& s) {
    s << kAuditUsage << judging_options_help() << kAuditUsageMiddle << limits_help()
      << kMemoryBudgetHelp << "\n"
      << kAuditUsageEnd;
}

// The one channel from the signal handler to the run: the number of the signal received.
std::atomic<int> g_signal{0};

}  // namespace

const std::atomic<int>* run_cancel_flag() noexcept {
    return &g_signal;
}

namespace {

extern "C" void on_signal(int signal_number) {
    g_signal.store(signal_number);
}

// SIGINT and SIGTERM set g_signal for the run's lifetime; a second signal kills at once
// (SA_RESETHAND).
class SignalScope {
  public:
    SignalScope() {
        g_signal.store(0);
        struct sigaction sa {};
        sa.sa_handler = &on_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESETHAND;
        ::sigaction(SIGINT, &sa, &old_int_);
        ::sigaction(SIGTERM, &sa, &old_term_);
    }
    ~SignalScope() {
        ::sigaction(SIGINT, &old_int_, nullptr);
        ::sigaction(SIGTERM, &old_term_, nullptr);
    }
    SignalScope(const SignalScope&) = delete;
    SignalScope& operator=(const SignalScope&) = delete;

  private:
    struct sigaction old_int_ {};
    struct sigaction old_term_ {};
};

std::string default_name() {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    ::localtime_r(&now, &local);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y%m%d-%H%M%S", &local);
    return buffer;
}

std::string signal_name(int s) {
    if (s == SIGINT) return "SIGINT";
    if (s == SIGTERM) return "SIGTERM";
    return fmt::format("signal {}", s);
}

std::string duration(double seconds) {
    const auto s = static_cast<long>(seconds + 0.5);
    if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    return fmt::format("{}:{:02}", s / 60, s % 60);
}

// A progress line on a terminal, redrawn at most five times a second.
class ProgressLine {
  public:
    explicit ProgressLine(std::ostream& err) : err_(err), start_(Clock::now()), last_(start_) {}

    void update(const pipeline::ReportProgress& p) {
        const auto now = Clock::now();
        if (now - last_ < std::chrono::milliseconds(200) && p.files_done != p.files_total) return;
        last_ = now;
        const double seconds = std::chrono::duration<double>(now - start_).count();
        const double rate = seconds > 0 ? static_cast<double>(p.games) / seconds : 0;
        std::string eta = "?";
        if (p.files_done > 0 && seconds > 0 && p.files_total >= p.files_done) {
            const double per_file = seconds / static_cast<double>(p.files_done);
            eta = duration(per_file * static_cast<double>(p.files_total - p.files_done));
        }
        // files_total 0: not counted (an archive is read in place).
        const std::string total = p.files_total > 0 ? fmt::format("/{}", p.files_total) : "";
        err_ << fmt::format("\r\033[Kfiles {}{}  games {}  {:.0f} games/s  divergences {}  ETA {}",
                            p.files_done, total, p.games, rate, p.divergences, eta)
             << std::flush;
        shown_ = true;
    }
    void clear() {
        if (shown_) err_ << "\r\033[K" << std::flush;
    }

  private:
    using Clock = std::chrono::steady_clock;
    std::ostream& err_;
    Clock::time_point start_, last_;
    bool shown_ = false;
};

// --shard K/N: 1 <= K <= N <= 100000. Returns an error message or "".
std::string shard_option(const std::string& v, unsigned& shard, unsigned& shards) {
    const std::size_t slash = v.find('/');
    const auto number = [](std::string_view t, unsigned& n) {
        if (t.empty() || t.size() > 6 || t.find_first_not_of("0123456789") != std::string::npos) {
            return false;
        }
        n = static_cast<unsigned>(std::stoul(std::string(t)));
        return true;
    };
    if (slash == std::string::npos || !number(std::string_view(v).substr(0, slash), shard) ||
        !number(std::string_view(v).substr(slash + 1), shards) || shards == 0 || shards > 100000 ||
        shard == 0 || shard > shards) {
        return fmt::format("--shard: '{}' is not K/N with 1 <= K <= N <= 100000", v);
    }
    return "";
}

// Runs the audit (or merge) of `options` under the signal handlers and tells how it went;
// returns the exit status.
int run_and_tell(pipeline::ReportOptions& options, std::string_view command, bool show_progress,
                 std::ostream& out, std::ostream& err) {
    ProgressLine progress(err);
    if (show_progress) {
        options.progress = [&](const pipeline::ReportProgress& p) { progress.update(p); };
    }
    const auto start = std::chrono::steady_clock::now();
    pipeline::ReportResult result;
    {
        const SignalScope signals;
        options.cancel = &g_signal;
        result = pipeline::write_report_folder(options);
    }
    progress.clear();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    switch (result.status) {
        case pipeline::ReportStatus::missing_input:
            for (const sgf::Diagnostic& d : result.missing) err << sgf::format(d) << "\n";
            return kCannotRun;
        case pipeline::ReportStatus::interrupted:
            err << fmt::format("sgfaudit {}: interrupted by {}: no report written; {}\n", command,
                               signal_name(g_signal.load()),
                               result.previous ? fmt::format("{} still holds the previous report",
                                                             sgf::printable_text(options.out_dir))
                                               : fmt::format("nothing at {}",
                                                             sgf::printable_text(options.out_dir)));
            return kCannotRun;
        case pipeline::ReportStatus::failed:
            err << "sgfaudit " << command << ": " << sgf::printable_text(result.message) << "\n";
            return kCannotRun;
        case pipeline::ReportStatus::complete:
            break;
    }
    out << fmt::format(
        "{} {} game{} ({} moves) in {} file{} in {:.2f} s ({:.0f} games/s): {} with "
        "findings, {} divergence{}\n",
        command == "merge" ? "merged" : "audited", result.games, result.games == 1 ? "" : "s",
        result.moves, result.files, result.files == 1 ? "" : "s", seconds,
        seconds > 0 ? static_cast<double>(result.games) / seconds : 0.0, result.games_with_findings,
        result.divergences, result.divergences == 1 ? "" : "s");
    out << fmt::format("report: {}/ ({}){}\n", sgf::printable_text(options.out_dir),
                       report::announced_files(result.sqlite),
                       result.previous ? "; the previous report was replaced" : "");
    return result.findings ? kFindings : kClean;
}

// --out and --name. Returns an error message or "".
std::string out_name(const ParsedArgs& parsed, std::string& name) {
    if (parsed.has("--out") && parsed.has("--name")) {
        return "--out and --name: give one (--out names the whole folder)";
    }
    if (parsed.has("--out") && parsed.values.find("--out")->second.empty()) {
        return "--out: empty folder name";
    }
    if (parsed.has("--name")) {
        name = parsed.values.find("--name")->second;
        if (name.empty() || name == "." || name == ".." || name.find('/') != std::string::npos) {
            return fmt::format("--name: '{}' is not a folder name (no '/')", name);
        }
    }
    return "";
}

constexpr const char* kMergeUsage =
    R"(usage: sgfaudit merge [--out DIR | --name NAME] SHARD_REPORT...

Joins the report folders of `sgfaudit audit --shard K/N`, one for every K from 1 to N (in any
order), into one report folder: the report the unsharded run writes, byte for byte (its files
and games in the unsharded run's order, its summary and diagrams over the whole run). The
shards must come from the same PATHs and options; their folders hold shard.chunks.

Options:
  --out DIR           the report folder (default: reports/NAME)
  --name NAME         NAME of the default folder (default: the date and time, YYYYMMDD-HHMMSS)
  -h, --help          show this help

Exit status: as for the unsharded `sgfaudit audit`: 0 clean, 1 findings; 2 could not run (a
shard missing, damaged or of another run, the report could not be written, interrupted).
)";

}  // namespace

int audit_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    std::vector<OptionSpec> known(std::begin(kAuditOptions), std::end(kAuditOptions));
    known.push_back({"--out"});
    known.push_back({"--name"});
    known.push_back({"--max-diagrams"});
    known.push_back({"--quiet", false});
    known.push_back({"--findings-only", false});
    known.push_back({"--gzip", false});
    known.push_back({"--full-json", false});
    known.push_back({"--sqlite", false});
    known.push_back({"--only"});
    known.push_back({"--shard"});
    known.push_back({"--follow-links", false});
    ParsedArgs parsed;
    pipeline::ReportOptions options;
    LimitOptions limits;
    std::string error = parse_args(args, known, parsed, &limits);
    if (error.empty() && !parsed.help) error = audit_settings(parsed, options.settings, &err);
    options.settings.limits = limits.limits();
    if (error.empty() && !parsed.help) error = jobs_option(parsed, options.jobs);
    if (error.empty() && !parsed.help) error = memory_budget_option(parsed, options.memory_budget);
    if (error.empty() && parsed.has("--max-diagrams")) {
        const std::string& v = parsed.values.find("--max-diagrams")->second;
        if (v.empty() || v.size() > 9 || v.find_first_not_of("0123456789") != std::string::npos) {
            error = fmt::format("--max-diagrams: '{}' is not a number (0 to 999999999)", v);
        } else {
            options.max_diagrams = std::stoul(v);
        }
    }
    if (error.empty() && parsed.has("--only")) {
        const std::string& list = parsed.values.find("--only")->second;
        for (std::size_t at = 0; error.empty() && at <= list.size();) {
            std::size_t end = list.find(',', at);
            if (end == std::string::npos) end = list.size();
            const std::string item = list.substr(at, end - at);
            at = end + 1;
            bool known_kind = false;
            for (unsigned k = 0; k < 5; ++k) {
                if (item == audit::to_string(static_cast<audit::DivergenceKind>(k))) {
                    options.only |= 1u << k;
                    known_kind = true;
                }
            }
            if (item == "record_errors") {
                options.only |= report::kOnlyRecordErrors;
                known_kind = true;
            }
            if (!known_kind) {
                static constexpr std::string_view kKinds[] = {
                    "legality", "end", "outcome", "accounting", "record", "record_errors"};
                error = fmt::format(
                    "--only: '{}' is not one of legality, end, outcome, accounting, record, "
                    "record_errors{}",
                    item, report::did_you_mean(item, kKinds));
            }
        }
    }
    if (error.empty() && parsed.has("--shard")) {
        error = shard_option(parsed.values.find("--shard")->second, options.shard, options.shards);
    }
    std::string name = default_name();
    if (error.empty()) error = out_name(parsed, name);
    if (error.empty() && !parsed.help && parsed.paths.empty()) error = "no PATH given";
    if (!error.empty()) return usage_error(err, "audit", error);
    if (parsed.help) {
        usage(out);
        return kClean;
    }
    if (say_nothing_to_audit(err, "audit", parsed.paths)) return kCannotRun;
    options.paths = parsed.paths;
    options.findings_only = parsed.has("--findings-only");
    options.gzip = parsed.has("--gzip");
    options.follow_links = parsed.has("--follow-links");
    options.full_json = parsed.has("--full-json");
    options.sqlite = parsed.has("--sqlite");
    options.out_dir = parsed.has("--out") ? parsed.values.find("--out")->second : "reports/" + name;

    const bool show_progress =
        !parsed.has("--quiet") && &err == &std::cerr && ::isatty(STDERR_FILENO) == 1;
    return run_and_tell(options, "audit", show_progress, out, err);
}

int merge_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const std::vector<OptionSpec> known{{"--out"}, {"--name"}};
    ParsedArgs parsed;
    std::string error = parse_args(args, known, parsed);
    std::string name = default_name();
    if (error.empty()) error = out_name(parsed, name);
    if (error.empty() && !parsed.help && parsed.paths.empty()) error = "no SHARD_REPORT given";
    if (!error.empty()) return usage_error(err, "merge", error);
    if (parsed.help) {
        out << kMergeUsage;
        return kClean;
    }
    pipeline::ReportOptions options;
    options.merge = parsed.paths;
    options.out_dir = parsed.has("--out") ? parsed.values.find("--out")->second : "reports/" + name;
    return run_and_tell(options, "merge", false, out, err);
}

}  // namespace sgfaudit::cli
