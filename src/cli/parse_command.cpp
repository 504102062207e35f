// `sgfaudit parse PATH...`: read every file, print its games and diagnostics, then totals.

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <ostream>
#include <utility>

#include "commands.hpp"
#include "limits_options.hpp"
#include "sgfaudit/cli/cli.hpp"
#include "sgfaudit/pipeline/inputs.hpp"
#include "sgfaudit/report/suggest.hpp"
#include "sgfaudit/sgf/encoding.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"

namespace sgfaudit::cli {

namespace {

constexpr const char* kParseUsage = R"(usage: sgfaudit parse [--summary] [LIMITS] PATH...

Reads SGF files and folders (recursively, *.sgf and *.mgt in sorted order) and prints, per file,
the number of games and per game the board size, main-line length, players and result; then every
diagnostic as file:line:col: severity code: message (codes: docs/diagnostics.md); then totals.
Archives are read in place (see `sgfaudit audit --help`).

Options:
  --summary        print only the totals
  --follow-links   follow symbolic links that lead out of the named folders (by default they
                   are F009 and not read); loops and links to a folder above never are (F003)
  -h, --help       show this help

)";

constexpr const char* kParseUsageEnd = R"(
Files that cannot be read as SGF are findings, never a stop: empty (S112), binary (S113), NUL
bytes (S115), a folder given as a file (F004), unreadable (F004), a symbolic link loop (F003),
a symbolic link out of the named folders (F009, followed with --follow-links),
a FIFO or device (F006, never opened), a file that changed while it was read (F007).
docs/robustness.md lists every limit and check.

Exit status: 0 no file had an error, 1 some file had an error, 2 could not run (bad arguments,
a path that does not exist, nothing to read under the PATHs: no *.sgf or *.mgt file and no
archive named).
)";

void usage(std::ostream& s) {
    s << kParseUsage << limits_help() << kParseUsageEnd;
}

struct Totals {
    std::size_t files = 0;
    std::size_t files_with_errors = 0;
    std::size_t unreadable = 0;
    std::size_t games = 0;
    std::size_t moves = 0;
    std::size_t errors = 0, warnings = 0, infos = 0;
    std::map<std::string_view, std::size_t> by_code;

    void count(const sgf::Diagnostic& d) {
        ++by_code[d.code];
        switch (d.severity) {
            case sgf::Severity::error:
                ++errors;
                break;
            case sgf::Severity::warning:
                ++warnings;
                break;
            case sgf::Severity::info:
                ++infos;
                break;
        }
    }
};

std::string describe_result(const sgf::GameRecord& r) {
    if (!r.result) return "no result";
    return fmt::format("RE[{}]", sgf::printable_text(r.result->text));
}

std::string describe_player(const std::string& name, const std::string& rank) {
    // Values from the input: no control character (a new line would forge a line of output).
    std::string s = name.empty() ? "?" : fmt::format("\"{}\"", sgf::printable_text(name));
    if (!rank.empty()) s += fmt::format(" {}", sgf::printable_text(rank));
    return s;
}

// The command line of `parse`.
struct ParseCommandLine {
    bool summary_only = false;
    bool follow_links = false;
    std::vector<std::string> paths;
    LimitOptions limit_options;
};

// Reads the arguments into `parsed`; returns the exit status when the command ends there
// (--help, a usage error), else nothing.
std::optional<int> read_command_line(const std::vector<std::string>& args, ParseCommandLine& parsed,
                                     std::ostream& out, std::ostream& err) {
    bool options_ended = false;  // after "--" every argument is a path
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (options_ended) {
            parsed.paths.push_back(a);
            continue;
        }
        if (a == "--") {
            options_ended = true;
            continue;
        }
        if (a == "-h" || a == "--help") {
            usage(out);
            return kClean;
        }
        std::string error;
        if (parsed.limit_options.parse(args, i, error)) {
            if (!error.empty()) return usage_error(err, "parse", error);
        } else if (a == "--summary") {
            parsed.summary_only = true;
        } else if (a == "--follow-links") {
            parsed.follow_links = true;
        } else if (a.size() > 1 && a[0] == '-') {
            std::vector<std::string_view> names{"--summary", "--follow-links", "--help"};
            for (const std::string_view n : limit_flag_names()) names.push_back(n);
            return usage_error(err, "parse",
                               fmt::format("unknown option '{}'{}", a,
                                           report::did_you_mean(a.substr(0, a.find('=')), names)));
        } else {
            parsed.paths.push_back(a);
        }
    }
    if (parsed.paths.empty()) return usage_error(err, "parse", "no PATH given");
    return std::nullopt;
}

// Reads one file's games and counts them and their diagnostics into `totals`; unless
// `summary_only`, prints the file's line, a line per game and every diagnostic.
void parse_file(const std::string& path, std::string bytes, const sgf::ReadLimits& limits,
                bool summary_only, Totals& totals, std::ostream& out) {
    const sgf::Document doc = sgf::read_document(path, std::move(bytes), limits);
    const std::size_t games = doc.games().size();
    totals.games += games;
    std::string text;
    if (!summary_only) {
        text += fmt::format("{}: {} game{}, {} ({})\n", sgf::printable_text(path), games,
                            games == 1 ? "" : "s", doc.decoding().encoding,
                            sgf::to_string(doc.decoding().source));
    }
    bool file_error = doc.has_errors();
    std::vector<sgf::Diagnostic> record_diagnostics;
    for (std::size_t g = 0; g < games; ++g) {
        sgf::GameRecord record = sgf::read_record(doc, g, limits);
        totals.moves += record.moves;
        if (record.has_errors()) file_error = true;
        if (!summary_only) {
            text += fmt::format(
                "  game {}: {}x{}, {} moves ({} nodes), B {} vs W {}, {}\n", g + 1,
                record.size.width, record.size.height, record.moves, record.main_line_nodes,
                describe_player(record.black_name, record.black_rank),
                describe_player(record.white_name, record.white_rank), describe_result(record));
        }
        for (auto& d : record.diagnostics) record_diagnostics.push_back(std::move(d));
    }
    for (const std::vector<sgf::Diagnostic>* list :
         {&doc.diagnostics(), &std::as_const(record_diagnostics)}) {
        for (const sgf::Diagnostic& d : *list) {
            totals.count(d);
            if (!summary_only) {
                text += sgf::format(d);
                text += '\n';
            }
        }
    }
    if (file_error) ++totals.files_with_errors;
    out << sgf::printable_text(text, "\n");  // names and file names: no control character
    check_stream(out, "standard output");    // stops at once
}

void print_totals(const Totals& totals, std::ostream& out) {
    out << fmt::format("files: {} read, {} with errors, {} unreadable\n", totals.files,
                       totals.files_with_errors, totals.unreadable);
    out << fmt::format("games: {}, moves: {}\n", totals.games, totals.moves);
    out << fmt::format("diagnostics: {} errors, {} warnings, {} infos\n", totals.errors,
                       totals.warnings, totals.infos);
    if (!totals.by_code.empty()) {
        std::string line = "by code:";
        for (const auto& [code, n] : totals.by_code) line += fmt::format(" {} {}", code, n);
        out << line << "\n";
    }
}

}  // namespace

int parse_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    ParseCommandLine parsed;
    if (const std::optional<int> status = read_command_line(args, parsed, out, err)) return *status;
    const bool summary_only = parsed.summary_only;

    // Walked as the files are read (problems where the walk meets them), so an archive's
    // members come with their bytes and memory does not grow with the number of files.
    const sgf::ReadLimits& limits = parsed.limit_options.limits();
    pipeline::FileWalk walk(parsed.paths, limits.max_file_bytes, true, parsed.follow_links);
    if (walk.missing_argument()) {
        for (const auto& p : walk.missing()) err << sgf::format(p) << "\n";
        return kCannotRun;
    }
    if (say_nothing_to_audit(err, "parse", parsed.paths)) return kCannotRun;

    Totals totals;
    bool walk_errors = false;
    pipeline::WalkItem item;
    while (walk.next(item)) {
        if (item.is_problem) {
            totals.count(item.problem);
            walk_errors = walk_errors || item.problem.severity == sgf::Severity::error;
            if (!summary_only) out << sgf::format(item.problem) << "\n";
            continue;
        }
        const std::string& path = item.path;
        ++totals.files;
        pipeline::FileBytes bytes =
            item.has_bytes
                ? std::move(item.bytes)
                : pipeline::read_file(path, limits.max_file_bytes, item.folder.get(), item.name_at);
        if (!bytes.ok) {
            ++totals.unreadable;
            ++totals.files_with_errors;
            totals.count(bytes.problem);
            if (!summary_only) out << sgf::format(bytes.problem) << "\n";
            continue;
        }
        parse_file(path, std::move(bytes.bytes), limits, summary_only, totals, out);
    }

    print_totals(totals, out);
    const bool findings = totals.files_with_errors > 0 || walk_errors;
    return findings ? kFindings : kClean;
}

}  // namespace sgfaudit::cli
