#pragma once
// Internal: the command line of the subcommands that audit (check, audit): options with and
// without values, and the settings every audit is made with (--rules, --dead, --on-illegal,
// --komi).

#include <atomic>
#include <iosfwd>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "limits_options.hpp"
#include "sgfaudit/pipeline/audit_file.hpp"

namespace sgfaudit::cli {

struct OptionSpec {
    std::string_view name;  // "--rules"
    bool takes_value = true;
    bool repeatable = false;  // may be given several times (values kept in order)
};

struct ParsedArgs {
    std::map<std::string, std::string, std::less<>> values;  // options given, by name
    // Every value of a repeatable option, in the order given.
    std::map<std::string, std::vector<std::string>, std::less<>> repeated;
    std::vector<std::string> paths;
    bool help = false;
    bool has(std::string_view name) const { return values.find(name) != values.end(); }
};

// The options every auditing subcommand takes (see audit_settings).
inline constexpr OptionSpec kAuditOptions[] = {
    {"--rules"},       {"--dead"},           {"--on-illegal"},
    {"--komi"},        {"--jobs"},           {"--map-ru", true, true},
    {"--engine"},      {"--engine-timeout"}, {"--gnugo-command"},
    {"--gnugo-level"}, {"--gnugo-timeout"},  {"--max-listed"},
    {"--ignore"},      {"--memory-budget"}};

// Splits `args` into options ("--name value" or "--name=value"; flags without a value), the
// limit flags of LimitOptions when `limits` is given, and paths ("--" ends the options).
// Returns an error message, or "" when all is well.
std::string parse_args(const std::vector<std::string>& args, std::span<const OptionSpec> known,
                       ParsedArgs& out, LimitOptions* limits = nullptr);

// Fills `settings` from --rules (default tromp-taylor,aga,french), --dead, --on-illegal,
// --komi, --map-ru NAME=SPEC (repeatable) and --max-listed. With `--dead gnugo` it starts the
// engine of --engine (default gnugo; --gnugo-command, --gnugo-level, --engine-timeout or its alias
// --gnugo-timeout): an engine that cannot be found or started is an error. `warnings`: where the
// engine's run-time warning goes (it is abandoned after failing again and again), e.g. stderr.
// Returns an error message or "".
std::string audit_settings(const ParsedArgs& args, pipeline::AuditSettings& settings,
                           std::ostream* warnings = nullptr);

// The flag SIGINT and SIGTERM set while `audit` runs (audit_command.cpp): it also ends a wait for
// a dead-stone engine.
const std::atomic<int>* run_cancel_flag() noexcept;

// --jobs N (1..1024; absent: 0, all cores). Returns an error message or "".
std::string jobs_option(const ParsedArgs& args, unsigned& jobs);

// The memory the files in flight may need together (pipeline::RunOptions::memory_budget).
inline constexpr std::size_t kDefaultMemoryBudget = std::size_t{1} << 30;
// --memory-budget N (K, M, G suffixes; `none`: no budget, 0). Absent: kDefaultMemoryBudget.
// Returns an error message or "".
std::string memory_budget_option(const ParsedArgs& args, std::size_t& budget);
inline constexpr const char* kMemoryBudgetHelp =
    R"(  --memory-budget N   what the files in flight may need together (default 1G;
                      K, M, G suffixes; none: no budget). A file's need is taken as
                      40 times its size: one that does not fit waits, and one larger
                      than the budget is worked on alone, so --jobs does not multiply
                      the worst case of one file
)";

// The --help text of the options check and audit share (how games are judged: --dead and the
// GNU Go flags, --on-illegal, --komi, --map-ru), one text for both commands and the man page.
std::string_view judging_options_help() noexcept;

}  // namespace sgfaudit::cli
