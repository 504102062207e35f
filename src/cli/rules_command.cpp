// `sgfaudit rules [SPEC]`: every preset and knob with the seed clause behind it, the
// rulesets a --rules SPEC names, or (--explain CLAUSE) what one clause says.

#include <fmt/format.h>

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/cli/cli.hpp"
#include "sgfaudit/report/check.hpp"
#include "sgfaudit/report/docs.hpp"
#include "sgfaudit/report/suggest.hpp"

namespace sgfaudit::cli {

namespace {

constexpr const char* kRulesUsage = R"(usage: sgfaudit rules [SPEC]
       sgfaudit rules --explain CLAUSE

Without SPEC: prints every preset and every knob, with the rule clause behind each value.
With SPEC (as given to --rules, e.g. "aga:ko=ssk,french"; a ruleset may also be named as RU[]
names it: Korean, NZ, a KataGo rules string such as koPOSITIONALscoreAREAtaxNONEsui1): checks
it and prints each ruleset it names, labelled by its canonical spec (the one name every report
gives it), with its knobs.
--explain CLAUSE prints what a clause the reports cite says, in sgfaudit's words (docs/rules.md,
also rules.md in every report folder), e.g. --explain "AGA 6", --explain tt8, --explain "FFG 6a",
--explain "J 8, 10" (a citation of several clauses prints each).
)";

// The presets, from the preset table: "Presets: tromp-taylor, aga, ...".
std::string preset_line() {
    std::string names;
    for (const std::string_view name : audit::preset_names()) {
        names += fmt::format("{}{}", names.empty() ? "" : ", ", name);
    }
    return fmt::format("Presets: {}.\n", names);
}

}  // namespace

int rules_command(const std::vector<std::string>& given, std::ostream& out, std::ostream& err) {
    // "--" ends the options (there are none but --help): "rules -- SPEC" is "rules SPEC".
    std::vector<std::string> args = given;
    if (!args.empty() && args[0] == "--") {
        args.erase(args.begin());
    } else if (!args.empty() && (args[0] == "-h" || args[0] == "--help")) {
        out << kRulesUsage << preset_line();
        return kClean;
    }
    if (args.empty()) {
        out << audit::rules_text();
        return kClean;
    }
    if (args[0] == "--explain" || args[0].rfind("--explain=", 0) == 0) {
        std::string clause = args[0] == "--explain" ? "" : args[0].substr(10);
        for (std::size_t i = args[0] == "--explain" ? 1 : args.size(); i < args.size(); ++i) {
            clause += (clause.empty() ? "" : " ") + args[i];  // --explain AGA 6, unquoted
        }
        if (const auto text = report::explain_clause(clause)) {
            out << *text;
            return kClean;
        }
        const std::vector<std::string> clause_ids = report::clause_ids();
        std::string ids;
        for (const std::string& id : clause_ids) ids += (ids.empty() ? "" : ", ") + id;
        const std::vector<std::string_view> names(clause_ids.begin(), clause_ids.end());
        const std::string_view nearest = report::nearest_name(clause, names);
        err << "sgfaudit rules --explain: no clause '" << clause << "'"
            << (nearest.empty() ? "" : fmt::format(" (did you mean '{}'?)", nearest))
            << "; the clauses are: " << ids << "\n";
        return kCannotRun;
    }
    if (args[0].starts_with("--") && given[0] != "--") {
        static constexpr std::string_view kOptions[] = {"--explain", "--help"};
        const std::string name = args[0].substr(0, args[0].find('='));
        return usage_error(
            err, "rules",
            fmt::format("unknown option '{}'{}", args[0], report::did_you_mean(name, kOptions)));
    }
    if (args.size() > 1) return usage_error(err, "rules", "one SPEC at most");
    const audit::RulesetListParse parsed = audit::parse_ruleset_list(args[0]);
    if (!parsed.ok()) {
        return usage_error(err, "rules", report::spec_error_text(parsed.error));
    }
    for (const audit::Ruleset& r : parsed.rulesets) out << audit::describe(r) << "\n";
    return kClean;
}

}  // namespace sgfaudit::cli
