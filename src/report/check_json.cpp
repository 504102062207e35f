// The game object of docs/report-format.md: one JSON object per game on one line (check
// --format json, games.jsonl).

#include <algorithm>
#include <ostream>
#include <string>

#include "common.hpp"
#include "json.hpp"
#include "sgfaudit/report/cause.hpp"
#include "sgfaudit/report/check.hpp"
#include "sgfaudit/report/folder.hpp"
#include "sgfaudit/report/ignore.hpp"

namespace sgfaudit::report {

using detail::board_point;
using detail::board_rows;
using detail::color_letter;
using detail::divergence_summary;
using detail::JsonWriter;
using detail::record_computed;
using detail::record_reason;
using detail::ruleset_label;
using detail::verdict_text;
using detail::winner_letter;

// True when a count of ruleset `index` decides something in this game (docs/report-format.md,
// "counted"): the game ended by two passes under it, or it has a verdict in an outcome,
// accounting or record divergence. The compact form writes the count's terms only then.
bool detail::counted(const audit::GameAudit& a, std::size_t index) {
    if (a.results[index].score.scored) return true;
    for (const audit::Divergence& d : a.divergences) {
        if (d.kind != audit::DivergenceKind::outcome &&
            d.kind != audit::DivergenceKind::accounting &&
            d.kind != audit::DivergenceKind::record) {
            continue;
        }
        for (const audit::Verdict& v : d.verdicts) {
            if (v.ruleset == index) return true;
        }
    }
    return false;
}

namespace {

std::optional<std::int64_t> opt_move(const std::optional<std::uint32_t>& m) {
    if (!m) return std::nullopt;
    return static_cast<std::int64_t>(*m);
}

// "point" (board coordinates, null for a pass or off the board) and "sgf" (null for a pass, or
// for an off-board value that is not two letters).
void write_point(JsonWriter& j, bool pass, sgf::Point p, int width, int height) {
    if (pass) {
        j.key("point").null();
        j.key("sgf").null();
        return;
    }
    const std::optional<std::string> bp = board_point(p, width, height);
    j.key("point").opt_str(bp ? std::optional<std::string_view>(*bp) : std::nullopt);
    const std::string sgf = p == sgf::kNoPoint ? std::string() : sgf::sgf_coordinates(p);
    j.key("sgf").opt_str(sgf.empty() ? std::nullopt : std::optional<std::string_view>(sgf));
}

void write_board_rows(JsonWriter& j, const audit::Position& board) {
    j.begin_array();
    for (const std::string& row : board_rows(board)) j.str(row);
    j.end_array();
}

// {"black":..,"white":..,"winner":..,"margin":..}: at most 3 * 32 + 50 bytes.
void put_count(detail::JsonPieces& out, const audit::Count& c) {
    out.text("{\"black\":").num(c.black).text(",\"white\":").num(c.white);
    out.text(",\"winner\":").name(winner_letter(c.winner)).text(",\"margin\":").num(c.margin);
    out.text("}");
}

// {"stones":..,"territory":..,...}: at most 6 * 11 + 70 bytes.
void put_side(detail::JsonPieces& out, int stones, int territory, int captures, int dead,
              int passes, int pass_stones) {
    out.text("{\"stones\":").integer(stones).text(",\"territory\":").integer(territory);
    out.text(",\"captures\":").integer(captures).text(",\"dead\":").integer(dead);
    out.text(",\"passes\":").integer(passes).text(",\"pass_stones\":").integer(pass_stones);
    out.text("}");
}

void write_illegal(JsonWriter& j, const audit::GameAudit& a, const audit::RulesetResult& r);
void write_ruleset_full(JsonWriter& j, const audit::RulesetResult& r, bool with_count);

void write_ruleset(JsonWriter& j, const audit::GameAudit& a, std::size_t index, GameJson form) {
    const audit::RulesetResult& r = a.results[index];
    const bool full = form == GameJson::full;
    j.begin_object();
    if (full) j.key("name").str(r.ruleset.name);
    j.key("spec").str(ruleset_label(r.ruleset));
    if (r.ruleset.komi_override) {
        j.key("komi_override").num(*r.ruleset.komi_override);
    } else if (full) {
        j.key("komi_override").null();
    }
    // Compact: the list only when a play was illegal.
    if (full || !r.illegal.empty()) write_illegal(j, a, r);
    // Only in a game over the cap (--max-listed): the list above is its first part.
    if (r.illegal_omitted != 0) j.key("illegal_omitted").integer(r.illegal_omitted);

    // The members below hold numbers and stable names only (no escapes), written as pieces;
    // the two free texts (komi_source, dead_source) go through the writer.
    const audit::Score& s = r.score;
    const bool with_count = detail::counted(a, index);
    detail::JsonPieces m = j.members(512);
    m.text("\"end\":").name(audit::to_string(r.end));
    m.text(",\"end_move\":").integer(r.end_move);
    if (!full) {
        // Compact: the defaults left out; a count only where it decides something.
        if (r.moves_after_end != 0) m.text(",\"moves_after_end\":").integer(r.moves_after_end);
        if (r.resumed) m.text(",\"resumed\":true");
        if (with_count) m.text(",\"scored\":").boolean(s.scored);
        m.text(",\"counted\":").boolean(with_count);
        if (with_count) {
            m.text(",\"decisive\":").name(audit::to_string(s.decisive));
            m.text(",\"winner\":").name(winner_letter(s.decision().winner));
            m.text(",\"margin\":").num(s.decision().margin);
            m.text(",\"count\":{\"black\":").num(s.decision().black);
            m.text(",\"white\":").num(s.decision().white).text("}");
            if (!s.settled) {
                m.text(",\"settled\":false,\"unsettled\":").name(audit::to_string(s.unsettled));
            }
        }
        j.done(m);
        j.end_object();
        return;
    }
    j.done(m);
    write_ruleset_full(j, r, with_count);
}

void write_illegal(JsonWriter& j, const audit::GameAudit& a, const audit::RulesetResult& r) {
    j.key("illegal").begin_array();
    for (const audit::Illegal& i : r.illegal) {
        j.begin_object();
        j.key("move").integer(i.move);
        j.key("color").str(color_letter(i.color));
        j.key("pass").boolean(i.pass);
        write_point(j, i.pass, i.point, a.width, a.height);
        j.key("reason").str(audit::to_string(i.reason));
        j.key("clause").str(i.clause);
        j.key("repeats_move").opt_integer(opt_move(i.repeats_move));
        j.key("applied").boolean(i.applied);
        j.end_object();
    }
    j.end_array();
}

// The full form's members of a ruleset after end_move (schema 2's), and its end.
void write_ruleset_full(JsonWriter& j, const audit::RulesetResult& r, bool with_count) {
    const audit::Score& s = r.score;
    detail::JsonPieces m = j.members(512);
    m.text("\"moves_after_end\":").integer(r.moves_after_end);
    m.text(",\"resumed\":").boolean(r.resumed);
    m.text(",\"scored\":").boolean(s.scored);
    m.text(",\"counted\":").boolean(with_count);
    m.text(",\"decisive\":").name(audit::to_string(s.decisive));
    m.text(",\"winner\":").name(winner_letter(s.decision().winner));
    m.text(",\"margin\":").num(s.decision().margin);
    m.text(",\"terms\":{\"komi\":").num(s.komi);
    j.done(m);
    j.key("komi_source").str(komi_source_text(s));
    m = j.members(128);
    m.text("\"handicap\":").integer(s.handicap);
    m.text(",\"handicap_bonus\":").num(s.handicap_bonus);
    j.done(m);
    j.key("dead_source").str(dead_source_text(s.dead_source, s.dead_oracle, s.engine_dead));
    j.key("settled").boolean(s.settled);
    if (!s.settled) j.key("unsettled").str(audit::to_string(s.unsettled));
    m = j.members(1280);  // sides 2 * 136, count 77, scores 479, KataGo's terms under 190,
                          // the rest under 120 bytes
    m.text("\"black\":");
    put_side(m, s.black_stones, s.black_territory, s.captures_by_black, s.dead_black,
             s.passes_black, s.pass_stones_to_black);
    m.text(",\"white\":");
    put_side(m, s.white_stones, s.white_territory, s.captures_by_white, s.dead_white,
             s.passes_white, s.pass_stones_to_white);
    m.text(",\"neutral\":").integer(s.neutral);
    m.text(",\"white_extra_pass\":").boolean(s.white_extra_pass);
    m.text(",\"black_moved_last\":").boolean(s.black_moved_last);
    // KataGo's own terms, only under the rulesets that have them (KG button, KG encore, KG tax).
    if (r.ruleset.dead == audit::DeadRule::pass_alive) {
        m.text(",\"button\":{\"black\":").num(s.button_black);
        m.text(",\"white\":").num(s.button_white);
        m.text("},\"played\":{\"black\":").integer(s.played_black);
        m.text(",\"white\":").integer(s.played_white).text("}");
    }
    if (r.ruleset.seki_eyes == audit::SekiEyes::taxed) {
        m.text(",\"group_tax\":{\"black\":").integer(s.group_tax_black);
        m.text(",\"white\":").integer(s.group_tax_white).text("}");
    }
    m.text("},\"count\":{\"black\":").num(s.decision().black);
    m.text(",\"white\":").num(s.decision().white).text("}");
    {
        m.text(",\"scores\":{\"area\":");
        put_count(m, s.area);
        m.text(",\"territory\":");
        put_count(m, s.territory);
        m.text(",\"quick\":");
        put_count(m, s.quick);
        m.text("}");
    }
    j.done(m);
    j.end_object();
}

void write_divergence(JsonWriter& j, const audit::Divergence& d, const audit::GameAudit& a,
                      GameJson form) {
    const bool full = form == GameJson::full;
    j.begin_object();
    j.key("kind").str(audit::to_string(d.kind));
    // Compact: move, color, point and sgf only when there are.
    if (d.move != 0) {
        j.key("move").integer(d.move);
    } else if (full) {
        j.key("move").null();
    }
    if (d.has_point) {
        j.key("color").str(color_letter(d.color));
    } else if (full) {
        j.key("color").null();
    }
    if (d.has_point) {
        write_point(j, false, d.point, a.width, a.height);
    } else if (full) {
        j.key("point").null();
        j.key("sgf").null();
    }
    j.key("clause").str(d.clause);
    const std::vector<PairCause> causes = divergence_causes(a, d);
    j.key("cause").str(to_string(causes.front().cause));
    j.key("causes").begin_array();
    for (const PairCause& c : causes) {
        j.begin_object();
        j.key("rulesets").begin_array();
        if (c.first < a.results.size()) j.str(ruleset_label(a.results[c.first].ruleset));
        if (c.second != c.first && c.second < a.results.size()) {
            j.str(ruleset_label(a.results[c.second].ruleset));
        }
        j.end_array();
        j.key("cause").str(to_string(c.cause));
        // added within the schema: new fields: A pair on unsettled counts says so
        // with the strings left undecided; the knobs that alone flip it (or reproduce RE).
        if (!c.settled) {
            j.key("settled").boolean(false);
            j.key("unsure").str(detail::unsure_text(a, c));
        }
        if (!c.knobs.empty()) {
            j.key("knobs").begin_array();
            for (const audit::KnobFlip& k : c.knobs) {
                const auto i = static_cast<std::size_t>(k.knob);
                j.begin_object();
                j.key("knob").str(i < audit::knob_names().size() ? audit::knob_names()[i] : "?");
                j.key("value").str(k.value);
                j.key("swing").num(k.swing);
                j.end_object();
            }
            j.end_array();
        }
        j.end_object();
    }
    j.end_array();
    if (full) j.key("summary").str(divergence_summary(a, d));  // compact: divergences.csv
    j.key("verdicts").begin_array();
    for (const audit::Verdict& v : d.verdicts) {
        j.begin_object();
        j.key("ruleset").str(v.ruleset < a.results.size()
                                 ? ruleset_label(a.results[v.ruleset].ruleset)
                                 : std::string_view("?"));
        j.key("index").integer(static_cast<std::int64_t>(v.ruleset));
        if (full) j.key("text").str(verdict_text(a, d, v));
        j.key("legal").boolean(v.legal);
        j.key("reason").opt_str(
            v.reason ? std::optional<std::string_view>(audit::to_string(*v.reason)) : std::nullopt);
        j.key("clause").str(v.clause);
        j.key("repeats_move").opt_integer(opt_move(v.repeats_move));
        j.end_object();
    }
    j.end_array();
    if (full) {
        j.key("board_before");
        write_board_rows(j, d.board_before);
        j.key("board_after");
        write_board_rows(j, d.board_after);
    }
    j.end_object();
}

void write_diagnostics(JsonWriter& j, std::span<const sgf::Diagnostic> diagnostics,
                       IgnoredCodes ignore, GameJson form) {
    j.begin_array();
    for (const sgf::Diagnostic& d : diagnostics) {
        if (is_ignored(ignore, d.code)) continue;
        j.begin_object();
        j.key("severity").str(sgf::to_string(d.severity));
        j.key("code").str(d.code);
        j.key("line").integer(d.where.line);
        j.key("column").integer(d.where.column);
        // Compact: the code and place; the words are in diagnostics.csv.
        if (form == GameJson::full) {
            j.key("message").str(d.message);
            j.key("text").str(sgf::format(d));
        }
        j.end_object();
    }
    j.end_array();
}

// "ignored": {"S103": 2, ...}: what --ignore set aside, by code; absent when nothing was.
void write_ignored(JsonWriter& j, const IgnoredCounts& counts) {
    if (counts.empty()) return;
    j.key("ignored").begin_object();
    for (const auto& [code, n] : counts) j.key(code).integer(static_cast<std::int64_t>(n));
    j.end_object();
}

void write_player(JsonWriter& j, std::string_view name, std::string_view rank) {
    j.begin_object();
    j.key("name").str(name);
    j.key("rank").str(rank);
    j.end_object();
}

// The game's facts: where it is, the players, RU, RE and KM.
void write_game_heading(JsonWriter& j, const CheckInput& in, const audit::GameAudit& a,
                        GameJson form) {
    const bool full = form == GameJson::full;
    j.key("schema").str(kGameSchema);
    j.key("form").str(to_string(form));
    j.key("file").str(in.file);
    // Numbers, booleans and stable names as pieces (no escapes): at most 5 * 24 + 80 bytes.
    detail::JsonPieces m = j.members(256);
    m.text("\"game\":").integer(in.game + 1);
    m.text(",\"auditable\":").boolean(a.auditable);
    m.text(",\"findings\":").boolean(audit::has_findings(a));
    m.text(",\"width\":").integer(a.width);
    m.text(",\"height\":").integer(a.height);
    j.done(m);
    j.key("black");
    write_player(j, in.black_name, in.black_rank);
    j.key("white");
    write_player(j, in.white_name, in.white_rank);
    j.key("ru").str(in.rules);
    j.key("re").opt_str(in.result);
    if (in.komi) {
        j.key("komi").num(*in.komi);
    } else {
        j.key("komi").null();
    }
    // Compact: KM's text only when it is not the number as written.
    if (full || !in.komi || json_number(*in.komi) != in.komi_text) {
        j.key("komi_text").str(in.komi_text);
    }
}

// The handicap, who moves first, the number of moves and (full form) the run's settings.
void write_game_play(JsonWriter& j, const CheckInput& in, const audit::GameAudit& a, bool full) {
    detail::JsonPieces m = j.members(256);  // at most 2 * 24 + 110 bytes
    m.text("\"handicap\":").integer(a.handicap);
    if (full || a.handicap_by_plays) {
        m.text(",\"handicap_by_plays\":").boolean(a.handicap_by_plays);
    }
    m.text(",\"first_player\":").name(color_letter(a.first_player));
    m.text(",\"moves\":").integer(a.moves);
    // The run's settings: compact leaves them to summary.json (run) and report.sqlite (run).
    if (full) m.text(",\"dead\":").name(audit::to_string(in.options.dead));
    j.done(m);
    if (full) {
        j.key("dead_points").begin_array();
        for (const std::string& p : in.options.dead_points) j.str(p);
        j.end_array();
        m = j.members(64);
        m.text("\"on_illegal\":").name(audit::to_string(in.options.on_illegal));
        j.done(m);
    }
}

// The record against its own rules: "record": {...}.
void write_record(JsonWriter& j, const audit::RecordVerdict& rv, bool full) {
    j.key("record").begin_object();
    detail::JsonPieces m = j.members(64);
    m.text("\"check\":").name(audit::to_string(rv.check));
    j.done(m);
    // Compact: RE and RU are the game's `re` and `ru`; the count only when RE was compared
    // with the count of a game ended by two passes (dead_source set); no empty reason.
    const bool compared = rv.dead_source.has_value();
    if (full) {
        j.key("recorded").str(rv.recorded);
        j.key("rules").str(rv.rules);
    }
    j.key("mapped").str(rv.mapped);
    if (full || compared) j.key("computed").str(record_computed(rv));
    const std::string reason = record_reason(rv);
    // Compact: the reason only where RE was compared with a count (match, mismatch, unsettled,
    // agreed, convention: it says which reading reproduced RE, or why not); why a record was
    // not compared (not_comparable, unmapped_rules, no_result) is in the full form and the
    // report's tables.
    const bool not_compared = rv.check == audit::RecordCheck::not_comparable ||
                              rv.check == audit::RecordCheck::unmapped_rules ||
                              rv.check == audit::RecordCheck::no_result;
    if (full || (!reason.empty() && !not_compared)) j.key("reason").str(reason);
    if (full || compared) {
        j.key("dead_source")
            .str(compared ? dead_source_text(*rv.dead_source, rv.dead_oracle, rv.engine_dead)
                          : std::string());
    }
    if (rv.difference) {
        j.key("difference").num(*rv.difference);
    } else if (full) {
        j.key("difference").null();
    }
    if (!rv.agreed_alive.empty()) {  // R12
        j.key("agreed_alive").begin_array();
        for (const sgf::Point& p : rv.agreed_alive) j.str(sgf::sgf_coordinates(p));
        j.end_array();
    }
    if (!rv.decided_unsure.empty()) {  // R20
        j.key("decided_unsure").begin_array();
        for (const sgf::Point& p : rv.decided_unsure) j.str(sgf::sgf_coordinates(p));
        j.end_array();
    }
    j.end_object();
}

// The record issues not set aside by --ignore, and those of each code past the cap.
void write_record_issues(JsonWriter& j, const CheckInput& in, const audit::GameAudit& a,
                         bool full) {
    j.key("record_issues").begin_array();
    for (std::size_t i = 0; i < a.record_issues.size(); ++i) {
        const audit::RecordIssue& issue = a.record_issues[i];
        if (is_ignored(in.ignore, audit::to_string(issue.code()))) continue;
        j.begin_object();
        // Compact: `move`, `line` and `column` only when known (the full form writes null).
        if (issue.move != 0) {
            j.key("move").integer(issue.move);
        } else if (full) {
            j.key("move").null();
        }
        j.key("code").str(audit::to_string(issue.code()));
        j.key("severity").str(audit::to_string(issue.severity));
        if (full) j.key("message").str(issue_message(issue, a.height));  // compact: the CSV
        const bool located = i < in.issue_locations.size() && in.issue_locations[i].line != 0;
        if (located) {
            j.key("line").integer(in.issue_locations[i].line);
            j.key("column").integer(in.issue_locations[i].column);
        } else if (full) {
            j.key("line").null();
            j.key("column").null();
        }
        j.end_object();
    }
    j.end_array();
    if (std::any_of(
            a.record_issues_omitted.begin(), a.record_issues_omitted.end(),
            [&](const audit::OmittedIssues& o) { return !is_ignored(in.ignore, o.code); })) {
        // {"occupied": 998000, ...}: the issues of each code past the cap, not listed.
        j.key("record_issues_omitted").begin_object();
        for (const audit::OmittedIssues& o : a.record_issues_omitted) {
            if (!is_ignored(in.ignore, o.code)) j.key(o.code).integer(o.count);
        }
        j.end_object();
    }
}

}  // namespace

void append_game_json(std::string& out, const CheckInput& in, GameJson form) {
    const audit::GameAudit& a = *in.audit;
    const bool full = form == GameJson::full;
    JsonWriter j(out);
    j.begin_object();
    write_game_heading(j, in, a, form);
    write_game_play(j, in, a, full);

    j.key("rulesets").begin_array();
    for (std::size_t i = 0; i < a.results.size(); ++i) write_ruleset(j, a, i, form);
    j.end_array();

    j.key("divergences").begin_array();
    for (const audit::Divergence& d : a.divergences) write_divergence(j, d, a, form);
    j.end_array();
    std::uint64_t divergences_omitted = 0;
    for (const std::uint32_t n : a.divergences_omitted) divergences_omitted += n;
    if (divergences_omitted != 0) {
        j.key("divergences_omitted").integer(static_cast<std::int64_t>(divergences_omitted));
    }

    write_record(j, a.record, full);
    write_record_issues(j, in, a, full);

    j.key("diagnostics");
    write_diagnostics(j, in.diagnostics, in.ignore, form);
    IgnoredCounts ignored;
    count_ignored(ignored, in.ignore, in.diagnostics, &a);
    write_ignored(j, ignored);
    j.end_object();
    j.raw("\n");
}

std::string_view to_string(GameJson form) noexcept {
    return form == GameJson::full ? "full" : "compact";
}

void write_check_json(std::ostream& os, const CheckInput& in, GameJson form) {
    std::string out;
    append_game_json(out, in, form);
    os << out;
}

void append_file_json(std::string& out, std::string_view file,
                      std::span<const sgf::Diagnostic> diagnostics, GameJson form,
                      std::span<const std::string> ignore) {
    JsonWriter j(out);
    j.begin_object();
    j.key("schema").str(kGameSchema);
    j.key("form").str(to_string(form));
    j.key("file").str(file);
    j.key("game").null();
    j.key("findings")
        .boolean(std::any_of(diagnostics.begin(), diagnostics.end(), [](const sgf::Diagnostic& d) {
            return d.severity == sgf::Severity::error;
        }));
    j.key("diagnostics");
    write_diagnostics(j, diagnostics, ignore, form);
    IgnoredCounts ignored;
    count_ignored(ignored, ignore, diagnostics);
    write_ignored(j, ignored);
    j.end_object();
    j.raw("\n");
}

void write_check_json_file(std::ostream& os, std::string_view file,
                           std::span<const sgf::Diagnostic> diagnostics, GameJson form,
                           std::span<const std::string> ignore) {
    std::string out;
    append_file_json(out, file, diagnostics, form, ignore);
    os << out;
}

void write_check_totals_json(std::ostream& os, const CheckTotals& t) {
    std::string out;
    {
        detail::JsonWriter w(out);
        w.begin_object();
        w.key("schema").str(kCheckTotalsSchema);
        w.key("files").integer(static_cast<std::int64_t>(t.files));
        w.key("games").integer(static_cast<std::int64_t>(t.games));
        w.key("games_with_findings").integer(static_cast<std::int64_t>(t.games_with_findings));
        if (!t.ignored.empty()) {
            w.key("ignored").begin_object();
            for (const auto& [code, n] : t.ignored)
                w.key(code).integer(static_cast<std::int64_t>(n));
            w.end_object();
        }
        w.key("exit").begin_object();
        w.key("status").integer(t.findings ? 1 : 0);
        w.key("reason").str(t.findings ? "findings" : "clean");
        w.end_object();
        w.end_object();
        w.raw("\n");
    }
    os << out;
}

}  // namespace sgfaudit::report
