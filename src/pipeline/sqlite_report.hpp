#pragma once
// report.sqlite (`audit --sqlite`, docs/report-format.md): the rows report::append_sql_*_rows
// made, put into an SQLite database in input order by the serial writer stage. The only user of
// libsqlite3 (linked into the pipeline module alone). Internal to the pipeline module.

#include <sqlite3.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/report/tables.hpp"

namespace sgfaudit::pipeline::detail {

class SqliteReport {
  public:
    SqliteReport() = default;
    SqliteReport(const SqliteReport&) = delete;
    SqliteReport& operator=(const SqliteReport&) = delete;
    ~SqliteReport();

    // Creates the database at `path` (a new file) with its tables, in one transaction that
    // finish() ends. False (and error()) when it cannot.
    bool open(const std::string& path);
    // Adds encoded rows (report::append_sql_*_rows); they may come in pieces: a row cut at the
    // end is kept until the rest comes. Each games row gives the next game id.
    void write(std::string_view rows);
    // Makes the indexes, commits, closes the database and makes the file durable (fsync).
    bool finish();
    // Closes without committing (the run is abandoned).
    void discard();
    const std::string& error() const noexcept { return error_; }

  private:
    void fail(std::string_view what);
    sqlite3* db_ = nullptr;
    std::array<sqlite3_stmt*, report::kSqlTables> insert_{};
    std::string path_;
    std::string pending_;  // the start of a row cut by a piece's end
    std::vector<report::SqlValue> values_;
    std::int64_t game_id_ = 0;
    std::string error_;
};

}  // namespace sgfaudit::pipeline::detail
