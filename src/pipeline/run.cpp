// run_files: serial in-order walk -> parallel read and work -> serial in-order consume (oneTBB).

#include "sgfaudit/pipeline/run.hpp"

#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include <algorithm>

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

    // Tokens are unique_ptrs: oneTBB moves them between stages and destroys those in flight
    // when an exception cancels the run, so nothing leaks.
    using Input = std::unique_ptr<FileInput>;
    using Output = std::unique_ptr<FileWork::Result>;
    WalkItem item;
    const auto walk_step = [&](tbb::flow_control& fc) -> Input {
        if (options.cancel != nullptr && options.cancel->load() != 0) {
            outcome.cancelled = true;
            fc.stop();
            return nullptr;
        }
        if (!walk.next(item)) {
            fc.stop();
            return nullptr;
        }
        auto input = std::make_unique<FileInput>();
        input->index = next++;
        input->path = std::move(item.path);
        if (item.is_problem) {
            input->walk_problem = true;
            input->bytes.problem = std::move(item.problem);
        }
        return input;
    };
    // The bytes are read here, on any thread: opening, reading and closing a file is a tenth of
    // the time of a run over small files, and in the serial stage it kept the second thread
    // waiting. The order of the results does not depend on it (the last stage is in order).
    const auto process = [&](Input input) -> Output {
        if (!input->walk_problem) input->bytes = read_file(input->path, options.max_file_bytes);
        return work.process(*input);
    };
    const auto consume = [&](Output result) {
        work.consume(std::move(result));
        ++outcome.consumed;
    };

    // Threads as asked, even more than the machine has cores (oneTBB caps its workers at the
    // cores otherwise, with a warning).
    const tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, jobs);
    tbb::task_arena arena(static_cast<int>(jobs));
    arena.execute([&] {
        tbb::parallel_pipeline(
            tokens, tbb::make_filter<void, Input>(tbb::filter_mode::serial_in_order, walk_step) &
                        tbb::make_filter<Input, Output>(tbb::filter_mode::parallel, process) &
                        tbb::make_filter<Output, void>(tbb::filter_mode::serial_in_order, consume));
    });
    return outcome;
}

}  // namespace sgfaudit::pipeline
