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
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/pipeline/audit_file.hpp"
#include "sgfaudit/pipeline/inputs.hpp"
#include "sgfaudit/pipeline/run.hpp"
#include "sgfaudit/report/archive.hpp"

namespace sgfaudit::pipeline::detail {

// Past this many bytes, a file's JSON lines and CSV rows go to a temporary file of the staging
// folder while the file is audited, so a file of many games does not hold its whole report
// (issue 18). A shard's run does not spill: its chunks go whole into shard.chunks.
inline constexpr std::size_t kSpillBytes = std::size_t{4} << 20;

// The part of one output stream of a file that was spilled: an unnamed file of the staging
// folder, copied in order by the writer.
class Spill {
  public:
    Spill() = default;
    Spill(const Spill&) = delete;
    Spill& operator=(const Spill&) = delete;
    ~Spill() {
        if (fd_ >= 0) ::close(fd_);
    }

    // Appends `text` to the file (made in `folder` on first use) and empties it. Throws
    // ResourceError when it cannot (a full disk fails the run, exit 2).
    void add(std::string& text, const std::string& folder) {
        if (fd_ < 0) {
            fd_ = ::open(folder.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
            if (fd_ < 0) {
                // No O_TMPFILE here: a named file, unlinked at once.
                std::string name = folder + "/.spill-XXXXXX";
                fd_ = ::mkostemp(name.data(), O_CLOEXEC);
                if (fd_ >= 0) ::unlink(name.c_str());
            }
            if (fd_ < 0) fail(folder);
        }
        for (std::size_t done = 0; done < text.size();) {
            const ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) fail(folder);
            done += static_cast<std::size_t>(n);
        }
        text.clear();
    }

    // Writes what was spilled to `out` (anything with write(std::string_view)), in order.
    template <class Out>
    void copy_to(Out& out) const {
        if (fd_ < 0) return;
        std::string buffer(std::size_t{1} << 20, '\0');
        for (off_t at = 0;;) {
            const ssize_t n = ::pread(fd_, buffer.data(), buffer.size(), at);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) {
                throw ResourceError(
                    fmt::format("cannot read a temporary file: {}", std::strerror(errno)));
            }
            if (n == 0) return;
            out.write(std::string_view(buffer.data(), static_cast<std::size_t>(n)));
            at += n;
        }
    }

  private:
    [[noreturn]] static void fail(const std::string& folder) {
        throw ResourceError(
            fmt::format("cannot write a temporary file in {}: {}", folder, std::strerror(errno)));
    }
    int fd_ = -1;
};

struct Chunk : FileWork::Result {
    std::size_t index = 0;      // the file's position in the unsharded run's order
    bool walk_problem = false;  // a folder entry the walk could not take, not a file
    sgf::Diagnostic problem;    // its diagnostic
    FileAudit file;
    std::string jsonl, divergences_csv, diagnostics_csv, record_issues_csv;
    Spill jsonl_spill, divergences_spill, record_issues_spill;  // what came before the strings
    std::vector<report::HtmlBlock> html;  // index.html: the file's divergences
    std::string broken;                   // rows of the broken-records table
    std::size_t broken_rows = 0, broken_games = 0;
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
