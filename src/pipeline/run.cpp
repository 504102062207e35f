// run_files: serial in-order walk -> parallel read and work -> serial in-order consume (oneTBB).

#include "sgfaudit/pipeline/run.hpp"

#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <vector>

namespace sgfaudit::pipeline {

unsigned effective_jobs(unsigned jobs) {
    if (jobs > 0) return jobs;
    return static_cast<unsigned>(std::max(1, tbb::info::default_concurrency()));
}

RunOutcome run_files(FileWalk& walk, FileWork& work, const RunOptions& options) {
    const unsigned jobs = effective_jobs(options.jobs);
    // A few files per thread in flight: enough to keep every thread busy while one reads and
    // one writes, few enough that memory stays flat.
    const std::size_t tokens = std::size_t{4} * jobs;
    RunOutcome outcome;
    std::size_t next = 0;

    // The tokens are raw pointers into a pool this function owns. oneTBB 2021.8 does not
    // destroy the items waiting in an in-order stage's buffer when an exception cancels the
    // run (the results after the one that threw leaked under LeakSanitizer), so the pool, not
    // oneTBB, owns every item in flight and frees them all however the run ends.
    struct Token {
        FileInput input;
        std::unique_ptr<FileWork::Result> result;
    };
    std::vector<std::unique_ptr<Token>> pool;
    std::vector<Token*> free_tokens;
    std::mutex pool_mutex;  // the first and the last stage take and give back at the same time
    const auto take_token = [&]() -> Token* {
        const std::lock_guard lock(pool_mutex);
        if (free_tokens.empty()) {
            // oneTBB keeps at most `tokens` live and the last stage gives each back before it
            // ends, so this happens `tokens` times at most; growing is only a safety net.
            pool.push_back(std::make_unique<Token>());
            return pool.back().get();
        }
        Token* token = free_tokens.back();
        free_tokens.pop_back();
        return token;
    };
    const auto give_back = [&](Token* token) {
        token->input = FileInput{};
        token->result.reset();
        const std::lock_guard lock(pool_mutex);
        free_tokens.push_back(token);
    };

    WalkItem item;
    const auto walk_step = [&](tbb::flow_control& fc) -> Token* {
        if (options.cancel != nullptr && options.cancel->load() != 0) {
            outcome.cancelled = true;
            fc.stop();
            return nullptr;
        }
        if (!walk.next(item)) {
            fc.stop();
            return nullptr;
        }
        Token* token = take_token();
        FileInput& input = token->input;
        input.index = next++;
        input.path = std::move(item.path);
        input.folder = std::move(item.folder);
        input.name_at = item.name_at;
        if (item.is_problem) {
            input.walk_problem = true;
            input.bytes.problem = std::move(item.problem);
        }
        return token;
    };
    // The bytes are read here, on any thread: opening, reading and closing a file is a tenth of
    // the time of a run over small files, and in the serial stage it kept the second thread
    // waiting. The order of the results does not depend on it (the last stage is in order).
    const auto process = [&](Token* token) -> Token* {
        FileInput& input = token->input;
        if (!input.walk_problem) {
            input.bytes =
                read_file(input.path, options.max_file_bytes, input.folder.get(), input.name_at);
        }
        token->result = work.process(input);
        return token;
    };
    const auto consume = [&](Token* token) {
        work.consume(std::move(token->result));
        ++outcome.consumed;
        give_back(token);
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
    return outcome;
}

}  // namespace sgfaudit::pipeline
