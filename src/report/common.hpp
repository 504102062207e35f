#pragma once
// Internal: names shared by the text and JSON writers of the check report.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/audit/audit.hpp"

namespace sgfaudit::report::detail {

// "B" or "W".
std::string_view color_letter(game::Color c) noexcept;
// "B", "W" or "draw".
std::string_view winner_letter(audit::Winner w) noexcept;
// The name a report gives a ruleset: its spec ("aga:ko=ssk"), else its name.
std::string_view ruleset_label(const audit::Ruleset& r) noexcept;
// Board coordinates ("D16") of a point on a width x height board; nullopt when off it.
std::optional<std::string> board_point(sgf::Point p, int width, int height);
// "B+7.5", "W+0.5", "draw".
std::string count_result(const audit::Count& c);
// The rows of a board picture (Board::to_ascii: rows top to bottom, each ended by '\n'), when
// it is one: 1..52 rows of one width 1..52; else no rows.
std::vector<std::string_view> board_rows(std::string_view board);
// Text for HTML element content and attribute values: & < > " ' escaped; control characters
// (but new line and tab) and bytes that are not UTF-8 as \xNN (sgf::printable_text).
std::string html_escape(std::string_view s);

}  // namespace sgfaudit::report::detail
