#pragma once
// Diagnostics are values, never exceptions: every problem found in an input file becomes one of
// these, with a stable code documented in docs/diagnostics.md.

#include <cstdint>
#include <string>
#include <string_view>

namespace sgfaudit::sgf {

enum class Severity : std::uint8_t { info, warning, error };

// Lower-case name as printed: "info", "warning", "error".
std::string_view to_string(Severity severity) noexcept;

// 1-based line and column; column counts Unicode code points of the decoded (UTF-8) text.
// {0, 0} means "the file as a whole".
struct Location {
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    friend bool operator==(const Location&, const Location&) = default;
};

struct Diagnostic {
    Severity severity = Severity::error;
    std::string_view code;  // stable code, e.g. "S101"; always points at a string literal
    std::string file;
    Location where;
    std::string message;
    int game = -1;  // 0-based index of the game tree in the file, or -1 for the file as a whole
};

// "file:line:col: severity code: message" (the location is omitted when it is {0, 0}).
std::string format(const Diagnostic& diagnostic);

}  // namespace sgfaudit::sgf
