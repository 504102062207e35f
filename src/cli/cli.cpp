#include "sgfaudit/cli/cli.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <new>

#include "commands.hpp"
#include "sgfaudit/pipeline/inputs.hpp"
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

}  // namespace

void check_stream(const std::ostream& stream, const char* name) {
    if (stream) return;
    const int error = errno;
    throw OutputError(fmt::format("cannot write to {}{}", name,
                                  error != 0 ? fmt::format(": {}", std::strerror(error)) : ""));
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    try {
        if (args.empty()) {
            err << kUsage;
            return kCannotRun;
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
            err << "sgfaudit: unknown command '" << sgf::printable_text(command) << "'\n\n"
                << kUsage;
            return kCannotRun;
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
    std::ios::sync_with_stdio(false);
    return run(args, std::cout, std::cerr);
}

}  // namespace sgfaudit::cli
