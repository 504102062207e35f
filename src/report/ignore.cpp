// Codes set aside by --ignore (include/sgfaudit/report/ignore.hpp).

#include "sgfaudit/report/ignore.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "sgfaudit/report/docs.hpp"
#include "sgfaudit/report/suggest.hpp"
#include "sgfaudit/text/text.hpp"

namespace sgfaudit::report {

bool is_ignored(IgnoredCodes ignored, std::string_view code) noexcept {
    if (ignored.empty()) return false;
    const auto it =
        std::lower_bound(ignored.begin(), ignored.end(), code,
                         [](const std::string& a, std::string_view b) { return a < b; });
    return it != ignored.end() && *it == code;
}

std::vector<std::string_view> ignorable_codes() {
    std::vector<std::string_view> out;
    // The first column of the tables of docs/diagnostics.md: "| S103 | warning | ...".
    const std::string_view doc = diagnostics_markdown();
    for (std::size_t at = 0; at < doc.size();) {
        std::size_t end = doc.find('\n', at);
        if (end == std::string_view::npos) end = doc.size();
        const std::string_view line = doc.substr(at, end - at);
        at = end + 1;
        if (line.size() < 8 || line.substr(0, 2) != "| " || line.substr(6, 2) != " |") continue;
        const std::string_view code = line.substr(2, 4);
        const bool shaped =
            (code[0] >= 'A' && code[0] <= 'Z') &&
            std::all_of(code.begin() + 1, code.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (shaped && std::find(out.begin(), out.end(), code) == out.end()) out.push_back(code);
    }
    for (unsigned k = 0; k < 256; ++k) {
        const std::string_view name = audit::to_string(static_cast<audit::IssueCode>(k));
        if (name == "?") break;
        out.push_back(name);
    }
    return out;
}

std::string parse_ignore_list(std::string_view list, std::vector<std::string>& codes) {
    const std::vector<std::string_view> known = ignorable_codes();
    codes.clear();
    for (std::size_t at = 0; at <= list.size();) {
        std::size_t end = list.find(',', at);
        if (end == std::string_view::npos) end = list.size();
        const std::string_view item = text::trim_ascii_whitespace(list.substr(at, end - at));
        at = end + 1;
        if (item.empty()) return fmt::format("empty code in '{}'", list);
        const auto it = std::find_if(known.begin(), known.end(), [&](std::string_view k) {
            return text::iequals_ascii(k, item);
        });
        if (it == known.end()) {
            return fmt::format(
                "'{}' is neither a diagnostic code (docs/diagnostics.md, e.g. S103) nor a "
                "record-issue code (e.g. handicap_inferred){}",
                item, did_you_mean(item, known));
        }
        codes.emplace_back(*it);
    }
    std::sort(codes.begin(), codes.end());
    codes.erase(std::unique(codes.begin(), codes.end()), codes.end());
    return {};
}

void count_ignored(IgnoredCounts& counts, IgnoredCodes ignored,
                   std::span<const sgf::Diagnostic> diagnostics, const audit::GameAudit* audit) {
    if (ignored.empty()) return;
    const auto add = [&](std::string_view code, std::uint64_t n) {
        if (n == 0 || !is_ignored(ignored, code)) return;
        const auto it = counts.find(code);
        if (it != counts.end()) {
            it->second += n;
        } else {
            counts.emplace(std::string(code), n);
        }
    };
    for (const sgf::Diagnostic& d : diagnostics) add(d.code, 1);
    if (audit == nullptr) return;
    for (const audit::RecordIssue& i : audit->record_issues) add(audit::to_string(i.code()), 1);
    for (const audit::OmittedIssues& o : audit->record_issues_omitted) add(o.code, o.count);
}

std::string ignored_text(const IgnoredCounts& counts) {
    std::string out;
    for (const auto& [code, n] : counts) {
        out += fmt::format("{}{} {}", out.empty() ? "" : ", ", code, n);
    }
    return out;
}

}  // namespace sgfaudit::report
