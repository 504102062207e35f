// The registry of record-issue codes (audit/issue_codes.hpp) against docs/report-format.md.

#include "sgfaudit/audit/issue_codes.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#ifndef SGFAUDIT_SOURCE_DIR
#define SGFAUDIT_SOURCE_DIR "."
#endif

using namespace sgfaudit::audit;

namespace {

struct DocRow {
    std::string name;
    std::string severity;
};

// The rows of the table under "## Record issues": "| `occupied` | error | ... |".
std::vector<DocRow> documented_issue_codes() {
    std::ifstream in(std::string(SGFAUDIT_SOURCE_DIR) + "/docs/report-format.md");
    REQUIRE(in.good());
    std::vector<DocRow> rows;
    std::string line;
    bool in_section = false;
    while (std::getline(in, line)) {
        if (line.rfind("## ", 0) == 0) in_section = line == "## Record issues";
        if (!in_section || line.rfind("| `", 0) != 0) continue;
        const std::size_t name_end = line.find('`', 3);
        const std::size_t cell = line.find('|', name_end);
        const std::size_t cell_end = line.find('|', cell + 1);
        REQUIRE(cell_end != std::string::npos);
        std::string severity = line.substr(cell + 1, cell_end - cell - 1);
        while (!severity.empty() && severity.front() == ' ') severity.erase(0, 1);
        while (!severity.empty() && severity.back() == ' ') severity.pop_back();
        rows.push_back({line.substr(3, name_end - 3), severity});
    }
    return rows;
}

const IssueCodeInfo* find_named(std::string_view name) {
    for (const IssueCodeInfo& info : kIssueCodes) {
        if (info.name == name) return &info;
    }
    return nullptr;
}

}  // namespace

TEST_CASE("R10: docs/report-format.md lists every record-issue code once with its severity",
          "[audit][issues][docs]") {
    const std::vector<DocRow> rows = documented_issue_codes();
    REQUIRE(rows.size() == kIssueCodes.size());
    for (const DocRow& row : rows) {
        INFO(row.name << ": " << row.severity);
        const IssueCodeInfo* info = find_named(row.name);
        REQUIRE(info != nullptr);
        const std::string expected =
            std::string(to_string(info->severity)) + (info->or_note ? ", or note" : "");
        CHECK(row.severity == expected);
        std::size_t times = 0;
        for (const DocRow& other : rows) times += other.name == row.name ? 1 : 0;
        CHECK(times == 1);
    }
}

TEST_CASE("R10: a record-issue code's name is the registry's", "[audit][issues]") {
    for (const IssueCodeInfo& info : kIssueCodes) {
        CHECK(to_string(info.code) == info.name);
        CHECK(&issue_code_info(info.code) == &info);
        CHECK_FALSE(info.summary.empty());
    }
    CHECK(allowed_severity(IssueCode::setup_without_handicap, IssueSeverity::note));
    CHECK(allowed_severity(IssueCode::setup_without_handicap, IssueSeverity::error));
    CHECK_FALSE(allowed_severity(IssueCode::occupied, IssueSeverity::note));
    CHECK_FALSE(allowed_severity(IssueCode::komi_quirk, IssueSeverity::error));
}
