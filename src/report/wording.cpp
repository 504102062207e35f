// The words and pictures of the audit's typed facts: the text of each verdict, the one-line
// summary of each divergence, the record check's computed result, and a board position as text
// rows. The audit returns values only (audit.hpp); every report format words them through here,
// so the text, JSON, CSV, Markdown and HTML reports say the same.

#include <fmt/format.h>

#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "common.hpp"
#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/report/check.hpp"

namespace sgfaudit::report::detail {

namespace {

std::string point_text(sgf::Point p, int height) {
    return fmt::format("{} ({})", audit::board_coordinates(p, height), sgf::sgf_coordinates(p));
}

std::string describe_count(const audit::Count& c, std::string_view which) {
    if (c.winner == audit::Winner::draw)
        return fmt::format("draw ({} {}-{})", which, c.black, c.white);
    return fmt::format("{}+{} ({}: B {} W {})", audit::to_string(c.winner),
                       fmt::format("{}", c.margin), which, fmt::format("{}", c.black),
                       fmt::format("{}", c.white));
}

std::string describe_end(const audit::RulesetResult& r) {
    switch (r.end) {
        case audit::EndKind::two_passes:
            if (r.moves_after_end > 0) {
                return fmt::format(
                    "ends at move {} (two passes); the record continues for {} "
                    "more move{}",
                    r.end_move, r.moves_after_end, r.moves_after_end == 1 ? "" : "s");
            }
            return fmt::format("ends at move {} (two passes{})", r.end_move,
                               r.resumed ? ", after resumption" : "");
        case audit::EndKind::record_end:
            return fmt::format("not ended by passes: the record ends at move {}{}", r.end_move,
                               r.resumed ? " after a resumption" : "");
        case audit::EndKind::stopped:
            return fmt::format("replay stopped at the illegal move {}", r.end_move);
        case audit::EndKind::no_moves:
            return "no moves";
        case audit::EndKind::no_result:
            return fmt::format(
                "no result (J 12): the position of move {} repeats an earlier one and the record "
                "stops at move {}",
                r.repeated_move, r.end_move);
    }
    return "";
}

std::string_view name_of(const audit::GameAudit& a, std::size_t ruleset) {
    return ruleset < a.results.size() ? ruleset_label(a.results[ruleset].ruleset)
                                      : std::string_view("?");
}

}  // namespace

std::string verdict_text(const audit::GameAudit& a, const audit::Divergence& d,
                         const audit::Verdict& v) {
    if (d.kind == audit::DivergenceKind::legality) {
        if (v.legal || !v.reason) return "legal";
        std::string s = fmt::format("illegal: {} ({})", audit::to_string(*v.reason), v.clause);
        if (v.repeats_move)
            s += fmt::format(", repeats the position after move {}", *v.repeats_move);
        return s;
    }
    if (v.ruleset >= a.results.size()) return {};
    const audit::RulesetResult& r = a.results[v.ruleset];
    if (d.kind == audit::DivergenceKind::end) return describe_end(r);
    if (!v.count) return {};
    // The deciding count is named by the ruleset's scoring; another count by its own name.
    const std::string_view which =
        *v.count == audit::decisive_count(r.score) && d.kind != audit::DivergenceKind::accounting
            ? audit::to_string(r.score.decisive)
            : audit::to_string(*v.count);
    return describe_count(audit::count_of(r.score, *v.count), which);
}

std::string divergence_summary(const audit::GameAudit& a, const audit::Divergence& d) {
    const auto parts = [&] {
        std::string s;
        for (const audit::Verdict& v : d.verdicts) {
            if (!s.empty()) s += "; ";
            s += fmt::format("{}: {}", name_of(a, v.ruleset), verdict_text(a, d, v));
        }
        return s;
    };
    switch (d.kind) {
        case audit::DivergenceKind::legality: {
            std::string legal, illegal;
            for (const audit::Verdict& v : d.verdicts) {
                std::string& names = v.legal ? legal : illegal;
                if (!names.empty()) names += ", ";
                names += name_of(a, v.ruleset);
            }
            return fmt::format("move {}: {} {} is legal under {}, illegal under {}", d.move,
                               color_letter(d.color), point_text(d.point, a.height), legal,
                               illegal);
        }
        case audit::DivergenceKind::end:
            return fmt::format("the game ends at different moves: {}", parts());
        case audit::DivergenceKind::outcome:
            return fmt::format("different winners: {}", parts());
        case audit::DivergenceKind::accounting: {
            if (d.verdicts.size() != 2 || !d.verdicts[1].count) return {};
            return fmt::format("{}: the area count ({}) and the {} count ({}) disagree",
                               name_of(a, d.verdicts[0].ruleset), verdict_text(a, d, d.verdicts[0]),
                               audit::to_string(*d.verdicts[1].count),
                               verdict_text(a, d, d.verdicts[1]));
        }
        case audit::DivergenceKind::record: {
            const audit::RecordVerdict& rv = a.record;
            if (!rv.count) return {};
            return fmt::format("RE[{}] but the count under RU[{}] ({}) gives {}", rv.recorded,
                               rv.rules, rv.counted_under,
                               describe_count(*rv.count, audit::to_string(rv.decisive)));
        }
    }
    return {};
}

std::string record_computed(const audit::RecordVerdict& rv) {
    if (rv.why == audit::RecordReason::void_cycle) {
        return fmt::format(
            "no result (J 12: the position after move {} repeats an earlier one) under {}",
            rv.repeated_move, rv.counted_under);
    }
    if (!rv.count) return {};
    return fmt::format("{} under {}", describe_count(*rv.count, audit::to_string(rv.decisive)),
                       rv.counted_under);
}

std::string record_reason(const audit::RecordVerdict& rv) {
    switch (rv.why) {
        case audit::RecordReason::none:
            return {};
        case audit::RecordReason::no_result:
            return "no RE";
        case audit::RecordReason::no_rules:
            return "no RU";
        case audit::RecordReason::rules_not_mapped:
            return rv.mapping_note;
        case audit::RecordReason::not_two_passes:
            return "the game did not end by two passes under the record's rules";
        case audit::RecordReason::result_not_score:
            return fmt::format("RE is {}, not a score",
                               rv.result_kind ? sgf::to_string(*rv.result_kind) : "?");
        case audit::RecordReason::unsettled_oracle:
            return fmt::format(
                "the count is unsettled: the dead stones could not be decided ({}), and RE may "
                "count them otherwise",
                rv.dead_source);
        case audit::RecordReason::unsettled_benson:
            return "the count is unsettled: an empty region touches both colours where a string "
                   "is neither pass-alive nor dead (Benson), and RE may count it otherwise";
        case audit::RecordReason::winner_differs:
            return "the winner differs";
        case audit::RecordReason::margin_differs:
            return "the margin differs";
        case audit::RecordReason::void_cycle:
            return "J 12: a whole-board position repeated and RE says the game is void";
    }
    return {};
}

std::vector<std::string> board_rows(const audit::Position& p) {
    std::vector<std::string> rows;
    if (p.width < 1 || p.width > 52 || p.height < 1 || p.height > 52 ||
        p.cells.size() != static_cast<std::size_t>(p.width) * static_cast<std::size_t>(p.height))
        return rows;
    rows.reserve(static_cast<std::size_t>(p.height));
    for (int y = 0; y < p.height; ++y) {
        std::string row(static_cast<std::size_t>(p.width), '.');
        for (int x = 0; x < p.width; ++x) {
            const game::Cell c = p.at(x, y);
            if (c == game::Cell::black) row[static_cast<std::size_t>(x)] = 'X';
            if (c == game::Cell::white) row[static_cast<std::size_t>(x)] = 'O';
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace sgfaudit::report::detail

namespace sgfaudit::report {

std::string issue_message(const audit::RecordIssue& i, int height) {
    using audit::IssueCode;
    const std::string_view who = detail::color_letter(i.color);
    const auto reasons = [&i] {
        std::string why;
        for (const audit::RulesetReason& r : i.reasons) {
            why += fmt::format("{}{}: {}", why.empty() ? "" : "; ", r.ruleset,
                               audit::to_string(r.reason));
        }
        return why;
    };
    switch (i.code) {
        case IssueCode::occupied:
            return fmt::format("move {}: {} plays on the occupied point {}", i.move, who,
                               detail::point_text(i.point, height));
        case IssueCode::off_board:
            if (i.point == sgf::kNoPoint) {
                return fmt::format("move {}: {} plays off the board (a value that is not a point)",
                                   i.move, who);
            }
            return fmt::format("move {}: {} plays off the board at {}", i.move, who,
                               sgf::sgf_coordinates(i.point));
        case IssueCode::out_of_turn:
            if (i.flag) return fmt::format("move {}: {} passes out of turn", i.move, who);
            return fmt::format("move {}: {} plays {} out of turn (the same colour twice)", i.move,
                               who, detail::point_text(i.point, height));
        case IssueCode::illegal_everywhere:
            return fmt::format(
                "move {}: {} {} is illegal under every ruleset still judging the game ({})", i.move,
                who, detail::point_text(i.point, height), reasons());
        case IssueCode::illegal_under_record_rules:
            return fmt::format("move {}: {} {} is illegal under the record's rules RU[{}] ({})",
                               i.move, who, detail::point_text(i.point, height), i.text, reasons());
        case IssueCode::setup_after_start:
            return fmt::format(
                "setup stones after move {}: not a turn; the position counts for positional "
                "superko, the history is kept",
                i.move);
        case IssueCode::setup_after_root:
            return "setup stones in a node after the root, before the first move: counted as part "
                   "of the start position";
        case IssueCode::setup_without_handicap:
            return fmt::format(
                "the start position has {} black and {} white stones but no HA of 2 or more: not a "
                "handicap",
                i.counts[0], i.counts[1]);
        case IssueCode::handicap_mismatch:
            return fmt::format(
                "HA[{}] but the start position has {} black stones; handicap taken as {}",
                i.counts[0], i.counts[1], i.counts[2]);
        case IssueCode::handicap_missing:
            return fmt::format(
                "HA[{}] but no black stone before the first move, and White plays first: the "
                "record lacks its handicap stones",
                i.counts[0]);
        case IssueCode::handicap_inferred: {
            std::string placed;
            for (const sgf::Point& p : i.points) {
                if (!placed.empty()) placed += ' ';
                placed += audit::board_coordinates(p, height);
            }
            return fmt::format("{} handicap stones inferred at {} ({})", i.counts[0], placed,
                               i.flag ? "Fox's layout with the side stones on the top and bottom"
                                      : "GTP 2 fixed_handicap");
        }
        case IssueCode::handicap_one:
            return "HA[1]: no handicap stones; scored as an even game";
        case IssueCode::placement_interrupted:
            return fmt::format(
                "move {}: {} before the {} handicap stones were placed; handicap taken as {}",
                i.move, i.flag ? "a pass" : "a play", i.counts[0], i.counts[1]);
        case IssueCode::komi_quirk:
            return fmt::format("KM[{}] read as {} (see the reader's S21x diagnostic)", i.text,
                               i.values[0]);
        case IssueCode::no_liberties_after_setup:
            return "the start position has a string without liberties (setup never captures)";
        case IssueCode::dead_point_off_board:
            return fmt::format("dead stone '{}' is not a point of this {}x{} board", i.text,
                               i.counts[0], i.counts[1]);
        case IssueCode::result_impossible_margin:
            return fmt::format(
                "RE[{}]: a margin of {} is more than any count of this {}x{} game can give (at "
                "most {})",
                i.text, i.values[0], i.counts[0], i.counts[1], i.values[1]);
        case IssueCode::result_komi_parity: {
            const double fm = i.values[0] - std::floor(i.values[0]);
            const double fk = i.values[1] - std::floor(i.values[1]);
            return fmt::format("RE[{}] has {} margin but KM[{}] is {}: no count gives it", i.text,
                               fm == 0.0 ? "a whole" : "a half-point", i.text2,
                               fk == 0.0 ? "whole" : "a half point");
        }
        case IssueCode::resigner_moved_last:
            return fmt::format("RE[{}]: {} resigned after making the last turn of the record",
                               i.text, i.color == game::Color::black ? "Black" : "White");
        case IssueCode::dead_stones_undecided:
            return fmt::format("the dead stones could not be decided ({}): the count is unsettled",
                               i.text);
    }
    return {};
}

}  // namespace sgfaudit::report
