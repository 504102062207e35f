#pragma once
// The researcher's tables (docs/report-format.md "report.sqlite and
// results.csv"): the rows of report.sqlite as typed values and the rows of results.csv, made
// per game in the parallel stage from the same facts as the other report files. Pure: the
// rows are appended to strings; the pipeline puts them into the database (it alone links
// SQLite). Same input, same bytes.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/report/check.hpp"
#include "sgfaudit/report/folder.hpp"

namespace sgfaudit::report {

// The schema of report.sqlite, in its run table's `schema` column.
inline constexpr std::string_view kSqlSchema = "sgfaudit-sqlite/1";

// The tables rows are made for, in the order of sql_schema(). run and rulesets are written
// once per run (sql_run_rows); the per-game tables take the game's id (games.game_id, given by
// the writer in input order) as their first column, not held in the encoded row; diagnostics
// rows name their file and game.
enum class SqlTable : std::uint8_t {
    run,
    rulesets,
    games,
    results,
    divergences,
    record_checks,
    record_issues,
    diagnostics,
};
inline constexpr std::size_t kSqlTables = 8;
std::string_view to_string(SqlTable t) noexcept;
// True for a table whose rows take the current game's id as first column.
bool takes_game_id(SqlTable t) noexcept;

// CREATE TABLE statements of every table (keys included), in SqlTable order.
std::string_view sql_schema() noexcept;
// CREATE INDEX statements, run after the rows are in (the file is smaller and the same bytes).
std::string_view sql_indexes() noexcept;
// "INSERT INTO TABLE VALUES(?,...)" with one parameter per column (the game id's included).
std::string sql_insert(SqlTable t);
// The number of columns of `t` (the game id's included).
std::size_t sql_columns(SqlTable t) noexcept;

// One value of an encoded row.
struct SqlValue {
    enum class Type : std::uint8_t { null, integer, real, text };
    Type type = Type::null;
    std::int64_t integer = 0;
    double real = 0;
    std::string_view text;  // into the encoded rows
};

// Appends the rows of the run and rulesets tables.
void append_sql_run_rows(std::string& out, const RunDescription& run, std::string_view version,
                         bool full_json);
// Appends the rows of one audited game: games, then its results (one per ruleset), divergences
// (one per divergence and pair of rulesets), the record check, the record issues (but those
// --ignore sets aside). `facts` is game_facts(input).
void append_sql_game_rows(std::string& out, const CheckInput& input, const GameFacts& facts);
// Appends one diagnostics row per diagnostic (but those of a code in `ignore`), as
// diagnostics.csv has them.
void append_sql_diagnostic_rows(std::string& out, std::span<const sgf::Diagnostic> diagnostics,
                                std::span<const std::string> ignore = {});

// Reads rows back from the front of `in`: true and the row's table and values (pointing into
// `in`'s bytes) when a whole row is there, which is then removed from `in`; false when `in` is
// empty or holds only part of a row (more bytes to come). `damaged` is set when the bytes are
// not rows.
bool next_sql_row(std::string_view& in, SqlTable& table, std::vector<SqlValue>& values,
                  bool& damaged);

// results.csv: one row per game and ruleset (docs/report-format.md; its header line:
// report/files.hpp).
void append_results_csv_rows(std::string& out, const CheckInput& input, const GameFacts& facts);

}  // namespace sgfaudit::report
