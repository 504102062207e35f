// Causes of divergences (docs/report-format.md "Causes"), from typed facts only.

#include "sgfaudit/report/cause.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace sgfaudit::report {

namespace {

struct CauseName {
    std::string_view name, meaning;
};

constexpr std::array<CauseName, kCauses> kNames = {{
    {"suicide", "one ruleset forbids suicide, the other removes the string (TT 7)"},
    {"psk_only_cycle",
     "the play repeats an earlier position in which the other player was to move: positional "
     "superko forbids it, situational superko (ssk, nssk) allows it"},
    {"superko_after_pass",
     "the play repeats a position that followed a pass of the mover: positional and situational "
     "superko forbid it, natural situational superko (which ignores passes) allows it"},
    {"superko_vs_simple_ko", "a superko rule forbids a repetition that simple ko allows"},
    {"end_rule",
     "two passes end the game under one ruleset and play may resume under the other "
     "(final vs resumable), so the game ends at different moves"},
    {"stopped_replay", "--on-illegal stop ended one ruleset's replay at an illegal play"},
    {"no_result_cycle",
     "a whole-board position repeated and RE says the game is void: without result under one "
     "ruleset (cycle=no-result, J 12), ended without passes under the other"},
    {"dead_stones", "different stones are removed as dead (strict TT 8 counts the board as it is)"},
    {"komi", "the komi differs (default komi or an override)"},
    {"handicap_bonus",
     "the compensation for handicap stones differs: a bonus of 0, n-1 or n under area, none "
     "under territory counting (where the stones themselves do not count)"},
    {"pass_stones", "pass stones count in one count and not in the other"},
    {"setup_stones",
     "setup stones outside a handicap count as stones under area counting and not under "
     "territory counting"},
    {"seki_eyes",
     "the eyes of strings in seki are territory under one ruleset and no one's under the other, "
     "or one ruleset takes KataGo's group tax (seki-eyes: J 8 and KG tax against TT 9 and 002 "
     "figure 3)"},
    {"counting_method",
     "area and territory counting of the same board differ (the players placed different "
     "numbers of stones)"},
    {"re_winner", "RE names another winner than the count under the record's own rules"},
    {"re_margin", "RE names the same winner with another margin"},
    {"legality_rule",
     "a suicide or ko knob alone makes one ruleset's game end where the other's did "
     "(--on-illegal stop)"},
    {"button", "KataGo's button (half a point to the first to pass) alone flips the winner"},
    {"combined",
     "no single knob flips the winner: each difference set alone to the other ruleset's value "
     "leaves the winner, only several together change it"},
    {"other", "none of the listed causes"},
}};

bool has_setup_stones(const audit::GameAudit& a) {
    return std::any_of(a.record_issues.begin(), a.record_issues.end(),
                       [](const audit::RecordIssue& i) {
                           return i.code() == audit::IssueCode::setup_without_handicap ||
                                  i.code() == audit::IssueCode::setup_after_start ||
                                  i.code() == audit::IssueCode::setup_after_root;
                       });
}

bool superko(audit::Reason r) {
    return r == audit::Reason::positional_superko || r == audit::Reason::situational_superko ||
           r == audit::Reason::natural_situational_superko;
}

// A play legal under `allows` and illegal for `reason` (repeating the position after move
// `repeats`, when a repetition) under the other ruleset; `d` is the whole divergence.
Cause legality_cause(const audit::GameAudit& a, const audit::Divergence& d, audit::Reason reason,
                     std::optional<std::uint32_t> repeats, const audit::Ruleset& allows) {
    if (reason == audit::Reason::suicide) return Cause::suicide;
    if (!superko(reason)) return Cause::other;
    if (allows.ko == audit::Ko::simple) return Cause::superko_vs_simple_ko;
    if (reason == audit::Reason::situational_superko && allows.ko == audit::Ko::nssk) {
        return Cause::superko_after_pass;
    }
    if (reason != audit::Reason::positional_superko) return Cause::other;
    if (allows.ko == audit::Ko::ssk) return Cause::psk_only_cycle;
    // psk forbids, nssk allows: ssk's verdict, when a ruleset of the run has it, says whether
    // the mover was to move in the repeated position (ssk forbids: it followed a pass of the
    // mover) or not (ssk allows: psk only).
    for (const audit::Verdict& v : d.verdicts) {
        if (v.ruleset < a.results.size() && a.results[v.ruleset].ruleset.ko == audit::Ko::ssk) {
            return v.legal ? Cause::psk_only_cycle : Cause::superko_after_pass;
        }
    }
    // Else by the turns between: an even number of moves since the repeated position means the
    // same player was to move (plays alternate).
    if (repeats && *repeats < d.move) {
        return (d.move - *repeats) % 2 == 0 ? Cause::superko_after_pass : Cause::psk_only_cycle;
    }
    return Cause::other;
}

Cause end_cause(const audit::RulesetResult& u, const audit::RulesetResult& v) {
    if (u.end == audit::EndKind::stopped || v.end == audit::EndKind::stopped) {
        return Cause::stopped_replay;
    }
    if (u.end == audit::EndKind::no_result || v.end == audit::EndKind::no_result) {
        return Cause::no_result_cycle;
    }
    if (u.ruleset.end != v.ruleset.end) return Cause::end_rule;
    return Cause::other;
}

// What pass stones add to Black's margin in the deciding count.
int pass_stone_term(const audit::Score& s) {
    return s.decisive == audit::Scoring::territory ? s.pass_stones_to_black - s.pass_stones_to_white
                                                   : 0;
}

Cause outcome_cause(const audit::GameAudit& a, const audit::RulesetResult& u,
                    const audit::RulesetResult& v) {
    const audit::Score& s = u.score;
    const audit::Score& t = v.score;
    if (u.end_move != v.end_move || u.end != v.end) return Cause::end_rule;
    if (s.dead_black != t.dead_black || s.dead_white != t.dead_white) return Cause::dead_stones;
    if (s.komi != t.komi) return Cause::komi;
    const bool methods_differ = s.decisive != t.decisive;
    if (a.handicap >= 2 && (methods_differ || (s.decisive == audit::Scoring::area &&
                                               s.handicap_bonus != t.handicap_bonus))) {
        return Cause::handicap_bonus;
    }
    if (methods_differ && has_setup_stones(a)) return Cause::setup_stones;
    if (pass_stone_term(s) != pass_stone_term(t)) return Cause::pass_stones;
    // Same board and dead stones: territory differs only where seki-eyes differs and the board
    // has eyes in seki (or regions without independent life); the group tax only where one
    // ruleset has seki-eyes=taxed.
    if (u.ruleset.seki_eyes != v.ruleset.seki_eyes &&
        (s.black_territory != t.black_territory || s.white_territory != t.white_territory ||
         s.group_tax_black != t.group_tax_black || s.group_tax_white != t.group_tax_white)) {
        return Cause::seki_eyes;
    }
    if (methods_differ) return Cause::counting_method;
    return Cause::other;
}

// The area count and the other count of one ruleset (territory with pass stones, or FFG 6a's
// quick count) differ.
Cause accounting_cause(const audit::GameAudit& a, const audit::RulesetResult& r) {
    const audit::Score& s = r.score;
    if (a.handicap >= 2) return Cause::handicap_bonus;
    if (has_setup_stones(a)) return Cause::setup_stones;
    const bool passes = r.ruleset.pass_stones == audit::PassStones::quick_count
                            ? s.passes_black != s.passes_white || s.black_moved_last
                            : s.pass_stones_to_black != s.pass_stones_to_white;
    return passes ? Cause::pass_stones : Cause::counting_method;
}

// The flips of the pair (a, b) of `d`, or null when the audit did not look for them.
const audit::PairFlips* flips_of(const audit::Divergence& d, std::size_t a, std::size_t b) {
    for (const audit::PairFlips& f : d.flips) {
        if (f.a == a && f.b == b) return &f;
    }
    return nullptr;
}

// The knob with the largest swing that alone flips the winner.
Cause counterfactual_cause(const audit::PairFlips& f) {
    const audit::KnobFlip* best = nullptr;
    for (const audit::KnobFlip& k : f.flips) {
        if (best == nullptr || std::abs(k.swing) > std::abs(best->swing) + 1e-9) best = &k;
    }
    return best == nullptr ? Cause::combined : knob_cause(best->knob);
}

bool settled(const audit::GameAudit& a, std::size_t r) {
    return r >= a.results.size() || a.results[r].score.settled;
}

}  // namespace

Cause knob_cause(audit::Knob k) noexcept {
    switch (k) {
        case audit::Knob::suicide:
        case audit::Knob::ko:
            return Cause::legality_rule;
        case audit::Knob::scoring:
            return Cause::counting_method;
        case audit::Knob::seki_eyes:
            return Cause::seki_eyes;
        case audit::Knob::pass_stones:
        case audit::Knob::white_moves_last:
            return Cause::pass_stones;
        case audit::Knob::bonus:
            return Cause::handicap_bonus;
        case audit::Knob::end:
            return Cause::end_rule;
        case audit::Knob::cycle:
            return Cause::no_result_cycle;
        case audit::Knob::dead:
            return Cause::dead_stones;
        case audit::Knob::button:
            return Cause::button;
        case audit::Knob::default_komi:
        case audit::Knob::default_komi_handicap:
        case audit::Knob::komi:
            return Cause::komi;
    }
    return Cause::other;
}

std::vector<sgf::Point> unsure_points(const audit::GameAudit& a, const PairCause& c) {
    std::vector<sgf::Point> out;
    for (const std::uint16_t r : {c.first, c.second}) {
        if (r >= a.results.size()) continue;
        const audit::Score& s = a.results[r].score;
        if (s.settled) continue;
        for (const sgf::Point& p : s.unsure) {
            if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
        }
    }
    std::sort(out.begin(), out.end(), [](const sgf::Point& x, const sgf::Point& y) {
        return x.y != y.y ? x.y < y.y : x.x < y.x;
    });
    return out;
}

std::string_view to_string(Cause c) noexcept {
    const auto i = static_cast<std::size_t>(c);
    return i < kNames.size() ? kNames[i].name : "?";
}

std::string_view describe(Cause c) noexcept {
    const auto i = static_cast<std::size_t>(c);
    return i < kNames.size() ? kNames[i].meaning : "?";
}

std::vector<PairCause> divergence_causes(const audit::GameAudit& a, const audit::Divergence& d) {
    std::vector<PairCause> out;
    const auto n = static_cast<std::uint16_t>(std::min<std::size_t>(a.results.size(), 0xfffe));
    switch (d.kind) {
        case audit::DivergenceKind::legality:
            for (std::size_t x = 0; x < d.verdicts.size(); ++x) {
                for (std::size_t y = x + 1; y < d.verdicts.size(); ++y) {
                    const audit::Verdict& u = d.verdicts[x];
                    const audit::Verdict& v = d.verdicts[y];
                    if (u.legal == v.legal || u.ruleset >= n || v.ruleset >= n) continue;
                    const audit::Verdict& illegal = u.legal ? v : u;
                    const audit::Verdict& legal = u.legal ? u : v;
                    const Cause c =
                        illegal.reason ? legality_cause(a, d, *illegal.reason, illegal.repeats_move,
                                                        a.results[legal.ruleset].ruleset)
                                       : Cause::other;
                    out.push_back({static_cast<std::uint16_t>(std::min(u.ruleset, v.ruleset)),
                                   static_cast<std::uint16_t>(std::max(u.ruleset, v.ruleset)),
                                   c,
                                   true,
                                   {}});
                }
            }
            break;
        case audit::DivergenceKind::end:
            for (std::uint16_t i = 0; i < n; ++i) {
                for (auto j = static_cast<std::uint16_t>(i + 1); j < n; ++j) {
                    const audit::RulesetResult& u = a.results[i];
                    const audit::RulesetResult& v = a.results[j];
                    if (u.end != v.end || u.end_move != v.end_move) {
                        out.push_back({i, j, end_cause(u, v), true, {}});
                    }
                }
            }
            break;
        case audit::DivergenceKind::outcome:
            for (std::uint16_t i = 0; i < n; ++i) {
                for (auto j = static_cast<std::uint16_t>(i + 1); j < n; ++j) {
                    const audit::Score& u = a.results[i].score;
                    const audit::Score& v = a.results[j].score;
                    if (u.scored && v.scored && u.decision().winner != v.decision().winner) {
                        PairCause c{i, j, Cause::other, u.settled && v.settled, {}};
                        if (const audit::PairFlips* f = flips_of(d, i, j)) {
                            c.cause = counterfactual_cause(*f);
                            c.knobs = f->flips;
                        } else {
                            c.cause = outcome_cause(a, a.results[i], a.results[j]);
                        }
                        out.push_back(std::move(c));
                    }
                }
            }
            break;
        case audit::DivergenceKind::accounting:
            if (!d.verdicts.empty() && d.verdicts.front().ruleset < n) {
                const auto r = static_cast<std::uint16_t>(d.verdicts.front().ruleset);
                out.push_back({r, r, accounting_cause(a, a.results[r]), settled(a, r), {}});
            }
            break;
        case audit::DivergenceKind::record: {
            const std::uint16_t r = !d.verdicts.empty() && d.verdicts.front().ruleset < n
                                        ? static_cast<std::uint16_t>(d.verdicts.front().ruleset)
                                        : kNoRuleset;
            PairCause c{
                r, r, a.record.winner_differs ? Cause::re_winner : Cause::re_margin, true, {}};
            if (!d.flips.empty()) c.knobs = d.flips.front().flips;
            out.push_back(std::move(c));
            break;
        }
    }
    if (out.empty()) out.push_back({kNoRuleset, kNoRuleset, Cause::other, true, {}});
    return out;
}

}  // namespace sgfaudit::report
