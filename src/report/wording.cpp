// The words and pictures of the audit's typed facts: the text of each verdict, the one-line
// summary of each divergence, the record check's computed result, and a board position as text
// rows. The audit returns values only (audit.hpp); every report format words them through here,
// so the text, JSON, CSV, Markdown and HTML reports say the same.

#include <fmt/format.h>

#include <string>
#include <string_view>
#include <vector>

#include "common.hpp"
#include "sgfaudit/audit/audit.hpp"

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
