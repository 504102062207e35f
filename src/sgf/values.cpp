// Typed SGF property values; see values.hpp. Nothing here throws: every problem becomes a
// ValueIssue, and every function accepts any byte string (NULs, invalid UTF-8, stray escapes).

#include "sgfaudit/sgf/values.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <system_error>

#include "sgfaudit/sgf/codes.hpp"
#include "sgfaudit/text/text.hpp"

namespace sgfaudit::sgf {

namespace {

// Largest board side (FF[4]: 'a'..'z', 'A'..'Z').
constexpr int max_side = 52;
// No komi can matter beyond the number of points on the largest board; anything larger is read
// as a typo or a placeholder (OGS writes KM[9999]).
// Larger than any count (a 52x52 board has 2704 points): not a komi.
constexpr double max_komi = 1e6;
// Texts longer than this are not numbers anyone wrote by hand or by program; rejecting them keeps
// the number parsers' work bounded.
constexpr std::size_t max_number_length = 128;
// Values quoted in messages are cut after this many code points.
constexpr std::size_t max_quoted_code_points = 40;

constexpr bool is_line_break(char c) noexcept {
    return c == '\n' || c == '\r';
}
constexpr bool is_digit(char c) noexcept {
    return c >= '0' && c <= '9';
}

using text::iequals_ascii;
using text::to_lower_ascii;

// A value made safe to print inside a message: valid UTF-8 kept, control characters and invalid
// bytes written as \xNN, cut with "..." after max_quoted_code_points code points.
std::string quoted(std::string_view s) {
    return text::escaped_prefix(s, max_quoted_code_points);
}

// "6.5", "7", "-0.5" as written in messages (shortest form that reads back the same).
std::string number_text(double v) {
    return fmt::format("{}", v);
}

void add_issue(ValueIssues& issues, Severity severity, std::string_view code, std::string message) {
    issues.push_back(ValueIssue{severity, code, std::move(message)});
}

// The non-negative decimal "digits [. digits]" (or "digits." / ".digits"), without sign or white
// space. Exponents, hex, "inf" and "nan" are not accepted.
std::optional<double> parse_unsigned_decimal(std::string_view s) noexcept {
    if (s.empty() || s.size() > max_number_length) return std::nullopt;
    std::size_t digits = 0;
    bool dot = false;
    for (const char c : s) {
        if (is_digit(c)) {
            ++digits;
        } else if (c == '.' && !dot) {
            dot = true;
        } else {
            return std::nullopt;
        }
    }
    if (digits == 0) return std::nullopt;
    double value = 0;
    const auto [ptr, ec] =
        std::from_chars(s.data(), s.data() + s.size(), value, std::chars_format::fixed);
    if (ec != std::errc{} || ptr != s.data() + s.size() || !std::isfinite(value)) {
        return std::nullopt;
    }
    return value;
}

bool is_integer(double v) noexcept {
    return std::isfinite(v) && std::floor(v) == v;
}

// Line breaks: "\n", "\r", "\r\n", "\n\r" (FF[4]). Returns how many characters of s, starting at
// i (where a line break starts), the break takes.
std::size_t line_break_length(std::string_view s, std::size_t i) noexcept {
    if (i + 1 < s.size() && is_line_break(s[i + 1]) && s[i + 1] != s[i]) return 2;
    return 1;
}

// What unescape() changes: 1 for '\\', '\r', '\t', '\v', '\f'; 2 for '\n' (changed in
// SimpleText only).
struct Changed {
    std::array<std::uint8_t, 256> of{};
    constexpr Changed() {
        for (const char c : {'\\', '\r', '\t', '\v', '\f'}) of[static_cast<unsigned char>(c)] = 1;
        of[static_cast<unsigned char>('\n')] = 2;
    }
};
constexpr Changed kChanged{};

// Text and SimpleText share everything but what a (hard) line break becomes.
std::string unescape(std::string_view raw, bool keep_line_breaks) {
    // Fast path: nothing to change, one copy.
    const std::uint8_t changed = keep_line_breaks ? 1 : 3;
    bool plain = true;
    for (const char c : raw) {
        if ((kChanged.of[static_cast<unsigned char>(c)] & changed) != 0) {
            plain = false;
            break;
        }
    }
    if (plain) return std::string(raw);

    std::string out;
    out.reserve(raw.size());  // the result is never longer than the input
    for (std::size_t i = 0; i < raw.size();) {
        char c = raw[i];
        if (c == '\\') {
            ++i;
            if (i == raw.size()) break;  // a lone trailing '\' escapes nothing: dropped
            c = raw[i];
            if (is_line_break(c)) {  // soft line break: removed
                i += line_break_length(raw, i);
                continue;
            }
            // An escaped character stands for itself (white space is still converted below).
        }
        if (is_line_break(c)) {
            out += keep_line_breaks ? '\n' : ' ';
            i += line_break_length(raw, i);
            continue;
        }
        out += text::is_ascii_whitespace(c) ? ' ' : c;
        ++i;
    }
    return out;
}

std::string board_text(BoardSize size) {
    return fmt::format("{}x{}", size.width, size.height);
}

// A letter of a point: 'a'..'z' = 0..25, 'A'..'Z' = 26..51, anything else -1.
int coordinate_of(char c) noexcept {
    if (c >= 'a' && c <= 'z') return c - 'a';
    if (c >= 'A' && c <= 'Z') return c - 'A' + 26;
    return -1;
}

char letter_of(int v) noexcept {
    if (v >= 0 && v < 26) return static_cast<char>('a' + v);
    if (v >= 26 && v < max_side) return static_cast<char>('A' + (v - 26));
    return '?';
}

}  // namespace

std::string unescape_text(std::string_view raw) {
    return unescape(raw, true);
}

std::string unescape_simple_text(std::string_view raw) {
    return unescape(raw, false);
}

std::optional<long long> parse_number(std::string_view raw) {
    std::string_view s = text::trim_ascii_whitespace(raw);
    if (s.empty() || s.size() > max_number_length) return std::nullopt;
    // std::from_chars takes a '-' but not a '+'.
    std::string_view digits = s;
    if (s.front() == '+' || s.front() == '-') digits.remove_prefix(1);
    if (digits.empty()) return std::nullopt;
    for (const char c : digits) {
        if (!is_digit(c)) return std::nullopt;
    }
    if (s.front() == '-') digits = s;
    long long value = 0;
    const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec != std::errc{} || ptr != digits.data() + digits.size()) return std::nullopt;
    return value;
}

std::optional<double> parse_real(std::string_view raw) {
    std::string_view s = text::trim_ascii_whitespace(raw);
    bool negative = false;
    if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
        negative = s.front() == '-';
        s.remove_prefix(1);
    }
    const auto magnitude = parse_unsigned_decimal(s);
    if (!magnitude) return std::nullopt;
    if (*magnitude == 0) return 0.0;  // never -0
    return negative ? -*magnitude : *magnitude;
}

std::optional<BoardSize> parse_size(std::string_view raw, ValueIssues& issues) {
    const std::string_view s = text::trim_ascii_whitespace(raw);
    std::optional<long long> width;
    std::optional<long long> height;
    if (const auto colon = s.find(':'); colon == std::string_view::npos) {
        width = parse_number(s);
        height = width;
    } else {
        width = parse_number(s.substr(0, colon));
        height = parse_number(s.substr(colon + 1));  // a second ':' makes this fail
    }
    if (!width || !height) {
        add_issue(issues, Severity::error, codes::bad_size_value,
                  fmt::format("board size '{}' is not a number or width:height", quoted(s)));
        return std::nullopt;
    }
    const auto in_range = [](long long side) { return side >= 1 && side <= max_side; };
    if (!in_range(*width) || !in_range(*height)) {
        add_issue(issues, Severity::error, codes::bad_size_value,
                  fmt::format("board size '{}' is out of range: each side must be 1..{}", quoted(s),
                              max_side));
        return std::nullopt;
    }
    return BoardSize{static_cast<int>(*width), static_cast<int>(*height)};
}

std::optional<Point> parse_point(std::string_view raw, BoardSize size, ValueIssues& issues) {
    const std::string_view s = text::trim_ascii_whitespace(raw);
    if (s.empty()) {
        add_issue(issues, Severity::error, codes::bad_point,
                  "empty value where a point is expected");
        return std::nullopt;
    }
    const int x = s.size() == 2 ? coordinate_of(s[0]) : -1;
    const int y = s.size() == 2 ? coordinate_of(s[1]) : -1;
    if (x < 0 || y < 0) {
        add_issue(issues, Severity::error, codes::bad_point,
                  fmt::format("point '{}' is not two letters a-z/A-Z", quoted(s)));
        return std::nullopt;
    }
    if (x >= size.width || y >= size.height) {
        add_issue(issues, Severity::error, codes::bad_point,
                  fmt::format("point '{}' is off the {} board", quoted(s), board_text(size)));
        return std::nullopt;
    }
    return Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)};
}

std::optional<MoveValue> parse_move(std::string_view raw, BoardSize size, ValueIssues& issues) {
    const std::string_view s = text::trim_ascii_whitespace(raw);
    if (s.empty()) return MoveValue{true, {}};
    if (s == "tt" && size.width <= 19 && size.height <= 19) {
        add_issue(issues, Severity::info, codes::tt_pass,
                  "B[tt]/W[tt] read as a pass (FF[3] convention)");
        return MoveValue{true, {}};
    }
    const auto point = parse_point(s, size, issues);
    if (!point) return std::nullopt;
    return MoveValue{false, *point};
}

bool expand_point_list_value(std::string_view raw, BoardSize size, std::vector<Point>& out,
                             ValueIssues& issues) {
    const std::string_view s = text::trim_ascii_whitespace(raw);
    const auto colon = s.find(':');
    if (colon == std::string_view::npos) {
        const auto point = parse_point(s, size, issues);
        if (!point) return false;
        out.push_back(*point);
        return true;
    }
    if (s.find(':', colon + 1) != std::string_view::npos) {
        add_issue(issues, Severity::error, codes::bad_point,
                  fmt::format("point list value '{}' has more than one ':'", quoted(s)));
        return false;
    }
    const auto first = parse_point(s.substr(0, colon), size, issues);
    if (!first) return false;
    const auto second = parse_point(s.substr(colon + 1), size, issues);
    if (!second) return false;

    const Point upper_left{std::min(first->x, second->x), std::min(first->y, second->y)};
    const Point lower_right{std::max(first->x, second->x), std::max(first->y, second->y)};
    if (*first == *second) {
        add_issue(issues, Severity::info, codes::odd_compressed_list,
                  fmt::format("compressed point list '{}' names a single point (FF[4] wants "
                              "'{}')",
                              quoted(s), sgf_coordinates(*first)));
    } else if (*first != upper_left) {
        add_issue(
            issues, Severity::info, codes::odd_compressed_list,
            fmt::format("compressed point list '{}' does not give the upper-left corner "
                        "first; read as '{}:{}'",
                        quoted(s), sgf_coordinates(upper_left), sgf_coordinates(lower_right)));
    }
    // Row by row, top to bottom, left to right. At most 52 * 52 points.
    for (int y = upper_left.y; y <= lower_right.y; ++y) {
        for (int x = upper_left.x; x <= lower_right.x; ++x) {
            out.push_back(Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)});
        }
    }
    return true;
}

std::optional<Komi> parse_komi(std::string_view raw, ValueIssues& issues) {
    const std::string_view s = text::trim_ascii_whitespace(raw);
    if (s.empty()) {
        add_issue(issues, Severity::warning, codes::empty_komi,
                  "KM[] is empty; the ruleset's default komi applies");
        return std::nullopt;
    }
    // R3: a decimal comma is read as a point ("6,5" = 6.5).
    std::optional<double> written = parse_real(s);
    bool comma = false;
    if (!written && std::count(s.begin(), s.end(), ',') == 1 &&
        s.find('.') == std::string_view::npos) {
        std::string dotted(s);
        dotted[dotted.find(',')] = '.';
        written = parse_real(dotted);
        comma = written.has_value();
    }
    if (!written) {
        add_issue(issues, Severity::warning, codes::bad_komi,
                  fmt::format("KM[{}] is not a number; komi ignored", quoted(s)));
        return std::nullopt;
    }
    const double v = *written;
    if (std::fabs(v) > max_komi) {
        add_issue(issues, Severity::warning, codes::bad_komi,
                  fmt::format("KM[{}] is larger than any count; komi ignored", quoted(s)));
        return std::nullopt;
    }
    if (comma) {
        add_issue(issues, Severity::warning, codes::decimal_comma_komi,
                  fmt::format("KM[{}] read as {} (decimal comma)", quoted(s), number_text(v)));
        return Komi{v, true};
    }
    // R3: Fox writes komi x100 as an integer (KM[650], KM[375], KM[325]).
    if (std::fabs(v) >= 100 && is_integer(v / 25)) {
        const bool half_points = is_integer(v / 50);
        const double used = half_points ? v / 100 : v / 50;
        if (half_points) {
            add_issue(issues, Severity::warning, codes::fox_komi_x100,
                      fmt::format("KM[{}] read as {} (Fox x100 convention)", quoted(s),
                                  number_text(used)));
        } else {
            add_issue(issues, Severity::warning, codes::fox_komi_x50,
                      fmt::format("KM[{}] read as {} ({} stones written x100: Fox x50 convention)",
                                  quoted(s), number_text(used), number_text(v / 100)));
        }
        return Komi{used, true};
    }
    return Komi{v, false};
}

std::string_view to_string(ResultKind kind) noexcept {
    switch (kind) {
        case ResultKind::score:
            return "score";
        case ResultKind::win:
            return "win";
        case ResultKind::resign:
            return "resign";
        case ResultKind::time:
            return "time";
        case ResultKind::forfeit:
            return "forfeit";
        case ResultKind::draw:
            return "draw";
        case ResultKind::void_game:
            return "void";
        case ResultKind::unknown:
            return "unknown";
        case ResultKind::free_text:
            return "free_text";
    }
    return "free_text";
}

GameResult parse_result(std::string_view raw, ValueIssues& issues) {
    GameResult result;
    result.text = unescape_simple_text(raw);
    const std::string_view s = text::trim_ascii_whitespace(result.text);

    const auto classify = [&]() -> bool {
        if (s == "?") {
            result.kind = ResultKind::unknown;
            return true;
        }
        if (s == "0" || iequals_ascii(s, "draw") || iequals_ascii(s, "jigo")) {
            result.kind = ResultKind::draw;
            return true;
        }
        if (iequals_ascii(s, "void")) {
            result.kind = ResultKind::void_game;
            return true;
        }
        if (s.empty()) return false;
        const char who = to_lower_ascii(s.front());
        if (who != 'b' && who != 'w') return false;
        const Color winner = who == 'b' ? Color::black : Color::white;
        std::string_view rest = s.substr(1);
        if (!rest.empty()) {
            if (rest.front() != '+') return false;
            rest.remove_prefix(1);
        }
        if (rest.empty()) {
            result.kind = ResultKind::win;
        } else if (iequals_ascii(rest, "r") || iequals_ascii(rest, "resign")) {
            result.kind = ResultKind::resign;
        } else if (iequals_ascii(rest, "t") || iequals_ascii(rest, "time")) {
            result.kind = ResultKind::time;
        } else if (iequals_ascii(rest, "f") || iequals_ascii(rest, "forfeit")) {
            result.kind = ResultKind::forfeit;
        } else if (const auto margin = parse_unsigned_decimal(rest)) {
            result.kind = ResultKind::score;
            result.margin = *margin;
        } else {
            return false;
        }
        result.winner = winner;
        return true;
    };

    if (!classify()) {
        result.kind = ResultKind::free_text;
        add_issue(issues, Severity::info, codes::free_text_result,
                  fmt::format("RE[{}] is not a standard result; kept verbatim", quoted(s)));
        return result;
    }
    if (result.kind == ResultKind::score && *result.margin == 0) {
        add_issue(issues, Severity::warning, codes::zero_margin_result,
                  fmt::format("RE[{}] names a winner with margin 0", quoted(s)));
    }
    return result;
}

namespace {

// One date of DT: which parts it has, or nothing when it is no date form at all.
enum class DatePart : std::uint8_t { none, year, year_month, year_month_day, month_day, two };

bool digits(std::string_view s, std::size_t n) {
    return s.size() == n &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

int two_digits(std::string_view s) {
    return (s[0] - '0') * 10 + (s[1] - '0');
}

bool month_ok(std::string_view s) {
    return digits(s, 2) && two_digits(s) >= 1 && two_digits(s) <= 12;
}
bool day_ok(std::string_view s) {
    return digits(s, 2) && two_digits(s) >= 1 && two_digits(s) <= 31;
}

DatePart date_part(std::string_view t) {
    if (digits(t, 4)) return DatePart::year;
    if (t.size() == 7 && digits(t.substr(0, 4), 4) && t[4] == '-' && month_ok(t.substr(5))) {
        return DatePart::year_month;
    }
    if (t.size() == 10 && digits(t.substr(0, 4), 4) && t[4] == '-' && month_ok(t.substr(5, 2)) &&
        t[7] == '-' && day_ok(t.substr(8))) {
        return DatePart::year_month_day;
    }
    if (t.size() == 5 && month_ok(t.substr(0, 2)) && t[2] == '-' && day_ok(t.substr(3))) {
        return DatePart::month_day;
    }
    if (digits(t, 2)) return DatePart::two;
    return DatePart::none;
}

}  // namespace

bool is_sgf_date(std::string_view raw) {
    const std::string value = unescape_simple_text(raw);
    std::string_view rest = value;
    // What the date before gave: a month (MM-DD and MM may follow), a day (DD may follow), or
    // only a month (a lone MM follows it as a month, DD as a day).
    bool first = true, has_month = false, has_day = false;
    while (true) {
        const std::size_t comma = rest.find(',');
        const std::string_view t = rest.substr(0, comma);
        const DatePart part = date_part(t);
        switch (part) {
            case DatePart::none:
                return false;
            case DatePart::year:
                has_month = has_day = false;
                break;
            case DatePart::year_month:
                has_month = true;
                has_day = false;
                break;
            case DatePart::year_month_day:
            case DatePart::month_day:
                if (part == DatePart::month_day && (first || !has_month)) return false;
                has_month = has_day = true;
                break;
            case DatePart::two:
                // A day after a date with a day; a month after a date with a month only.
                if (first || !has_month) return false;
                if (has_day ? !day_ok(t) : !month_ok(t)) return false;
                break;
        }
        first = false;
        if (comma == std::string_view::npos) return true;
        rest.remove_prefix(comma + 1);
    }
}

std::string sgf_coordinates(Point p) {
    return {letter_of(p.x), letter_of(p.y)};
}

}  // namespace sgfaudit::sgf
