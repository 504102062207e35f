// report.sqlite: one transaction, rows inserted in input order, indexes made at the end, so the
// file's bytes depend on the rows alone (the same for any --jobs, and for a merge of shards).

#include "sqlite_report.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace sgfaudit::pipeline::detail {

SqliteReport::~SqliteReport() {
    discard();
}

void SqliteReport::fail(std::string_view what) {
    if (!error_.empty()) return;
    error_ = fmt::format("cannot write {}: {}: {}", path_, what,
                         db_ != nullptr ? sqlite3_errmsg(db_) : "out of memory");
}

bool SqliteReport::open(const std::string& path) {
    path_ = path;
    if (sqlite3_open_v2(path.c_str(), &db_,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        nullptr) != SQLITE_OK) {
        fail("open");
        return false;
    }
    // No journal: the file is in the staging folder, and a run that fails removes it; the
    // writer syncs the file itself at the end (finish).
    const std::string setup = fmt::format(
        "PRAGMA page_size=4096;PRAGMA journal_mode=OFF;PRAGMA synchronous=OFF;"
        "PRAGMA temp_store=MEMORY;PRAGMA foreign_keys=OFF;BEGIN;{}",
        report::sql_schema());
    if (sqlite3_exec(db_, setup.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) {
        fail("create tables");
        return false;
    }
    for (std::size_t t = 0; t < report::kSqlTables; ++t) {
        const std::string sql = report::sql_insert(static_cast<report::SqlTable>(t));
        if (sqlite3_prepare_v3(db_, sql.c_str(), -1, SQLITE_PREPARE_PERSISTENT, &insert_[t],
                               nullptr) != SQLITE_OK) {
            fail("prepare");
            return false;
        }
    }
    return true;
}

void SqliteReport::write(std::string_view rows) {
    if (db_ == nullptr || !error_.empty()) return;
    std::string_view in = rows;
    if (!pending_.empty()) {
        pending_ += rows;
        in = pending_;
    }
    report::SqlTable table{};
    bool damaged = false;
    while (report::next_sql_row(in, table, values_, damaged)) {
        sqlite3_stmt* st = insert_[static_cast<std::size_t>(table)];
        int at = 1;
        if (table == report::SqlTable::games) ++game_id_;
        if (report::takes_game_id(table)) sqlite3_bind_int64(st, at++, game_id_);
        for (const report::SqlValue& v : values_) {
            switch (v.type) {
                case report::SqlValue::Type::null:
                    sqlite3_bind_null(st, at);
                    break;
                case report::SqlValue::Type::integer:
                    sqlite3_bind_int64(st, at, v.integer);
                    break;
                case report::SqlValue::Type::real:
                    sqlite3_bind_double(st, at, v.real);
                    break;
                case report::SqlValue::Type::text:
                    sqlite3_bind_text64(st, at, v.text.data(), v.text.size(), SQLITE_STATIC,
                                        SQLITE_UTF8);
                    break;
            }
            ++at;
        }
        const int rc = sqlite3_step(st);
        sqlite3_reset(st);
        sqlite3_clear_bindings(st);
        if (rc != SQLITE_DONE) {
            fail(fmt::format("insert into {}", report::to_string(table)));
            return;
        }
    }
    if (damaged) {
        error_ = fmt::format("cannot write {}: damaged rows", path_);
        return;
    }
    // Keep what is left (part of a row) for the next piece.
    if (in.empty()) {
        pending_.clear();
    } else if (pending_.empty()) {
        pending_.assign(in);
    } else {
        pending_.erase(0, pending_.size() - in.size());
    }
}

bool SqliteReport::finish() {
    if (db_ == nullptr) return error_.empty();
    if (error_.empty() && !pending_.empty())
        error_ = fmt::format("cannot write {}: a row cut short", path_);
    if (error_.empty()) {
        const std::string end = std::string(report::sql_indexes()) + "COMMIT;";
        if (sqlite3_exec(db_, end.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) {
            fail("commit");
        }
    }
    for (sqlite3_stmt*& st : insert_) {
        sqlite3_finalize(st);
        st = nullptr;
    }
    if (sqlite3_close(db_) != SQLITE_OK && error_.empty()) fail("close");
    db_ = nullptr;
    if (!error_.empty()) return false;
    // synchronous=OFF: the file made durable here, before the report is put in place.
    const int fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0 || (::fsync(fd) != 0 && errno != EINVAL)) {
        error_ = fmt::format("cannot write {}: {}", path_, std::strerror(errno));
    }
    if (fd >= 0) ::close(fd);
    return error_.empty();
}

void SqliteReport::discard() {
    for (sqlite3_stmt*& st : insert_) {
        if (st != nullptr) sqlite3_finalize(st);
        st = nullptr;
    }
    if (db_ != nullptr) sqlite3_close(db_);
    db_ = nullptr;
}

}  // namespace sgfaudit::pipeline::detail
