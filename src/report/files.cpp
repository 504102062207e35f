// The table of a report folder's files (files.hpp): names, header lines, which runs write them,
// and which games games.jsonl has a line for.

#include "sgfaudit/report/files.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "sgfaudit/report/check.hpp"
#include "sgfaudit/report/folder.hpp"

namespace sgfaudit::report {

namespace {

// The rows in the order of FolderFile: folder_file indexes the table by it.
constexpr bool rows_in_enum_order() {
    for (std::size_t i = 0; i < kFolderFiles.size(); ++i) {
        if (static_cast<std::size_t>(kFolderFiles[i].file) != i) return false;
    }
    return true;
}
static_assert(rows_in_enum_order());

constexpr std::string_view kRulesetsColumns = "{rulesets}";

}  // namespace

std::string header_line(FolderFile f, std::span<const std::string> rulesets) {
    const std::string_view header = folder_file(f).header;
    const std::size_t at = header.find(kRulesetsColumns);
    if (at == std::string_view::npos) return std::string(header);
    std::string out(header.substr(0, at == 0 ? 0 : at - 1));  // without the comma before it
    for (const std::string& r : rulesets) {
        out += ',';
        append_csv_field(out, r);
    }
    out += header.substr(at + kRulesetsColumns.size());
    return out;
}

std::string index_link(std::string_view anchor) {
    return fmt::format("{}#{}", file_name(FolderFile::index_html), anchor);
}

std::string index_link_from_pages(std::string_view anchor) {
    return "../" + index_link(anchor);
}

std::string page_path(std::string_view id, std::size_t page) {
    const std::string_view pages = file_name(FolderFile::pages);
    return page <= 1 ? fmt::format("{}/{}.html", pages, id)
                     : fmt::format("{}/{}-{}.html", pages, id, page);
}

bool written(const FolderFileRow& row, const FolderSelection& selection) noexcept {
    switch (row.when) {
        case WrittenWhen::always:
            return true;
        case WrittenWhen::sqlite:
            return selection.sqlite;
        case WrittenWhen::shard:
            return selection.shard;
        case WrittenWhen::paged:
            return selection.paged;
    }
    return false;
}

std::vector<std::string_view> folder_entries(const FolderSelection& selection) {
    std::vector<std::string_view> names;
    for (const FolderFileRow& row : kFolderFiles) {
        if (written(row, selection)) names.push_back(file_name(row.file, selection.gzip));
    }
    return names;
}

bool report_entry(std::string_view name) noexcept {
    return std::any_of(kFolderFiles.begin(), kFolderFiles.end(), [&](const FolderFileRow& row) {
        return name == row.name || (!row.gzip_name.empty() && name == row.gzip_name);
    });
}

bool JsonlSelection::game(const audit::GameAudit& a) const {
    if (findings_only && !audit::has_findings(a)) return false;
    if (only == 0) return true;
    for (const audit::Divergence& d : a.divergences) {
        if ((only >> static_cast<unsigned>(d.kind)) & 1u) return true;
    }
    return (only & kOnlyRecordErrors) != 0 &&
           std::any_of(a.record_issues.begin(), a.record_issues.end(),
                       [](const audit::RecordIssue& i) {
                           return i.severity == audit::IssueSeverity::error;
                       });
}

bool JsonlSelection::file(std::span<const sgf::Diagnostic> diagnostics) const {
    if (only != 0) return false;
    return !findings_only ||
           std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const sgf::Diagnostic& d) { return d.severity == sgf::Severity::error; });
}

std::string announced_files(bool sqlite) {
    std::vector<const FolderFileRow*> rows;
    for (const FolderFileRow& row : kFolderFiles) {
        if (row.announced != 0 && written(row, FolderSelection{.sqlite = sqlite})) {
            rows.push_back(&row);
        }
    }
    std::sort(rows.begin(), rows.end(),
              [](const auto* a, const auto* b) { return a->announced < b->announced; });
    std::string out;
    for (const FolderFileRow* row : rows) {
        if (!out.empty()) out += ", ";
        out += row->name;
    }
    return out;
}

}  // namespace sgfaudit::report
