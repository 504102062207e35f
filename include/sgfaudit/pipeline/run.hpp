#pragma once
// The pipeline's threads: a oneTBB parallel_pipeline over the files of a run. A serial stage
// walks the inputs in order and groups them in batches of consecutive files, a parallel stage
// reads a batch's bytes and does the caller's work on each of its files, and a serial stage
// hands the results to the caller in input order, so the output is the same bytes for any
// number of threads. A few batches per thread are in flight; nothing else is held, so memory
// does not grow with the number of files.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "sgfaudit/pipeline/inputs.hpp"

namespace sgfaudit::pipeline {

// One file of a run, as the parallel stage hands it to the caller's work (its bytes read), or a
// folder entry the walk could not take (`walk_problem`: no file was read, `bytes.problem` says
// why).
struct FileInput {
    std::size_t index = 0;  // position in the run (files and walk problems, from 0)
    std::string path;
    std::shared_ptr<const OpenFolder> folder;  // the walk's folder of the file and where its
    std::size_t name_at = 0;                   // name starts in `path` (WalkItem)
    bool walk_problem = false;
    bool in_archive = false;  // an archive member: `bytes` were read by the walk
    FileBytes bytes;          // bytes.ok false: it could not be read (bytes.problem says why)
};

// The work a run does per file, supplied by the caller.
class FileWork {
  public:
    // What `process` hands to `consume`; the caller derives its own.
    struct Result {
        virtual ~Result() = default;
    };

    virtual ~FileWork() = default;
    // Called on any thread, several at once. Must not throw for bad input: problems are data.
    virtual std::unique_ptr<Result> process(FileInput& input) const = 0;
    // Called on one thread at a time, in input order.
    virtual void consume(std::unique_ptr<Result> result) = 0;
};

struct RunOptions {
    unsigned jobs = 0;  // threads; 0: all the machine's cores
    std::size_t max_file_bytes = 64u << 20;
    // Set (non-zero) from elsewhere, e.g. a signal handler, to stop reading new files; the
    // files in flight are finished and consumed.
    const std::atomic<int>* cancel = nullptr;
    // 1 <= shard <= shards: only the walk's items at positions shard-1 + k*shards are read and
    // worked on (their FileInput::index is still their position in the whole walk).
    unsigned shard = 0, shards = 0;
    // Not null (a shard's run): every item of the walk, the shard's or not, is folded into
    // *fingerprint (fingerprint_add), in walk order: its path, and for a file its size and
    // modification time (stat), for an archive member its size and CRC-32, for a walk problem
    // its code. Shards of one run made from the same files agree on it (docs/shards.md).
    std::uint64_t* fingerprint = nullptr;
    // The memory the files in flight may need together, in bytes (0: no budget). Each file's
    // need is estimated from its size (memory_budget.hpp); a file that does not fit in what is
    // left waits, and one larger than the whole budget is worked on alone (docs/robustness.md).
    std::size_t memory_budget = 0;
};

// Folds `bytes` into the 64-bit FNV-1a hash `h` (start from kFingerprintStart).
inline constexpr std::uint64_t kFingerprintStart = 0xcbf29ce484222325u;
inline void fingerprint_add(std::uint64_t& h, std::string_view bytes) noexcept {
    for (const char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3u;
    }
}

struct RunOutcome {
    std::size_t consumed = 0;  // files (and walk problems) handed to consume
    bool cancelled = false;    // stopped by `cancel` before the last file
    // Under a memory budget: the most the files in flight were estimated to need at once, and
    // how many files waited for memory.
    std::size_t memory_peak = 0, memory_waits = 0;
};

// Runs `work` over the files of `walk` (and its problems), in walk order. Exceptions from
// `work` (resource exhaustion, bugs) cancel the run and are rethrown here.
RunOutcome run_files(FileWalk& walk, FileWork& work, const RunOptions& options);

// The number of threads `jobs` stands for (0: the machine's cores).
unsigned effective_jobs(unsigned jobs);

// How many files a run with `jobs` threads may have in flight at most: read or being worked on
// when a cancel comes, and finished and consumed after it.
std::size_t files_in_flight(unsigned jobs);

}  // namespace sgfaudit::pipeline
