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

// The section of rules.md about one clause ("TT 6", "AGA 12", "FFG 6a", "FFG Appendix B"), its
// heading included; case, spaces, dashes and underscores in `clause` do not matter ("tt6",
// "ffg-6a"). nullopt when rules.md has no such clause.
std::optional<std::string> explain_clause(std::string_view clause);
// Every clause id of rules.md, in its order.
std::vector<std::string> clause_ids();

}  // namespace sgfaudit::report
