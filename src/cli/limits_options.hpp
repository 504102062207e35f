#pragma once
// The limit flags shared by the subcommands that read files (`parse`; `check` and `audit` take
// the same): each bound of sgf::ReadLimits has a default and a flag. docs/robustness.md lists
// them with the diagnostic each one gives.

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/sgf/reader.hpp"

namespace sgfaudit::cli {

// Tries to read the limit option at args[i] ("--max-nodes N" or "--max-nodes=N"). Returns false
// when args[i] is not a limit option. When it is, sets the limit (advancing i past a separate
// value) or sets `error` (a missing, malformed or out-of-range value; a flag given twice).
// Values are whole numbers with an optional binary suffix K, M or G (1K = 1024), case-insensitive.
class LimitOptions {
  public:
    bool parse(const std::vector<std::string>& args, std::size_t& i, std::string& error);
    const sgf::ReadLimits& limits() const noexcept { return limits_; }

  private:
    sgf::ReadLimits limits_;
    std::vector<std::string_view> seen_;
};

// The "Limits:" block of a command's --help text (flags, defaults, diagnostic codes), ending with
// '\n'.
std::string_view limits_help() noexcept;

// The names of the limit flags ("--max-file-bytes", ...), for "did you mean".
std::span<const std::string_view> limit_flag_names() noexcept;

// Parses "123", "64M", "1k": a positive whole number with an optional K/M/G suffix. Returns
// false for anything else and for values over `max`.
bool parse_size(std::string_view text, std::size_t max, std::size_t& out);

}  // namespace sgfaudit::cli
