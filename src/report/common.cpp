#include "common.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "sgfaudit/report/check.hpp"
#include "sgfaudit/sgf/encoding.hpp"

namespace sgfaudit::report::detail {

std::string_view color_letter(game::Color c) noexcept {
    return c == game::Color::black ? "B" : "W";
}

std::string_view winner_letter(audit::Winner w) noexcept {
    switch (w) {
        case audit::Winner::black:
            return "B";
        case audit::Winner::white:
            return "W";
        case audit::Winner::draw:
            break;
    }
    return "draw";
}

std::string_view ruleset_label(const audit::Ruleset& r) noexcept {
    return r.label();
}

std::optional<std::string> board_point(sgf::Point p, int width, int height) {
    if (p.x >= width || p.y >= height) return std::nullopt;
    return audit::board_coordinates(p, height);
}

std::string count_result(const audit::Count& c) {
    if (c.winner == audit::Winner::draw) return "draw";
    return fmt::format("{}+{}", winner_letter(c.winner), json_number(c.margin));
}

std::string html_escape(std::string_view text) {
    // Controls other than new line and tab, and bytes that are not UTF-8, as \xNN.
    const std::string safe = sgf::printable_text(text, "\n\t");
    const std::string_view s = safe;
    std::string out;
    out.reserve(s.size());
    // The text between two characters to escape goes in at once.
    std::size_t plain = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        std::string_view entity;
        switch (s[i]) {
            case '&':
                entity = "&amp;";
                break;
            case '<':
                entity = "&lt;";
                break;
            case '>':
                entity = "&gt;";
                break;
            case '"':
                entity = "&quot;";
                break;
            case '\'':
                entity = "&#39;";
                break;
            default:
                continue;
        }
        out.append(s.data() + plain, i - plain);
        out += entity;
        plain = i + 1;
    }
    out.append(s.data() + plain, s.size() - plain);
    return out;
}

}  // namespace sgfaudit::report::detail

namespace sgfaudit::report::detail {

std::string unsure_text(const audit::GameAudit& a, const PairCause& c) {
    std::string out;
    for (const sgf::Point& p : unsure_points(a, c)) {
        const auto point = board_point(p, a.width, a.height);
        if (!point) continue;
        if (!out.empty()) out += ", ";
        out += *point;
    }
    return out;
}

std::string knobs_text(std::span<const audit::KnobFlip> knobs) {
    std::string out;
    const auto names = audit::knob_names();
    for (const audit::KnobFlip& k : knobs) {
        const auto i = static_cast<std::size_t>(k.knob);
        if (!out.empty()) out += "; ";
        out += fmt::format("{}={} {}{}", i < names.size() ? names[i] : "?", k.value,
                           k.swing >= 0 ? "+" : "-", json_number(std::abs(k.swing)));
    }
    return out;
}

}  // namespace sgfaudit::report::detail
