// write_check_text: the referee's view of one game, for people.

#include <fmt/format.h>

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "common.hpp"
#include "sgfaudit/report/cause.hpp"
#include "sgfaudit/report/check.hpp"
#include "sgfaudit/report/ignore.hpp"
#include "sgfaudit/text/text.hpp"

namespace sgfaudit::report {

using detail::board_point;
using detail::color_letter;
using detail::count_result;
using detail::divergence_summary;
using detail::record_computed;
using detail::record_reason;
using detail::ruleset_label;
using detail::verdict_text;

namespace {

// A name or value from the input, for a line of text: every control character (a new line
// too) and bidirectional control escaped, so that no value can forge a line or reorder one.
std::string safe(std::string_view s) {
    return text::printable_text(s);
}

std::string player(std::string_view name, std::string_view rank) {
    std::string s = name.empty() ? "?" : fmt::format("\"{}\"", safe(name));
    if (!rank.empty()) s += fmt::format(" {}", safe(rank));
    return s;
}

// "B D16 (dd)", "W pass", "B off the board (zz)".
std::string play_text(game::Color color, bool pass, sgf::Point p, int width, int height) {
    if (pass) return fmt::format("{} pass", color_letter(color));
    if (p == sgf::kNoPoint) return fmt::format("{} off the board", color_letter(color));
    const std::string sgf = sgf::sgf_coordinates(p);
    if (auto bp = board_point(p, width, height)) {
        return fmt::format("{} {} ({})", color_letter(color), *bp, sgf);
    }
    return fmt::format("{} off the board ({})", color_letter(color), sgf);
}

std::string illegal_text(const audit::Illegal& i, int width, int height) {
    std::string s =
        fmt::format("move {} {}: {}", i.move, play_text(i.color, i.pass, i.point, width, height),
                    audit::to_string(i.reason));
    if (!i.clause.empty()) s += fmt::format(" ({})", i.clause);
    if (i.repeats_move) {
        s += *i.repeats_move == 0
                 ? std::string(", repeats the start position")
                 : fmt::format(", repeats the position after move {}", *i.repeats_move);
    }
    if (!i.applied) s += ", skipped (cannot stand)";
    return s;
}

std::string end_text(const audit::RulesetResult& r) {
    std::string s;
    switch (r.end) {
        case audit::EndKind::two_passes:
            s = fmt::format("two consecutive passes at move {}", r.end_move);
            if (r.resumed) s += " (play resumed after an earlier double pass)";
            break;
        case audit::EndKind::record_end:
            s = fmt::format("the record ends at move {} without two passes", r.end_move);
            if (r.resumed) s += " (play resumed after a double pass)";
            break;
        case audit::EndKind::stopped:
            s = fmt::format("replay stopped at the illegal play at move {} (--on-illegal stop)",
                            r.end_move);
            break;
        case audit::EndKind::no_moves:
            s = "the record has no moves";
            break;
        case audit::EndKind::all_pass_alive:
            s = fmt::format(
                "the record ends at move {} without two passes, every point pass-alive (KG end: "
                "KataGo counts the game there)",
                r.end_move);
            break;
        case audit::EndKind::counted:
            s = fmt::format(
                "the record ends at move {} without two passes and RE is a score: counted there as "
                "if passes followed, the opponent of the last mover first (R13)",
                r.end_move);
            break;
        case audit::EndKind::no_result:
            s = fmt::format(
                "no result (J 12): the position after move {} repeats an earlier one, and the "
                "record stops at move {} with RE void",
                r.repeated_move, r.end_move);
            break;
    }
    if (r.moves_after_end > 0) {
        s += fmt::format("; the record goes on for {} more move{} (outside the game)",
                         r.moves_after_end, r.moves_after_end == 1 ? "" : "s");
    }
    return s;
}

std::string count_line(std::string_view name, const audit::Count& c, bool decides) {
    return fmt::format("    {:<10} B {:>6}  W {:>6}  {}{}\n", name, json_number(c.black),
                       json_number(c.white), count_result(c), decides ? "  (decides)" : "");
}

// What made a count an end position's (Score::scored): two passes, R13's count at the record's
// end, or KataGo's end where every point is pass-alive.
std::string_view scored_because(audit::EndKind end) {
    switch (end) {
        case audit::EndKind::counted:
            return "counted at the record's end as if passes followed, R13";
        case audit::EndKind::all_pass_alive:
            return "the record ends where every point is pass-alive: KataGo's end";
        case audit::EndKind::two_passes:
            return "the game ended by two passes";
        default:
            return "the game's end position";
    }
}

void write_score(std::string& out, const audit::Score& s, const audit::Ruleset& rules,
                 audit::EndKind end, int width, int height) {
    out += s.scored ? fmt::format("  score ({}):\n", scored_because(end))
                    : "  score: as-is count of the last position (the game did not end by two "
                      "passes)\n";
    out += fmt::format("    komi {} ({}); handicap {}, bonus {} (White's area); dead stones: {}\n",
                       json_number(s.komi), komi_source_text(s), s.handicap,
                       json_number(s.handicap_bonus),
                       dead_source_text(s.dead_source, s.dead_oracle, s.engine_dead));
    switch (s.unsettled) {
        case audit::Unsettled::no:
            break;
        case audit::Unsettled::oracle:
            out += "    unsettled: the dead stones could not be decided\n";
            break;
        case audit::Unsettled::dame:
            out +=
                "    unsettled: an empty region touches both colours where a string is "
                "neither pass-alive nor dead\n";
            break;
        case audit::Unsettled::small_eye:
            out +=
                "    unsettled: a group that is not pass-alive has at most six points of eye "
                "space (it lives or dies by who plays there first)\n";
            break;
        case audit::Unsettled::atari:
            out += "    unsettled: a string that is not pass-alive is in atari\n";
            break;
    }
    // The strings the dead-stone source left undecided (a stone of each, the first
    // kMaxUnsureListed): where a referee looks.
    std::string undecided;
    for (const sgf::Point& p : s.unsure) {
        const auto point = board_point(p, width, height);
        if (!point) continue;
        undecided += (undecided.empty() ? "" : ", ") + *point;
    }
    if (!undecided.empty()) {
        // Benson's count left open: the judge of end positions was asked and was unsure too.
        out += fmt::format("    {}: {}{}\n",
                           s.dead_source == audit::DeadSource::pass_alive
                               ? "strings neither Benson's analysis nor the judge of end "
                                 "positions decided"
                               : "strings not decided",
                           undecided,
                           s.unsure.size() >= audit::kMaxUnsureListed
                               ? fmt::format(" (the first {} listed)", audit::kMaxUnsureListed)
                               : "");
    }
    out += fmt::format("    {:<6} {:>6} {:>9} {:>8} {:>4} {:>6} {:>11}\n", "", "stones",
                       "territory", "captures", "dead", "passes", "pass stones");
    out += fmt::format("    {:<6} {:>6} {:>9} {:>8} {:>4} {:>6} {:>11}\n", "Black", s.black_stones,
                       s.black_territory, s.captures_by_black, s.dead_black, s.passes_black,
                       s.pass_stones_to_black);
    out += fmt::format("    {:<6} {:>6} {:>9} {:>8} {:>4} {:>6} {:>11}\n", "White", s.white_stones,
                       s.white_territory, s.captures_by_white, s.dead_white, s.passes_white,
                       s.pass_stones_to_white);
    out += fmt::format(
        "    (captures: stones taken; dead: own stones removed; pass stones: received)\n");
    out += fmt::format("    neutral points {}; White's extra pass {}; last turn {}\n", s.neutral,
                       s.white_extra_pass ? "yes" : "no", s.black_moved_last ? "Black" : "White");
    // KataGo's own terms (KG button, KG encore, KG tax ALL), under the rulesets that have them.
    if (rules.dead == audit::DeadRule::pass_alive) {
        out += fmt::format(
            "    KataGo: button B {} W {}; played before the second cleanup phase B {} W {}\n",
            json_number(s.button_black), json_number(s.button_white), s.played_black,
            s.played_white);
    }
    if (rules.seki_eyes == audit::SekiEyes::taxed) {
        out += fmt::format("    group tax B {} W {} (two points per region of independent life)\n",
                           s.group_tax_black, s.group_tax_white);
    }
    out += count_line("area", s.area, s.decisive == audit::Scoring::area);
    out += count_line("territory", s.territory, s.decisive == audit::Scoring::territory);
    out += count_line("quick", s.quick, false);
}

// Two pictures side by side under "before" and "after".
void write_diagrams(std::string& out, const audit::Divergence& d) {
    const std::string before = crop_diagram(d.board_before, d.point);
    const std::string after = crop_diagram(d.board_after, d.point);
    if (before.empty() && after.empty()) return;
    auto lines = [](const std::string& s) {
        std::vector<std::string> v;
        std::size_t start = 0;
        while (start < s.size()) {
            const std::size_t eol = s.find('\n', start);
            v.push_back(s.substr(start, eol - start));
            start = eol + 1;
        }
        return v;
    };
    const std::vector<std::string> left = lines(before), right = lines(after);
    std::size_t left_width = 6;
    for (const std::string& l : left) left_width = std::max(left_width, l.size());
    const std::string indent = "      ";
    auto row = [&](std::string_view l, std::string_view r) {
        std::string line = fmt::format("{}{:<{}}    {}", indent, l, left_width, r);
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line;
        out += '\n';
    };
    row("before", "after");
    for (std::size_t i = 0; i < std::max(left.size(), right.size()); ++i) {
        row(i < left.size() ? std::string_view(left[i]) : std::string_view(),
            i < right.size() ? std::string_view(right[i]) : std::string_view());
    }
}

// The game's heading: file, size, players, RU, RE, KM; the moves, handicap and options.
void write_heading(std::string& out, const CheckInput& in, const audit::GameAudit& a) {
    out += fmt::format("{} game {}: {}x{}, B {} vs W {}", safe(in.file), in.game + 1, a.width,
                       a.height, player(in.black_name, in.black_rank),
                       player(in.white_name, in.white_rank));
    out += in.rules.empty() ? ", no RU" : fmt::format(", RU[{}]", safe(in.rules));
    out += in.result ? fmt::format(", RE[{}]", safe(*in.result)) : std::string(", no RE");
    out += in.komi_text.empty() ? ", no KM" : fmt::format(", KM[{}]", safe(in.komi_text));
    out += '\n';
    out += fmt::format(
        "  {} moves, handicap {}{}, {} moves first; dead stones: {}, on illegal: "
        "{}\n",
        a.moves, a.handicap, a.handicap_by_plays ? " (placed by plays)" : "",
        a.first_player == game::Color::black ? "Black" : "White", audit::to_string(in.options.dead),
        audit::to_string(in.options.on_illegal));
}

// The record against its own rules (rules.md 6.5).
void write_record_verdict(std::string& out, const audit::RecordVerdict& rv) {
    out += fmt::format("record: {}", audit::to_string(rv.check));
    out +=
        rv.recorded.empty() ? std::string("; no RE") : fmt::format("; RE[{}]", safe(rv.recorded));
    if (!rv.rules.empty()) {
        out += fmt::format(", RU[{}]", safe(rv.rules));
        if (!rv.mapped.empty()) out += fmt::format(" -> {}", safe(rv.mapped));
    }
    if (const std::string computed = record_computed(rv); !computed.empty())
        out += fmt::format("; computed {}", computed);
    if (const std::string reason = record_reason(rv); !reason.empty())
        out += fmt::format(" ({})", safe(reason));
    out += '\n';
}

// The record issues listed, with their place in the file; nothing when none is listed.
// --ignore: the issues of an ignored code are counted on a line of their own, not listed.
void write_record_issues(std::string& out, const CheckInput& in, const audit::GameAudit& a) {
    std::uint64_t issues_omitted = 0, issues_listed = 0;
    for (const audit::OmittedIssues& o : a.record_issues_omitted) {
        if (!is_ignored(in.ignore, o.code)) issues_omitted += o.count;
    }
    for (const audit::RecordIssue& issue : a.record_issues) {
        if (!is_ignored(in.ignore, audit::to_string(issue.code()))) ++issues_listed;
    }
    if (issues_listed == 0) return;
    out += fmt::format("record issues ({}):\n", issues_listed + issues_omitted);
    for (std::size_t i = 0; i < a.record_issues.size(); ++i) {
        const audit::RecordIssue& issue = a.record_issues[i];
        if (is_ignored(in.ignore, audit::to_string(issue.code()))) continue;
        out += "  ";
        if (i < in.issue_locations.size() && in.issue_locations[i].line != 0) {
            out += fmt::format("{}:{}:{}: ", safe(in.file), in.issue_locations[i].line,
                               in.issue_locations[i].column);
        }
        if (issue.move != 0) out += fmt::format("move {}: ", issue.move);
        out += fmt::format("{} ({}): {}\n", audit::to_string(issue.code()),
                           audit::to_string(issue.severity), safe(issue_message(issue, a.height)));
    }
    for (const audit::OmittedIssues& o : a.record_issues_omitted) {
        if (is_ignored(in.ignore, o.code)) continue;
        out += fmt::format("  ... and {} more {} ({}) not listed (--max-listed)\n", o.count, o.code,
                           audit::to_string(o.severity));
    }
}

// One ruleset's replay: its illegal plays, how the game ended, the score and the result.
void write_ruleset_result(std::string& out, const audit::RulesetResult& r,
                          const audit::GameAudit& a) {
    out += fmt::format("ruleset {}", ruleset_label(r.ruleset));
    if (r.ruleset.komi_override) {
        out += fmt::format(" (komi override {})", json_number(*r.ruleset.komi_override));
    }
    out += ":\n";
    if (r.illegal.empty()) {
        out += "  illegal plays: none\n";
    } else {
        out += fmt::format("  illegal plays ({}):\n", r.illegal.size() + r.illegal_omitted);
        for (const audit::Illegal& i : r.illegal) {
            out += fmt::format("    {}\n", illegal_text(i, a.width, a.height));
        }
        if (r.illegal_omitted != 0) {
            out +=
                fmt::format("    ... and {} more not listed (--max-listed)\n", r.illegal_omitted);
        }
    }
    out += fmt::format("  end: {}\n", end_text(r));
    // Under cycle=no-result, a repeated whole-board position (J 12).
    if (r.ruleset.cycle == audit::Cycle::no_result && r.repeated_move != 0) {
        out += fmt::format(
            "  note: move {} repeats an earlier whole-board position: the players may end "
            "the game without result (J 12)\n",
            r.repeated_move);
    }
    write_score(out, r.score, r.ruleset, r.end, a.width, a.height);
    const audit::Count& c = r.score.decision();
    out += fmt::format("  result: {} ({}{})\n", count_result(c), audit::to_string(r.score.decisive),
                       r.score.scored ? "" : ", as-is count");
}

// One divergence: where, each ruleset's verdict, its causes and knobs, and the diagrams.
void write_divergence(std::string& out, const audit::GameAudit& a, const audit::Divergence& d) {
    out += fmt::format("  {}", audit::to_string(d.kind));
    if (d.move != 0) {
        out += fmt::format(", move {}", d.move);
        if (d.has_point) {
            out += fmt::format(" {}", play_text(d.color, false, d.point, a.width, a.height));
        }
    }
    if (!d.clause.empty()) out += fmt::format(" [{}]", d.clause);
    out += fmt::format(": {}\n", divergence_summary(a, d));
    for (const audit::Verdict& v : d.verdicts) {
        const std::string_view name = v.ruleset < a.results.size()
                                          ? ruleset_label(a.results[v.ruleset].ruleset)
                                          : std::string_view("?");
        out += fmt::format("    {}: {}\n", name, verdict_text(a, d, v));
    }
    std::string causes;
    std::vector<Cause> seen;
    for (const PairCause& c : divergence_causes(a, d)) {
        if (std::find(seen.begin(), seen.end(), c.cause) != seen.end()) continue;
        seen.push_back(c.cause);
        causes += fmt::format("{}{}", causes.empty() ? "" : ", ", to_string(c.cause));
    }
    out += fmt::format("    cause: {}\n", causes);
    // The knobs that alone flip it (or reproduce RE), unsettled counts.
    for (const PairCause& c : divergence_causes(a, d)) {
        const std::string knobs = detail::knobs_text(c.knobs);
        if (!knobs.empty()) out += fmt::format("    knobs: {}\n", knobs);
        if (!c.settled) {
            out += fmt::format("    unsettled: the dead stones were not decided ({})\n",
                               detail::unsure_text(a, c));
        }
    }
    if (d.has_point) write_diagrams(out, d);
}

// The divergences listed, and how many of each kind --max-listed left out.
void write_divergences(std::string& out, const audit::GameAudit& a) {
    if (a.divergences.empty()) {
        out += "divergences: none\n";
        return;
    }
    std::uint64_t omitted = 0;
    for (const std::uint32_t n : a.divergences_omitted) omitted += n;
    out += fmt::format("divergences ({}):\n", a.divergences.size() + omitted);
    for (const audit::Divergence& d : a.divergences) write_divergence(out, a, d);
    for (std::size_t k = 0; k < a.divergences_omitted.size(); ++k) {
        if (a.divergences_omitted[k] == 0) continue;
        out += fmt::format("  ... and {} more {} divergences not listed (--max-listed)\n",
                           a.divergences_omitted[k],
                           audit::to_string(static_cast<audit::DivergenceKind>(k)));
    }
}

// The plays every ruleset forbids, drawn as the divergences are.
void write_illegal_everywhere(std::string& out, const audit::GameAudit& a) {
    for (const audit::IllegalEverywhere& i : a.illegal_everywhere) {
        out += fmt::format(
            "illegal under every ruleset, move {} {}: {} ({}){}\n", i.move,
            play_text(i.color, false, i.point, a.width, a.height), audit::to_string(i.reason),
            i.clause,
            i.repeats_move ? fmt::format(", repeats the position after move {}", *i.repeats_move)
                           : std::string());
        audit::Divergence d;
        d.point = i.point;
        d.has_point = true;
        d.board_before = i.board_before;
        d.board_after = i.board_after;
        write_diagrams(out, d);
    }
}

// Check --at N: the board after move N, or why there is none.
void write_position_at(std::string& out, const CheckInput& in, const audit::GameAudit& a) {
    if (a.position_at.empty()) {
        out += fmt::format("position after move {}: the game has {} moves\n",
                           in.options.position_at, a.moves);
        return;
    }
    out += fmt::format("position after move {} (X Black, O White):\n", in.options.position_at);
    for (const std::string& row : detail::board_rows(a.position_at)) {
        out += "    " + row + "\n";
    }
}

}  // namespace

void write_check_text(std::ostream& os, const CheckInput& in) {
    std::string out;
    append_check_text(out, in);
    os << out;
}

void append_check_text(std::string& out, const CheckInput& in) {
    const audit::GameAudit& a = *in.audit;
    write_heading(out, in, a);
    if (!a.auditable) {
        out += "  not auditable: nothing was replayed (see the diagnostics)\n\n";
        return;
    }
    write_record_verdict(out, a.record);
    write_record_issues(out, in, a);
    IgnoredCounts ignored;
    count_ignored(ignored, in.ignore, in.diagnostics, &a);
    if (!ignored.empty()) out += fmt::format("set aside by --ignore: {}\n", ignored_text(ignored));
    for (const audit::RulesetResult& r : a.results) write_ruleset_result(out, r, a);
    write_divergences(out, a);
    write_illegal_everywhere(out, a);
    if (audit::has_findings(a)) detail::append_count_text(out, a);
    if (in.options.position_at != 0) write_position_at(out, in, a);
    out += '\n';
}

}  // namespace sgfaudit::report
