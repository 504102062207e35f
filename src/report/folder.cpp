// The per-game pieces of the report folder: CSV rows and the facts the summary counts
// (docs/report-format.md).

#include "sgfaudit/report/folder.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>

#include "common.hpp"
#include "sgfaudit/report/ignore.hpp"
#include "sgfaudit/sgf/encoding.hpp"

namespace sgfaudit::report {

using detail::board_point;
using detail::color_letter;
using detail::ruleset_label;
using detail::unsure_text;

namespace {

// What each byte asks of a CSV field: kSpecial a control character or a byte that is not ASCII
// (written as \xNN or checked as UTF-8), kQuote a comma or a double quote (the field quoted).
constexpr std::uint8_t kSpecial = 1, kQuote = 2;
constexpr std::array<std::uint8_t, 256> kCsvBytes = [] {
    std::array<std::uint8_t, 256> t{};
    for (int u = 0; u < 256; ++u) {
        if (u < 0x20 || u >= 0x7f) t[static_cast<std::size_t>(u)] = kSpecial;
    }
    t[','] = t['"'] = kQuote;
    return t;
}();

}  // namespace

void append_csv_field(std::string& out, std::string_view field) {
    // One pass over the field finds what it needs: most fields (paths, names, labels) are plain
    // printable ASCII without a comma or a quote, and are appended as they are.
    std::uint8_t seen = 0;
    for (const char c : field) seen |= kCsvBytes[static_cast<unsigned char>(c)];
    const bool special = (seen & kSpecial) != 0;
    bool quote = (seen & kQuote) != 0;
    // Control characters and bytes that are not UTF-8 as \xNN (sgf::printable_text), so a cell is
    // one line of valid UTF-8.
    std::string safe;
    if (special) {
        safe = sgf::printable_text(field);
        field = safe;
        quote = field.find_first_of(",\"") != std::string_view::npos;
    }
    // A cell a spreadsheet would take for a formula (= + - @ first) is defused with a leading
    // apostrophe, and quoted.
    const bool formula =
        !field.empty() && std::string_view("=+-@").find(field.front()) != std::string_view::npos;
    if (!formula && !quote) {
        out += field;
        return;
    }
    out += '"';
    if (formula) out += '\'';
    for (const char c : field) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
}

namespace {

std::string_view label_of(const audit::GameAudit& a, std::size_t ruleset) {
    return ruleset < a.results.size() ? ruleset_label(a.results[ruleset].ruleset)
                                      : std::string_view("?");
}

// divergences.csv's last three cells (with their commas): `yes` when every pair is settled,
// else `no`; the pairs' knobs (the pair named when there are several); the unsure strings.
void append_settled_cells(std::string& out, const audit::GameAudit& a,
                          const std::vector<PairCause>& causes) {
    bool settled = true;
    std::string knobs, unsure;
    for (const PairCause& c : causes) {
        settled = settled && c.settled;
        const std::string k = detail::knobs_text(c.knobs);
        if (!k.empty()) {
            if (!knobs.empty()) knobs += " | ";
            if (causes.size() > 1) {
                knobs += fmt::format("{} vs {}: ", label_of(a, c.first), label_of(a, c.second));
            }
            knobs += k;
        }
        const std::string u = c.settled ? std::string() : detail::unsure_text(a, c);
        if (!u.empty() && unsure.find(u) == std::string::npos) {
            if (!unsure.empty()) unsure += ", ";
            unsure += u;
        }
    }
    out += settled ? ",yes," : ",no,";
    append_csv_field(out, knobs);
    out += ',';
    append_csv_field(out, unsure);
}

// The typed value of one ruleset's side of a divergence, for its column of divergences.csv:
// legality "legal" or the reason; end "two_passes:9" (how and at which move); outcome and record
// the deciding count ("W+6.5 area"); accounting both counts ("area W+1.5; territory B+0.5").
std::string verdict_cell(const audit::GameAudit& a, const audit::Divergence& d,
                         const audit::Verdict& v) {
    if (v.ruleset >= a.results.size()) return "";
    const audit::RulesetResult& r = a.results[v.ruleset];
    const audit::Score& s = r.score;
    switch (d.kind) {
        case audit::DivergenceKind::legality:
            return v.reason ? std::string(audit::to_string(*v.reason)) : std::string("legal");
        case audit::DivergenceKind::end:
            return fmt::format("{}:{}", audit::to_string(r.end), r.end_move);
        case audit::DivergenceKind::outcome:
        case audit::DivergenceKind::record:
            return fmt::format("{} {}", detail::count_result(s.decision()),
                               audit::to_string(s.decisive));
        case audit::DivergenceKind::accounting: {
            const bool quick = r.ruleset.pass_stones == audit::PassStones::quick_count;
            return fmt::format("area {}; {} {}", detail::count_result(s.area),
                               quick ? "quick" : "territory",
                               detail::count_result(quick ? s.quick : s.territory));
        }
    }
    return "";
}

}  // namespace

void append_divergence_rows(std::string& out, const CheckInput& in) {
    const audit::GameAudit& a = *in.audit;
    for (const audit::Divergence& d : a.divergences) {
        append_csv_field(out, in.file);
        out += fmt::format(",{},", in.game + 1);
        if (d.move != 0) out += fmt::format("{}", d.move);
        out += ',';
        if (d.has_point) out += color_letter(d.color);
        out += ',';
        if (d.has_point) {
            if (auto p = board_point(d.point, a.width, a.height)) out += *p;
            out += ',';
            out += sgf::sgf_coordinates(d.point);
        } else {
            out += ',';
        }
        out += ',';
        out += audit::to_string(d.kind);
        out += ',';
        const std::vector<PairCause> causes = divergence_causes(a, d);
        out += to_string(causes.front().cause);
        out += ',';
        append_csv_field(out, d.clause);
        out += ',';
        std::vector<std::string_view> names;
        std::string rulesets;
        std::vector<std::string> cells(a.results.size());
        for (const audit::Verdict& v : d.verdicts) {
            const std::string_view name = label_of(a, v.ruleset);
            if (std::find(names.begin(), names.end(), name) == names.end()) {
                names.push_back(name);
                if (!rulesets.empty()) rulesets += ';';
                rulesets += name;
            }
            if (v.ruleset < cells.size() && cells[v.ruleset].empty()) {
                cells[v.ruleset] = verdict_cell(a, d, v);
            }
        }
        append_csv_field(out, rulesets);
        for (const std::string& cell : cells) {
            out += ',';
            append_csv_field(out, cell);
        }
        out += ',';
        append_csv_field(out, detail::divergence_summary(a, d));
        append_settled_cells(out, a, causes);
        out += '\n';
    }
}

void append_record_issue_rows(std::string& out, const CheckInput& in) {
    const audit::GameAudit& a = *in.audit;
    for (std::size_t i = 0; i < a.record_issues.size(); ++i) {
        const audit::RecordIssue& issue = a.record_issues[i];
        if (is_ignored(in.ignore, audit::to_string(issue.code()))) continue;
        append_csv_field(out, in.file);
        out += fmt::format(",{},", in.game + 1);
        if (issue.move != 0) out += fmt::format("{}", issue.move);
        out += ',';
        if (i < in.issue_locations.size() && in.issue_locations[i].line != 0) {
            out += fmt::format("{},{}", in.issue_locations[i].line, in.issue_locations[i].column);
        } else {
            out += ',';
        }
        out += ',';
        out += audit::to_string(issue.severity);
        out += ',';
        out += audit::to_string(issue.code());
        out += ',';
        append_csv_field(out, issue_message(issue, a.height));
        out += '\n';
    }
}

void append_diagnostic_rows(std::string& out, std::span<const sgf::Diagnostic> diagnostics,
                            std::span<const std::string> ignore) {
    for (const sgf::Diagnostic& d : diagnostics) {
        if (is_ignored(ignore, d.code)) continue;
        append_csv_field(out, d.file);
        out += ',';
        if (d.game >= 0) out += fmt::format("{}", d.game + 1);
        out += ',';
        if (d.where.line != 0)
            out += fmt::format("{},{}", d.where.line, d.where.column);
        else
            out += ',';
        out += ',';
        out += sgf::to_string(d.severity);
        out += ',';
        out += d.code;
        out += ',';
        append_csv_field(out, d.message);
        out += '\n';
    }
}

std::string_view to_string(Ending e) noexcept {
    switch (e) {
        case Ending::scored:
            return "scored";
        case Ending::counted:
            return "counted";
        case Ending::resigned:
            return "resigned";
        case Ending::time:
            return "time";
        case Ending::forfeit:
            return "forfeit";
        case Ending::unfinished:
            return "unfinished";
        case Ending::not_auditable:
            return "not_auditable";
    }
    return "?";
}

namespace {

// Points per divergence kind for "the ten most interesting games" (docs/report-format.md):
// legality, end, outcome, accounting, record. A divergence on unsettled counts, or an outcome
// divergence from dead stones alone, is worth kMinorInterest: the first may not be one, the
// second is what strict TT 8 says of every game whose players left dead stones on the board.
constexpr std::array<std::uint32_t, kDivergenceKinds> kInterest = {10, 2, 8, 1, 4};
constexpr std::uint32_t kMinorInterest = 1;

Ending ending_of(const CheckInput& in) {
    const audit::GameAudit& a = *in.audit;
    if (!a.auditable) return Ending::not_auditable;
    if (in.result_kind) {
        switch (*in.result_kind) {
            case sgf::ResultKind::resign:
                return Ending::resigned;
            case sgf::ResultKind::time:
                return Ending::time;
            case sgf::ResultKind::forfeit:
                return Ending::forfeit;
            default:
                break;
        }
    }
    const bool scored = std::any_of(a.results.begin(), a.results.end(), [](const auto& r) {
        return r.end == audit::EndKind::two_passes || r.end == audit::EndKind::all_pass_alive;
    });
    if (scored) return Ending::scored;
    const bool counted = std::any_of(a.results.begin(), a.results.end(), [](const auto& r) {
        return r.end == audit::EndKind::counted;
    });
    return counted ? Ending::counted : Ending::unfinished;
}

}  // namespace

std::uint16_t margin_bin(double difference) noexcept {
    const double d = difference < 0 ? -difference : difference;
    constexpr double kUpTo[] = {0.25, 1, 3, 6, 10, 20};
    for (std::uint16_t b = 0; b < 6; ++b) {
        if (d <= kUpTo[b]) return b;
    }
    return 6;
}

GameFacts game_facts(const CheckInput& in) {
    const audit::GameAudit& a = *in.audit;
    GameFacts f;
    f.file = std::string(in.file);
    f.game = in.game;
    const std::string_view black = in.black_name.empty() ? "?" : in.black_name;
    const std::string_view white = in.white_name.empty() ? "?" : in.white_name;
    f.players.reserve(black.size() + 4 + white.size());
    f.players.append(black).append(" vs ").append(white);
    f.findings = audit::has_findings(a);
    f.illegal = std::any_of(a.results.begin(), a.results.end(),
                            [](const audit::RulesetResult& r) { return !r.illegal.empty(); });
    f.moves = a.moves;
    f.ending = ending_of(in);
    f.record = a.record.check;
    f.rules = a.record.rules;
    f.mapped = a.record.mapped;
    for (const audit::RecordIssue& issue : a.record_issues) {
        f.record_issues.emplace_back(audit::to_string(issue.code()), issue.severity);
    }
    f.record_issues_omitted = a.record_issues_omitted;
    // Divergences past the cap count too (their pairs and causes are the listed ones').
    for (std::size_t k = 0; k < kDivergenceKinds; ++k) f.divergences[k] += a.divergences_omitted[k];

    const auto n = static_cast<std::uint16_t>(a.results.size());
    for (const audit::Divergence& d : a.divergences) {
        const auto kind = static_cast<std::size_t>(d.kind);
        const auto k = static_cast<std::uint16_t>(kind);
        bool all_settled = true;
        bool dead_stones_only = d.kind == audit::DivergenceKind::outcome;
        const std::vector<PairCause> causes = divergence_causes(a, d);
        f.groups.push_back(html_group(d.kind, causes.front().cause));
        for (const PairCause& c : causes) {
            all_settled = all_settled && c.settled;
            dead_stones_only = dead_stones_only && c.cause == Cause::dead_stones;
            const std::array<std::uint16_t, 4> key{k, static_cast<std::uint16_t>(c.cause), c.first,
                                                   c.second};
            (c.settled ? f.causes : f.unsettled_causes).push_back(key);
            for (const audit::KnobFlip& flip : c.knobs) {
                f.knobs.push_back({{k, c.first, c.second, static_cast<std::uint16_t>(flip.knob)},
                                   flip.value,
                                   c.settled});
            }
            if (!c.settled) {
                f.unsettled_list.push_back({{k, c.first, c.second}, unsure_text(a, c)});
            }
            // The pairs of legality, end and outcome divergences (two rulesets).
            if (d.kind != audit::DivergenceKind::accounting &&
                d.kind != audit::DivergenceKind::record && c.first < c.second && c.second < n) {
                (c.settled ? f.pairs : f.unsettled_pairs).push_back({k, c.first, c.second});
            }
        }
        ++f.divergences[kind];
        if (!all_settled) ++f.unsettled[kind];
        dead_stones_only = dead_stones_only && all_settled && !causes.empty();
        if (dead_stones_only) ++f.dead_stones_only;
        f.interest += all_settled && !dead_stones_only ? kInterest[kind] : kMinorInterest;
        if (d.kind == audit::DivergenceKind::accounting && !d.verdicts.empty()) {
            f.accounting.push_back(static_cast<std::uint16_t>(d.verdicts.front().ruleset));
        }
    }
    // The margin differences of the pairs that both scored the game.
    auto lead = [](const audit::Count& c) {
        return c.winner == audit::Winner::black   ? c.margin
               : c.winner == audit::Winner::white ? -c.margin
                                                  : 0.0;
    };
    for (std::uint16_t i = 0; i < n; ++i) {
        for (std::uint16_t j = i + 1; j < n; ++j) {
            const audit::Score& u = a.results[i].score;
            const audit::Score& v = a.results[j].score;
            if (!u.scored || !v.scored) continue;
            f.margins.push_back({i, j, margin_bin(lead(u.decision()) - lead(v.decision()))});
        }
    }
    for (std::size_t kind = 0; kind < kDivergenceKinds; ++kind) {
        if (f.divergences[kind] == 0) continue;
        if (!f.interest_text.empty()) f.interest_text += ", ";
        f.interest_text += fmt::format("{} {}", f.divergences[kind],
                                       audit::to_string(static_cast<audit::DivergenceKind>(kind)));
    }
    return f;
}

}  // namespace sgfaudit::report
