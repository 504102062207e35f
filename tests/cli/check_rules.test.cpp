// corpus/rules/: the built binary's `check` output, text and JSON, against the verdicts that
// corpus/rules/README.md states for every file (reason, clause and repeats_move per ruleset, the
// end move, the winner).

#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "run_binary.hpp"

namespace {

std::string rules_file(const std::string& name) {
    return std::string(SGFAUDIT_SOURCE_DIR) + "/corpus/rules/" + name;
}

struct Bad {
    std::uint32_t move;
    std::string color, point, sgf, reason, clause;
    std::optional<std::uint32_t> repeats;
};

struct Expect {
    std::string name;          // preset
    std::vector<Bad> illegal;  // every illegal play
    std::uint32_t end_move;
    std::string end_text;  // the text report's end line after "end: "
    std::string result;    // "W+2.5 (area)"
    std::string winner;    // JSON "B" / "W"
    std::string margin;    // JSON number
};

// The part of `text` from `start` up to the first of `stops` after it.
std::string section(const std::string& text, const std::string& start,
                    const std::vector<std::string>& stops) {
    const std::size_t b = text.find(start);
    REQUIRE(b != std::string::npos);
    std::size_t e = std::string::npos;
    for (const std::string& s : stops) e = std::min(e, text.find(s, b + start.size()));
    // Keep the newline that ends the section's last line.
    return text.substr(b, e == std::string::npos ? std::string::npos : e - b + 1);
}

bool has(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

std::size_t occurrences(const std::string& s, const std::string& part) {
    std::size_t n = 0;
    for (std::size_t p = s.find(part); p != std::string::npos; p = s.find(part, p + 1)) ++n;
    return n;
}

void check_file(const std::string& file, const std::vector<Expect>& rulesets, int status = 1) {
    INFO("file " << file);
    // corpus/rules/README.md's counts are of the board as it stands (`--dead none`): the
    // records are rule demonstrations, not finished games for the judge of end positions.
    const std::string text = run_binary("check --dead none \"" + rules_file(file) + "\"", status);
    const std::string json =
        run_binary("check --dead none --format json \"" + rules_file(file) + "\"", status);
    const std::vector<std::string> names = {"tromp-taylor", "aga", "french"};
    REQUIRE(rulesets.size() == names.size());
    for (std::size_t i = 0; i < rulesets.size(); ++i) {
        const Expect& x = rulesets[i];
        INFO("ruleset " << x.name);
        REQUIRE(x.name == names[i]);
        // Text: "ruleset NAME:" up to the next ruleset or the divergences.
        const std::string t = section(text, "ruleset " + x.name + ":\n",
                                      {"\nruleset ", "\ndivergences", "\nchecked "});
        if (x.illegal.empty()) {
            CHECK(has(t, "illegal plays: none"));
        } else {
            CHECK(has(t, "illegal plays (" + std::to_string(x.illegal.size()) + "):"));
        }
        for (const Bad& b : x.illegal) {
            std::string line = "    move " + std::to_string(b.move) + " " + b.color + " " +
                               b.point + " (" + b.sgf + "): " + b.reason + " (" + b.clause + ")";
            line += b.repeats ? ", repeats the position after move " + std::to_string(*b.repeats)
                              : std::string("\n");
            CHECK(has(t, line));
        }
        CHECK(has(t, "  end: " + x.end_text + "\n"));
        CHECK(has(t, "  result: " + x.result + "\n"));
        // JSON: the ruleset object, up to the next one or the divergences.
        const std::string j =
            section(json, "{\"spec\":\"" + x.name + "\",",
                    {"{\"spec\":\"aga\",", "{\"spec\":\"french\",", "\"divergences\":"});
        CHECK(occurrences(j, "\"reason\":") == x.illegal.size());
        for (const Bad& b : x.illegal) {
            const std::string rep = b.repeats ? std::to_string(*b.repeats) : "null";
            CHECK(has(j, "{\"move\":" + std::to_string(b.move) + ",\"color\":\"" + b.color +
                             "\",\"pass\":false,\"point\":\"" + b.point + "\",\"sgf\":\"" + b.sgf +
                             "\",\"reason\":\"" + b.reason + "\",\"clause\":\"" + b.clause +
                             "\",\"repeats_move\":" + rep + ","));
        }
        CHECK(has(j, "\"end\":\"two_passes\",\"end_move\":" + std::to_string(x.end_move) + ","));
        CHECK(has(j, "\"scored\":true,"));
        CHECK(has(j, "\"winner\":\"" + x.winner + "\",\"margin\":" + x.margin + ","));
    }
}

const std::string two = "two consecutive passes at move ";

}  // namespace

TEST_CASE("corpus/rules/nssk.sgf: W4 is illegal under psk and ssk, legal under nssk",
          "[cli][check][rules]") {
    check_file("nssk.sgf", {{"tromp-taylor",
                             {{4, "W", "C4", "cb", "positional_superko", "TT 6", 1}},
                             6,
                             two + "6",
                             "W+2.5 (area)",
                             "W",
                             "2.5"},
                            {"aga", {}, 6, two + "6", "W+1.5 (territory)", "W", "1.5"},
                            {"french",
                             {{4, "W", "C4", "cb", "situational_superko", "FFG 4", 2}},
                             6,
                             two + "6",
                             "W+2.5 (area)",
                             "W",
                             "2.5"}});
}

TEST_CASE("corpus/rules/suicide-one.sgf: a one-stone suicide is illegal everywhere",
          "[cli][check][rules]") {
    check_file("suicide-one.sgf", {{"tromp-taylor",
                                    {{5, "B", "A5", "aa", "suicide", "TT 7, TT 6", 4}},
                                    8,
                                    two + "8",
                                    "W+2.5 (area)",
                                    "W",
                                    "2.5"},
                                   {"aga",
                                    {{5, "B", "A5", "aa", "suicide", "AGA 5", std::nullopt}},
                                    8,
                                    two + "8",
                                    "W+2.5 (territory)",
                                    "W",
                                    "2.5"},
                                   {"french",
                                    {{5, "B", "A5", "aa", "suicide", "FFG 3", std::nullopt}},
                                    8,
                                    two + "8",
                                    "W+2.5 (area)",
                                    "W",
                                    "2.5"}});
}

TEST_CASE("corpus/rules/suicide-multi.sgf: a two-stone suicide is legal under TT only",
          "[cli][check][rules]") {
    check_file("suicide-multi.sgf",
               {{"tromp-taylor", {}, 10, two + "10", "W+4.5 (area)", "W", "4.5"},
                {"aga",
                 {{7, "B", "B5", "ba", "suicide", "AGA 5", std::nullopt}},
                 10,
                 two + "10",
                 "W+4.5 (territory)",
                 "W",
                 "4.5"},
                {"french",
                 {{7, "B", "B5", "ba", "suicide", "FFG 3", std::nullopt}},
                 10,
                 two + "10",
                 "W+4.5 (area)",
                 "W",
                 "4.5"}});
}

TEST_CASE("corpus/rules/triple-ko.sgf: move 8 repeats move 2 under every superko",
          "[cli][check][rules]") {
    check_file("triple-ko.sgf", {{"tromp-taylor",
                                  {{8, "W", "C2", "cj", "positional_superko", "TT 6", 2}},
                                  10,
                                  two + "10",
                                  "W+4.5 (area)",
                                  "W",
                                  "4.5"},
                                 {"aga",
                                  {{8, "W", "C2", "cj", "natural_situational_superko", "AGA 6", 2}},
                                  10,
                                  two + "10",
                                  "W+3.5 (territory)",
                                  "W",
                                  "3.5"},
                                 {"french",
                                  {{8, "W", "C2", "cj", "situational_superko", "FFG 4", 2}},
                                  10,
                                  two + "10",
                                  "W+4.5 (area)",
                                  "W",
                                  "4.5"}});
}

TEST_CASE("corpus/rules/handicap-passes.sgf: a handicap game ended by passes",
          "[cli][check][rules]") {
    // No finding: the winner is White everywhere (only the margins differ, by the n-1 bonus
    // that TT does not give), so the check exits 0.
    check_file("handicap-passes.sgf",
               {{"tromp-taylor", {}, 11, two + "11", "W+5.5 (area)", "W", "5.5"},
                {"aga", {}, 11, two + "11", "W+6.5 (territory)", "W", "6.5"},
                {"french", {}, 11, two + "11", "W+6.5 (area)", "W", "6.5"}},
               0);
}

TEST_CASE("corpus/rules/resumed.sgf: TT ends at the first double pass, AGA and French at the last",
          "[cli][check][rules]") {
    check_file("resumed.sgf", {{"tromp-taylor",
                                {},
                                12,
                                two + "12; the record goes on for 4 more moves (outside the game)",
                                "W+5.5 (area)",
                                "W",
                                "5.5"},
                               {"aga",
                                {},
                                16,
                                two + "16 (play resumed after an earlier double pass)",
                                "B+4.5 (territory)",
                                "B",
                                "4.5"},
                               {"french",
                                {},
                                16,
                                two + "16 (play resumed after an earlier double pass)",
                                "B+4.5 (area)",
                                "B",
                                "4.5"}});
}
