#pragma once
// What the parallel stage of `audit` makes of one file (a Chunk), and its form on disk in a
// shard's report folder (`shard.chunks`), so that `sgfaudit merge` can hand the chunks of every
// shard to the same in-order writer as an unsharded run, in the unsharded run's order: the
// merged report is the unsharded one, byte for byte. Internal to the pipeline module.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "sgfaudit/pipeline/audit_file.hpp"
#include "sgfaudit/pipeline/run.hpp"
#include "sgfaudit/report/archive.hpp"

namespace sgfaudit::pipeline::detail {

struct Chunk : FileWork::Result {
    std::size_t index = 0;      // the file's position in the unsharded run's order
    bool walk_problem = false;  // a folder entry the walk could not take, not a file
    sgf::Diagnostic problem;    // its diagnostic
    FileAudit file;
    std::string jsonl, divergences_csv, diagnostics_csv, record_issues_csv;
    std::vector<report::HtmlPiece> html;
    std::vector<report::GameFacts> facts;
};

// The name of the chunks file in a shard's report folder.
inline constexpr const char* kShardChunks = "shard.chunks";

// The first record of a chunks file: the shard and the run it belongs to.
std::string shard_header(unsigned shard, unsigned shards, const report::RunDescription& run);
// One record: a chunk.
std::string shard_record(const Chunk& chunk);

// Reads a chunks file record by record. Every failure (a missing or damaged file) is a message,
// never an exception.
class ShardReader {
  public:
    // Opens FOLDER/shard.chunks and reads its header; false (and error()) when it cannot.
    bool open(const std::string& folder);
    unsigned shard() const noexcept { return shard_; }
    unsigned shards() const noexcept { return shards_; }
    const report::RunDescription& run() const noexcept { return run_; }
    // The next chunk; false at the end or on an error (error() not empty).
    bool next(Chunk& chunk);
    const std::string& error() const noexcept { return error_; }

  private:
    bool fill(std::size_t n);
    std::string folder_;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_{nullptr, &std::fclose};
    std::string buffer_;
    std::uint64_t size_ = 0;  // of the file
    unsigned shard_ = 0, shards_ = 0;
    report::RunDescription run_;
    std::string error_;
    std::set<std::string, std::less<>> codes_;  // storage for the diagnostics' codes
};

}  // namespace sgfaudit::pipeline::detail
