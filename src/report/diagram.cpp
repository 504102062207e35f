// crop_diagram: a window of a board picture with coordinates on its edges and the play marked.

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common.hpp"
#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/report/check.hpp"

namespace sgfaudit::report {

namespace {

// The column letters of board_coordinates ("A".."T" skipping I, two letters past 25), taken
// from it so that diagrams and move lists always agree.
std::string column_label(int x, int height) {
    std::string s = audit::board_coordinates(sgf::Point{static_cast<std::uint8_t>(x), 0}, height);
    while (!s.empty() && s.back() >= '0' && s.back() <= '9') s.pop_back();
    return s;
}

void trim_right(std::string& s) {
    while (!s.empty() && s.back() == ' ') s.pop_back();
}

// The first index of a window of `window` cells around `at` on a line of `size` cells.
int window_start(int at, int size, int window) {
    if (size <= window) return 0;
    return std::clamp(at - window / 2, 0, size - window);
}

}  // namespace

std::string crop_diagram(const audit::Position& board, sgf::Point play, int window) {
    const std::vector<std::string> rows = detail::board_rows(board);
    if (rows.empty()) return {};
    const int width = static_cast<int>(rows.front().size());
    const int height = static_cast<int>(rows.size());
    window = std::max(window, 1);
    const int px = play.x, py = play.y;
    const int x0 = window_start(px, width, window), x1 = std::min(width, x0 + window);
    const int y0 = window_start(py, height, window), y1 = std::min(height, y0 + window);

    std::vector<std::string> columns;
    std::size_t cell_width = 1;
    for (int x = x0; x < x1; ++x) {
        columns.push_back(column_label(x, height));
        cell_width = std::max(cell_width, columns.back().size());
    }
    const std::size_t label_width = fmt::format("{}", height - y0).size();

    std::string header(label_width, ' ');
    for (const std::string& c : columns) header += fmt::format(" {:<{}}", c, cell_width);
    trim_right(header);
    header += '\n';

    std::string out = header;
    for (int y = y0; y < y1; ++y) {
        const std::string label = fmt::format("{}", height - y);
        std::string line = fmt::format("{:>{}}", label, label_width);
        for (int x = x0; x < x1; ++x) {
            const bool here = y == py && x == px;
            const bool after_play = y == py && x == px + 1;
            line += here ? '(' : after_play ? ')' : ' ';
            line += fmt::format("{:<{}}", std::string(1, rows[y][x]), cell_width);
        }
        line += (y == py && x1 - 1 == px) ? ')' : ' ';
        line += label;
        out += line;
        out += '\n';
    }
    out += header;
    return out;
}

}  // namespace sgfaudit::report
