#include "json.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <iterator>

#include "sgfaudit/report/check.hpp"

namespace sgfaudit::report {

namespace detail {

// Appends `s` as a JSON string literal (with the quotes): '"' and '\\' escaped, control
// characters as \b \f \n \r \t or \u00XX, everything else (UTF-8 included) as it is. Runs
// of plain bytes are appended in one piece.
void append_json_string(std::string& out, std::string_view s) {
    out += '"';
    std::size_t plain = 0;  // start of the current run of bytes that need no escape
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c != '"' && c != '\\' && c != 0x7f) continue;
        out.append(s.data() + plain, i - plain);
        plain = i + 1;
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                fmt::format_to(std::back_inserter(out), "\\u{:04x}", static_cast<unsigned>(c));
                break;
        }
    }
    out.append(s.data() + plain, s.size() - plain);
    out += '"';
}

void append_json_number(std::string& out, double v) {
    if (!std::isfinite(v)) {
        out += "null";
        return;
    }
    if (v == 0) {
        out += '0';  // no "-0"
        return;
    }
    // Whole and half numbers (counts, komi, margins) without the general algorithm; the digits
    // are the ones it would give (shortest round trip), see the report tests.
    const double twice = v * 2;
    if (std::fabs(v) < 1e9 && twice == std::floor(twice)) {
        const auto halves = static_cast<std::int64_t>(twice);
        const std::int64_t whole = (halves < 0 ? -halves : halves) / 2;
        if (halves < 0) out += '-';
        char buffer[24];
        const auto r = std::to_chars(buffer, buffer + sizeof buffer, whole);
        out.append(buffer, r.ptr);
        if (halves % 2 != 0) out += ".5";
        return;
    }
    fmt::format_to(std::back_inserter(out), "{}", v);
}

}  // namespace detail

std::string json_string(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 2);
    detail::append_json_string(out, s);
    return out;
}

std::string json_number(double v) {
    std::string out;
    detail::append_json_number(out, v);
    return out;
}

}  // namespace sgfaudit::report
