// audit_archive: the parallel audit of a whole run, streamed into a report folder that is put in
// place only when complete.

#include "sgfaudit/pipeline/archive.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <stdio.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <tbb/enumerable_thread_specific.h>
#include <unistd.h>

#include <algorithm>
#include <boost/filesystem.hpp>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <sstream>

#include "chunk.hpp"
#include "gzip_stream.hpp"
#include "html_groups.hpp"
#include "out_file.hpp"
#include "sgfaudit/report/archive.hpp"
#include "sgfaudit/report/docs.hpp"
#include "sgfaudit/report/tables.hpp"
#include "sgfaudit/version.hpp"
#include "sqlite_report.hpp"

namespace sgfaudit::pipeline {

namespace fs = boost::filesystem;
using detail::OutFile;

namespace {

// The staging folder of a run, beside the target: ".NAME.partial-PID" (".NAME.partial-PID-N"
// when a run of another PID namespace holds that name). It is owned by an exclusive flock on
// its descriptor, held until the run ends (the kernel drops it when the process dies): a run
// never removes a folder another live run holds, whatever their process ids.
struct Staging {
    fs::path path;
    int fd = -1;  // the folder, open and locked
    Staging() = default;
    Staging(const Staging&) = delete;
    Staging& operator=(const Staging&) = delete;
    ~Staging() {
        if (fd >= 0) ::close(fd);
    }
};

// Opens the folder `path` and locks it; -1 when it cannot be opened or another run holds it.
int lock_folder(const fs::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return -1;
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

// True when `dir` is a folder (not a link) of pages a run writes: pages/g-KIND-CAUSE.html and
// pages/g-KIND-CAUSE-N.html files only.
bool only_pages(const fs::path& dir) {
    boost::system::error_code ec;
    if (!fs::is_directory(fs::symlink_status(dir, ec)) || ec) return false;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!fs::is_regular_file(it->symlink_status(ec)) || !name.starts_with("g-") ||
            !name.ends_with(".html") ||
            name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_-") != name.size() - 5)
            return false;
    }
    return !ec;
}

// True when `dir` holds nothing but files a run writes (a staging folder of sgfaudit's).
bool only_report_files(const fs::path& dir) {
    boost::system::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        // index.N.partial: the groups of index.html kept while the run goes (HtmlGroups).
        bool known = name == detail::kShardChunks || name == kGzipJsonl || name == kSqliteFile ||
                     (name == kReportPages && only_pages(it->path())) ||
                     (name.starts_with("index.") && name.ends_with(".partial") &&
                      name.find_first_not_of("0123456789", 6) == name.size() - 8);
        for (const char* f : kReportFiles) known = known || name == f;
        if (!known) return false;
    }
    return !ec;
}

// Removes the staging folders that runs left when they were killed: every ".*.partial-*" folder
// beside the target (for any --name: the default names differ from run to run) that no live run
// holds locked and that holds only report files (nothing of the user's is touched).
void remove_stale_staging(const fs::path& target) {
    const fs::path parent = target.parent_path().empty() ? fs::path(".") : target.parent_path();
    boost::system::error_code ec;
    for (fs::directory_iterator it(parent, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.size() < 2 || name[0] != '.' || name.find(".partial-", 1) == std::string::npos)
            continue;
        const int fd = lock_folder(it->path());
        if (fd < 0) continue;  // a live run's, or not a folder
        if (only_report_files(it->path())) {
            boost::system::error_code rec;
            fs::remove_all(it->path(), rec);
        }
        ::close(fd);
    }
}

// Makes and locks this run's staging folder for `target`.
bool make_staging(const fs::path& target, Staging& staging, std::string& error) {
    const std::string base = fmt::format(".{}.partial-{}", target.filename().string(), ::getpid());
    for (int n = 0; n < 100; ++n) {
        const fs::path path =
            target.parent_path() / (n == 0 ? base : fmt::format("{}-{}", base, n));
        if (::mkdir(path.c_str(), 0755) != 0) {
            if (errno != EEXIST) {
                error = fmt::format("cannot create {}: {}", path.string(), std::strerror(errno));
                return false;
            }
            continue;  // another run's (or a stale one, which the next run will remove)
        }
        staging.fd = lock_folder(path);
        if (staging.fd < 0) {
            error = fmt::format("cannot lock {}: {}", path.string(), std::strerror(errno));
            boost::system::error_code rec;
            fs::remove_all(path, rec);
            return false;
        }
        staging.path = path;
        return true;
    }
    error = fmt::format("cannot create a staging folder beside {}", target.string());
    return false;
}

// Makes what was written to the folder open as `fd` durable (its entries).
bool sync_folder(int fd) {
    return ::fsync(fd) == 0 || errno == EINVAL;  // a file system that cannot sync folders
}

// The first line of the marker (kReportMarker); the names of the files written follow, one a
// line.
constexpr std::string_view kMarkerMagic = "sgfaudit-report/1\n";

// True for a name a run may write into a report folder.
bool report_name(std::string_view name) {
    if (name == detail::kShardChunks || name == kGzipJsonl || name == kSqliteFile ||
        name == kReportPages)
        return true;
    for (const char* f : kReportFiles) {
        if (name == f) return true;
    }
    return false;
}

// The marker's text: the files this run wrote (report.sqlite with --sqlite; the folder pages/
// when index.html's groups went to pages of their own).
std::string report_manifest(bool gzip, bool sharded, bool sqlite, bool paged) {
    std::string text(kMarkerMagic);
    for (const char* f : kReportFiles) {
        if (std::string_view(f) == kReportMarker) continue;
        text += gzip && std::string_view(f) == "games.jsonl" ? kGzipJsonl : f;
        text += '\n';
    }
    if (sqlite) text += std::string(kSqliteFile) + "\n";
    if (sharded) text += std::string(detail::kShardChunks) + "\n";
    if (paged) text += std::string(kReportPages) + "\n";
    return text;
}

// True when `dir` may be replaced by a new report: empty, or holding the
// marker of a report of ours (a regular file, kMarkerMagic first) and nothing but the marker
// and the report files it lists. Names alone never make a folder ours: a web root holding
// index.html, or summary.md and games.jsonl without the marker, is refused, and `why` names
// its first foreign entry (in byte order).
bool replaceable(const fs::path& dir, std::string& why) {
    boost::system::error_code ec;
    std::vector<std::string> names;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        names.push_back(it->path().filename().string());
    }
    if (ec) {
        why = fmt::format("cannot read {}: {}", dir.string(), ec.message());
        return false;
    }
    if (names.empty()) return true;
    std::sort(names.begin(), names.end());
    // The manifest: read without following a link, a regular file of a sane size only.
    std::string manifest;
    const fs::path marker = dir / kReportMarker;
    if (const int fd = ::open(marker.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        fd >= 0) {
        struct stat st {};
        if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size < 4096) {
            manifest.resize(static_cast<std::size_t>(st.st_size));
            if (::read(fd, manifest.data(), manifest.size()) !=
                static_cast<ssize_t>(manifest.size()))
                manifest.clear();
        }
        ::close(fd);
    }
    const bool marked = manifest.starts_with(kMarkerMagic);
    const auto listed = [&](const std::string& name) {
        if (!report_name(name)) return false;
        const std::string line = "\n" + name + "\n";
        return manifest.find(line, kMarkerMagic.size() - 1) != std::string::npos;
    };
    for (const std::string& name : names) {
        if (marked && (name == kReportMarker || listed(name)) &&
            (name != kReportPages || only_pages(dir / name)))
            continue;
        why = fmt::format(
            "{} exists and is not an sgfaudit report folder ({}; it holds {}): not replaced; "
            "choose another --out or --name, or remove the folder",
            dir.string(),
            marked ? "a file its marker does not list"
                   : fmt::format("no {} marker of an earlier report", kReportMarker),
            name);
        return false;
    }
    return true;
}

// The lock of a report folder: an exclusive flock on ".NAME.lock" beside the
// target, held from before the target is checked until the report is in place (or the run
// gives up), so two runs with one --out never both replace it. The holder removes the file
// before it lets the lock go; a run that locked a file removed meanwhile (its inode is no
// longer at the path) tries again, so no two runs ever hold locks on different files.
struct OutLock {
    int fd = -1;
    fs::path path;
    OutLock() = default;
    OutLock(const OutLock&) = delete;
    OutLock& operator=(const OutLock&) = delete;
    ~OutLock() {
        if (fd < 0) return;
        ::unlink(path.c_str());
        ::close(fd);
    }
};

// Takes the lock of `target` without waiting: false (and `why`) when another run holds it.
bool lock_out(const fs::path& target, OutLock& lock, std::string& why) {
    const fs::path path = target.parent_path() / ("." + target.filename().string() + ".lock");
    for (int attempt = 0; attempt < 100; ++attempt) {
        const int fd =
            ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
        if (fd < 0) {
            const int error = errno;
            throw_if_resource(error, "cannot open", path.string());
            why = fmt::format("cannot open {}: {}", path.string(), std::strerror(error));
            return false;
        }
        if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
            ::close(fd);
            why = fmt::format(
                "another sgfaudit run is writing {} (it holds {}): not started; run again when "
                "it has finished, or choose another --out",
                target.string(), path.string());
            return false;
        }
        struct stat held {
        }, now{};
        if (::fstat(fd, &held) == 0 && ::stat(path.c_str(), &now) == 0 &&
            held.st_dev == now.st_dev && held.st_ino == now.st_ino) {
            lock.fd = fd;
            lock.path = path;
            return true;
        }
        ::close(fd);  // removed by the run that held it: lock the file at the path now
    }
    why = fmt::format("cannot lock {}", path.string());
    return false;
}

// Puts the complete staging folder in place of `target`: an atomic exchange where the file
// system supports it, else two renames.
bool commit(const fs::path& staging, const fs::path& target, std::string& error) {
    boost::system::error_code ec;
    const fs::file_status st = fs::symlink_status(target, ec);
    if (!fs::exists(st)) {
        if (::rename(staging.c_str(), target.c_str()) != 0) {
            error = fmt::format("cannot rename {} to {}: {}", staging.string(), target.string(),
                                std::strerror(errno));
            return false;
        }
        return true;
    }
#ifdef RENAME_EXCHANGE
    if (::renameat2(AT_FDCWD, staging.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE) == 0) {
        fs::remove_all(staging, ec);  // now the previous report
        return true;
    }
#endif
    const fs::path old = fs::path(staging.string() + ".old");
    if (::rename(target.c_str(), old.c_str()) != 0 ||
        ::rename(staging.c_str(), target.c_str()) != 0) {
        error = fmt::format("cannot put the report in place at {}: {}", target.string(),
                            std::strerror(errno));
        return false;
    }
    fs::remove_all(old, ec);
    return true;
}

using detail::Chunk;
using detail::kSpillBytes;

// Rows of the broken-records table in index.html (record_issues.csv has every issue).
constexpr std::uint64_t kMaxBrokenRows = 10000;

class ArchiveWork : public FileWork {
  public:
    ArchiveWork(const ArchiveOptions& options, const fs::path& staging, report::Summary& summary,
                OutFile& jsonl, OutFile& divergences, OutFile& diagnostics, OutFile& record_issues,
                OutFile& results, HtmlGroups& html, std::size_t files_total)
        : options_(options),
          settings_(with_cancel(options)),
          staging_(staging),
          summary_(summary),
          jsonl_(jsonl),
          divergences_(divergences),
          diagnostics_(diagnostics),
          record_issues_(record_issues),
          results_(results),
          html_(html) {
        progress_.files_total = files_total;
    }

    std::unique_ptr<Result> process(FileInput& input) const override {
        auto chunk = std::make_unique<Chunk>();
        chunk->index = input.index;
        if (input.walk_problem) {
            chunk->walk_problem = true;
            chunk->problem = input.bytes.problem;
            if (options_.only == 0 &&
                (!options_.findings_only || chunk->problem.severity == sgf::Severity::error)) {
                report::append_file_json(chunk->jsonl, input.path, std::span(&chunk->problem, 1),
                                         form(), settings_.ignore);
            }
            report::append_diagnostic_rows(chunk->diagnostics_csv, std::span(&chunk->problem, 1),
                                           settings_.ignore);
            if (options_.sqlite) {
                report::append_sql_diagnostic_rows(chunk->sql, std::span(&chunk->problem, 1),
                                                   settings_.ignore);
            }
            return chunk;
        }
        // A shard draws every diagram its own files may need: the merge's budget picks them
        // (a shard sees fewer files, so it draws a superset of the unsharded run's).
        const auto draw = [this](std::uint16_t group) { return html_.draw(group); };
        const std::size_t file_number = input.index + 1;
        chunk->file = audit_file(input, settings_, scratch_.local(), [&](const AuditedGame& g) {
            const report::CheckInput& in = g.input;
            if ((!options_.findings_only || report::has_findings(g.audit)) && selected(g.audit)) {
                report::append_game_json(chunk->jsonl, in, form());
            }
            report::append_divergence_rows(chunk->divergences_csv, in);
            report::append_record_issue_rows(chunk->record_issues_csv, in);
            report::GameFacts facts = report::game_facts(in);
            report::append_results_csv_rows(chunk->results_csv, in, facts);
            if (options_.sqlite) report::append_sql_game_rows(chunk->sql, in, facts);
            if (!g.audit.divergences.empty()) {
                facts.anchor = fmt::format("f{}-g{}", file_number, in.game + 1);
                report::append_html_blocks(chunk->html, in, facts.anchor, draw);
            }
            if (const std::size_t rows =
                    report::append_html_broken_rows(chunk->broken, in, facts.anchor)) {
                chunk->broken_rows += rows;
                ++chunk->broken_games;
            }
            chunk->facts.push_back(std::move(facts));
            // A shard's chunks go whole into shard.chunks, so a shard's run does not spill.
            if (chunks_ != nullptr) return;
            if (chunk->jsonl.size() > kSpillBytes)
                chunk->jsonl_spill.add(chunk->jsonl, staging_.string());
            if (chunk->divergences_csv.size() > kSpillBytes)
                chunk->divergences_spill.add(chunk->divergences_csv, staging_.string());
            if (chunk->record_issues_csv.size() > kSpillBytes)
                chunk->record_issues_spill.add(chunk->record_issues_csv, staging_.string());
            if (chunk->results_csv.size() > kSpillBytes)
                chunk->results_spill.add(chunk->results_csv, staging_.string());
            if (chunk->sql.size() > kSpillBytes)
                chunk->sql_spill.add(chunk->sql, staging_.string());
        });
        if (chunk->file.games == 0 && options_.only == 0 &&
            (!options_.findings_only ||
             std::any_of(
                 chunk->file.diagnostics.begin(), chunk->file.diagnostics.end(),
                 [](const sgf::Diagnostic& d) { return d.severity == sgf::Severity::error; }))) {
            report::append_file_json(chunk->jsonl, input.path, chunk->file.diagnostics, form(),
                                     settings_.ignore);
        }
        report::append_diagnostic_rows(chunk->diagnostics_csv, chunk->file.diagnostics,
                                       settings_.ignore);
        if (options_.sqlite) {
            report::append_sql_diagnostic_rows(chunk->sql, chunk->file.diagnostics,
                                               settings_.ignore);
        }
        return chunk;
    }

    void consume(std::unique_ptr<Result> result) override {
        auto& chunk = static_cast<Chunk&>(*result);
        if (chunks_ != nullptr) {
            std::string record = detail::shard_record(chunk);
            seal_->add(record);
            ++seal_->records;
            chunks_->take(std::move(record));
        }
        if (chunk.walk_problem) {
            write_jsonl(chunk.jsonl);
            diagnostics_.write(chunk.diagnostics_csv);
            if (sqlite_ != nullptr) sqlite_->write(chunk.sql);
            summary_.add_walk_problem(chunk.problem);
            return;
        }
        JsonlSink sink{*this};
        chunk.jsonl_spill.copy_to(sink);
        write_jsonl(chunk.jsonl);
        chunk.divergences_spill.copy_to(divergences_);
        divergences_.take(std::move(chunk.divergences_csv));
        diagnostics_.take(std::move(chunk.diagnostics_csv));
        chunk.record_issues_spill.copy_to(record_issues_);
        record_issues_.take(std::move(chunk.record_issues_csv));
        chunk.results_spill.copy_to(results_);
        results_.take(std::move(chunk.results_csv));
        if (sqlite_ != nullptr) {
            chunk.sql_spill.copy_to(*sqlite_);
            sqlite_->write(chunk.sql);
        }
        html_.add(chunk.html);
        html_.add_broken(chunk.broken, chunk.broken_rows, chunk.broken_games);
        summary_.add_file(chunk.file.read, chunk.file.games, chunk.file.diagnostics);
        for (const report::GameFacts& f : chunk.facts) summary_.add_game(f);

        ++progress_.files_done;
        progress_.games = summary_.games();
        progress_.divergences = summary_.divergences();
        if (options_.progress) options_.progress(progress_);
    }

    // A shard's run also writes every chunk to `chunks` (shard.chunks), for merge, and adds
    // its bytes to `seal` (its end record).
    void keep_chunks(OutFile& chunks, detail::ShardSeal& seal) {
        chunks_ = &chunks;
        seal_ = &seal;
    }
    // games.jsonl goes through `gzip` (games.jsonl.gz) when it is given.
    void set_gzip(GzipStream* gzip) { gzip_ = gzip; }
    // report.sqlite's rows go to `sqlite` (--sqlite).
    void set_sqlite(detail::SqliteReport* sqlite) { sqlite_ = sqlite; }

  private:
    static AuditSettings with_cancel(const ArchiveOptions& options) {
        AuditSettings s = options.settings;
        s.cancel = options.cancel;
        s.options.cancel = options.cancel;  // and inside a long game's replay
        return s;
    }

    // The form of games.jsonl (--full-json).
    report::GameJson form() const noexcept {
        return options_.full_json ? report::GameJson::full : report::GameJson::compact;
    }

    // The game is one --only asks for (every game without --only).
    bool selected(const audit::GameAudit& a) const {
        if (options_.only == 0) return true;
        for (const audit::Divergence& d : a.divergences) {
            if ((options_.only >> static_cast<unsigned>(d.kind)) & 1u) return true;
        }
        return (options_.only & kOnlyRecordErrors) != 0 &&
               std::any_of(a.record_issues.begin(), a.record_issues.end(),
                           [](const audit::RecordIssue& i) {
                               return i.severity == audit::IssueSeverity::error;
                           });
    }

    void write_jsonl(std::string& lines) {
        if (gzip_ != nullptr) {
            gzip_->write(lines);
            lines.clear();
        } else {
            jsonl_.take(std::move(lines));
        }
    }

    // Where a spilled part of games.jsonl goes: through gzip when it is on.
    struct JsonlSink {
        ArchiveWork& work;
        void write(std::string_view bytes) {
            if (work.gzip_ != nullptr) {
                work.gzip_->write(bytes);
            } else {
                work.jsonl_.write(bytes);
            }
        }
    };

    const ArchiveOptions& options_;
    OutFile* chunks_ = nullptr;
    detail::ShardSeal* seal_ = nullptr;
    GzipStream* gzip_ = nullptr;
    detail::SqliteReport* sqlite_ = nullptr;
    const AuditSettings settings_;  // options_.settings, with the run's cancel flag
    // The audit's working memory, one per worker thread (process() runs on any of them).
    mutable tbb::enumerable_thread_specific<audit::AuditScratch> scratch_;
    const fs::path staging_;  // where spilled output goes
    report::Summary& summary_;
    OutFile &jsonl_, &divergences_, &diagnostics_, &record_issues_, &results_;
    HtmlGroups& html_;
    ArchiveProgress progress_;
};

std::string dead_description(const audit::AuditOptions& o) {
    std::string s(audit::to_string(o.dead));
    if (o.dead == audit::DeadPolicy::list) {
        s += ":";
        for (std::size_t i = 0; i < o.dead_points.size(); ++i) {
            s += (i == 0 ? " " : ",") + o.dead_points[i];
        }
    }
    return s;
}

}  // namespace

ArchiveResult audit_archive(const ArchiveOptions& options) {
    ArchiveResult result;
    // A merge reads the shards' chunks files first: a shard that cannot be read, or shards of
    // different runs, stop it before anything is written.
    std::vector<detail::ShardReader> shards(options.merge.size());
    for (std::size_t i = 0; i < shards.size(); ++i) {
        if (!shards[i].open(options.merge[i])) {
            result.message = shards[i].error();
            return result;
        }
    }
    if (!shards.empty()) {
        std::sort(shards.begin(), shards.end(),
                  [](const auto& a, const auto& b) { return a.shard() < b.shard(); });
        const report::RunDescription& first = shards.front().run();
        for (std::size_t i = 0; i < shards.size(); ++i) {
            const report::RunDescription& r = shards[i].run();
            if (shards[i].shards() != shards.size() || shards[i].shard() != i + 1) {
                result.message = fmt::format(
                    "merge: the shards given are not 1/{n} to {n}/{n} once each (shard {}/{} "
                    "where {}/{n} was expected)",
                    shards[i].shard(), shards[i].shards(), i + 1, fmt::arg("n", shards.size()));
                return result;
            }
            if (r.paths != first.paths || r.rulesets != first.rulesets || r.dead != first.dead ||
                r.on_illegal != first.on_illegal || r.max_diagrams != first.max_diagrams ||
                r.findings_only != first.findings_only || r.only != first.only ||
                r.full_json != first.full_json || r.max_listed != first.max_listed ||
                r.ignore != first.ignore || r.sqlite != first.sqlite) {
                result.message =
                    fmt::format("merge: shard {} was run with other inputs or options than shard 1",
                                shards[i].shard());
                return result;
            }
            if (shards[i].fingerprint() != shards.front().fingerprint()) {
                result.message = fmt::format(
                    "merge: shard {} ({}) was made from other input files than shard 1 ({}): a "
                    "file's size, modification time or list differs (an input changed between "
                    "the shards, or was copied without its times): make the shards again",
                    shards[i].shard(), shards[i].folder(), shards.front().folder());
                return result;
            }
        }
    }
    FileWalk walk(shards.empty() ? options.paths : std::vector<std::string>{},
                  options.settings.limits.max_file_bytes, true, options.follow_links);
    if (walk.missing_argument()) {
        result.status = ArchiveStatus::missing_input;
        result.missing = walk.missing();
        return result;
    }
    // The number of files, for a progress display's ETA: a walk of its own, names only (not
    // counted when an archive is read: that would inflate it twice; nor for a shard).
    std::size_t files_total = 0;
    if (options.progress && options.count_files && !walk.has_archives() && options.shards <= 1) {
        FileWalk count(options.paths, std::size_t{64} << 20, true, options.follow_links);
        WalkItem item;
        while (count.next(item)) files_total += item.is_problem ? 0 : 1;
    }

    // The staging folder beside the target.
    const fs::path target = fs::absolute(fs::path(options.out_dir)).lexically_normal();
    fs::path clean_target = target;
    if (clean_target.filename() == "." || clean_target.filename().empty()) {
        clean_target = clean_target.parent_path();
    }
    boost::system::error_code ec;
    // --out naming a symbolic link: the report replaces the folder it leads to, and the link
    // stays (it is never replaced by a folder).
    if (fs::is_symlink(fs::symlink_status(clean_target, ec))) {
        const fs::path real = fs::canonical(clean_target, ec);
        if (ec) {
            result.message =
                fmt::format("{} is a symbolic link that leads to no folder ({}): not replaced",
                            clean_target.string(), ec.message());
            return result;
        }
        clean_target = real;
    }
    fs::create_directories(clean_target.parent_path(), ec);
    if (ec) {
        result.message =
            fmt::format("cannot create {}: {}", clean_target.parent_path().string(), ec.message());
        return result;
    }
    OutLock out_lock;
    if (!lock_out(clean_target, out_lock, result.message)) return result;
    const fs::file_status st = fs::status(clean_target, ec);
    if (fs::exists(st)) {
        if (!fs::is_directory(st)) {
            result.message =
                fmt::format("{} exists and is not a folder: not replaced", clean_target.string());
            return result;
        }
        if (!replaceable(clean_target, result.message)) return result;
        result.previous = true;
    }
    remove_stale_staging(clean_target);
    Staging owned;
    if (!make_staging(clean_target, owned, result.message)) return result;
    const fs::path& staging = owned.path;
    OutFile jsonl, divergences, diagnostics, record_issues, results;
    std::optional<HtmlGroups> html;
    detail::SqliteReport sqlite;
    // Gives up the run: the staging files closed (out of descriptors, their descriptors are
    // what removing the folder needs), the folder removed, nothing replaced.
    auto abandon = [&](ArchiveStatus status, std::string message) {
        for (OutFile* f : {&jsonl, &divergences, &diagnostics, &record_issues, &results}) {
            f->discard();
        }
        sqlite.discard();
        html.reset();
        boost::system::error_code rec;
        fs::remove_all(staging, rec);
        result.status = status;
        result.message = std::move(message);
        return result;
    };

    html.emplace(staging.string(), options.max_diagrams, kMaxBrokenRows);
    std::optional<GzipStream> gzip;
    if (options.gzip) gzip.emplace([&](std::string_view bytes) { jsonl.write(bytes); });
    if (!jsonl.open(staging / (options.gzip ? kGzipJsonl : "games.jsonl")) ||
        !divergences.open(staging / "divergences.csv") ||
        !diagnostics.open(staging / "diagnostics.csv") ||
        !record_issues.open(staging / "record_issues.csv") ||
        !results.open(staging / "results.csv")) {
        std::string error = jsonl.error() + divergences.error() + diagnostics.error() +
                            record_issues.error() + results.error();
        return abandon(ArchiveStatus::failed, error);
    }
    diagnostics.write(report::kDiagnosticsCsvHeader);
    record_issues.write(report::kRecordIssuesCsvHeader);
    results.write(report::results_csv_header());

    report::RunDescription run;
    run.paths = options.paths;
    for (const audit::Ruleset& r : options.settings.rulesets) {
        run.rulesets.emplace_back(r.label());
    }
    run.dead = dead_description(options.settings.options);
    run.on_illegal = std::string(audit::to_string(options.settings.options.on_illegal));
    run.max_diagrams = options.max_diagrams;
    run.findings_only = options.findings_only;
    run.full_json = options.full_json;
    run.max_listed = options.settings.options.max_listed;
    run.ignore = options.settings.ignore;
    run.sqlite = options.sqlite;
    for (unsigned k = 0; k < report::kDivergenceKinds; ++k) {
        if ((options.only >> k) & 1u) {
            run.only.emplace_back(audit::to_string(static_cast<audit::DivergenceKind>(k)));
        }
    }
    if (options.only & kOnlyRecordErrors) run.only.emplace_back("record_errors");
    ArchiveOptions merged;  // a merge: the run the shards were made with
    if (!shards.empty()) {
        run = shards.front().run();
        merged.max_diagrams = run.max_diagrams;
        merged.findings_only = run.findings_only;
        merged.full_json = run.full_json;
        merged.sqlite = run.sqlite;
        html.emplace(staging.string(), run.max_diagrams, kMaxBrokenRows);
    }
    divergences.write(report::divergences_csv_header(run.rulesets));
    report::Summary summary(run);

    ArchiveWork work(shards.empty() ? options : merged, staging, summary, jsonl, divergences,
                     diagnostics, record_issues, results, *html, files_total);
    if (gzip) work.set_gzip(&*gzip);
    if (run.sqlite) {
        if (!sqlite.open((staging / kSqliteFile).string())) {
            return abandon(ArchiveStatus::failed, sqlite.error());
        }
        std::string rows;
        report::append_sql_run_rows(rows, run, kVersion, run.full_json);
        sqlite.write(rows);
        work.set_sqlite(&sqlite);
    }
    // A shard also keeps its chunks (shard.chunks) for merge.
    OutFile chunks;
    detail::ShardSeal seal;
    seal.fingerprint = kFingerprintStart;
    const bool sharded = options.shards > 0 && shards.empty();
    if (sharded) {
        if (!chunks.open(staging / detail::kShardChunks)) {
            return abandon(ArchiveStatus::failed, chunks.error());
        }
        const std::string header = detail::shard_header(options.shard, options.shards, run);
        seal.add(header);
        chunks.write(header);
        work.keep_chunks(chunks, seal);
        // The inputs named by the user that are files (an archive's own size and time).
        for (const std::string& path : options.paths) {
            struct stat input {};
            if (::stat(path.c_str(), &input) != 0 || !S_ISREG(input.st_mode)) continue;
            fingerprint_add(seal.fingerprint,
                            fmt::format("{}\n{} {}.{}\n", path, input.st_size, input.st_mtim.tv_sec,
                                        input.st_mtim.tv_nsec));
        }
    }
    if (shards.empty()) {
        RunOptions run_options;
        run_options.jobs = options.jobs;
        run_options.max_file_bytes = options.settings.limits.max_file_bytes;
        run_options.memory_budget = options.memory_budget;
        run_options.cancel = options.cancel;
        run_options.shard = options.shard;
        run_options.shards = options.shards;
        if (sharded) run_options.fingerprint = &seal.fingerprint;
        RunOutcome outcome;
        try {
            outcome = run_files(walk, work, run_options);
        } catch (const ResourceError& e) {
            // Out of descriptors or kernel memory: a report without the files it could not
            // open would look complete. Nothing is replaced.
            return abandon(ArchiveStatus::failed, e.what());
        } catch (...) {
            for (OutFile* f : {&jsonl, &divergences, &diagnostics, &record_issues, &results}) {
                f->discard();
            }
            sqlite.discard();
            html.reset();
            boost::system::error_code rec;
            fs::remove_all(staging, rec);
            throw;
        }
        if (outcome.cancelled) return abandon(ArchiveStatus::interrupted, "interrupted");
    } else {
        // The file at position i of the unsharded run is in shard i mod N + 1: the chunks are
        // taken in turn, and go through the same writer as in the unsharded run.
        for (std::size_t i = 0;; ++i) {
            if (options.cancel != nullptr && options.cancel->load() != 0) {
                return abandon(ArchiveStatus::interrupted, "interrupted");
            }
            detail::ShardReader& from = shards[i % shards.size()];
            auto chunk = std::make_unique<Chunk>();
            if (!from.next(*chunk)) {
                if (!from.error().empty()) return abandon(ArchiveStatus::failed, from.error());
                for (detail::ShardReader& other : shards) {
                    Chunk extra;
                    if (other.next(extra) || !other.error().empty()) {
                        return abandon(ArchiveStatus::failed,
                                       other.error().empty()
                                           ? fmt::format("merge: shard {} holds more files than "
                                                         "the others allow",
                                                         other.shard())
                                           : other.error());
                    }
                }
                break;
            }
            if (chunk->index != i) {
                return abandon(ArchiveStatus::failed,
                               fmt::format("merge: shard {} holds file {} where file {} was "
                                           "expected: not a shard of this run",
                                           from.shard(), chunk->index + 1, i + 1));
            }
            work.consume(std::move(chunk));
        }
    }

    // summary.md, summary.json, the documents the report cites, then index.html: its head,
    // the broken records and the groups of divergences kept in the staging folder.
    OutFile summary_md, summary_json, rules_md, diagnostics_md, index_html;
    if (sharded) chunks.write(detail::shard_end(seal));
    // Each file is finished as it is complete (its writing to disk starts) and all are made
    // durable together at the end (OutFile::close): one fsync after another, each file's as it
    // was done, cost 80 ms of waiting on kgs-6d-plus, a serial tail of the run.
    // gzip first, in a statement of its own: its last bytes go to games.jsonl.gz (the operands
    // of & are not evaluated in a set order, and a finished file takes no more bytes).
    bool ok = !gzip || gzip->finish();
    ok = (jsonl.finish() & divergences.finish() & diagnostics.finish() & record_issues.finish() &
          results.finish() & chunks.finish()) &&
         ok;
    if (run.sqlite) ok = sqlite.finish() && ok;
    html->plan();
    summary.add_diagrams(html->drawn(), html->not_drawn());
    // Past report::kMaxPageBytes, the groups go to pages/ first, so that the summary's top list
    // and the broken records link to the pages their games are on.
    bool paged = false;
    {
        std::ostringstream head;
        summary.write_html_start(
            head, report::html_contents(html->order(), html->divergences(), html->broken_games()));
        if (html->paginate(head.str().size())) {
            std::map<std::string, std::string, std::less<>> anchors;
            paged = true;
            ok = ok && html->write_pages(anchors);
            summary.set_anchor_pages(anchors);
        }
    }
    const auto write_file = [&](OutFile& file, const char* name, std::string_view text) {
        if (!ok || !file.open(staging / name)) {
            ok = false;
            return;
        }
        file.write(text);
        ok = file.finish();
    };
    {
        std::ostringstream md;
        summary.write_markdown(md);
        write_file(summary_md, "summary.md", md.str());
    }
    {
        std::ostringstream json;
        summary.write_json(json);
        write_file(summary_json, "summary.json", json.str());
    }
    write_file(rules_md, "rules.md", report::rules_markdown());
    write_file(diagnostics_md, "diagnostics.md", report::diagnostics_markdown());
    if (ok && index_html.open(staging / "index.html")) {
        std::ostringstream head;
        summary.write_html_start(
            head, report::html_contents(html->order(), html->divergences(), html->broken_games()));
        index_html.write(head.str());
        ok = html->write([&](std::string_view bytes) { index_html.write(bytes); },
                         [&] {
                             std::ostringstream heading;
                             summary.write_html_divergences(heading);
                             index_html.write(heading.str());
                         });
        std::ostringstream end;
        report::Summary::write_html_end(end);
        index_html.write(end.str());
        ok = index_html.finish() && ok;
    } else {
        ok = false;
    }
    // The marker last: a folder that holds it holds the whole report.
    OutFile marker;
    write_file(marker, kReportMarker, report_manifest(options.gzip, sharded, run.sqlite, paged));
    for (OutFile* f :
         {&jsonl, &divergences, &diagnostics, &record_issues, &results, &chunks, &summary_md,
          &summary_json, &rules_md, &diagnostics_md, &index_html, &marker}) {
        ok = f->close() && ok;
    }
    if (!ok) {
        std::string error;
        for (const OutFile* f :
             {&jsonl, &divergences, &diagnostics, &record_issues, &results, &chunks, &summary_md,
              &summary_json, &rules_md, &diagnostics_md, &index_html, &marker}) {
            if (error.empty()) error = f->error();
        }
        if (error.empty()) error = sqlite.error();
        if (error.empty()) error = html->error();
        if (error.empty() && gzip) error = gzip->error();
        return abandon(ArchiveStatus::failed,
                       error.empty() ? std::string("cannot write the report") : error);
    }
    html->remove();
    // A signal that came after the last file was read still means "stop": nothing replaced.
    if (options.cancel != nullptr && options.cancel->load() != 0) {
        return abandon(ArchiveStatus::interrupted, "interrupted");
    }
    if (!sync_folder(owned.fd)) {
        return abandon(ArchiveStatus::failed,
                       fmt::format("cannot write {}: {}", staging.string(), std::strerror(errno)));
    }
    std::string error;
    if (!commit(staging, clean_target, error)) {
        return abandon(ArchiveStatus::failed, error);
    }
    // The renames durable too.
    if (const int parent =
            ::open(clean_target.parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        parent >= 0) {
        sync_folder(parent);
        ::close(parent);
    }
    result.status = ArchiveStatus::complete;
    result.findings = summary.findings();
    result.sqlite = run.sqlite;
    result.files = summary.files();
    result.games = summary.games();
    result.games_with_findings = summary.games_with_findings();
    result.divergences = summary.divergences();
    result.moves = summary.moves();
    return result;
}

}  // namespace sgfaudit::pipeline
