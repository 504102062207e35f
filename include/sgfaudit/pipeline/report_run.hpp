#pragma once
// `sgfaudit audit`: every file of a run audited through the parallel pipeline, streamed into a
// report folder (docs/report-format.md; its files: report/files.hpp). The folder is written under a
// temporary name beside the target and put in place only when complete, so an interrupted or failed
// run leaves the previous report (or none), never half of one.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sgfaudit/pipeline/audit_file.hpp"
#include "sgfaudit/sgf/diagnostic.hpp"

namespace sgfaudit::pipeline {

// Where a run stands, for a progress display (called in input order, on one thread).
struct ReportProgress {
    std::size_t files_done = 0, files_total = 0;  // files_total 0: not counted
    std::uint64_t games = 0, divergences = 0;
};

struct ReportOptions {
    std::vector<std::string> paths;  // files and folders, as named by the user
    AuditSettings settings;
    std::string out_dir;              // the report folder
    unsigned jobs = 0;                // 0: all cores
    std::size_t memory_budget = 0;    // RunOptions::memory_budget (0: none)
    std::size_t max_diagrams = 1000;  // SVG diagrams drawn into index.html
    // games.jsonl holds only the games with findings (and files and folder entries with an
    // error); the other report files are unchanged.
    bool findings_only = false;
    // When not 0, games.jsonl holds only the games with a divergence of a kind whose bit
    // (1 << audit::DivergenceKind) is set, or a record error when report::kOnlyRecordErrors is
    // set (report::JsonlSelection);
    // files and folder entries without a game are left out.
    std::uint32_t only = 0;
    // games.jsonl is written gzip-compressed as games.jsonl.gz (RFC 1952, no time stamp).
    bool gzip = false;
    // games.jsonl in the full form of schema sgfaudit-game/2 (every count's table, the boards
    // of divergences); else the compact form (docs/report-format.md).
    bool full_json = false;
    // report.sqlite is written too (docs/report-format.md, "report.sqlite and results.csv").
    bool sqlite = false;
    // Follow symbolic links that lead out of the named folders (FileWalk).
    bool follow_links = false;
    const std::atomic<int>* cancel = nullptr;             // non-zero: stop (e.g. the signal number)
    std::function<void(const ReportProgress&)> progress;  // may be empty
    // With `progress`: count the files first (a walk of names only) so that files_total, and
    // with it an ETA, is known; else files_total is 0.
    bool count_files = true;
    // A shard (`--shard K/N`, 1 <= K <= N): only the files at positions K-1, K-1+N, ... of the
    // run (files, archive members and walk problems, counted from 0) are read and audited; the
    // report folder also holds shard.chunks, for `merge`. 0/0: the whole run.
    unsigned shard = 0, shards = 0;
    // Not empty: merge these shard report folders (all N shards of one run) instead of reading
    // `paths`; the report is the unsharded run's, byte for byte. Settings, paths and
    // max_diagrams are the shards'.
    std::vector<std::string> merge;
};

enum class ReportStatus : std::uint8_t {
    complete,       // the report is in place
    missing_input,  // a path named by the user does not exist (`missing` says which)
    interrupted,    // `cancel` was set: nothing replaced
    failed,         // the report could not be written (`message`): nothing replaced
};

struct ReportResult {
    ReportStatus status = ReportStatus::failed;
    std::string message;                   // for failed / interrupted: what happened
    std::vector<sgf::Diagnostic> missing;  // F001 for missing_input
    bool previous = false;  // out_dir held a report before the run (replaced when complete)
    bool findings = false;  // Summary::findings
    bool sqlite = false;    // report.sqlite was written (--sqlite, or shards made with it)
    std::uint64_t files = 0, games = 0, games_with_findings = 0, divergences = 0;
    std::uint64_t moves = 0;
};

// Runs the audit and writes the report folder. Never throws for bad input; resource exhaustion
// and bugs propagate.
ReportResult write_report_folder(const ReportOptions& options);

}  // namespace sgfaudit::pipeline
