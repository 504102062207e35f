// rules.md and diagnostics.md compiled in (docs_text.hpp is generated from docs/ by CMake).

#include "sgfaudit/report/docs.hpp"

#include <cctype>

#include "sgfaudit/docs_text.hpp"

namespace sgfaudit::report {

namespace {

constexpr std::string_view kClauseHeading = "\n### ";

// Upper case, without spaces, dashes and underscores: "ffg-6a" and "FFG 6a" are the same id.
std::string normalized(std::string_view id) {
    std::string out;
    for (const char c : id) {
        if (c == ' ' || c == '-' || c == '_' || c == '\t') continue;
        out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return out;
}

// Calls f(id, section) for every clause section of rules.md ("### ID" to the next heading).
template <class F>
void for_each_clause(F&& f) {
    const std::string_view text = detail::kRulesMarkdown;
    const std::size_t clauses = text.find("\n## Clauses\n");
    if (clauses == std::string_view::npos) return;
    for (std::size_t at = text.find(kClauseHeading, clauses); at != std::string_view::npos;) {
        const std::size_t start = at + 1;
        const std::size_t line_end = text.find('\n', start);
        const std::string_view id = text.substr(
            start + 4, (line_end == std::string_view::npos ? text.size() : line_end) - start - 4);
        std::size_t next = text.find("\n#", start);
        const std::string_view section =
            text.substr(start, (next == std::string_view::npos ? text.size() : next + 1) - start);
        if (!f(id, section)) return;
        at = next == std::string_view::npos ? next : text.find(kClauseHeading, next);
    }
}

}  // namespace

std::string_view rules_markdown() noexcept {
    return detail::kRulesMarkdown;
}

std::string_view diagnostics_markdown() noexcept {
    return detail::kDiagnosticsMarkdown;
}

std::optional<std::string> explain_clause(std::string_view clause) {
    const std::string want = normalized(clause);
    std::optional<std::string> out;
    if (want.empty()) return out;
    for_each_clause([&](std::string_view id, std::string_view section) {
        if (normalized(id) != want) return true;
        out = std::string(section);
        return false;
    });
    return out;
}

std::vector<std::string> clause_ids() {
    std::vector<std::string> out;
    for_each_clause([&](std::string_view id, std::string_view) {
        out.emplace_back(id);
        return true;
    });
    return out;
}

}  // namespace sgfaudit::report
