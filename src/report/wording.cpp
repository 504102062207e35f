// The words and pictures of the audit's typed facts: the text of each verdict, the one-line
// summary of each divergence, the record check's computed result, and a board position as text
// rows. The audit returns values only (audit.hpp); every report format words them through here,
// so the text, JSON, CSV, Markdown and HTML reports say the same.

#include <fmt/compile.h>
#include <fmt/format.h>

#include <cmath>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "common.hpp"
#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/report/check.hpp"
#include "sgfaudit/report/suggest.hpp"
#include "sgfaudit/text/text.hpp"

namespace sgfaudit::report::detail {

namespace {

std::string point_text(sgf::Point p, int height) {
    return fmt::format("{} ({})", audit::board_coordinates(p, height), sgf::sgf_coordinates(p));
}

std::string describe_count(const audit::Count& c, std::string_view which) {
    // Compiled format strings, the numbers formatted in place (the same digits as "{}").
    if (c.winner == audit::Winner::draw)
        return fmt::format(FMT_COMPILE("draw ({} {}-{})"), which, c.black, c.white);
    return fmt::format(FMT_COMPILE("{}+{} ({}: B {} W {})"), audit::to_string(c.winner), c.margin,
                       which, c.black, c.white);
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
        case audit::EndKind::all_pass_alive:
            return fmt::format("ends at move {} (every point pass-alive, KG end)", r.end_move);
        case audit::EndKind::counted:
            return fmt::format("counted at move {} without passes (RE is a score, R13)",
                               r.end_move);
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
    if (rv.why == audit::RecordReason::cycle_outcome) {
        return fmt::format(
            "the cycle's outcome (R16: the position after move {} repeats an earlier one)",
            rv.repeated_move);
    }
    if (!rv.count) return {};
    return fmt::format("{} under {}", describe_count(*rv.count, audit::to_string(rv.decisive)),
                       rv.counted_under);
}

namespace {

// SGF coordinates of `points`, separated by commas.
std::string point_list(const std::vector<sgf::Point>& points) {
    std::string out;
    for (const sgf::Point& p : points) out += (out.empty() ? "" : ", ") + sgf::sgf_coordinates(p);
    return out;
}

// R20's subject: "the judge of end positions was unsure of the string(s) at ...;".
std::string unsure_strings_words(const audit::RecordVerdict& rv) {
    return fmt::format("the judge of end positions was unsure of the string{} at {};",
                       rv.decided_unsure.size() == 1 ? "" : "s", point_list(rv.decided_unsure));
}

std::string_view it_or_them(const std::vector<sgf::Point>& points) {
    return points.size() == 1 ? "it" : "them";
}

}  // namespace

std::string record_reason(const audit::RecordVerdict& rv) {
    switch (rv.why) {
        case audit::RecordReason::none:
            return {};
        case audit::RecordReason::no_result:
            return "no RE";
        case audit::RecordReason::no_rules:
            return "no RU";
        case audit::RecordReason::rules_not_mapped:
            return ru_mapping_text(rv.mapping);
        case audit::RecordReason::not_two_passes:
            return "the game did not end by two passes under the record's rules";
        case audit::RecordReason::result_not_score:
            return fmt::format("RE is {}, not a score",
                               rv.result_kind ? sgf::to_string(*rv.result_kind) : "?");
        case audit::RecordReason::unsettled_oracle:
            return fmt::format(
                "the count is unsettled: the dead stones could not be decided ({}), and RE may "
                "count them otherwise",
                rv.dead_source ? dead_source_text(*rv.dead_source, rv.dead_oracle, rv.engine_dead)
                               : "");
        case audit::RecordReason::unsettled_benson:
            return "the count is unsettled: an empty region touches both colours where a string "
                   "is neither pass-alive nor dead (Benson), and RE may count it otherwise";
        case audit::RecordReason::unsettled_small_eye:
            return "the count is unsettled: a group that is not pass-alive (Benson) has at most "
                   "six "
                   "points of eye space, so whether it lives depends on who plays there first, "
                   "and RE may count it otherwise";
        case audit::RecordReason::unsettled_atari:
            return "the count is unsettled: a string that is not pass-alive (Benson) is in atari, "
                   "so the opponent may take it, and RE may count it otherwise";
        case audit::RecordReason::winner_differs:
            return "the winner differs";
        case audit::RecordReason::margin_differs:
            return "the margin differs";
        case audit::RecordReason::void_cycle:
            return "J 12: a whole-board position repeated and RE says the game is void";
        case audit::RecordReason::cycle_outcome:
            return "R16: a whole-board position repeated on the main line and RE is the cycle's "
                   "outcome (J 12: no result; C: a draw by the referee)";
        case audit::RecordReason::agreement:
            return fmt::format(
                "R12: the players' agreement: RE is the count with the dead string{} at {} left "
                "on the board (alive by agreement: AGA 9-10, FFG Part 4, TT comment 8)",
                rv.agreed_alive.size() == 1 ? "" : "s", point_list(rv.agreed_alive));
        case audit::RecordReason::convention_no_handicap_point:
            return "R18: OGS's one-stone handicap read without its point (no area bonus for it) "
                   "reproduces RE; with the point it does not";
        case audit::RecordReason::convention_fox_komi:
            return "R18: Fox's KM[0] in an even game read as its komi of 6.5 reproduces RE; "
                   "with komi 0 as written it does not";
        case audit::RecordReason::convention_fox_stones:
            return "R18: Fox's RE read in stones like its komi (KM x50: the margin is half the "
                   "points) reproduces RE; read in points it does not";
        case audit::RecordReason::convention_japanese_reading:
            return "R18 with R19: the Japanese count read as J 8 has it with the dame imagined "
                   "filled (no territory in seki or in false eyes: seki-eyes=neutral) "
                   "reproduces RE; the servers' count of every region reaching one colour "
                   "(seki-eyes=territory) does not";
        case audit::RecordReason::unsure_every_decision_reproduces:
            return fmt::format("R20: {} every decision about {} (dead or alive) reproduces RE",
                               unsure_strings_words(rv), it_or_them(rv.decided_unsure));
        case audit::RecordReason::unsure_every_decision_misses:
            return fmt::format(
                "R20: {} no decision about {} (dead or alive) reaches RE, nor the players' "
                "agreement (R12) nor a server's convention (R18): the count shown is the decision "
                "closest to RE",
                unsure_strings_words(rv), it_or_them(rv.decided_unsure));
        case audit::RecordReason::agreement_unbounded:
            return fmt::format(
                "the count differs from RE and the dead-stone source names more than {} dead "
                "strings: which the players left alive (R12) is not searched, so the check is "
                "unsettled",
                audit::kAgreementBound);
        case audit::RecordReason::winner_only:
            return "R16: RE's margin of 0 names the winner only (outside OGS, which writes draws "
                   "so): the winner is compared";
    }
    return {};
}

bool drawable(const audit::Position& p) {
    return p.width >= 1 && p.width <= 52 && p.height >= 1 && p.height <= 52 &&
           p.cells.size() == static_cast<std::size_t>(p.width) * static_cast<std::size_t>(p.height);
}

std::vector<std::string> board_rows(const audit::Position& p) {
    std::vector<std::string> rows;
    if (!drawable(p)) return rows;
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

namespace {

namespace issue = audit::issue;

// What the words of a record issue need beside its payload.
struct IssueAt {
    std::uint32_t move;  // RecordIssue::move
    int height;          // the board's, for coordinates
};

std::string play_words(game::Color c, sgf::Point p, IssueAt at) {
    return fmt::format("{} {}", detail::color_letter(c), detail::point_text(p, at.height));
}

std::string reason_words(const audit::RulesetReason& r) {
    return fmt::format("{}: {}", r.ruleset, audit::to_string(r.reason));
}

// One function per payload (RecordIssue::payload): the message of its code.
std::string words(const issue::Occupied& p, IssueAt at) {
    return fmt::format("move {}: {} plays on the occupied point {}", at.move,
                       detail::color_letter(p.color), detail::point_text(p.point, at.height));
}

std::string words(const issue::OffBoard& p, IssueAt at) {
    if (p.point == sgf::kNoPoint) {
        return fmt::format("move {}: {} plays off the board (a value that is not a point)", at.move,
                           detail::color_letter(p.color));
    }
    return fmt::format("move {}: {} plays off the board at {}", at.move,
                       detail::color_letter(p.color), sgf::sgf_coordinates(p.point));
}

std::string words(const issue::OutOfTurn& p, IssueAt at) {
    if (p.pass) {
        return fmt::format("move {}: {} passes out of turn", at.move,
                           detail::color_letter(p.color));
    }
    return fmt::format("move {}: {} plays {} out of turn (the same colour twice)", at.move,
                       detail::color_letter(p.color), detail::point_text(p.point, at.height));
}

std::string words(const issue::IllegalEverywhere& p, IssueAt at) {
    std::string why;
    for (const audit::RulesetReason& r : p.reasons) {
        why += (why.empty() ? "" : "; ") + reason_words(r);
    }
    return fmt::format(
        "move {}: {} is illegal under every preset, and the record names no modelled rules ({})",
        at.move, play_words(p.color, p.point, at), why);
}

std::string words(const issue::IllegalUnderRecordRules& p, IssueAt at) {
    return fmt::format("move {}: {} is illegal under the record's rules RU[{}] ({})", at.move,
                       play_words(p.color, p.point, at), p.ru_text, reason_words(p.under_ru));
}

std::string words(const issue::SuperkoNotEnforced& p, IssueAt at) {
    return fmt::format(
        "move {}: {} repeats the position after {} ({}), which the record's rules RU[{}] forbid "
        "only by superko: the server did not enforce it",
        at.move, play_words(p.color, p.point, at),
        p.repeats_move == 0 ? std::string("the start") : fmt::format("move {}", p.repeats_move),
        reason_words(p.under_ru), p.ru_text);
}

std::string words(const issue::SetupAfterStart&, IssueAt at) {
    return fmt::format(
        "setup stones after move {}: not a turn; the position counts for positional superko, "
        "the history is kept",
        at.move);
}

std::string words(const issue::SetupAfterRoot&, IssueAt) {
    return "setup stones in a node after the root, before the first move: counted as part of "
           "the start position";
}

std::string words(const issue::SetupWithoutHandicap& p, IssueAt) {
    return fmt::format(
        "the start position has {} black and {} white stones but no HA of 2 or more: not a "
        "handicap",
        p.black_stones, p.white_stones);
}

std::string words(const issue::HandicapMismatch& p, IssueAt) {
    return fmt::format("HA[{}] but the start position has {} black stones; handicap taken as {}",
                       p.ha, p.black_stones, p.taken);
}

std::string words(const issue::HandicapMissing& p, IssueAt) {
    return fmt::format(
        "HA[{}] but no black stone before the first move, and White plays first: the record "
        "lacks its handicap stones",
        p.ha);
}

std::string words(const issue::HandicapInferred& p, IssueAt at) {
    std::string placed;
    for (const sgf::Point& s : p.stones) {
        if (!placed.empty()) placed += ' ';
        placed += audit::board_coordinates(s, at.height);
    }
    return fmt::format("{} handicap stones inferred at {} ({})", p.ha, placed,
                       p.fox_layout ? "Fox's layout with the side stones on the top and bottom"
                                    : "GTP 2 fixed_handicap");
}

std::string words(const issue::HandicapOne&, IssueAt) {
    return "HA[1]: no handicap stones; scored as an even game";
}

std::string words(const issue::PlacementInterrupted& p, IssueAt at) {
    return fmt::format(
        "move {}: {} before the {} handicap stones were placed; handicap taken as {}", at.move,
        p.pass ? "a pass" : "a play", p.due, p.taken);
}

std::string words(const issue::KomiQuirk& p, IssueAt) {
    return fmt::format("KM[{}] read as {} (see the reader's S21x diagnostic)", p.km_text, p.komi);
}

std::string words(const issue::NoLibertiesAfterSetup&, IssueAt) {
    return "the start position has a string without liberties (setup never captures)";
}

std::string words(const issue::DeadPointOffBoard& p, IssueAt) {
    return fmt::format("dead stone '{}' is not a point of this {}x{} board", p.token, p.width,
                       p.height);
}

std::string words(const issue::ResultImpossibleMargin& p, IssueAt) {
    return fmt::format(
        "RE[{}]: a margin of {} is more than any count of this {}x{} game can give (at most {})",
        p.re_text, p.margin, p.width, p.height, p.bound);
}

std::string words(const issue::ResultKomiParity& p, IssueAt) {
    const double fm = p.margin - std::floor(p.margin);
    const double fk = p.komi - std::floor(p.komi);
    return fmt::format("RE[{}] has {} margin but KM[{}] is {}: no count gives it", p.re_text,
                       fm == 0.0 ? "a whole" : "a half-point", p.km_text,
                       fk == 0.0 ? "whole" : "a half point");
}

std::string words(const issue::ResignerMovedLast& p, IssueAt) {
    return fmt::format("RE[{}]: {} resigned after making the last turn of the record", p.re_text,
                       p.resigner == game::Color::black ? "Black" : "White");
}

std::string words(const issue::DeadStonesUndecided& p, IssueAt) {
    return fmt::format("the dead stones could not be decided ({}): the count is unsettled",
                       dead_source_text(p.no_oracle ? audit::DeadSource::no_oracle
                                                    : audit::DeadSource::oracle_failed,
                                        p.failure));
}

std::string words(const issue::EndByResult&, IssueAt at) {
    return fmt::format(
        "the record ends at move {} without two passes and RE is a score: counted there, as if "
        "passes followed (R13)",
        at.move);
}

std::string words(const issue::MarkupRecountDiffers& p, IssueAt) {
    return fmt::format(
        "the final node's markup counts territory B {} W {}; the recount by regions gives B {} W "
        "{} (the markup is the count, R11)",
        p.markup_black, p.markup_white, p.recount_black, p.recount_white);
}

}  // namespace

std::string issue_message(const audit::RecordIssue& i, int height) {
    const IssueAt at{i.move, height};
    return std::visit([at](const auto& payload) { return words(payload, at); }, i.payload);
}

namespace {

// RU (or a ruleset spec's text) for a message, in quotes: cut after 80 code points ("..."), control
// characters and bytes that are not a UTF-8 lead byte with its continuation bytes written as \xNN.
std::string quoted_ru(std::string_view s) {
    // Appended, not "'" + ... + "'": GCC 12 warns -Wrestrict on that chain of operator+
    // (a false positive, GCC bug 105329).
    std::string quoted = "'";
    quoted += text::escaped_prefix(s, 80, text::Utf8Check::lead_and_continuation);
    quoted += '\'';
    return quoted;
}

// Why an RU name maps as it does, or why it names no preset.
std::string_view ru_note(audit::RuNote note) {
    switch (note) {
        case audit::RuNote::none:
            return {};
        // J 8 gives no territory in seki, but the servers that write these records (KGS, OGS,
        // Fox) score every region that reaches one colour as its territory, and their games stop
        // with dame unfilled, which J 8's words put in seki too: on kgs-6d-plus, J 8's reading
        // turned 158 matching records into differences and made 153 others match by accident
        // (docs/rules-notes.md, "Seki").
        case audit::RuNote::server_seki:
            return "as servers score it, every region reaching one colour counted "
                   "(seki-eyes=territory; J 8 gives no territory in seki, and server games stop "
                   "with dame unfilled)";
        case audit::RuNote::korean:
            return "Korean rules count as the Japanese 1989 rules do (territory, simple ko, no "
                   "territory in seki; their draw on a repeated position is not modelled, as J 12 "
                   "is not), read here as servers score them, every region reaching one colour "
                   "counted (seki-eyes=territory)";
        // Ing's rules (SST 1991/1996; OGS writes "GOE"): area counting by fill-in, multi-stone
        // suicide and komi 8 fit the knobs, but Ing's ko rules (which ko captures may be
        // retaken, by kind of ko) are none of psk, ssk, nssk and simple, and a komi of 8 where
        // Black wins ties is not a number knob either.
        case audit::RuNote::ing:
            return "Ing's ko rules are no value of the ko knob, and komi 8 with ties to Black is "
                   "no komi value";
        case audit::RuNote::button:
            return "a button replaces AGA 7's pass stones and AGA 11's last move";
    }
    return {};
}

std::string_view katago_unread(audit::KataGoUnread u) {
    switch (u) {
        case audit::KataGoUnread::ko_spight:
            return "ko SPIGHT (no ko knob says Spight's rule)";
    }
    return {};
}

}  // namespace

std::string ru_mapping_text(const audit::RuReason& r) {
    using audit::RuForm;
    const std::string q = quoted_ru(r.text);
    const std::string_view note = ru_note(r.note);
    switch (r.form) {
        case RuForm::empty:
            return "RU is empty; not mapped";
        case RuForm::preset:
            return fmt::format(
                "RU {} names the {} preset{}{}{}", q, r.name,
                r.overrides.empty() ? "" : fmt::format(" ({}{})", r.name, r.overrides),
                note.empty() ? "" : ": ", note);
        case RuForm::other_rules: {
            std::string presets;
            for (const std::string_view name : audit::preset_names()) {
                if (!presets.empty()) presets += ", ";
                presets += name;
            }
            return fmt::format(
                "RU {} names the {} rules, which are none of the presets ({}){}{}; not mapped", q,
                r.name, presets, note.empty() ? "" : ": ", note);
        }
        case RuForm::katago_json:
            return fmt::format(
                "RU {} looks like KataGo's JSON rules form, which is not read; not mapped", q);
        case RuForm::katago_incomplete:
            return fmt::format(
                "RU {} is an incomplete KataGo rules string (KataGo always writes ko, score and "
                "sui); not mapped",
                q);
        case RuForm::katago_unread: {
            std::string why;
            for (const audit::KataGoUnread u : r.unread) {
                if (!why.empty()) why += "; ";
                why += katago_unread(u);
            }
            return fmt::format("RU {} is a KataGo rules string with {}; not mapped", q, why);
        }
        case RuForm::katago:
            return fmt::format("RU {} is a KataGo rules string, read knob by knob as {}{}", q,
                               r.spec,
                               r.komi_ignored ? " (its komi is ignored: KM gives the komi)" : "");
        case RuForm::unknown:
            return fmt::format("RU {} is not a ruleset name sgfaudit knows; not mapped", q);
        case RuForm::user_mapping:
            return fmt::format("RU {} is mapped by --map-ru {}={}", q, r.name, r.spec);
    }
    return {};
}

namespace {

std::string joined(const std::vector<std::string_view>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) out += ", ";
        out += names[i];
    }
    return out;
}

}  // namespace

std::string spec_error_text(const audit::SpecError& e) {
    using audit::SpecErrorKind;
    switch (e.kind) {
        case SpecErrorKind::none:
            return {};
        case SpecErrorKind::no_ruleset:
            return fmt::format("no ruleset given: expected one of {}", joined(e.allowed));
        case SpecErrorKind::empty_item:
            return fmt::format("empty item {} in {}", e.item_number, quoted_ru(e.text));
        case SpecErrorKind::missing_name:
            return fmt::format("missing ruleset name before ':' in {}: expected one of {}",
                               quoted_ru(e.item), joined(e.allowed));
        case SpecErrorKind::unknown_ruleset: {
            // A decimal comma ("komi=7,5") splits the list: the name then starts with a digit.
            const bool digit = !e.part.empty() && e.part.front() >= '0' && e.part.front() <= '9';
            return fmt::format(
                "unknown ruleset {} in {}: expected one of {}, or a rules name or KataGo rules "
                "string as RU[] gives it{}{}",
                quoted_ru(e.part), quoted_ru(e.text), joined(e.allowed),
                digit ? " (',' separates rulesets: write decimals with '.')" : "",
                did_you_mean(e.part, e.allowed));
        }
        case SpecErrorKind::knob_before_ruleset:
            return fmt::format(
                "{} in {} sets a knob before any ruleset is named: start with one of {}",
                quoted_ru(e.part), quoted_ru(e.text), joined(e.allowed));
        case SpecErrorKind::empty_override:
            return fmt::format("empty override after ':' in {}", quoted_ru(e.item));
        case SpecErrorKind::not_knob_value:
            return fmt::format(
                "{} in {} is not knob=value (rulesets are separated by ',', overrides by ':')",
                quoted_ru(e.part), quoted_ru(e.item));
        case SpecErrorKind::unknown_knob:
            return fmt::format("unknown knob {} in {}: the knobs are {}{}", quoted_ru(e.knob),
                               quoted_ru(e.item), joined(e.allowed),
                               did_you_mean(e.knob, e.allowed));
        case SpecErrorKind::knob_set_twice:
            return fmt::format("knob '{}' is set twice in {}", e.knob, quoted_ru(e.item));
        case SpecErrorKind::bad_value:
            return fmt::format("bad value {} for knob '{}' in {}: expected one of {}{}",
                               quoted_ru(e.part), e.knob, quoted_ru(e.item), joined(e.allowed),
                               did_you_mean(e.part, e.allowed));
        case SpecErrorKind::bad_number:
            return fmt::format(
                "bad value {} for knob '{}' in {}: expected a number such as 7.5 or -0.5, at most "
                "{} in size",
                quoted_ru(e.part), e.knob, quoted_ru(e.item), e.max_number);
        case SpecErrorKind::same_ruleset:
            return fmt::format("{} and {} in {} name the same ruleset ({})", quoted_ru(e.first),
                               quoted_ru(e.second), quoted_ru(e.text), e.spec);
        case SpecErrorKind::not_one_ruleset:
            return fmt::format("{} names {} rulesets; expected one", quoted_ru(e.text), e.count);
        case SpecErrorKind::not_name_spec:
            return fmt::format("{} is not NAME=SPEC (e.g. NZ=tromp-taylor:ko=ssk)",
                               quoted_ru(e.text));
        case SpecErrorKind::in_ru_override:
            return fmt::format("{}: {}", quoted_ru(e.part),
                               e.inner.empty() ? std::string() : spec_error_text(e.inner.front()));
    }
    return {};
}

}  // namespace sgfaudit::report
