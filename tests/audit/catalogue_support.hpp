#pragma once
// Shared helpers of the rules catalogue (catalogue*.test.cpp): SGF from an ASCII board and a move
// list, audit under the three presets, and assertions on verdicts and counts. The notation is
// described at the top of catalogue.test.cpp.

#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"

namespace catalogue {

using namespace sgfaudit;
using audit::EndKind;
using audit::Reason;

inline constexpr std::size_t TT = 0, AGA = 1, FFG = 2;

inline std::vector<audit::Ruleset> presets() {
    return {*audit::preset("tromp-taylor"), *audit::preset("aga"), *audit::preset("french")};
}

inline std::string sgf_point(int x, int y) {
    return {static_cast<char>('a' + x), static_cast<char>('a' + y)};
}

// SGF text of a game on the board drawn by `rows` (AB/AW from X/O) with `root` properties added
// to the root and `moves` in the notation above.
inline std::string game_sgf(const std::vector<std::string>& rows, std::string_view root,
                            std::string_view moves) {
    const int h = static_cast<int>(rows.size());
    const int w = static_cast<int>(rows.front().size());
    std::string ab, aw;
    std::map<char, std::string> label;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const char c = rows[y][x];
            if (c == 'X') ab += "[" + sgf_point(x, y) + "]";
            if (c == 'O') aw += "[" + sgf_point(x, y) + "]";
            if (c >= 'a' && c <= 'z') label[c] = sgf_point(x, y);
        }
    }
    std::string text = "(;GM[1]FF[4]SZ[";
    text += w == h ? std::to_string(w) : std::to_string(w) + ":" + std::to_string(h);
    text += "]";
    text += root;
    if (!ab.empty()) text += "AB" + ab;
    if (!aw.empty()) text += "AW" + aw;
    std::size_t i = 0;
    while (i < moves.size()) {
        if (moves[i] == ' ') {
            ++i;
            continue;
        }
        const std::size_t end = std::min(moves.find(' ', i), moves.size());
        const std::string_view tok = moves.substr(i, end - i);
        i = end;
        std::string where;
        if (tok[1] == '-') {
            where = "";
        } else if (tok[1] == '@') {
            where = std::string(tok.substr(2, 2));
        } else {
            REQUIRE(label.count(tok[1]) == 1);
            where = label[tok[1]];
        }
        text += ";" + std::string(1, tok[0]) + "[" + where + "]";
    }
    return text + ")";
}

inline audit::GameAudit run(const std::string& text,
                            const std::vector<audit::Ruleset>& rulesets = presets(),
                            const audit::AuditOptions& options = {}) {
    INFO("sgf: " << text);
    const sgf::Document doc = sgf::read_document("catalogue.sgf", text);
    REQUIRE(doc.games().size() == 1);
    const sgf::GameRecord record = sgf::read_record(doc, 0);
    REQUIRE(record.auditable);
    audit::GameAudit a = audit::audit_game(record, rulesets, options);
    REQUIRE(a.auditable);
    REQUIRE(a.results.size() == rulesets.size());
    return a;
}

inline const audit::Illegal* find_illegal(const audit::RulesetResult& r, std::uint32_t move) {
    for (const audit::Illegal& i : r.illegal)
        if (i.move == move) return &i;
    return nullptr;
}

// The play `move` is illegal under `r` for `reason`, citing `clause`, repeating `repeats`.
inline void illegal(const audit::RulesetResult& r, std::uint32_t move, Reason reason,
                    std::string_view clause, std::optional<std::uint32_t> repeats) {
    INFO("ruleset " << r.ruleset.name << ", move " << move);
    const audit::Illegal* i = find_illegal(r, move);
    REQUIRE(i != nullptr);
    CHECK(audit::to_string(i->reason) == audit::to_string(reason));
    if (!clause.empty()) CHECK_THAT(i->clause, Catch::Contains(std::string(clause)));
    CHECK(i->repeats_move == repeats);
}

inline void legal(const audit::RulesetResult& r, std::uint32_t move) {
    INFO("ruleset " << r.ruleset.name << ", move " << move);
    CHECK(find_illegal(r, move) == nullptr);
}

inline void illegal_count(const audit::RulesetResult& r, std::size_t n) {
    INFO("ruleset " << r.ruleset.name);
    CHECK(r.illegal.size() == n);
}

inline void ends(const audit::RulesetResult& r, EndKind kind, std::uint32_t move) {
    INFO("ruleset " << r.ruleset.name);
    CHECK(audit::to_string(r.end) == audit::to_string(kind));
    CHECK(r.end_move == move);
    CHECK(r.score.scored == (kind == EndKind::two_passes));
}

inline void count(const audit::Count& c, double black, double white, std::string_view what) {
    INFO(what);
    CHECK(c.black == Approx(black));
    CHECK(c.white == Approx(white));
    const audit::Winner w = black > white   ? audit::Winner::black
                            : white > black ? audit::Winner::white
                                            : audit::Winner::draw;
    CHECK(audit::to_string(c.winner) == audit::to_string(w));
    CHECK(c.margin == Approx(std::abs(black - white)));
}

// R12: the record check of `a` is `agreed`, with the one string at `alive` left on the board and
// the count that reproduces RE won by `winner` by `margin`.
inline void agreed_with(const audit::GameAudit& a, sgf::Point alive, audit::Winner winner,
                        double margin) {
    CHECK(a.record.check == audit::RecordCheck::agreed);
    CHECK(a.record.why == audit::RecordReason::agreement);
    REQUIRE(a.record.agreed_alive.size() == 1);
    CHECK(a.record.agreed_alive[0] == alive);
    REQUIRE(a.record.count.has_value());
    CHECK(a.record.count->winner == winner);
    CHECK(a.record.count->margin == Approx(margin));
}

// The counts every test states: TT area + territory, AGA area + territory, FFG area + quick.
struct Counts {
    double tt_area_b, tt_area_w, tt_terr_b, tt_terr_w;
    double aga_area_b, aga_area_w, aga_terr_b, aga_terr_w;
    double ffg_area_b, ffg_area_w, ffg_quick_b, ffg_quick_w;
};

inline void counts(const audit::GameAudit& a, const Counts& c) {
    count(a.results[TT].score.area, c.tt_area_b, c.tt_area_w, "tromp-taylor area");
    count(a.results[TT].score.territory, c.tt_terr_b, c.tt_terr_w, "tromp-taylor territory");
    count(a.results[AGA].score.area, c.aga_area_b, c.aga_area_w, "aga area");
    count(a.results[AGA].score.territory, c.aga_terr_b, c.aga_terr_w, "aga territory");
    count(a.results[FFG].score.area, c.ffg_area_b, c.ffg_area_w, "french area");
    count(a.results[FFG].score.quick, c.ffg_quick_b, c.ffg_quick_w, "french quick");
    // The decisive counts: TT area (TT 9), AGA territory (AGA 12), French area (FFG 6).
    CHECK(a.results[TT].score.decisive == audit::Scoring::area);
    CHECK(a.results[AGA].score.decisive == audit::Scoring::territory);
    CHECK(a.results[FFG].score.decisive == audit::Scoring::area);
}

inline bool has_divergence(const audit::GameAudit& a, audit::DivergenceKind kind,
                           std::optional<std::uint32_t> move = std::nullopt) {
    for (const audit::Divergence& d : a.divergences)
        if (d.kind == kind && (!move || d.move == *move)) return true;
    return false;
}

// The ruleset `text` names (a spec for parse_ruleset_spec); the test stops when it names none.
inline audit::Ruleset spec(std::string_view text) {
    const audit::RulesetParse p = audit::parse_ruleset_spec(text);
    INFO(text << ": error kind " << static_cast<int>(p.error.kind));
    REQUIRE(p.ok());
    return *p.ruleset;
}

}  // namespace catalogue
