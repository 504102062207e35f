#pragma once
// The command line: the CLI owns argv, output streams and exit codes.

#include <iosfwd>
#include <span>
#include <string>
#include <vector>

namespace sgfaudit::cli {

// Exit codes (README "Exit status"): clean, findings, could not run.
enum ExitCode : int { kClean = 0, kFindings = 1, kCannotRun = 2 };

// Runs the program on `args` (without the program name), writing to `out` and `err`.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// main()'s entry: argv as given to main.
int run(std::span<char*> argv);

}  // namespace sgfaudit::cli
