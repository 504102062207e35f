// write_report_folder: the parallel audit of a whole run, streamed into a report folder that is put
// in place only when complete (the folder itself: report_folder.cpp).

#include "sgfaudit/pipeline/report_run.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <tbb/enumerable_thread_specific.h>

#include <algorithm>
#include <array>
#include <boost/filesystem.hpp>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <thread>

#include "chunk.hpp"
#include "gzip_stream.hpp"
#include "html_groups.hpp"
#include "out_file.hpp"
#include "report_folder.hpp"
#include "sgfaudit/report/docs.hpp"
#include "sgfaudit/report/files.hpp"
#include "sgfaudit/report/folder.hpp"
#include "sgfaudit/report/tables.hpp"
#include "sgfaudit/version.hpp"
#include "sqlite_report.hpp"

namespace sgfaudit::pipeline {

namespace fs = boost::filesystem;
using detail::OutFile;

namespace {

using detail::Chunk;
using detail::ChunkReturn;
using detail::kSpillBytes;

// Rows of the broken-records table in index.html (record_issues.csv has every issue).
constexpr std::uint64_t kMaxBrokenRows = 10000;

class ReportWork : public FileWork {
  public:
    ReportWork(const ReportOptions& options, const fs::path& staging, report::Summary& summary,
               OutFile& jsonl, OutFile& divergences, OutFile& diagnostics, OutFile& record_issues,
               OutFile& results, HtmlGroups& html, std::size_t files_total)
        : options_(options),
          settings_(with_cancel(options, html)),
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
        ChunkReturn& home = returns_.local();
        home.free_returned();
        auto chunk = std::make_unique<Chunk>();
        chunk->home = &home;
        chunk->index = input.index;
        if (input.walk_problem) {
            chunk->walk_problem = true;
            chunk->problem = input.bytes.problem;
            if (jsonl_selection_.file(std::span(&chunk->problem, 1))) {
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
            if (jsonl_selection_.game(g.audit)) {
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
        if (chunk->file.games == 0 && jsonl_selection_.file(chunk->file.diagnostics)) {
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
        // Freed by the thread that made it (ChunkReturn); here when that is this one, or when
        // no worker made it (a merge reads it from a shard).
        if (chunk.home != nullptr && chunk.home != &returns_.local()) {
            chunk.home->give_back(std::move(result));
        }
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
    // options.settings with the run's cancel flag, and with the counts drawn only for the
    // games index.html may still draw a count of (`html`'s groups only ever fill up), unless
    // the options say otherwise.
    static AuditSettings with_cancel(const ReportOptions& options, const HtmlGroups& html) {
        AuditSettings s = options.settings;
        s.cancel = options.cancel;
        s.options.cancel = options.cancel;  // and inside a long game's replay
        if (!s.options.draw_counts_if) s.options.draw_counts_if = html.counts_wanted();
        return s;
    }

    // The form of games.jsonl (--full-json).
    report::GameJson form() const noexcept {
        return options_.full_json ? report::GameJson::full : report::GameJson::compact;
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
        ReportWork& work;
        void write(std::string_view bytes) {
            if (work.gzip_ != nullptr) {
                work.gzip_->write(bytes);
            } else {
                work.jsonl_.write(bytes);
            }
        }
    };

    const ReportOptions& options_;
    // Which games and files games.jsonl has a line for (--findings-only, --only).
    const report::JsonlSelection jsonl_selection_{options_.findings_only, options_.only};
    OutFile* chunks_ = nullptr;
    detail::ShardSeal* seal_ = nullptr;
    GzipStream* gzip_ = nullptr;
    detail::SqliteReport* sqlite_ = nullptr;
    const AuditSettings settings_;  // options_.settings, with_cancel
    // The reader's and the audit's memory, one per worker thread (process() runs on any).
    mutable tbb::enumerable_thread_specific<FileScratch> scratch_;
    // Per worker thread, the chunks it made that the in-order stage handed back (chunk.hpp).
    mutable tbb::enumerable_thread_specific<ChunkReturn> returns_;
    const fs::path staging_;  // where spilled output goes
    report::Summary& summary_;
    OutFile &jsonl_, &divergences_, &diagnostics_, &record_issues_, &results_;
    HtmlGroups& html_;
    ReportProgress progress_;
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

// What a run is asked for, as the report states it (a merge takes its shards' instead).
report::RunDescription describe_run(const ReportOptions& options) {
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
    if (options.only & report::kOnlyRecordErrors) run.only.emplace_back("record_errors");
    return run;
}

// One run of write_report_folder, from its inputs to the report in place: the state its steps
// share. The members are made in the order the steps need them and destroyed in reverse (the
// staging folder, then the lock of the target, last). A step that fails returns false with result_
// set.
class ReportRun {
  public:
    explicit ReportRun(const ReportOptions& options) : options_(options) {}

    ReportResult run() {
        if (!open_shards() || !walk_inputs()) return result_;
        const bool prepared = detail::prepare_target(options_.out_dir, target_, result_.message);
        result_.previous = target_.previous;
        if (!prepared || !open_outputs() || !start_report()) return result_;
        if (!(shards_.empty() ? audit_files() : merge_shards())) return result_;
        finish_data_files();
        sync_data_files();
        // summary.md, summary.json, the documents the report cites, then index.html: its head,
        // the broken records and the groups of divergences kept in the staging folder.
        write_pages();
        write_summaries();
        write_index();
        if (!close_files() || !commit()) return result_;
        complete();
        return result_;
    }

  private:
    bool open_shards();
    bool walk_inputs();
    bool open_outputs();
    bool start_report();
    bool open_sqlite();
    bool open_chunks();
    bool audit_files();
    bool merge_shards();
    void finish_data_files();
    void sync_data_files();
    // Every file of the report, the data files (finished after the run) first: kDataFiles.
    static constexpr std::size_t kDataFiles = 6;
    std::array<OutFile*, 12> files() {
        return {&jsonl_,    &divergences_,    &diagnostics_, &record_issues_,
                &results_,  &chunks_,         &summary_md_,  &summary_json_,
                &rules_md_, &diagnostics_md_, &index_html_,  &marker_};
    }
    void write_pages();
    void write_file(OutFile& file, report::FolderFile name, std::string_view text);
    void write_summaries();
    void write_index();
    bool close_files();
    bool commit();
    void complete();
    void remove_staging();
    bool abandon(ReportStatus status, std::string message);

    const fs::path& staging() const { return target_.staging.path; }
    // A file of the report in the staging folder (its name with --gzip when `gzip`).
    fs::path staged(report::FolderFile file, bool gzip = false) const {
        return staging() / std::string(report::file_name(file, gzip));
    }

    const ReportOptions& options_;
    ReportResult result_;
    std::vector<detail::ShardReader> shards_;  // a merge's, in shard order
    std::optional<FileWalk> walk_;
    std::size_t files_total_ = 0;
    detail::ReportTarget target_;
    OutFile jsonl_, divergences_, diagnostics_, record_issues_, results_;
    std::optional<HtmlGroups> html_;
    detail::SqliteReport sqlite_;
    std::optional<GzipStream> gzip_;
    report::RunDescription run_;
    ReportOptions merged_;  // a merge: the run the shards were made with
    std::optional<report::Summary> summary_;
    std::optional<ReportWork> work_;
    // A shard also keeps its chunks (shard.chunks) for merge.
    OutFile chunks_;
    detail::ShardSeal seal_;
    bool sharded_ = false;
    OutFile summary_md_, summary_json_, rules_md_, diagnostics_md_, index_html_, marker_;
    bool ok_ = false;     // every report file written so far
    bool paged_ = false;  // index.html's groups went to pages/
    // sync_data_files' thread; last, so that it is joined before any file above is closed.
    std::jthread syncing_;
};

// A merge reads the shards' chunks files first: a shard that cannot be read, or shards of
// different runs, stop it before anything is written.
bool ReportRun::open_shards() {
    return detail::open_shards(options_.merge, shards_, result_.message);
}

// The walk of the inputs (none for a merge); false when a path named does not exist.
bool ReportRun::walk_inputs() {
    walk_.emplace(shards_.empty() ? options_.paths : std::vector<std::string>{},
                  options_.settings.limits.max_file_bytes, true, options_.follow_links);
    if (walk_->missing_argument()) {
        result_.status = ReportStatus::missing_input;
        result_.missing = walk_->missing();
        return false;
    }
    // The number of files, for a progress display's ETA: a walk of its own, names only (not
    // counted when an archive is read: that would inflate it twice; nor for a shard).
    if (options_.progress && options_.count_files && !walk_->has_archives() &&
        options_.shards <= 1) {
        FileWalk count(options_.paths, std::size_t{64} << 20, true, options_.follow_links);
        WalkItem item;
        while (count.next(item)) files_total_ += item.is_problem ? 0 : 1;
    }
    return true;
}

// The data files of the staging folder open (games.jsonl through gzip with --gzip), the CSV
// files' header rows written but divergences.csv's (its columns are the run's rulesets).
bool ReportRun::open_outputs() {
    html_.emplace(staging().string(), options_.max_diagrams, kMaxBrokenRows);
    if (options_.gzip) gzip_.emplace([this](std::string_view bytes) { jsonl_.write(bytes); });
    using report::FolderFile;
    if (!jsonl_.open(staged(FolderFile::games_jsonl, options_.gzip)) ||
        !divergences_.open(staged(FolderFile::divergences_csv)) ||
        !diagnostics_.open(staged(FolderFile::diagnostics_csv)) ||
        !record_issues_.open(staged(FolderFile::record_issues_csv)) ||
        !results_.open(staged(FolderFile::results_csv))) {
        std::string error = jsonl_.error() + divergences_.error() + diagnostics_.error() +
                            record_issues_.error() + results_.error();
        return abandon(ReportStatus::failed, error);
    }
    diagnostics_.write(report::header_line(FolderFile::diagnostics_csv));
    record_issues_.write(report::header_line(FolderFile::record_issues_csv));
    results_.write(report::header_line(FolderFile::results_csv));
    return true;
}

// The run described (a merge's as its shards were made), the summary and the file work that
// fills the report, report.sqlite and shard.chunks opened when the run writes them.
bool ReportRun::start_report() {
    run_ = describe_run(options_);
    if (!shards_.empty()) {
        run_ = shards_.front().run();
        merged_.max_diagrams = run_.max_diagrams;
        merged_.findings_only = run_.findings_only;
        merged_.full_json = run_.full_json;
        merged_.sqlite = run_.sqlite;
        html_.emplace(staging().string(), run_.max_diagrams, kMaxBrokenRows);
    }
    divergences_.write(report::header_line(report::FolderFile::divergences_csv, run_.rulesets));
    summary_.emplace(run_);

    work_.emplace(shards_.empty() ? options_ : merged_, staging(), *summary_, jsonl_, divergences_,
                  diagnostics_, record_issues_, results_, *html_, files_total_);
    if (gzip_) work_->set_gzip(&*gzip_);
    return open_sqlite() && open_chunks();
}

// report.sqlite with its run rows, when the run writes it.
bool ReportRun::open_sqlite() {
    if (!run_.sqlite) return true;
    if (!sqlite_.open(staged(report::FolderFile::report_sqlite).string())) {
        return abandon(ReportStatus::failed, sqlite_.error());
    }
    std::string rows;
    report::append_sql_run_rows(rows, run_, kVersion, run_.full_json);
    sqlite_.write(rows);
    work_->set_sqlite(&sqlite_);
    return true;
}

// A shard's shard.chunks, its header written and its seal begun.
bool ReportRun::open_chunks() {
    seal_.fingerprint = kFingerprintStart;
    sharded_ = options_.shards > 0 && shards_.empty();
    if (!sharded_) return true;
    if (!chunks_.open(staged(report::FolderFile::shard_chunks))) {
        return abandon(ReportStatus::failed, chunks_.error());
    }
    const std::string header = detail::shard_header(options_.shard, options_.shards, run_);
    seal_.add(header);
    chunks_.write(header);
    work_->keep_chunks(chunks_, seal_);
    // The inputs named by the user that are files (an archive's own size and time).
    for (const std::string& path : options_.paths) {
        struct stat input {};
        if (::stat(path.c_str(), &input) != 0 || !S_ISREG(input.st_mode)) continue;
        fingerprint_add(seal_.fingerprint,
                        fmt::format("{}\n{} {}.{}\n", path, input.st_size, input.st_mtim.tv_sec,
                                    input.st_mtim.tv_nsec));
    }
    return true;
}

// The files read and audited through the parallel pipeline into the report files.
bool ReportRun::audit_files() {
    RunOptions run_options;
    run_options.jobs = options_.jobs;
    run_options.max_file_bytes = options_.settings.limits.max_file_bytes;
    run_options.memory_budget = options_.memory_budget;
    run_options.cancel = options_.cancel;
    run_options.shard = options_.shard;
    run_options.shards = options_.shards;
    if (sharded_) run_options.fingerprint = &seal_.fingerprint;
    RunOutcome outcome;
    try {
        outcome = run_files(*walk_, *work_, run_options);
    } catch (const ResourceError& e) {
        // Out of descriptors or kernel memory: a report without the files it could not
        // open would look complete. Nothing is replaced.
        return abandon(ReportStatus::failed, e.what());
    } catch (...) {
        remove_staging();
        throw;
    }
    if (outcome.cancelled) return abandon(ReportStatus::interrupted, "interrupted");
    return true;
}

// The shards' chunks into the report files, through the same writer as an unsharded run.
bool ReportRun::merge_shards() {
    std::vector<detail::ShardReader>& shards = shards_;
    // The file at position i of the unsharded run is in shard i mod N + 1: the chunks are
    // taken in turn, and go through the same writer as in the unsharded run.
    for (std::size_t i = 0;; ++i) {
        if (options_.cancel != nullptr && options_.cancel->load() != 0) {
            return abandon(ReportStatus::interrupted, "interrupted");
        }
        detail::ShardReader& from = shards[i % shards.size()];
        auto chunk = std::make_unique<Chunk>();
        if (!from.next(*chunk)) {
            if (!from.error().empty()) return abandon(ReportStatus::failed, from.error());
            for (detail::ShardReader& other : shards) {
                Chunk extra;
                if (other.next(extra) || !other.error().empty()) {
                    return abandon(ReportStatus::failed,
                                   other.error().empty()
                                       ? fmt::format("merge: shard {} holds more files than "
                                                     "the others allow",
                                                     other.shard())
                                       : other.error());
                }
            }
            return true;
        }
        if (chunk->index != i) {
            return abandon(ReportStatus::failed,
                           fmt::format("merge: shard {} holds file {} where file {} was "
                                       "expected: not a shard of this run",
                                       from.shard(), chunk->index + 1, i + 1));
        }
        work_->consume(std::move(chunk));
    }
}

// The data files (and a shard's shard.chunks, its end record written) finished; ok_ false when
// one of them failed.
void ReportRun::finish_data_files() {
    if (sharded_) chunks_.write(detail::shard_end(seal_));
    // Each file is finished as it is complete (its writing to disk starts) and all are made
    // durable together at the end (OutFile::close): one fsync after another, each file's as it
    // was done, cost 80 ms of waiting on kgs-6d-plus, a serial tail of the run.
    // gzip first, in a statement of its own: its last bytes go to games.jsonl.gz (the operands
    // of & are not evaluated in a set order, and a finished file takes no more bytes).
    ok_ = !gzip_ || gzip_->finish();
    ok_ = (jsonl_.finish() & divergences_.finish() & diagnostics_.finish() &
           record_issues_.finish() & results_.finish() & chunks_.finish()) &&
          ok_;
    if (run_.sqlite) ok_ = sqlite_.finish() && ok_;
}

// The finished data files made durable on a thread of their own while this one writes pages/,
// the summaries and index.html: their fsync waits for the disk to take the data files' last
// megabytes and for the journal commit that covers them (40 ms on kgs-6d-plus, 160 ms on
// ogs-9x9), which the pages' first fsync waited for before. close_files joins it.
void ReportRun::sync_data_files() {
    if (!ok_) return;
    syncing_ = std::jthread([this] {
        const std::array<OutFile*, 12> all = files();
        for (OutFile* f : std::span(all).first(kDataFiles)) f->sync();
    });
}

// The diagrams chosen, and pages/ written when index.html would be too large.
void ReportRun::write_pages() {
    html_->plan();
    summary_->add_diagrams(html_->drawn(), html_->not_drawn());
    // Past report::kMaxPageBytes, the groups go to pages/ first, so that the summary's top list
    // and the broken records link to the pages their games are on.
    std::ostringstream head;
    summary_->write_html_start(
        head, report::html_contents(html_->order(), html_->divergences(), html_->broken_games()));
    if (html_->paginate(head.str().size())) {
        paged_ = true;
        ok_ = ok_ && html_->write_pages();
        summary_->set_anchor_pages([this](std::string_view a) { return html_->page_of(a); });
    }
}

// Writes `text` as the staging folder's file `name` (finished), unless a write failed before.
void ReportRun::write_file(OutFile& file, report::FolderFile name, std::string_view text) {
    if (!ok_ || !file.open(staged(name))) {
        ok_ = false;
        return;
    }
    file.write(text);
    ok_ = file.finish();
}

// summary.md, summary.json, rules.md and diagnostics.md.
void ReportRun::write_summaries() {
    {
        std::ostringstream md;
        summary_->write_markdown(md);
        write_file(summary_md_, report::FolderFile::summary_md, md.str());
    }
    {
        std::ostringstream json;
        summary_->write_json(json);
        write_file(summary_json_, report::FolderFile::summary_json, json.str());
    }
    write_file(rules_md_, report::FolderFile::rules_md, report::rules_markdown());
    write_file(diagnostics_md_, report::FolderFile::diagnostics_md, report::diagnostics_markdown());
}

// index.html: its head, the broken records, the groups of divergences, its end.
void ReportRun::write_index() {
    if (ok_ && index_html_.open(staged(report::FolderFile::index_html))) {
        std::ostringstream head;
        summary_->write_html_start(head, report::html_contents(html_->order(), html_->divergences(),
                                                               html_->broken_games()));
        index_html_.write(head.str());
        ok_ = html_->write([&](std::string_view bytes) { index_html_.write(bytes); },
                           [&] {
                               std::ostringstream heading;
                               summary_->write_html_divergences(heading);
                               index_html_.write(heading.str());
                           });
        std::ostringstream end;
        report::Summary::write_html_end(end);
        index_html_.write(end.str());
        ok_ = index_html_.finish() && ok_;
    } else {
        ok_ = false;
    }
}

// The marker written, every file made durable and closed; false (the run abandoned, with the
// first error) when anything failed.
bool ReportRun::close_files() {
    if (syncing_.joinable()) syncing_.join();
    // The marker last: a folder that holds it holds the whole report.
    write_file(
        marker_, report::FolderFile::marker,
        detail::report_manifest(
            {.gzip = options_.gzip, .sqlite = run_.sqlite, .shard = sharded_, .paged = paged_}));
    const std::array<OutFile*, 12> all = files();
    for (OutFile* f : all) ok_ = f->close() && ok_;
    if (ok_) return true;
    std::string error;
    for (const OutFile* f : all) {
        if (error.empty()) error = f->error();
    }
    if (error.empty()) error = sqlite_.error();
    if (error.empty()) error = html_->error();
    if (error.empty() && gzip_) error = gzip_->error();
    return abandon(ReportStatus::failed,
                   error.empty() ? std::string("cannot write the report") : error);
}

// The complete report put in place of the target, unless the run was stopped meanwhile.
bool ReportRun::commit() {
    html_->remove();
    // A signal that came after the last file was read still means "stop": nothing replaced.
    if (options_.cancel != nullptr && options_.cancel->load() != 0) {
        return abandon(ReportStatus::interrupted, "interrupted");
    }
    std::string error;
    if (!detail::put_in_place(target_, error)) return abandon(ReportStatus::failed, error);
    return true;
}

// The run's figures, the report in place.
void ReportRun::complete() {
    result_.status = ReportStatus::complete;
    result_.findings = summary_->findings();
    result_.sqlite = run_.sqlite;
    result_.files = summary_->files();
    result_.games = summary_->games();
    result_.games_with_findings = summary_->games_with_findings();
    result_.divergences = summary_->divergences();
    result_.moves = summary_->moves();
}

// The staging files closed (out of descriptors, their descriptors are what removing the folder
// needs) and the folder removed: nothing is replaced.
void ReportRun::remove_staging() {
    for (OutFile* f : {&jsonl_, &divergences_, &diagnostics_, &record_issues_, &results_}) {
        f->discard();
    }
    sqlite_.discard();
    html_.reset();
    boost::system::error_code rec;
    fs::remove_all(staging(), rec);
}

// Gives up the run (remove_staging) with `status` and `message`; false, for a failing step.
bool ReportRun::abandon(ReportStatus status, std::string message) {
    remove_staging();
    result_.status = status;
    result_.message = std::move(message);
    return false;
}

}  // namespace

ReportResult write_report_folder(const ReportOptions& options) {
    return ReportRun(options).run();
}

}  // namespace sgfaudit::pipeline
