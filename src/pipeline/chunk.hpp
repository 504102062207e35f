#pragma once
// What the parallel stage of `audit` makes of one file (a Chunk), and its form on disk in a
// shard's report folder (`shard.chunks`), so that `sgfaudit merge` can hand the chunks of every
// shard to the same in-order writer as an unsharded run, in the unsharded run's order: the
// merged report is the unsharded one, byte for byte. Internal to the pipeline module.

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/types.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/pipeline/audit_file.hpp"
#include "sgfaudit/pipeline/inputs.hpp"
#include "sgfaudit/pipeline/run.hpp"
#include "sgfaudit/pipeline/spill.hpp"
#include "sgfaudit/report/files.hpp"
#include "sgfaudit/report/folder.hpp"

namespace sgfaudit::pipeline::detail {

// Past this many bytes, a file's JSON lines and CSV rows go to a temporary file of the staging
// folder while the file is audited, so a file of many games does not hold its whole report
//. A shard's run does not spill: its chunks go whole into shard.chunks.
inline constexpr std::size_t kSpillBytes = std::size_t{4} << 20;

using pipeline::Spill;

// Where the in-order stage hands back a chunk that another worker thread made, to be freed
// there: glibc frees a block of another thread's arena under that arena's lock, and a run over
// small files frees several blocks a file (on ogs-9x9 at --jobs 2 this was 1.5 to 2 % of the
// run). A thread frees what was handed back to it each time it starts a file, so no more is
// held than the chunks in flight already were.
class ChunkReturn {
  public:
    // Called by the in-order stage, on any thread.
    void give_back(std::unique_ptr<FileWork::Result> chunk) {
        const std::lock_guard lock(mutex_);
        done_.push_back(std::move(chunk));
    }
    // Called by the thread the chunks were made on: frees every chunk handed back.
    void free_returned() {
        std::vector<std::unique_ptr<FileWork::Result>> done;
        {
            const std::lock_guard lock(mutex_);
            done.swap(done_);
        }
    }

  private:
    std::mutex mutex_;
    std::vector<std::unique_ptr<FileWork::Result>> done_;
};

struct Chunk : FileWork::Result {
    ChunkReturn* home = nullptr;  // the making thread's (report_run.cpp)
    std::size_t index = 0;        // the file's position in the unsharded run's order
    bool walk_problem = false;    // a folder entry the walk could not take, not a file
    sgf::Diagnostic problem;      // its diagnostic
    FileAudit file;
    std::string jsonl, divergences_csv, diagnostics_csv, record_issues_csv, results_csv;
    // report.sqlite's rows (report/tables.hpp), made only with --sqlite.
    std::string sql;
    // What came before the strings.
    Spill jsonl_spill, divergences_spill, record_issues_spill, results_spill, sql_spill;
    std::vector<report::HtmlBlock> html;  // index.html: the file's divergences
    std::string broken;                   // rows of the broken-records table
    std::size_t broken_rows = 0, broken_games = 0;
    std::vector<report::GameFacts> facts;
};

// The name of the chunks file in a shard's report folder.
inline constexpr std::string_view kShardChunks =
    report::file_name(report::FolderFile::shard_chunks);

// The first record of a chunks file: the shard and the run it belongs to.
std::string shard_header(unsigned shard, unsigned shards, const report::RunDescription& run);
// One record: a chunk.
std::string shard_record(const Chunk& chunk);

// What seals a chunks file (docs/shards.md): a CRC-32 of every byte before the end record, the
// number of chunk records, and the fingerprint of the inputs the shard's walk saw
// (RunOptions::fingerprint). Written as the end record (shard_end).
struct ShardSeal {
    std::uint32_t crc = 0;
    std::uint64_t records = 0;
    std::uint64_t fingerprint = 0;
    // Adds bytes written to (or read from) the file before the end record.
    void add(std::string_view bytes);
};
// The end record of a chunks file: kShardEndBytes bytes.
std::string shard_end(const ShardSeal& seal);
inline constexpr std::size_t kShardEndBytes = 32;

// Reads a chunks file record by record. Every failure (a missing or damaged file) is a message,
// never an exception.
class ShardReader {
  public:
    // Opens FOLDER/shard.chunks and reads its header; false (and error()) when it cannot.
    bool open(const std::string& folder);
    unsigned shard() const noexcept { return shard_; }
    unsigned shards() const noexcept { return shards_; }
    const report::RunDescription& run() const noexcept { return run_; }
    // The fingerprint of the inputs the shard was made from (its end record).
    std::uint64_t fingerprint() const noexcept { return end_.fingerprint; }
    const std::string& folder() const noexcept { return folder_; }
    // The next chunk; false at the end or on an error (error() not empty). At the end the
    // file's checksum and record count are checked against its end record: a mismatch is an
    // error (an edited or damaged shard).
    bool next(Chunk& chunk);
    const std::string& error() const noexcept { return error_; }

  private:
    bool fill(std::size_t n);
    std::string folder_;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_{nullptr, &std::fclose};
    std::string buffer_;
    std::uint64_t size_ = 0;    // of the file
    std::uint64_t offset_ = 0;  // bytes read so far
    ShardSeal seen_;            // of what was read
    ShardSeal end_;             // as the end record states it
    unsigned shard_ = 0, shards_ = 0;
    report::RunDescription run_;
    std::string error_;
    std::set<std::string, std::less<>> codes_;  // storage for the diagnostics' codes
};

// Opens the chunks files of the shard report `folders` given to merge, into `shards` in shard
// order, and checks that they are the N shards of one run (1/N to N/N once each, the same inputs
// and options, the same input files); false (and `error`) when they are not.
bool open_shards(const std::vector<std::string>& folders, std::vector<ShardReader>& shards,
                 std::string& error);

}  // namespace sgfaudit::pipeline::detail
