// The rows of report.sqlite and results.csv (report/tables.hpp): the schema's columns and the
// encoded rows agree, rows read back whole (and a row cut short waits for its rest), one
// results.csv row per ruleset.

#include "sgfaudit/report/tables.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"

using namespace sgfaudit;

namespace {

struct Audited {
    sgf::Document doc;
    sgf::GameRecord record;
    audit::GameAudit audit;
    report::CheckInput input;

    explicit Audited(const std::string& sgf_text, const char* rules)
        : doc(sgf::read_document("g.sgf", sgf_text)), record(sgf::read_record(doc, 0)) {
        const auto list = audit::parse_ruleset_list(rules);
        audit = audit::audit_game(record, list.rulesets);
        input = report::check_input(doc.file(), record, audit);
    }
    Audited(const Audited&) = delete;
};

// The columns of a CREATE TABLE statement of the schema: its lines but the key constraints.
std::size_t schema_columns(std::string_view table) {
    const std::string_view schema = report::sql_schema();
    const std::string start = "CREATE TABLE " + std::string(table) + "(\n";
    std::size_t at = schema.find(start);
    REQUIRE(at != std::string_view::npos);
    at += start.size();
    std::size_t n = 0;
    for (std::size_t end = schema.find('\n', at); schema.substr(at, 1) != ")";
         at = end + 1, end = schema.find('\n', at)) {
        if (schema.substr(at, 13) != "  PRIMARY KEY") ++n;
    }
    return n;
}

std::vector<std::pair<report::SqlTable, std::vector<report::SqlValue>>> read_all(
    std::string_view in) {
    std::vector<std::pair<report::SqlTable, std::vector<report::SqlValue>>> rows;
    report::SqlTable table{};
    std::vector<report::SqlValue> values;
    bool damaged = false;
    while (report::next_sql_row(in, table, values, damaged)) rows.emplace_back(table, values);
    CHECK_FALSE(damaged);
    CHECK(in.empty());
    return rows;
}

// An outcome divergence between japanese and chinese: a 5x5 game of two passes where White
// passed once more (pass stones under neither) and the counts differ by the stones played.
const char* const kGame =
    "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Japanese]RE[W+0.5]PB[Bee]PW[Wes]"
    ";B[cc];W[];B[];W[])";

}  // namespace

TEST_CASE("sql tables: the schema has as many columns as the rows give", "[report][sqlite]") {
    for (std::size_t t = 0; t < report::kSqlTables; ++t) {
        const auto table = static_cast<report::SqlTable>(t);
        INFO(report::to_string(table));
        CHECK(schema_columns(report::to_string(table)) == report::sql_columns(table));
        const std::string insert = report::sql_insert(table);
        CHECK(static_cast<std::size_t>(std::count(insert.begin(), insert.end(), '?')) ==
              report::sql_columns(table));
    }
}

TEST_CASE("sql tables: a game gives a games row - one result per ruleset - its record check",
          "[report][sqlite]") {
    Audited g(kGame, "japanese,chinese");
    const report::GameFacts facts = report::game_facts(g.input);
    std::string rows;
    report::append_sql_game_rows(rows, g.input, facts);
    const auto all = read_all(rows);
    REQUIRE(all.size() >= 4);
    CHECK(all[0].first == report::SqlTable::games);
    CHECK(all[0].second[0].text == "g.sgf");
    CHECK(all[0].second[1].integer == 1);
    CHECK(all[0].second[6].text == "Bee");
    CHECK(all[1].first == report::SqlTable::results);
    CHECK(all[1].second[1].text == "japanese");
    CHECK(all[2].first == report::SqlTable::results);
    CHECK(all[2].second[1].text == "chinese");
    // Decisive counts: territory under japanese, area under chinese.
    CHECK(all[1].second[6].text == "territory");
    CHECK(all[2].second[6].text == "area");
    std::size_t checks = 0;
    for (const auto& [table, values] : all) {
        CHECK(values.size() + 1 == report::sql_columns(table));
        if (table == report::SqlTable::record_checks) {
            ++checks;
            CHECK(values[0].text == audit::to_string(g.audit.record.check));
            CHECK(values[4].text == "W+0.5");
        }
    }
    CHECK(checks == 1);

    std::string csv;
    report::append_results_csv_rows(csv, g.input, facts);
    CHECK(std::count(csv.begin(), csv.end(), '\n') == 2);
    CHECK(csv.find("g.sgf,1,5,5,Bee,Wes,Japanese,W+0.5,0.5,0,4,scored,japanese,two_passes,4,1,"
                   "territory,") == 0);
}

TEST_CASE("sql tables: a row cut short waits for its rest - damage is told", "[report][sqlite]") {
    std::vector<sgf::Diagnostic> diagnostics(1);
    diagnostics[0].severity = sgf::Severity::warning;
    diagnostics[0].code = "S103";
    diagnostics[0].file = "f.sgf";
    diagnostics[0].message = "repeated AP";
    diagnostics[0].game = 0;
    std::string rows;
    report::append_sql_diagnostic_rows(rows, diagnostics);
    report::append_sql_diagnostic_rows(rows, diagnostics, std::vector<std::string>{"S103"});
    std::string_view cut = std::string_view(rows).substr(0, rows.size() - 1);
    report::SqlTable table{};
    std::vector<report::SqlValue> values;
    bool damaged = false;
    CHECK_FALSE(report::next_sql_row(cut, table, values, damaged));
    CHECK_FALSE(damaged);
    CHECK(cut.size() == rows.size() - 1);  // nothing taken
    std::string_view whole = rows;
    REQUIRE(report::next_sql_row(whole, table, values, damaged));
    CHECK(table == report::SqlTable::diagnostics);
    REQUIRE(values.size() == 8);
    CHECK(values[0].type == report::SqlValue::Type::null);  // the id SQLite gives
    CHECK(values[2].integer == 1);                          // 1-based game
    CHECK(values[3].type == report::SqlValue::Type::null);  // no line
    CHECK(values[6].text == "S103");
    CHECK(whole.empty());  // the ignored code gave no row
    std::string bad = rows;
    bad[4] = static_cast<char>(99);  // no such table
    std::string_view b = bad;
    CHECK_FALSE(report::next_sql_row(b, table, values, damaged));
    CHECK(damaged);
}
