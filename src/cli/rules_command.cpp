// `sgfaudit rules [SPEC]`: every preset and knob with the seed clause behind it, or the
// rulesets a --rules SPEC names.

#include <ostream>

#include "commands.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/cli/cli.hpp"

namespace sgfaudit::cli {

namespace {

constexpr const char* kRulesUsage = R"(usage: sgfaudit rules [SPEC]

Without SPEC: prints every preset (tromp-taylor, aga, french) and every knob, with the seed
clause behind each value. With SPEC (as given to --rules, e.g. "aga:ko=ssk,french"): checks it
and prints the knobs of each ruleset it names.
)";

}  // namespace

int rules_command(const std::vector<std::string>& given, std::ostream& out, std::ostream& err) {
    // "--" ends the options (there are none but --help): "rules -- SPEC" is "rules SPEC".
    std::vector<std::string> args = given;
    if (!args.empty() && args[0] == "--") {
        args.erase(args.begin());
    } else if (!args.empty() && (args[0] == "-h" || args[0] == "--help")) {
        out << kRulesUsage;
        return kClean;
    }
    if (args.empty()) {
        out << audit::rules_text();
        return kClean;
    }
    if (args.size() > 1) {
        err << "sgfaudit rules: one SPEC at most\n\n" << kRulesUsage;
        return kCannotRun;
    }
    const audit::RulesetListParse parsed = audit::parse_ruleset_list(args[0]);
    if (!parsed.ok()) {
        err << "sgfaudit rules: " << parsed.error << "\n";
        return kCannotRun;
    }
    for (const audit::Ruleset& r : parsed.rulesets) out << audit::describe(r) << "\n";
    return kClean;
}

}  // namespace sgfaudit::cli
