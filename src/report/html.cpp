// index.html: the blocks of divergences, grouped by kind and cause, the broken records, the
// table of contents and the order and budget of diagrams (the summary part is summary.cpp's).

#include <fmt/compile.h>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <iterator>
#include <optional>
#include <set>

#include "common.hpp"
#include "sgfaudit/report/cause.hpp"
#include "sgfaudit/report/check.hpp"
#include "sgfaudit/report/docs.hpp"
#include "sgfaudit/report/files.hpp"
#include "sgfaudit/report/folder.hpp"
#include "sgfaudit/report/ignore.hpp"

namespace sgfaudit::report {

using detail::board_point;
using detail::color_letter;
using detail::divergence_summary;
using detail::html_escape;
using detail::ruleset_label;
using detail::verdict_text;

namespace {

// Appends fmt's text of `args` under the compiled format `f` to `out` (no temporary string).
template <typename S, typename... T>
void put(std::string& out, const S& f, const T&... args) {
    fmt::format_to(std::back_inserter(out), f, args...);
}

void meta(std::string& out, const CheckInput& in) {
    const audit::GameAudit& a = *in.audit;
    auto player = [&out](std::string_view name, std::string_view rank) {
        out += name.empty() ? "?" : html_escape(name);
        if (!rank.empty()) {
            out += ' ';
            out += html_escape(rank);
        }
    };
    out += "<p class=\"meta\">B ";
    player(in.black_name, in.black_rank);
    out += " vs W ";
    player(in.white_name, in.white_rank);
    put(out, FMT_COMPILE(" &middot; {}x{} &middot; "), a.width, a.height);
    if (in.rules.empty()) {
        out += "no RU";
    } else {
        out += "RU[";
        out += html_escape(in.rules);
        out += ']';
    }
    if (in.result) {
        out += " &middot; RE[";
        out += html_escape(*in.result);
        out += ']';
    } else {
        out += " &middot; no RE";
    }
    if (in.komi_text.empty()) {
        out += " &middot; no KM";
    } else {
        out += " &middot; KM[";
        out += html_escape(in.komi_text);
        out += ']';
    }
    put(out, FMT_COMPILE(" &middot; {} moves"), a.moves);
    if (a.handicap >= 2) put(out, FMT_COMPILE(" &middot; handicap {}"), a.handicap);
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

// The moves of the cycle a superko play closes: moves repeats+1 .. move of the main line, with
// their points (passes have none).
std::vector<std::pair<sgf::Point, std::uint32_t>> cycle_moves(std::span<const sgf::Event> events,
                                                              std::uint32_t repeats,
                                                              std::uint32_t move) {
    std::vector<std::pair<sgf::Point, std::uint32_t>> out;
    std::uint32_t n = 0;
    for (const sgf::Event& e : events) {
        if (e.kind != sgf::EventKind::move) continue;
        ++n;
        if (n > move) break;
        if (n > repeats && !e.pass && !e.off_board) out.emplace_back(e.point, n);
    }
    return out;
}

std::string figure(const audit::Divergence& d, const CheckInput& in) {
    // Nothing for a position that cannot be drawn (svg_board: 1..52 points a side).
    if (!detail::drawable(d.board_after)) return {};
    std::optional<std::uint32_t> repeats;
    for (const audit::Verdict& v : d.verdicts) {
        if (v.repeats_move && !v.legal)
            repeats = repeats ? std::min(*repeats, *v.repeats_move) : *v.repeats_move;
    }
    // An outcome, accounting or record divergence shows the count drawn, per
    // ruleset involved (the record: the record's ruleset when it is one of the run's).
    if (!d.has_point) {
        std::vector<detail::CountShown> shown;
        for (const audit::Verdict& v : d.verdicts) {
            if (v.ruleset >= in.audit->results.size()) continue;
            shown.push_back(
                {v.ruleset,
                 v.count ? *v.count : audit::decisive_count(in.audit->results[v.ruleset].score)});
        }
        if (const std::string counts =
                detail::count_figures(*in.audit, std::span<const detail::CountShown>(shown));
            !counts.empty()) {
            return counts;
        }
        // A record divergence under RU's own ruleset, none of the run's: its count.
        if (d.kind == audit::DivergenceKind::record && shown.empty()) {
            if (const std::string own = detail::record_count_figure(*in.audit); !own.empty()) {
                return own;
            }
        }
    }
    // The end position (or the play) drawn alone, made only where no count was drawn.
    if (d.kind != audit::DivergenceKind::legality || !repeats || !d.has_point ||
        d.board_before.empty()) {
        const std::string svg =
            svg_board(d.board_after, d.has_point ? &d.point : nullptr, d.board_before);
        std::string out = "<figure>";
        out += svg;
        out += d.has_point ? "<figcaption>after the play (ringed in red); red crosses: stones the "
                             "play removed</figcaption>"
                           : "<figcaption>the position as the game ended</figcaption>";
        out += "</figure>\n";
        return out;
    }
    // A repetition: the board before the play, and after it (the position after move
    // `repeats`, again) with the cycle's moves numbered.
    const auto cycle = cycle_moves(in.events, *repeats, d.move);
    std::string out = "<figure>";
    out += svg_board(d.board_before, &d.point, audit::Position{});
    out += fmt::format("<figcaption>before move {} (its point ringed)</figcaption></figure>\n",
                       d.move);
    out += "<figure>";
    out += svg_board(d.board_after, &d.point, d.board_before, cycle);
    out += fmt::format(
        "<figcaption>after move {}: the position after move {} again{}; moves {} to {} "
        "numbered</figcaption></figure>\n",
        d.move, *repeats, *repeats == 0 ? " (the start position)" : "", *repeats + 1, d.move);
    return out;
}

// "record errors: out_of_turn (move 12), occupied (move 30)" for a game with record errors.
// Codes set aside by --ignore are left out.
std::string record_errors(const audit::GameAudit& a, IgnoredCodes ignore) {
    std::string out;
    std::size_t n = 0;
    for (const audit::RecordIssue& i : a.record_issues) {
        if (i.severity != audit::IssueSeverity::error) continue;
        if (is_ignored(ignore, audit::to_string(i.code()))) continue;
        if (++n > 5) continue;
        out += n == 1 ? "" : ", ";
        out += html_escape(audit::to_string(i.code()));
        if (i.move != 0) out += fmt::format(" (move {})", i.move);
    }
    if (n > 5) out += fmt::format(" and {} more", n - 5);
    return out;
}

}  // namespace

std::uint16_t html_group(audit::DivergenceKind kind, Cause cause) noexcept {
    return static_cast<std::uint16_t>(static_cast<std::size_t>(kind) * kCauses +
                                      static_cast<std::size_t>(cause));
}
audit::DivergenceKind group_kind(std::uint16_t group) noexcept {
    return static_cast<audit::DivergenceKind>(group / kCauses);
}
Cause group_cause(std::uint16_t group) noexcept {
    return static_cast<Cause>(group % kCauses);
}

namespace {

// The index.html group of one of the game's divergences: its first pair's cause.
std::uint16_t group_of(const audit::GameAudit& a, const audit::Divergence& d) {
    return html_group(d.kind, divergence_causes(a, d).front().cause);
}

}  // namespace

bool html_draws_counts(const audit::GameAudit& a, const std::function<bool(std::uint16_t)>& draw) {
    // figure(): a count is drawn for a divergence with a board and without a point (outcome,
    // accounting, record, end), when its group is drawn.
    return std::any_of(a.divergences.begin(), a.divergences.end(), [&](const audit::Divergence& d) {
        return !d.board_after.empty() && !d.has_point && draw(group_of(a, d));
    });
}

void append_html_blocks(std::vector<HtmlBlock>& blocks, const CheckInput& in,
                        std::string_view anchor, const std::function<bool(std::uint16_t)>& draw) {
    const audit::GameAudit& a = *in.audit;
    if (a.divergences.empty()) return;
    std::string identity;
    meta(identity, in);
    const std::string errors = record_errors(a, in.ignore);
    const std::string file = html_escape(in.file);
    std::size_t k = 0;
    for (const audit::Divergence& d : a.divergences) {
        ++k;
        HtmlBlock b;
        b.group = group_of(a, d);
        std::string& out = b.head;
        put(out, FMT_COMPILE("<div class=\"div {}\" id=\"{}-{}\">\n<h4"), audit::to_string(d.kind),
            anchor, k);
        if (k == 1) put(out, FMT_COMPILE(" id=\"{}\""), anchor);
        put(out, FMT_COMPILE("><a href=\"#{}-{}\">"), anchor, k);
        out += file;
        put(out, FMT_COMPILE(" #{}</a></h4>\n"), in.game + 1);
        out += identity;
        put(out, FMT_COMPILE("<p><span class=\"kind\">{}</span> "), audit::to_string(d.kind));
        if (const std::string w = where(d, a); !w.empty()) {
            out += "<b>";
            out += html_escape(w);
            out += "</b>: ";
        }
        out += html_escape(divergence_summary(a, d));
        if (!d.clause.empty()) {
            out += " <span class=\"clause\">[";
            out += html_escape(d.clause);
            out += "]</span>";
        }
        out += "</p>\n";
        if (!errors.empty() && (d.kind == audit::DivergenceKind::legality ||
                                d.kind == audit::DivergenceKind::outcome)) {
            out += "<p class=\"broken\">This game's record has errors (";
            out += errors;
            out +=
                "): the divergence may be their side effect; see <a href=\"#broken\">broken "
                "records</a>.</p>\n";
        }
        if (!d.board_after.empty()) {
            b.has_board = true;
            if (draw(b.group)) b.figure = figure(d, in);
        }
        std::string& tail = b.tail;
        tail +=
            "<table class=\"verdicts\"><tr><th>ruleset</th><th>verdict</th><th>clause</th>"
            "<th>repeats move</th></tr>\n";
        for (const audit::Verdict& v : d.verdicts) {
            const std::string_view name = v.ruleset < a.results.size()
                                              ? ruleset_label(a.results[v.ruleset].ruleset)
                                              : std::string_view("?");
            const char* row_class = d.kind != audit::DivergenceKind::legality ? ""
                                    : v.legal                                 ? " class=\"legal\""
                                              : " class=\"illegal\"";
            tail += "<tr";
            tail += row_class;
            tail += "><td>";
            tail += html_escape(name);
            tail += "</td><td>";
            tail += html_escape(verdict_text(a, d, v));
            tail += "</td><td>";
            tail += html_escape(v.clause);
            tail += "</td><td>";
            if (v.repeats_move) put(tail, FMT_COMPILE("{}"), *v.repeats_move);
            tail += "</td></tr>\n";
        }
        // A record divergence under RU's own ruleset, none of the run's, names no ruleset of
        // the run: its row is the record check's count.
        if (d.verdicts.empty() && d.kind == audit::DivergenceKind::record) {
            tail += "<tr><td>";
            tail += html_escape(fmt::format("the record: RU[{}]", a.record.rules));
            tail += "</td><td>";
            tail += html_escape(fmt::format("RE[{}]; counted {}", a.record.recorded,
                                            detail::record_computed(a.record)));
            tail += "</td><td>";
            tail += html_escape(d.clause);
            tail += "</td><td></td></tr>\n";
        }
        tail += "</table>\n</div>\n";
        blocks.push_back(std::move(b));
    }
}

std::string html_escape_text(std::string_view text) {
    return html_escape(text);
}

namespace {

// The game's anchor: its file and number, in characters an id may hold.
std::string game_anchor(const CheckInput& in) {
    std::string anchor = fmt::format("{}-{}", in.file, in.game + 1);
    for (char& c : anchor) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '-';
    }
    return "game-" + anchor;
}

// The record against its own rules; nothing when the record has no result.
void write_recorded_result(std::string& out, const audit::RecordVerdict& rv) {
    if (rv.check == audit::RecordCheck::no_result) return;
    out += fmt::format("<p>Recorded result: <b>{}</b>", audit::to_string(rv.check));
    if (const std::string c = detail::record_computed(rv); !c.empty()) {
        out += fmt::format("; computed {}", html_escape(c));
    }
    if (const std::string r = detail::record_reason(rv); !r.empty()) {
        out += fmt::format(" ({})", html_escape(r));
    }
    out += "</p>\n";
}

// The illegal plays of each ruleset, whether or not the others agree; their clauses are added
// to `clauses`.
void write_illegal_plays(std::string& out, const audit::GameAudit& a,
                         std::set<std::string>& clauses) {
    out += "<h3>Illegal plays</h3>\n";
    bool any = false;
    for (const audit::RulesetResult& r : a.results) {
        if (r.illegal.empty()) continue;
        any = true;
        out += fmt::format(
            "<h4>{}</h4>\n<table><tr><th>move</th><th>play</th><th>reason</th>"
            "<th>clause</th><th>repeats the position after move</th></tr>\n",
            html_escape(ruleset_label(r.ruleset)));
        for (const audit::Illegal& i : r.illegal) {
            const auto p = board_point(i.point, a.width, a.height);
            out += fmt::format(
                "<tr><td class=\"n\">{}</td><td>{} {}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                i.move, color_letter(i.color),
                i.pass ? std::string("pass") : (p ? *p : std::string("off board")),
                audit::to_string(i.reason), html_escape(i.clause),
                i.repeats_move ? fmt::format("{}", *i.repeats_move) : std::string());
            if (!i.clause.empty()) clauses.insert(i.clause);
        }
        if (r.illegal_omitted > 0) {
            out += fmt::format("<tr><td colspan=\"5\">and {} more</td></tr>\n", r.illegal_omitted);
        }
        out += "</table>\n";
    }
    if (!any) out += "<p>None under any ruleset.</p>\n";
}

// A play every ruleset forbids is drawn too (no divergence shows it), a
// repetition with the repeated position and the cycle's moves numbered.
void write_illegal_everywhere(std::string& out, const CheckInput& in) {
    const audit::GameAudit& a = *in.audit;
    for (const audit::IllegalEverywhere& i : a.illegal_everywhere) {
        audit::Divergence d;
        d.kind = audit::DivergenceKind::legality;
        d.move = i.move;
        d.point = i.point;
        d.has_point = true;
        d.board_before = i.board_before;
        d.board_after = i.board_after;
        audit::Verdict v;
        v.legal = false;
        v.repeats_move = i.repeats_move;
        d.verdicts.push_back(v);
        const auto p = board_point(i.point, a.width, a.height);
        out += fmt::format("<h4>move {}: {} {}, illegal under every ruleset ({})</h4>\n", i.move,
                           color_letter(i.color), p ? *p : std::string("?"),
                           audit::to_string(i.reason));
        if (!i.repeats_move) {  // a repetition's figure has the board before already
            out += "<figure>" + svg_board(i.board_before, &i.point, audit::Position{}) +
                   fmt::format(
                       "<figcaption>before move {} (its point ringed)</figcaption>"
                       "</figure>\n",
                       i.move);
        }
        out += figure(d, in);
    }
}

// The divergences, drawn as in index.html (a repetition: the board before the play and the
// repeated position with the cycle numbered).
void write_divergences(std::string& out, const CheckInput& in, const std::string& anchor) {
    out += "<h3>Divergences</h3>\n";
    std::vector<HtmlBlock> blocks;
    append_html_blocks(blocks, in, anchor, [](std::uint16_t) { return true; });
    for (const HtmlBlock& b : blocks) {
        std::string head = b.head;
        // No broken-records section on this page.
        for (std::size_t at; (at = head.find("<a href=\"#broken\">")) != std::string::npos;) {
            const std::size_t end = head.find("</a>", at);
            head.replace(at, end + 4 - at, "record issues");
        }
        out += head;
        out += b.figure;
        out += b.tail;
    }
    if (blocks.empty()) out += "<p>The rulesets agree.</p>\n";
}

// Every clause cited, with what `rules --explain` says of it.
void write_clauses(std::string& out, const std::set<std::string>& clauses) {
    if (clauses.empty()) return;
    out += "<h3>The clauses cited</h3>\n<dl class=\"clauses\">\n";
    std::set<std::string> ids;
    for (const std::string& c : clauses) {
        for (std::string& id : clause_ids(c)) ids.insert(std::move(id));
    }
    for (const std::string& id : ids) {
        const auto text = explain_clause(id);
        out += fmt::format(
            "<dt>{}</dt><dd><pre>{}</pre></dd>\n", html_escape(id),
            html_escape(text ? *text
                             : fmt::format("(not in {})", file_name(FolderFile::rules_md))));
    }
    out += "</dl>\n";
}

}  // namespace

void append_check_html(std::string& out, const CheckInput& in) {
    const audit::GameAudit& a = *in.audit;
    const std::string anchor = game_anchor(in);
    out += fmt::format("<section class=\"game\" id=\"{}\">\n<h2>{} #{}</h2>\n", anchor,
                       html_escape(in.file), in.game + 1);
    meta(out, in);
    write_recorded_result(out, a.record);
    std::set<std::string> clauses;
    write_illegal_plays(out, a, clauses);
    write_illegal_everywhere(out, in);
    // J 12: under cycle=no-result, a repeated whole-board position is worth a note.
    for (const audit::RulesetResult& r : a.results) {
        if (r.ruleset.cycle != audit::Cycle::no_result || r.repeated_move == 0) continue;
        out += fmt::format(
            "<p class=\"note\">{}: move {} repeats an earlier whole-board position: the players "
            "may end the game without result (J 12).</p>\n",
            html_escape(ruleset_label(r.ruleset)), r.repeated_move);
    }
    write_divergences(out, in, anchor);
    for (const audit::Divergence& d : a.divergences) {
        if (!d.clause.empty()) clauses.insert(d.clause);
        for (const audit::Verdict& v : d.verdicts) {
            if (!v.clause.empty()) clauses.insert(v.clause);
        }
    }
    write_clauses(out, clauses);
    out += "</section>\n";
}

std::size_t append_html_broken_rows(std::string& out, const CheckInput& in,
                                    std::string_view anchor) {
    const audit::GameAudit& a = *in.audit;
    std::size_t rows = 0;
    for (const audit::RecordIssue& i : a.record_issues) {
        if (i.severity != audit::IssueSeverity::error) continue;
        if (is_ignored(in.ignore, audit::to_string(i.code()))) continue;  // --ignore
        ++rows;
        const std::string game = fmt::format("{} #{}", html_escape(in.file), in.game + 1);
        out += "<tr><td>";
        out += anchor.empty() ? game : fmt::format("<a href=\"#{}\">{}</a>", anchor, game);
        out += "</td><td class=\"n\">";
        if (i.move != 0) out += fmt::format("{}", i.move);
        out += fmt::format("</td><td>{}</td><td>{}</td></tr>\n",
                           html_escape(audit::to_string(i.code())),
                           html_escape(issue_message(i, a.height)));
    }
    return rows;
}

std::string html_broken_start(std::uint64_t games, std::uint64_t rows, std::uint64_t errors) {
    std::string out = "<h2 id=\"broken\">Broken records</h2>\n";
    if (errors == 0) return out + "<p>No record has an error.</p>\n";
    out += fmt::format(
        "<p>{} game{} whose record cannot be what was played (record issues of severity error: "
        "out of turn, occupied point, missing handicap, ...). Rule divergences in these games "
        "may be side effects of the broken record. {}{} lists every issue, "
        "notes included, up to --max-listed of one code in one game ({} counts the "
        "rest).</p>\n",
        thousands(games), games == 1 ? "" : "s",
        rows < errors ? fmt::format("The first {} of {} errors are shown; ", thousands(rows),
                                    thousands(errors))
                      : std::string(),
        file_name(FolderFile::record_issues_csv), file_name(FolderFile::games_jsonl));
    out +=
        "<table class=\"broken\">\n<tr><th>game</th><th>move</th><th>code</th><th>message</th>"
        "</tr>\n";
    return out;
}

namespace {

// Kinds in the order of the page: legality, outcome, record, end, accounting.
constexpr std::array<audit::DivergenceKind, kDivergenceKinds> kKindOrder = {
    audit::DivergenceKind::legality, audit::DivergenceKind::outcome, audit::DivergenceKind::record,
    audit::DivergenceKind::end, audit::DivergenceKind::accounting};

std::string group_id(std::uint16_t g) {
    return html_group_id(g);
}

}  // namespace

std::string html_group_id(std::uint16_t g) {
    return fmt::format("g-{}-{}", audit::to_string(group_kind(g)), to_string(group_cause(g)));
}

std::string html_kind_id(audit::DivergenceKind kind) {
    return fmt::format("kind-{}", audit::to_string(kind));
}

std::vector<std::uint16_t> html_group_order(
    const std::array<std::uint64_t, kHtmlGroups>& divergences) {
    std::vector<std::uint16_t> order;
    for (const audit::DivergenceKind kind : kKindOrder) {
        std::vector<std::uint16_t> groups;
        for (std::size_t c = 0; c < kCauses; ++c) {
            const std::uint16_t g = html_group(kind, static_cast<Cause>(c));
            if (divergences[g] > 0) groups.push_back(g);
        }
        std::stable_sort(groups.begin(), groups.end(), [&](std::uint16_t x, std::uint16_t y) {
            return divergences[x] < divergences[y];
        });
        order.insert(order.end(), groups.begin(), groups.end());
    }
    return order;
}

std::array<std::uint64_t, kHtmlGroups> html_diagram_budget(
    std::span<const std::uint16_t> order, const std::array<std::uint64_t, kHtmlGroups>& boards,
    std::uint64_t max) {
    std::array<std::uint64_t, kHtmlGroups> budget{};
    for (const std::uint16_t g : order) {
        budget[g] = std::min(max, boards[g]);
        max -= budget[g];
    }
    return budget;
}

std::string html_group_heading(std::uint16_t group, std::uint64_t divergences, std::uint64_t drawn,
                               std::uint64_t boards) {
    std::string out = fmt::format("<h3 id=\"{}\">{} &middot; {} ({})</h3>\n<p class=\"cause\">{}.",
                                  group_id(group), audit::to_string(group_kind(group)),
                                  to_string(group_cause(group)), thousands(divergences),
                                  html_escape(describe(group_cause(group))));
    if (drawn < boards) {
        out += fmt::format(" Diagrams: the first {} of {} (the cap on diagrams).", thousands(drawn),
                           thousands(boards));
    }
    out += "</p>\n";
    return out;
}

std::string html_contents(std::span<const std::uint16_t> order,
                          const std::array<std::uint64_t, kHtmlGroups>& divergences,
                          std::uint64_t broken_games) {
    std::string out =
        "<nav class=\"toc\"><h2>Contents</h2>\n<ul>\n<li><a href=\"#action\">Needs action</a>"
        "</li>\n<li><a href=\"#run\">Run</a></li>\n<li><a href=\"#totals\">Totals</a></li>\n<li><a "
        "href=\"#summary-divergences\">"
        "Divergences by kind, ruleset pair and cause</a></li>\n<li><a href=\"#recorded-results\">"
        "Recorded results</a></li>\n<li><a href=\"#record-issues\">Record issues</a></li>\n"
        "<li><a href=\"#unread\">Files not read or without a game</a></li>\n"
        "<li><a href=\"#diagnostics\">Diagnostics</a></li>\n"
        "<li><a href=\"#interesting\">The "
        "ten most interesting games</a></li>\n<li><a href=\"#charts\">Charts</a></li>\n";
    out += fmt::format("<li><a href=\"#broken\">Broken records</a> ({} games)</li>\n",
                       thousands(broken_games));
    out += "<li><a href=\"#divergences\">Divergences by kind and cause</a>\n<ul>\n";
    for (const std::uint16_t g : order) {
        out += fmt::format("<li><a href=\"#{}\">{} &middot; {}</a> ({})</li>\n", group_id(g),
                           audit::to_string(group_kind(g)), to_string(group_cause(g)),
                           thousands(divergences[g]));
    }
    out +=
        fmt::format("</ul></li>\n<li><a href=\"{0}\">The rules cited</a> ({0})</li>\n</ul></nav>\n",
                    file_name(FolderFile::rules_md));
    return out;
}

}  // namespace sgfaudit::report
