// run_files: results reach consume in input order whatever the threads do, a cancel flag stops
// reading, unreadable files reach the work as data, an exception cancels the run.

#include "sgfaudit/pipeline/run.hpp"

#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "temp_folder.hpp"

using namespace sgfaudit;
namespace fs = std::filesystem;

namespace {

struct Echo : pipeline::FileWork::Result {
    std::size_t index = 0;
    std::string bytes;
    bool ok = false;
    bool walk_problem = false;
};

// Sleeps longer on early files so that later ones finish first when threads run in parallel.
class EchoWork : public pipeline::FileWork {
  public:
    explicit EchoWork(std::size_t files) : files_(files) {}
    std::unique_ptr<Result> process(pipeline::FileInput& in) const override {
        std::this_thread::sleep_for(std::chrono::microseconds(200 * (files_ - in.index)));
        {
            const std::lock_guard<std::mutex> lock(mutex_);
            threads_.insert(std::this_thread::get_id());
        }
        auto r = std::make_unique<Echo>();
        r->index = in.index;
        r->ok = in.bytes.ok;
        r->walk_problem = in.walk_problem;
        r->bytes = in.bytes.bytes;
        return r;
    }
    void consume(std::unique_ptr<Result> result) override {
        auto& e = static_cast<Echo&>(*result);
        order.push_back(e.index);
        bytes.push_back(e.walk_problem ? "(walk problem)" : e.ok ? e.bytes : "(unreadable)");
    }
    std::vector<std::size_t> order;
    std::vector<std::string> bytes;
    std::size_t threads() const { return threads_.size(); }

  private:
    std::size_t files_;
    mutable std::mutex mutex_;
    mutable std::set<std::thread::id> threads_;
};

}  // namespace

TEST_CASE("run_files hands results on in input order for any number of threads", "[pipeline]") {
    TempFolder t("sgfaudit-run");
    for (int i = 0; i < 40; ++i) {
        t.add((i < 10 ? "0" : "") + std::to_string(i) + ".sgf", std::to_string(i));
    }
    t.add("07b.sgf", "longer than the limit");                        // read_file refuses it
    fs::create_symlink(t.path() / "gone.sgf", t.path() / "08b.sgf");  // the walk cannot take it
    const unsigned jobs = GENERATE(1u, 2u, 4u);
    const std::vector<std::string> paths{t.path().string()};
    pipeline::FileWalk walk(paths);
    EchoWork work(42);
    pipeline::RunOptions options;
    options.jobs = jobs;
    options.max_file_bytes = 8;
    const pipeline::RunOutcome outcome = pipeline::run_files(walk, work, options);
    CHECK_FALSE(outcome.cancelled);
    CHECK(outcome.consumed == 42);
    REQUIRE(work.order.size() == 42);
    for (std::size_t i = 0; i < 42; ++i) CHECK(work.order[i] == i);
    CHECK(work.bytes[7] == "7");
    CHECK(work.bytes[8] == "(unreadable)");  // 07b.sgf
    CHECK(work.bytes[9] == "8");
    CHECK(work.bytes[10] == "(walk problem)");  // 08b.sgf
    CHECK(work.bytes[11] == "9");
    CHECK(work.bytes[41] == "39");
    if (jobs == 1) CHECK(work.threads() == 1);
}

TEST_CASE("run_files stops reading when the cancel flag is set", "[pipeline]") {
    TempFolder t("sgfaudit-run");
    // More files than are ever in flight, so that the walk is still going when the flag is set.
    const std::size_t total = 2 * pipeline::files_in_flight(2) + 100;
    std::vector<std::string> files;
    for (std::size_t i = 0; i < total; ++i) {
        files.push_back(t.add(std::to_string(i) + ".sgf", "x"));
    }
    pipeline::FileWalk walk(files);
    std::atomic<int> cancel{0};

    class CancelAfter : public pipeline::FileWork {
      public:
        explicit CancelAfter(std::atomic<int>& flag) : flag_(flag) {}
        std::unique_ptr<Result> process(pipeline::FileInput&) const override {
            return std::make_unique<Result>();
        }
        void consume(std::unique_ptr<Result>) override {
            if (++consumed == 10) flag_.store(2);
        }
        std::size_t consumed = 0;

      private:
        std::atomic<int>& flag_;
    } work(cancel);

    pipeline::RunOptions options;
    options.jobs = 2;
    options.cancel = &cancel;
    const pipeline::RunOutcome outcome = pipeline::run_files(walk, work, options);
    CHECK(outcome.cancelled);
    // Files in flight when the flag was set are finished: at most a few batches more.
    CHECK(outcome.consumed >= 10);
    CHECK(outcome.consumed <= 10 + pipeline::files_in_flight(2));
    CHECK(outcome.consumed < total);
    CHECK(work.consumed == outcome.consumed);
}

TEST_CASE("An exception in the work cancels the run and reaches the caller", "[pipeline]") {
    TempFolder t("sgfaudit-run");
    std::vector<std::string> files;
    for (int i = 0; i < 50; ++i) files.push_back(t.add(std::to_string(i) + ".sgf", "x"));
    pipeline::FileWalk walk(files);
    // Results still in flight when the run is cancelled (those after the one that threw,
    // waiting for it in the in-order stage) are destroyed, not leaked: a count of live results
    // shows it without a leak checker.
    static std::atomic<int> live{0};
    struct Counted : pipeline::FileWork::Result {
        Counted() { ++live; }
        ~Counted() override { --live; }
    };
    class Throws : public pipeline::FileWork {
      public:
        std::unique_ptr<Result> process(pipeline::FileInput& in) const override {
            if (in.index == 20) {
                // Let the other thread finish a few files after this one first.
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
                throw std::runtime_error("boom");
            }
            return std::make_unique<Counted>();
        }
        void consume(std::unique_ptr<Result>) override {}
    } work;
    pipeline::RunOptions options;
    options.jobs = 2;
    CHECK_THROWS_WITH(pipeline::run_files(walk, work, options), "boom");
    CHECK(live.load() == 0);
}

TEST_CASE("effective_jobs: 0 means the machine's cores", "[pipeline]") {
    CHECK(pipeline::effective_jobs(3) == 3);
    CHECK(pipeline::effective_jobs(0) >= 1);
}
