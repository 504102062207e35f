#include "sgfaudit/sgf/diagnostic.hpp"

#include <fmt/format.h>

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
    if (d.where.line == 0) {
        return fmt::format("{}: {} {}: {}", d.file, to_string(d.severity), d.code, d.message);
    }
    return fmt::format("{}:{}:{}: {} {}: {}", d.file, d.where.line, d.where.column,
                       to_string(d.severity), d.code, d.message);
}

}  // namespace sgfaudit::sgf
