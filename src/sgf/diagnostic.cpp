#include "sgfaudit/sgf/diagnostic.hpp"

#include <fmt/format.h>

#include "sgfaudit/sgf/encoding.hpp"

namespace sgfaudit::sgf {

std::string_view to_string(Severity severity) noexcept {
    switch (severity) {
        case Severity::info:
            return "info";
        case Severity::warning:
            return "warning";
        case Severity::error:
            return "error";
    }
    return "error";
}

std::string format(const Diagnostic& d) {
    // For a terminal: a file name or message never carries a control character (printable).
    if (d.where.line == 0) {
        return fmt::format("{}: {} {}: {}", printable_text(d.file), to_string(d.severity), d.code,
                           printable_text(d.message));
    }
    return fmt::format("{}:{}:{}: {} {}: {}", printable_text(d.file), d.where.line, d.where.column,
                       to_string(d.severity), d.code, printable_text(d.message));
}

}  // namespace sgfaudit::sgf
