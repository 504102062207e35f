// run_files: serial in-order walk -> parallel read and work -> serial in-order consume (oneTBB).

#include "sgfaudit/pipeline/run.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "batch_read.hpp"
#include "memory_budget.hpp"

namespace sgfaudit::pipeline {

unsigned effective_jobs(unsigned jobs) {
    if (jobs > 0) return jobs;
    return static_cast<unsigned>(std::max(1, tbb::info::default_concurrency()));
}

namespace {
// Batches in flight per thread: enough to keep every thread busy while one walks and one
// writes, few enough that memory stays flat.
constexpr std::size_t kBatchesPerThread = 8;
// Archive members come with their bytes, read by the serial walk: a batch is closed early when
// its members hold this much, so that memory stays flat whatever the archive's size.
constexpr std::size_t kBatchMemberBytes = std::size_t{1} << 20;
// RunOptions::fingerprint: one item of the walk.
void fold(std::uint64_t& h, const WalkItem& item) {
    fingerprint_add(h, item.path);
    fingerprint_add(h, std::string_view("\0", 1));
    std::string facts;
    if (item.is_problem) {
        facts = "problem ";
        facts += item.problem.code;
    } else if (item.has_bytes) {
        const std::string& b = item.bytes.bytes;
        if (item.bytes.ok) {
            facts =
                "member " + std::to_string(b.size()) + " " +
                std::to_string(::crc32_z(0, reinterpret_cast<const Bytef*>(b.data()), b.size()));
        } else {
            facts = "member problem ";
            facts += item.bytes.problem.code;
        }
    } else {
        struct stat st {};
        const int rc = item.folder != nullptr
                           ? ::fstatat(item.folder->fd(), item.path.c_str() + item.name_at, &st, 0)
                           : ::stat(item.path.c_str(), &st);
        facts = rc != 0 ? "no stat"
                        : "file " + std::to_string(st.st_size) + " " +
                              std::to_string(st.st_mtim.tv_sec) + "." +
                              std::to_string(st.st_mtim.tv_nsec);
    }
    fingerprint_add(h, facts);
    fingerprint_add(h, std::string_view("\0", 1));
}

// A token is a batch of up to kBatchFiles consecutive files of the walk: they are read
// together (detail::read_batch: one system call for the batch where the kernel allows) and
// worked on one after the other by the thread that read them.
struct Token {
    std::array<FileInput, detail::kBatchFiles> inputs;  // the batch, in walk order
    std::array<std::unique_ptr<FileWork::Result>, detail::kBatchFiles> results;
    std::size_t size = 0;  // files of the batch: the first `size` entries
};

// The tokens of one run: raw pointers into a pool that run_files owns. oneTBB 2021.8 does not
// destroy the items waiting in an in-order stage's buffer when an exception cancels the run
// (the results after the one that threw leaked under LeakSanitizer), so the pool, not oneTBB,
// owns every item in flight and frees them all however the run ends.
class TokenPool {
  public:
    Token* take() {
        const std::lock_guard lock(mutex_);
        if (free_.empty()) {
            // oneTBB keeps at most `tokens` live and the last stage gives each back before it
            // ends, so this happens `tokens` times at most; growing is only a safety net.
            pool_.push_back(std::make_unique<Token>());
            return pool_.back().get();
        }
        Token* token = free_.back();
        free_.pop_back();
        return token;
    }
    // Empties the token and makes it free again.
    void give_back(Token* token) {
        for (std::size_t i = 0; i < token->size; ++i) {
            token->inputs[i] = FileInput{};
            token->results[i].reset();
        }
        token->size = 0;
        const std::lock_guard lock(mutex_);
        free_.push_back(token);
    }

  private:
    std::vector<std::unique_ptr<Token>> pool_;
    std::vector<Token*> free_;
    std::mutex mutex_;  // the first and the last stage take and give back at the same time
};

// Moves the walk's `item`, the file at walk position `index`, into `input`; an archive
// member's bytes are added to `member_bytes`.
void fill_input(FileInput& input, WalkItem& item, std::size_t index, std::size_t& member_bytes) {
    input.index = index;
    input.path = std::move(item.path);
    input.folder = std::move(item.folder);
    input.name_at = item.name_at;
    if (item.is_problem) {
        input.walk_problem = true;
        input.bytes.problem = std::move(item.problem);
    } else if (item.has_bytes) {
        input.in_archive = true;
        member_bytes += item.bytes.bytes.size();
        input.bytes = std::move(item.bytes);
    }
}

}  // namespace

std::size_t files_in_flight(unsigned jobs) {
    return kBatchesPerThread * effective_jobs(jobs) * detail::kBatchFiles;
}

RunOutcome run_files(FileWalk& walk, FileWork& work, const RunOptions& options) {
    const unsigned jobs = effective_jobs(options.jobs);
    const std::size_t tokens = kBatchesPerThread * jobs;
    RunOutcome outcome;
    std::size_t next = 0;

    TokenPool pool;

    WalkItem item;
    bool walk_ended = false;
    const auto walk_step = [&](tbb::flow_control& fc) -> Token* {
        Token* token = nullptr;
        std::size_t member_bytes = 0;
        while (!walk_ended) {
            if (token != nullptr && token->size == detail::kBatchFiles) break;
            if (member_bytes >= kBatchMemberBytes) break;
            if (options.cancel != nullptr && options.cancel->load() != 0) {
                outcome.cancelled = true;
                walk_ended = true;
                break;
            }
            if (!walk.next(item)) {
                walk_ended = true;
                break;
            }
            const std::size_t index = next++;
            if (options.fingerprint != nullptr) fold(*options.fingerprint, item);
            if (options.shards > 1 && index % options.shards != options.shard - 1) continue;
            if (token == nullptr) token = pool.take();
            fill_input(token->inputs[token->size++], item, index, member_bytes);
        }
        if (token == nullptr) fc.stop();
        return token;
    };
    // The bytes are read here, on any thread: opening, reading and closing files is a large
    // part of a run over small files, and in the serial stage it kept the second thread
    // waiting. The order of the results does not depend on it (the last stage is in order).
    // The memory budget is taken per file once its bytes are read (what it needs is estimated
    // from its size) and given back when its work is done.
    detail::MemoryBudget budget(options.memory_budget);
    const auto process = [&](Token* token) -> Token* {
        const std::span<FileInput> batch(token->inputs.data(), token->size);
        detail::read_batch(batch, options.max_file_bytes);
        for (std::size_t i = 0; i < token->size; ++i) {
            detail::read_rest(token->inputs[i], options.max_file_bytes);
            const detail::MemoryTake take(
                budget, detail::memory_estimate(token->inputs[i].bytes.bytes.size()));
            token->results[i] = work.process(token->inputs[i]);
            // The bytes are the work's now (moved, or no longer needed): free them early.
            token->inputs[i].bytes = FileBytes{};
        }
        return token;
    };
    const auto consume = [&](Token* token) {
        for (std::size_t i = 0; i < token->size; ++i) {
            work.consume(std::move(token->results[i]));
            ++outcome.consumed;
        }
        pool.give_back(token);
    };

    // Threads as asked, even more than the machine has cores (oneTBB caps its workers at the
    // cores otherwise, with a warning).
    const tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, jobs);
    tbb::task_arena arena(static_cast<int>(jobs));
    arena.execute([&] {
        tbb::parallel_pipeline(
            tokens, tbb::make_filter<void, Token*>(tbb::filter_mode::serial_in_order, walk_step) &
                        tbb::make_filter<Token*, Token*>(tbb::filter_mode::parallel, process) &
                        tbb::make_filter<Token*, void>(tbb::filter_mode::serial_in_order, consume));
    });
    outcome.memory_peak = budget.peak();
    outcome.memory_waits = budget.waits();
    return outcome;
}

}  // namespace sgfaudit::pipeline
