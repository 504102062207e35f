// The count drawn: a scored end position with what each point is in the count
// (audit::RulesetResult::count_map), as text rows for `check` and as SVG for index.html and
// `check --format html`, with the count's arithmetic beside it.

#include <fmt/format.h>

#include <array>
#include <cstddef>
#include <cstring>
#include <initializer_list>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "common.hpp"
#include "json.hpp"
#include "sgfaudit/report/check.hpp"
#include "sgfaudit/report/folder.hpp"

namespace sgfaudit::report::detail {

namespace {

using audit::PointRole;

bool has_map(const audit::GameAudit& a, const audit::RulesetResult& r) {
    return r.score.scored && r.count_map.size() == static_cast<std::size_t>(a.width) *
                                                       static_cast<std::size_t>(a.height);
}

// The board with the dead stones still on it.
audit::Position stones_of(const audit::GameAudit& a, const audit::RulesetResult& r) {
    audit::Position p;
    p.width = a.width;
    p.height = a.height;
    p.cells.reserve(r.count_map.size());
    for (const PointRole role : r.count_map) {
        p.cells.push_back(
            role == PointRole::black_stone || role == PointRole::dead_black   ? game::Cell::black
            : role == PointRole::white_stone || role == PointRole::dead_white ? game::Cell::white
                                                                              : game::Cell::empty);
    }
    return p;
}

std::string num(double v) {
    return json_number(v);
}

// "pass stones 2" style terms, left out when zero.
std::string term(std::string_view sign, int n, std::string_view what) {
    return n == 0 ? std::string() : fmt::format(" {} {} {}", sign, n, what);
}

// A number of hundredths, written with two decimals (as fmt's "{:.2f}" writes h / 100.0).
struct Hundredths {
    int h;
};

// One piece of an SVG path: literal text, an integer or a number of hundredths.
using PathPiece = std::variant<std::string_view, int, Hundredths>;

// Appends the pieces: the count's paths have a piece per point of the board, so each is
// written with a few stores into a buffer, not through a format string, and the buffer
// appended once (a text piece longer than the buffer's room is appended by itself).
void put_path(std::string& out, std::initializer_list<PathPiece> pieces) {
    constexpr std::size_t kNumberBytes = 24;  // an int, or hundredths with sign and point
    char buffer[128];
    char* p = buffer;
    const auto room = [&] { return static_cast<std::size_t>(buffer + sizeof buffer - p); };
    for (const PathPiece& piece : pieces) {
        if (const auto* text = std::get_if<std::string_view>(&piece)) {
            if (text->size() > room()) {
                out.append(buffer, p);
                p = buffer;
                if (text->size() > room()) {
                    out += *text;
                    continue;
                }
            }
            std::memcpy(p, text->data(), text->size());
            p += text->size();
            continue;
        }
        if (room() < kNumberBytes) {
            out.append(buffer, p);
            p = buffer;
        }
        if (const auto* n = std::get_if<int>(&piece)) {
            p = write_integer(p, *n);
        } else {
            int h = std::get<Hundredths>(piece).h;
            if (h < 0) {
                *p++ = '-';
                h = -h;
            }
            p = write_integer(p, h / 100);
            *p++ = '.';
            *p++ = static_cast<char>('0' + h / 10 % 10);
            *p++ = static_cast<char>('0' + h % 10);
        }
    }
    out.append(buffer, p);
}

// A territory point: a small square centred on (x, y).
void put_square(std::string& out, int x, int y) {
    put_path(out, {"M", Hundredths{100 * x - 18}, " ", Hundredths{100 * y - 18}, "h.36v.36h-.36z"});
}

// A seki eye: a small triangle centred on (x, y).
void put_triangle(std::string& out, int x, int y) {
    put_path(out, {"M", x, " ", Hundredths{100 * y - 20}, "l.2 .34h-.4z"});
}

}  // namespace

std::string count_arithmetic(const audit::Score& s) {
    return count_arithmetic(s, audit::decisive_count(s), false);
}

std::string count_arithmetic(const audit::Score& s, audit::CountKind kind, bool quick_count_point) {
    const audit::Count& c = audit::count_of(s, kind);
    if (kind == audit::CountKind::quick) {
        // FFG 6a: territory - prisoners lost (captured and dead) - own passes, White one point
        // more where Black made the last turn (white-moves-last=quick-count-point), komi.
        const int e = quick_count_point && s.black_moved_last ? 1 : 0;
        return fmt::format(
            "quick: B {} territory - {} prisoners - {} passes{} = {}; W {} territory - {} "
            "prisoners - {} passes{}{}{} = {}: {}",
            s.black_territory, s.captures_by_white + s.dead_black, s.passes_black,
            term("-", s.group_tax_black, "tax"), num(c.black), s.white_territory,
            s.captures_by_black + s.dead_white, s.passes_white,
            e != 0 ? " - 1 (Black's last turn)" : "", term("-", s.group_tax_white, "tax"),
            s.komi != 0 ? fmt::format(" + komi {}", num(s.komi)) : std::string(), num(c.white),
            count_result(c));
    }
    const bool area = kind == audit::CountKind::area;
    std::string black, white;
    if (area) {
        black = fmt::format("{} stones + {} territory{}", s.black_stones, s.black_territory,
                            term("-", s.group_tax_black, "tax"));
        white = fmt::format("{} stones + {} territory{}", s.white_stones, s.white_territory,
                            term("-", s.group_tax_white, "tax"));
    } else {
        const int held_by_white = s.captures_by_white + s.dead_black + s.pass_stones_to_white;
        const int held_by_black = s.captures_by_black + s.dead_white + s.pass_stones_to_black;
        black = fmt::format("{} territory - {} prisoners ({} captured, {} dead{}){}",
                            s.black_territory, held_by_white, s.captures_by_white, s.dead_black,
                            s.pass_stones_to_white == 0
                                ? std::string()
                                : fmt::format(", {} pass stones", s.pass_stones_to_white),
                            term("-", s.group_tax_black, "tax"));
        white = fmt::format("{} territory - {} prisoners ({} captured, {} dead{}){}",
                            s.white_territory, held_by_black, s.captures_by_black, s.dead_white,
                            s.pass_stones_to_black == 0
                                ? std::string()
                                : fmt::format(", {} pass stones", s.pass_stones_to_black),
                            term("-", s.group_tax_white, "tax"));
    }
    if (s.komi != 0) white += fmt::format(" + komi {}", num(s.komi));
    if (area && s.handicap_bonus != 0) {
        white += fmt::format(" + bonus {}", num(s.handicap_bonus));
    }
    if (s.button_black != 0) black += fmt::format(" + button {}", num(s.button_black));
    if (s.button_white != 0) white += fmt::format(" + button {}", num(s.button_white));
    return fmt::format("{}: B {} = {}; W {} = {}: {}", audit::to_string(kind), black, num(c.black),
                       white, num(c.white), count_result(c));
}

std::vector<std::string> count_rows(const audit::GameAudit& a, const audit::RulesetResult& r) {
    std::vector<std::string> rows;
    if (!has_map(a, r)) return rows;
    static constexpr char kChar[] = {'X', 'O', 'x', 'o', 'b', 'w', '.', 's', 's'};
    for (int y = 0; y < a.height; ++y) {
        std::string row;
        for (int x = 0; x < a.width; ++x) {
            const auto role = r.count_map[static_cast<std::size_t>(y * a.width + x)];
            row += kChar[static_cast<std::size_t>(role)];
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

namespace {

// One count drawn as text rows with its legend (`whose`: the ruleset and whose count it is)
// and arithmetic; nothing without a map.
void count_text(std::string& out, const audit::GameAudit& a, const audit::RulesetResult& r,
                std::string_view whose) {
    const std::vector<std::string> rows = count_rows(a, r);
    if (rows.empty()) return;
    out += fmt::format(
        "the count under {} (X O stones, x o dead stones ({}), b w territory, {}. neutral):\n",
        whose, dead_source_text(r.score.dead_source, r.score.dead_oracle),
        r.ruleset.seki_eyes == audit::SekiEyes::neutral
            ? "s no one's: eyes of stones in seki and points their owner must fill (J 8, R19), "
            : "");
    for (const std::string& row : rows) out += "    " + row + "\n";
    out += fmt::format("    {}\n", count_arithmetic(r.score));
}

}  // namespace

void append_count_text(std::string& out, const audit::GameAudit& a) {
    for (const audit::RulesetResult& r : a.results) count_text(out, a, r, ruleset_label(r.ruleset));
    // The count RE disagrees with, where RU's ruleset is none of the run's.
    if (const auto& own = a.record.own_count) {
        count_text(out, a, *own,
                   fmt::format("{} (RU[{}], the record check's)", ruleset_label(own->ruleset),
                               a.record.rules));
    }
}

std::string svg_count(const audit::GameAudit& a, const audit::RulesetResult& r) {
    if (!has_map(a, r)) return {};
    std::string svg = svg_board(stones_of(a, r), nullptr, audit::Position{});
    const std::size_t end = svg.rfind("</svg>");
    if (svg.empty() || end == std::string::npos) return {};
    std::string black, white, seki_black, seki_white, neutral, dead;
    // Room for each path once (at most 32 bytes a point), not grown from empty.
    constexpr std::size_t kRoles = static_cast<std::size_t>(PointRole::seki_eye_white) + 1;
    std::array<std::size_t, kRoles> points{};
    for (const PointRole role : r.count_map) ++points[static_cast<std::size_t>(role)];
    const auto room = [&points](std::string& path, std::initializer_list<PointRole> roles) {
        std::size_t n = 0;
        for (const PointRole role : roles) n += points[static_cast<std::size_t>(role)];
        path.reserve(32 * n);
    };
    room(black, {PointRole::black_territory});
    room(white, {PointRole::white_territory});
    room(seki_black, {PointRole::seki_eye_black});
    room(seki_white, {PointRole::seki_eye_white});
    room(neutral, {PointRole::neutral});
    room(dead, {PointRole::dead_black, PointRole::dead_white});
    for (int y = 0; y < a.height; ++y) {
        for (int x = 0; x < a.width; ++x) {
            const auto role = r.count_map[static_cast<std::size_t>(y * a.width + x)];
            switch (role) {
                case PointRole::black_territory:
                    put_square(black, x, y);
                    break;
                case PointRole::white_territory:
                    put_square(white, x, y);
                    break;
                case PointRole::seki_eye_black:
                    put_triangle(seki_black, x, y);
                    break;
                case PointRole::seki_eye_white:
                    put_triangle(seki_white, x, y);
                    break;
                case PointRole::neutral:
                    put_path(neutral, {"M", x, " ", y, "h0"});
                    break;
                case PointRole::dead_black:
                case PointRole::dead_white:
                    put_path(dead, {"M", Hundredths{100 * x - 25}, " ", Hundredths{100 * y - 25},
                                    "l.5 .5m0 -.5l-.5 .5"});
                    break;
                case PointRole::black_stone:
                case PointRole::white_stone:
                    break;
            }
        }
    }
    std::string overlay;
    if (!black.empty()) overlay += "<path class=\"terr-b\" fill=\"#000\" d=\"" + black + "\"/>";
    if (!white.empty()) {
        overlay +=
            "<path class=\"terr-w\" fill=\"#fff\" stroke=\"#000\" stroke-width=\".04\" d=\"" +
            white + "\"/>";
    }
    if (!seki_black.empty()) {
        overlay += "<path class=\"seki-b\" fill=\"#000\" d=\"" + seki_black + "\"/>";
    }
    if (!seki_white.empty()) {
        overlay +=
            "<path class=\"seki-w\" fill=\"#fff\" stroke=\"#000\" stroke-width=\".04\" d=\"" +
            seki_white + "\"/>";
    }
    if (!neutral.empty()) {
        overlay +=
            "<path class=\"neutral\" stroke=\"#777\" stroke-width=\".22\" "
            "stroke-linecap=\"round\" d=\"" +
            neutral + "\"/>";
    }
    if (!dead.empty()) {
        overlay += "<path class=\"dead\" stroke=\"#d00\" stroke-width=\".12\" d=\"" + dead + "\"/>";
    }
    svg.insert(end, overlay);
    return svg;
}

namespace {

// One picture of `r`'s count with its legend and `caption` (the counts it shows, as HTML).
std::string count_figure(const audit::GameAudit& a, const audit::RulesetResult& r,
                         std::string_view caption) {
    const bool neutral_eyes = r.ruleset.seki_eyes == audit::SekiEyes::neutral;
    return fmt::format(
        "<figure>{}<figcaption>the count drawn: squares territory, {}grey dots neutral points, "
        "red crosses dead stones ({}){}</figcaption></figure>\n",
        svg_count(a, r),
        neutral_eyes ? "triangles no one's points: the eyes of stones in seki and the points "
                       "their owner must fill (J 8, R19), "
                     : "",
        html_escape(dead_source_text(r.score.dead_source, r.score.dead_oracle)), caption);
}

}  // namespace

std::string count_figures(const audit::GameAudit& a, std::span<const std::size_t> rulesets) {
    std::vector<CountShown> shown;
    for (const std::size_t i : rulesets) {
        if (i < a.results.size()) shown.push_back({i, audit::decisive_count(a.results[i].score)});
    }
    return count_figures(a, std::span<const CountShown>(shown));
}

std::string count_figures(const audit::GameAudit& a, std::span<const CountShown> counts) {
    std::string out;
    std::vector<std::size_t> drawn;
    const auto same_picture = [&a](const audit::RulesetResult& r, std::size_t j) {
        const audit::RulesetResult& o = a.results[j];
        return o.count_map == r.count_map && (o.ruleset.seki_eyes == audit::SekiEyes::neutral) ==
                                                 (r.ruleset.seki_eyes == audit::SekiEyes::neutral);
    };
    for (const CountShown& c : counts) {
        if (c.ruleset >= a.results.size() || !has_map(a, a.results[c.ruleset])) continue;
        const audit::RulesetResult& r = a.results[c.ruleset];
        // Rulesets with the same map and the same reading of seki eyes share a picture.
        if (std::any_of(drawn.begin(), drawn.end(),
                        [&](std::size_t j) { return same_picture(r, j); })) {
            continue;
        }
        drawn.push_back(c.ruleset);
        // Each count once (an accounting divergence shows two counts of one ruleset).
        std::string caption;
        std::vector<CountShown> captioned;
        for (const CountShown& o : counts) {
            if (o.ruleset >= a.results.size() || !has_map(a, a.results[o.ruleset]) ||
                !same_picture(r, o.ruleset)) {
                continue;
            }
            if (std::any_of(captioned.begin(), captioned.end(), [&o](const CountShown& d) {
                    return d.ruleset == o.ruleset && d.kind == o.kind;
                })) {
                continue;
            }
            captioned.push_back(o);
            const audit::RulesetResult& res = a.results[o.ruleset];
            caption += fmt::format(
                "<br><b>{}</b>: {}", html_escape(ruleset_label(res.ruleset)),
                html_escape(count_arithmetic(
                    res.score, o.kind,
                    res.ruleset.white_moves_last == audit::WhiteMovesLast::quick_count_point)));
        }
        out += count_figure(a, r, caption);
    }
    return out;
}

std::string record_count_figure(const audit::GameAudit& a) {
    const std::optional<audit::RulesetResult>& own = a.record.own_count;
    if (!own || !has_map(a, *own)) return {};
    return count_figure(
        a, *own,
        fmt::format("<br><b>{}</b> (RU[{}], the record check's): {}",
                    html_escape(ruleset_label(own->ruleset)), html_escape(a.record.rules),
                    html_escape(count_arithmetic(own->score))));
}

}  // namespace sgfaudit::report::detail
