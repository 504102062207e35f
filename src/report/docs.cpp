// rules.md and diagnostics.md compiled in (docs_text.hpp is generated from docs/ by CMake).

#include "sgfaudit/report/docs.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>

#include "sgfaudit/docs_text.hpp"
#include "sgfaudit/text/text.hpp"

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

namespace {

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

// The section of exactly this id, or of the clause a figure belongs to ("AGA 6 figure 3").
std::optional<std::string> one_section(std::string_view clause) {
    std::string want = normalized(clause);
    std::optional<std::string> out;
    if (want.empty()) return out;
    for (int attempt = 0; attempt < 2 && !out; ++attempt) {
        for_each_clause([&](std::string_view id, std::string_view section) {
            if (normalized(id) != want) return true;
            out = std::string(section);
            return false;
        });
        // "...FIGUREn": drop the figure, keep its clause.
        const std::size_t figure = want.rfind("FIGURE");
        if (figure == std::string::npos || figure == 0 || figure + 6 == want.size()) break;
        if (!std::all_of(want.begin() + static_cast<std::ptrdiff_t>(figure + 6), want.end(),
                         is_digit))
            break;
        want.resize(figure);
    }
    return out;
}

}  // namespace

std::vector<std::string> clause_ids(std::string_view citation) {
    std::vector<std::string> out;
    std::size_t at = 0;
    while (at <= citation.size()) {
        std::size_t end = citation.find_first_of(",;/()", at);
        if (end == std::string_view::npos) end = citation.size();
        const std::string_view piece = text::trim_space_tab(citation.substr(at, end - at));
        at = end + 1;
        if (piece.empty() || piece.find('=') != std::string_view::npos) continue;
        if (is_digit(piece.front()) && piece.find(' ') == std::string_view::npos && !out.empty()) {
            // "J 8, 10": a bare number continues the id before it ("J " + "10").
            const std::string& before = out.back();
            const std::size_t space = before.rfind(' ');
            if (space != std::string::npos) {
                out.push_back(before.substr(0, space + 1) + std::string(piece));
                continue;
            }
        }
        out.emplace_back(piece);
    }
    return out;
}

std::optional<std::string> explain_clause(std::string_view clause) {
    if (auto whole = one_section(clause)) return whole;
    const std::vector<std::string> ids = clause_ids(clause);
    if (ids.empty()) return std::nullopt;
    std::string out;
    for (const std::string& id : ids) {
        const auto section = one_section(id);
        if (!section) return std::nullopt;
        if (!out.empty() && !out.ends_with("\n\n")) out += '\n';
        out += *section;
    }
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
