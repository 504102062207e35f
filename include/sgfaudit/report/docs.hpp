#pragma once
// The documents a report folder carries so that what it cites can be read without the sources:
// rules.md (the model and every cited rule clause, docs/rules.md) and diagnostics.md (the
// diagnostic codes, docs/diagnostics.md), compiled in from docs/.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sgfaudit::report {

// The text of docs/rules.md.
std::string_view rules_markdown() noexcept;
// The text of docs/diagnostics.md.
std::string_view diagnostics_markdown() noexcept;

// The clause ids of one citation as findings and `sgfaudit rules` write them: ids separated by
// ',', ';' or '/', or wrapped in words and parentheses, a bare number continuing the id before it.
// "J 8, 10" gives "J 8", "J 10"; "suicide=forbidden (AGA 5, FFG 3)" gives "AGA 5", "FFG 3" (a
// knob=value names the knob's value, not a clause); "TT 6 / AGA 6 / FFG 4" gives three.
std::vector<std::string> clause_ids(std::string_view citation);

// The section of rules.md about one clause ("TT 6", "AGA 12", "FFG 6a", "FFG Appendix B"), its
// heading included; case, spaces, dashes and underscores in `clause` do not matter ("tt6",
// "ffg-6a"); a figure of a clause ("AGA 6 figure 3") is explained by its clause's section. A
// citation of several clauses ("J 8, 10") gives each one's section, in order. nullopt when
// rules.md lacks one of them.
std::optional<std::string> explain_clause(std::string_view clause);
// Every clause id of rules.md, in its order.
std::vector<std::string> clause_ids();

}  // namespace sgfaudit::report
