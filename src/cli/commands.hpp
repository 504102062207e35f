#pragma once
// Internal: one function per subcommand. Each takes the arguments after the subcommand's name.

#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/pipeline/check_run.hpp"

namespace sgfaudit::cli {

int parse_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int audit_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int merge_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int check_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int rules_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// A usage error of `command` ("audit", or "" for the top level): its one line, then where help
// is ("try 'sgfaudit audit --help'"); returns kCannotRun (exit 2).
int usage_error(std::ostream& err, std::string_view command, std::string_view line);

// When the walk of `paths` finds nothing to audit (no SGF file, no archive named, no entry it
// could not take: pipeline::nothing_to_audit), says so on `err` naming what it passed over, and
// returns true (the command exits 2).
bool say_nothing_to_audit(std::ostream& err, std::string_view command,
                          const std::vector<std::string>& paths);

// An output stream failed (a full disk, a closed pipe): thrown to stop a command early; run()
// names the stream and exits 2. The pipeline's own (check's writer throws it too).
using OutputError = pipeline::StreamError;

// Throws OutputError when `stream` has failed.
void check_stream(const std::ostream& stream, const char* name);

}  // namespace sgfaudit::cli
