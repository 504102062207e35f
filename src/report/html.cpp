// index.html: the section of one game with divergences (the page around it is summary.cpp's).

#include <fmt/format.h>

#include "common.hpp"
#include "sgfaudit/report/archive.hpp"

namespace sgfaudit::report {

using detail::board_point;
using detail::color_letter;
using detail::html_escape;
using detail::ruleset_label;

namespace {

void meta(std::string& out, const CheckInput& in) {
    const audit::GameAudit& a = *in.audit;
    auto player = [](std::string_view name, std::string_view rank) {
        std::string s = name.empty() ? "?" : html_escape(name);
        if (!rank.empty()) {
            s += ' ';
            s += html_escape(rank);
        }
        return s;
    };
    out += fmt::format("<p class=\"meta\">B {} vs W {} &middot; {}x{} &middot; ",
                       player(in.black_name, in.black_rank), player(in.white_name, in.white_rank),
                       a.width, a.height);
    out += in.rules.empty() ? "no RU" : fmt::format("RU[{}]", html_escape(in.rules));
    out += in.result ? fmt::format(" &middot; RE[{}]", html_escape(*in.result))
                     : std::string(" &middot; no RE");
    out += in.komi_text.empty() ? " &middot; no KM"
                                : fmt::format(" &middot; KM[{}]", html_escape(in.komi_text));
    out += fmt::format(" &middot; {} moves", a.moves);
    if (a.handicap >= 2) out += fmt::format(" &middot; handicap {}", a.handicap);
    out += "</p>\n";
}

std::string where(const audit::Divergence& d, const audit::GameAudit& a) {
    if (d.move == 0) return {};
    std::string s = fmt::format("move {}", d.move);
    if (d.has_point) {
        const auto p = board_point(d.point, a.width, a.height);
        s += fmt::format(" {} {} ({})", color_letter(d.color), p ? *p : std::string("off board"),
                         sgf::sgf_coordinates(d.point));
    }
    return s;
}

}  // namespace

void append_html_game(std::vector<HtmlPiece>& pieces, const CheckInput& in, std::string_view anchor,
                      bool draw) {
    const audit::GameAudit& a = *in.audit;
    if (a.divergences.empty()) return;
    std::string out =
        fmt::format("<section class=\"game\" id=\"{}\">\n<h3><a href=\"#{}\">{} #{}</a></h3>\n",
                    anchor, anchor, html_escape(in.file), in.game + 1);
    meta(out, in);
    std::size_t k = 0;
    for (const audit::Divergence& d : a.divergences) {
        ++k;
        out += fmt::format("<div class=\"div {}\" id=\"{}-{}\">\n", audit::to_string(d.kind),
                           anchor, k);
        out += fmt::format("<p><span class=\"kind\">{}</span> ", audit::to_string(d.kind));
        if (const std::string w = where(d, a); !w.empty()) {
            out += fmt::format("<b>{}</b>: ", html_escape(w));
        }
        out += html_escape(d.summary);
        if (!d.clause.empty()) {
            out += fmt::format(" <span class=\"clause\">[{}]</span>", html_escape(d.clause));
        }
        out += "</p>\n";
        if (!d.board_after.empty()) {
            pieces.push_back({std::move(out), false});
            out.clear();
            HtmlPiece figure{{}, true};
            if (draw) {
                const std::string svg =
                    svg_board(d.board_after, d.has_point ? &d.point : nullptr, d.board_before);
                if (!svg.empty()) {
                    figure.html = "<figure>";
                    figure.html += svg;
                    figure.html += d.has_point
                                       ? "<figcaption>after the play (ringed in red); red crosses: "
                                         "stones the play removed</figcaption>"
                                       : "<figcaption>the position as the game ended</figcaption>";
                    figure.html += "</figure>\n";
                }
            }
            pieces.push_back(std::move(figure));
        }
        out +=
            "<table class=\"verdicts\"><tr><th>ruleset</th><th>verdict</th><th>clause</th>"
            "<th>repeats move</th></tr>\n";
        for (const audit::Verdict& v : d.verdicts) {
            const std::string_view name = v.ruleset < a.results.size()
                                              ? ruleset_label(a.results[v.ruleset].ruleset)
                                              : std::string_view("?");
            const char* row_class = d.kind != audit::DivergenceKind::legality ? ""
                                    : v.legal                                 ? " class=\"legal\""
                                              : " class=\"illegal\"";
            out +=
                fmt::format("<tr{}><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n", row_class,
                            html_escape(name), html_escape(v.text), html_escape(v.clause),
                            v.repeats_move ? fmt::format("{}", *v.repeats_move) : std::string());
        }
        out += "</table>\n</div>\n";
    }
    out += "</section>\n";
    pieces.push_back({std::move(out), false});
}

}  // namespace sgfaudit::report
