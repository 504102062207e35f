#include "sgfaudit/cli/cli.hpp"

#include <fmt/format.h>
#include <signal.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <new>

#include "commands.hpp"
#include "sgfaudit/pipeline/inputs.hpp"
#include "sgfaudit/pipeline/nothing_to_audit.hpp"
#include "sgfaudit/report/suggest.hpp"
#include "sgfaudit/sgf/encoding.hpp"
#include "sgfaudit/version.hpp"

namespace sgfaudit::cli {

namespace {

constexpr const char* kUsage = R"(usage: sgfaudit COMMAND [OPTIONS] PATH...

Audit Go game records (SGF) against the rules.

Commands:
  parse PATH...   read SGF files and folders (recursively: *.sgf, *.mgt) and print, per file,
                  its games (board size, main-line length, players, result) and every
                  diagnostic as file:line:col: severity code: message
  check PATH...   the referee's view of every game under several rulesets: illegal plays,
                  end, score with every term, winner, divergences with board diagrams, RE
                  against the result under the record's own RU. Options: --rules LIST,
                  --format text|json, --dead none|markup|pass-alive|auto|gnugo|LIST,
                  --on-illegal as-it-stands|stop, --komi X (see sgfaudit check --help)
  audit PATH...   audit whole archives on all cores into a report folder (summary.md,
                  index.html with diagrams, games.jsonl, divergences.csv,
                  record_issues.csv, diagnostics.csv);
                  options as for check, plus --jobs N, --out DIR, --name NAME,
                  --max-diagrams N, --shard K/N, --quiet (see sgfaudit audit --help)
  merge SHARD_REPORT... --out DIR
                  join the report folders of `audit --shard K/N` (all N) into the report of
                  the unsharded run, byte for byte (see sgfaudit merge --help)
  rules [SPEC]    print the rule presets and knobs with their seed clauses, or check a
                  ruleset SPEC such as "aga:ko=ssk,french"

Options:
  -h, --help      show this help (also: sgfaudit COMMAND --help)
  --version       print the version

Exit status: 0 clean, 1 findings (a file had an error; for check and audit also an illegal
play, a divergence, a record error or an RE that disagrees with the computed result), 2 could
not run (bad arguments, a path that does not exist; for audit also a report that could not be
written or an interrupted run).
)";

constexpr std::string_view kCommands[] = {"parse", "check", "audit", "merge", "rules"};
constexpr std::string_view kTopOptions[] = {"--help", "--version"};

}  // namespace

int usage_error(std::ostream& err, std::string_view command, std::string_view line) {
    const std::string name = command.empty() ? "sgfaudit" : fmt::format("sgfaudit {}", command);
    // Escaped: the line may quote what the user typed (a file name, a value).
    err << name << ": " << sgf::printable_text(line) << "\ntry '" << name << " --help'\n";
    return kCannotRun;
}

bool say_nothing_to_audit(std::ostream& err, std::string_view command,
                          const std::vector<std::string>& paths) {
    const pipeline::NothingToAudit n = pipeline::nothing_to_audit(paths);
    if (!n.nothing) return false;
    std::string named;
    for (std::size_t i = 0; i < paths.size() && i < 3; ++i) {
        named += fmt::format("{}'{}'", i == 0 ? "" : ", ", sgf::printable_text(paths[i]));
    }
    if (paths.size() > 3) named += fmt::format(" and {} more", paths.size() - 3);
    const std::string folders = fmt::format("{} folder{}", n.folders, n.folders == 1 ? "" : "s");
    std::string skipped = fmt::format("{}, no file in {}", folders, n.folders == 1 ? "it" : "them");
    if (n.skipped_files > 0) {
        skipped =
            fmt::format("passed over {} file{}{}", n.skipped_files, n.skipped_files == 1 ? "" : "s",
                        n.folders > 0 ? fmt::format(" in {}", folders) : "");
        for (std::size_t i = 0; i < n.examples.size(); ++i) {
            skipped +=
                fmt::format("{}{}", i == 0 ? ": " : ", ", sgf::printable_text(n.examples[i]));
        }
        if (n.skipped_files > n.examples.size()) skipped += ", ...";
    }
    err << fmt::format(
        "sgfaudit {}: nothing to {}: no *.sgf or *.mgt file under {} ({}); an archive "
        "(.zip, .tar.*, .7z, .sgf.gz) is read only when named on the command line\n",
        command, command == "parse" ? "read" : "audit", named, skipped);
    return true;
}

void check_stream(const std::ostream& stream, const char* name) {
    if (stream) return;
    const int error = errno;
    throw OutputError(fmt::format("cannot write to {}{}", name,
                                  error != 0 ? fmt::format(": {}", std::strerror(error)) : ""));
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    try {
        if (args.empty()) {
            return usage_error(err, "",
                               "no command given (usage: sgfaudit COMMAND [OPTIONS] PATH...; "
                               "commands: parse, check, audit, merge, rules)");
        }
        const std::string& command = args.front();
        const std::vector<std::string> rest(args.begin() + 1, args.end());
        int status = -1;
        if (command == "-h" || command == "--help" || command == "help") {
            out << kUsage;
            status = kClean;
        }
        if (command == "--version") {
            out << "sgfaudit " << kVersion << "\n";
            status = kClean;
        }
        if (command == "parse") status = parse_command(rest, out, err);
        if (command == "rules") status = rules_command(rest, out, err);
        if (command == "check") status = check_command(rest, out, err);
        if (command == "audit") status = audit_command(rest, out, err);
        if (command == "merge") status = merge_command(rest, out, err);
        if (status < 0) {
            const bool option = command.starts_with('-');
            return usage_error(err, "",
                               fmt::format("unknown {} '{}'{}", option ? "option" : "command",
                                           sgf::printable_text(command),
                                           option ? report::did_you_mean(command, kTopOptions)
                                                  : report::did_you_mean(command, kCommands)));
        }
        // What was written must have reached its stream: a full disk or a closed pipe is a
        // failure of the run, never a silent success.
        out.flush();
        check_stream(out, "standard output");
        err.flush();
        if (!err) return kCannotRun;  // nowhere left to say so
        return status;
    } catch (const OutputError& e) {
        err << "sgfaudit: " << sgf::printable_text(e.what()) << "; the run stopped\n";
        return kCannotRun;
    } catch (const pipeline::ResourceError& e) {
        // The tool ran out of descriptors or kernel memory: never a partial result.
        err << "sgfaudit: " << sgf::printable_text(e.what()) << "; the run stopped\n";
        return kCannotRun;
    } catch (const std::bad_alloc&) {
        err << "sgfaudit: out of memory (ENOMEM); the run stopped\n";
        return kCannotRun;
    } catch (const std::exception& e) {
        // Nothing below throws for bad input; this is for resource exhaustion and bugs.
        err << "sgfaudit: internal error: " << sgf::printable_text(e.what()) << "\n";
        return kCannotRun;
    }
}

int run(std::span<char*> argv) {
    std::vector<std::string> args;
    for (std::size_t i = 1; i < argv.size(); ++i) args.emplace_back(argv[i]);
    // Past a file-size limit (ulimit -f) the kernel sends SIGXFSZ, whose default kills the
    // process without a word (exit 153). Ignored, the write fails with EFBIG instead, which the
    // writers report naming the file (exit 2, nothing replaced).
    ::signal(SIGXFSZ, SIG_IGN);
    std::ios::sync_with_stdio(false);
    return run(args, std::cout, std::cerr);
}

}  // namespace sgfaudit::cli
