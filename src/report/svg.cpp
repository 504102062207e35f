// svg_board: a whole board as a small self-contained SVG picture for index.html.
//
// One user unit per point, (0, 0) the top-left point. Stones are zero-length path segments with
// round caps (a dot per "Mx yh0"), one path per colour, so a full 19x19 board stays near 2 KB.

#include <fmt/compile.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <iterator>
#include <string>
#include <vector>

#include "common.hpp"
#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/report/folder.hpp"

namespace sgfaudit::report {

namespace {

// Star points of the usual sizes (none for others).
std::vector<std::pair<int, int>> star_points(int width, int height) {
    if (width != height) return {};
    std::vector<int> lines;
    int centre = -1;
    if (width == 19) lines = {3, 9, 15};
    if (width == 13) lines = {3, 9}, centre = 6;
    if (width == 9) lines = {2, 6}, centre = 4;
    std::vector<std::pair<int, int>> out;
    for (int x : lines) {
        for (int y : lines) out.emplace_back(x, y);
    }
    if (centre >= 0) out.emplace_back(centre, centre);
    return out;
}

}  // namespace

namespace {

// Writes the decimal digits of a coordinate or a count (as fmt's "{}" writes it) at `to`
// (room for 11 bytes); returns the end.
char* write_int(char* to, int v) {
    return std::to_chars(to, to + 11, v).ptr;
}

// Appends the decimal digits of `v`.
void put(std::string& out, int v) {
    char buffer[16];
    out.append(buffer, write_int(buffer, v));
}

// Writes "M{x} {y}h0", a dot at (x, y), at `to` (room for kDotBytes on boards of up to 52
// points a side); returns the end.
constexpr std::size_t kDotBytes = 8;
char* write_dot(char* to, int x, int y) {
    *to++ = 'M';
    to = write_int(to, x);
    *to++ = ' ';
    to = write_int(to, y);
    *to++ = 'h';
    *to++ = '0';
    return to;
}

// Appends a dot (write_dot).
void put_dot(std::string& out, int x, int y) {
    char buffer[32];
    out.append(buffer, write_dot(buffer, x, y));
}

// The grid, the star points and the coordinates of a w x h board.
void put_grid(std::string& out, int w, int h) {
    out += "<path stroke=\"#000\" stroke-width=\".05\" d=\"";
    char buffer[64];
    for (int y = 0; y < h; ++y) {
        char* p = buffer;
        *p++ = 'M';
        *p++ = '0';
        *p++ = ' ';
        p = write_int(p, y);
        *p++ = 'H';
        out.append(buffer, write_int(p, w - 1));
    }
    for (int x = 0; x < w; ++x) {
        char* p = buffer;
        *p++ = 'M';
        p = write_int(p, x);
        std::memcpy(p, " 0V", 3);
        out.append(buffer, write_int(p + 3, h - 1));
    }
    out += "\"/>";
    const auto stars = star_points(w, h);
    if (!stars.empty()) {
        out += "<path stroke=\"#000\" stroke-width=\".2\" stroke-linecap=\"round\" d=\"";
        for (const auto& [x, y] : stars) put_dot(out, x, y);
        out += "\"/>";
    }
    // Coordinates: columns (letters skipping I) above, rows (counted from the bottom) left.
    out += "<g font-family=\"sans-serif\" font-size=\".5\" text-anchor=\"middle\" fill=\"#333\">";
    for (int x = 0; x < w; ++x) {
        std::string label =
            audit::board_coordinates(sgf::Point{static_cast<std::uint8_t>(x), 0}, h);
        while (!label.empty() && label.back() >= '0' && label.back() <= '9') label.pop_back();
        out += "<text x=\"";
        put(out, x);
        out += "\" y=\"-.95\">";
        out += label;
        out += "</text>";
    }
    for (int y = 0; y < h; ++y) {
        // y + 0.17 to two decimals is "y.17" for every row (the double is within 1e-14 of it).
        char* p = buffer;
        std::memcpy(p, "<text x=\"-1.05\" y=\"", 19);
        p = write_int(p + 19, y);
        std::memcpy(p, ".17\">", 5);
        p = write_int(p + 5, h - y);
        std::memcpy(p, "</text>", 7);
        out.append(buffer, p + 7);
    }
    out += "</g>";
}

// The move numbers of `numbers` on the board `rows` (the latest number of each point, in the
// stone's opposite colour).
void put_numbers(std::string& out, const std::vector<std::string>& rows,
                 std::span<const std::pair<sgf::Point, std::uint32_t>> numbers) {
    const int w = static_cast<int>(rows.front().size());
    const int h = static_cast<int>(rows.size());
    std::vector<std::uint32_t> latest(static_cast<std::size_t>(w * h), 0);
    for (const auto& [p, n] : numbers) {
        if (p.x < w && p.y < h) latest[static_cast<std::size_t>(p.y * w + p.x)] = n;
    }
    out += "<g font-family=\"sans-serif\" font-size=\".5\" text-anchor=\"middle\">";
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const std::uint32_t n = latest[static_cast<std::size_t>(y * w + x)];
            if (n == 0) continue;
            const char c = rows[y][x];
            if (c == '.') {
                fmt::format_to(std::back_inserter(out),
                               FMT_COMPILE("<rect x=\"{:.2f}\" y=\"{:.2f}\" width=\".7\" "
                                           "height=\".5\" fill=\"#dcb35c\"/>"),
                               x - 0.35, y - 0.25);
            }
            fmt::format_to(std::back_inserter(out),
                           FMT_COMPILE("<text x=\"{}\" y=\"{:.2f}\" fill=\"{}\">{}</text>"), x,
                           y + 0.18, c == 'X' ? "#fff" : "#000", n);
        }
    }
    out += "</g>";
}

// What a w x h board's picture holds before its stones: the opening tag, the wood, the grid,
// the star points and the coordinates. The same for every board of a size, so it is made once
// per size on each thread and kept (a report draws thousands of boards of one or two sizes);
// a few sizes are kept, the oldest made again when a fifth comes. The reference is valid until
// the thread's next call.
const std::string& board_frame(int w, int h) {
    struct Frame {
        int w = 0, h = 0;
        std::string text;
    };
    constexpr std::size_t kKept = 4;
    thread_local std::array<Frame, kKept> frames;
    thread_local std::size_t next = 0;
    for (const Frame& f : frames) {
        if (f.w == w && f.h == h) return f.text;
    }
    Frame& f = frames[next];
    next = (next + 1) % kKept;
    f.w = w;
    f.h = h;
    f.text.clear();
    const int pixels = std::min(420, 20 * (std::max(w, h) + 2));
    fmt::format_to(std::back_inserter(f.text),
                   FMT_COMPILE("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" "
                               "viewBox=\"-1.5 -1.5 {} {}\" width=\"{}\" role=\"img\" "
                               "aria-label=\"{}x{} board\">"),
                   w + 2, h + 2, pixels, w, h);
    fmt::format_to(std::back_inserter(f.text),
                   FMT_COMPILE("<rect x=\"-.7\" y=\"-.7\" width=\"{:.1f}\" height=\"{:.1f}\" "
                               "fill=\"#dcb35c\"/>"),
                   w - 1 + 1.4, h - 1 + 1.4);
    put_grid(f.text, w, h);
    return f.text;
}

}  // namespace

// Written piece by piece into one string (no fmt::format of a temporary per stone: a board is
// drawn for each listed divergence, and that was most of index.html's cost).
std::string svg_board(const audit::Position& board, const sgf::Point* play,
                      const audit::Position& before,
                      std::span<const std::pair<sgf::Point, std::uint32_t>> numbers) {
    const std::vector<std::string> rows = detail::board_rows(board);
    if (rows.empty()) return {};
    std::vector<std::string> prev = detail::board_rows(before);
    if (prev.size() != rows.size() || prev.front().size() != rows.front().size()) prev.clear();
    const int w = static_cast<int>(rows.front().size());
    const int h = static_cast<int>(rows.size());

    std::string out;
    out.reserve(4096);
    out += board_frame(w, h);
    // Stones (write_dot), each path sized for the whole board once and written through a
    // pointer (a board has hundreds of stones), then cut to what was written.
    // (16 bytes more: write_int is given 11 bytes of room past the last dot's digits.)
    const std::size_t room = kDotBytes * static_cast<std::size_t>(w * h) + 16;
    std::string black(room, '\0'), white(room, '\0'), removed;
    char* to_black = black.data();
    char* to_white = white.data();
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const char c = rows[y][x];
            if (c == 'X') to_black = write_dot(to_black, x, y);
            if (c == 'O') to_white = write_dot(to_white, x, y);
            if (!prev.empty() && c == '.' && (prev[y][x] == 'X' || prev[y][x] == 'O')) {
                fmt::format_to(std::back_inserter(removed),
                               FMT_COMPILE("M{:.2f} {:.2f}l.4 .4m0 -.4l-.4 .4"), x - 0.2, y - 0.2);
            }
        }
    }
    black.resize(static_cast<std::size_t>(to_black - black.data()));
    white.resize(static_cast<std::size_t>(to_white - white.data()));
    const auto path = [&out](std::string_view head, const std::string& d) {
        out += head;
        out += d;
        out += "\"/>";
    };
    if (!black.empty()) {
        path("<path stroke=\"#000\" stroke-width=\".94\" stroke-linecap=\"round\" d=\"", black);
    }
    if (!white.empty()) {
        path("<path stroke=\"#000\" stroke-width=\".94\" stroke-linecap=\"round\" d=\"", white);
        path("<path stroke=\"#fff\" stroke-width=\".84\" stroke-linecap=\"round\" d=\"", white);
    }
    if (!removed.empty()) path("<path stroke=\"#d00\" stroke-width=\".1\" d=\"", removed);
    if (play != nullptr && play->x < w && play->y < h) {
        out += "<circle cx=\"";
        put(out, play->x);
        out += "\" cy=\"";
        put(out, play->y);
        out += "\" r=\".28\" fill=\"none\" stroke=\"#e00\" stroke-width=\".12\"/>";
    }
    if (!numbers.empty()) put_numbers(out, rows, numbers);
    out += "</svg>";
    return out;
}

}  // namespace sgfaudit::report

namespace sgfaudit::report::detail {

// A horizontal bar chart, one bar a row, stacked segments (colours from `series`), a label and
// the total to the right of each bar; every segment carries its figure (data-n) and a title.
std::string svg_bar_chart(std::string_view id, std::string_view title,
                          std::span<const ChartSeries> series, std::span<const ChartRow> rows) {
    constexpr int kBar = 380, kRow = 18, kTop = 34;
    // The label column fits the longest label (about 6.5 units a character at 11px).
    std::size_t longest = 10;
    for (const ChartRow& r : rows) longest = std::max(longest, r.label.size());
    const int kLabel = 16 + static_cast<int>(longest * 13 / 2);
    std::uint64_t most = 1;
    for (const ChartRow& r : rows) {
        std::uint64_t total = 0;
        for (const std::uint64_t n : r.values) total += n;
        most = std::max(most, total);
    }
    const int height = kTop + kRow * static_cast<int>(rows.size()) + 8;
    std::string out = fmt::format(
        "<figure class=\"chart\"><svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" "
        "id=\"{}\" viewBox=\"0 0 {} {}\" width=\"{}\" role=\"img\" aria-label=\"{}\">",
        id, kLabel + kBar + 90, height, kLabel + kBar + 90, html_escape(title));
    // The legend.
    int x = 0;
    for (const ChartSeries& s : series) {
        out += fmt::format(
            "<rect x=\"{}\" y=\"4\" width=\"10\" height=\"10\" fill=\"{}\"/><text x=\"{}\" "
            "y=\"13\">{}</text>",
            x, s.colour, x + 14, html_escape(s.name));
        x += 24 + 7 * static_cast<int>(s.name.size());
    }
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const ChartRow& r = rows[i];
        const int y = kTop + kRow * static_cast<int>(i);
        out +=
            fmt::format("<g data-key=\"{}\"><text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
                        html_escape(r.key), kLabel - 6, y + 12, html_escape(r.label));
        double at = kLabel;
        std::uint64_t total = 0;
        for (std::size_t k = 0; k < r.values.size() && k < series.size(); ++k) {
            const std::uint64_t n = r.values[k];
            total += n;
            const double w = static_cast<double>(n) * kBar / static_cast<double>(most);
            out += fmt::format(
                "<rect data-series=\"{}\" data-n=\"{}\" x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" "
                "height=\"{}\" fill=\"{}\"><title>{}: {} {}</title></rect>",
                html_escape(series[k].name), n, at, y + 2, w, kRow - 4, series[k].colour,
                html_escape(r.label), thousands(n), html_escape(series[k].name));
            at += w;
        }
        out += fmt::format("<text x=\"{:.1f}\" y=\"{}\">{}</text></g>", at + 4, y + 12,
                           thousands(total));
    }
    out += fmt::format("</svg><figcaption>{}</figcaption></figure>\n", html_escape(title));
    return out;
}

}  // namespace sgfaudit::report::detail
