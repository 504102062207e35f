#pragma once
// The run's memory budget across its threads (docs/robustness.md, "Memory"): before a thread
// works on a file it takes the file's estimated need from one budget shared by all threads, and
// gives it back when the file is done. A file whose need exceeds what is left waits; one whose
// need exceeds the whole budget waits until nothing else is held and is then worked on alone.
// So `--jobs N` does not multiply the worst case of one file: the files in flight together stay
// within the budget, or one file is alone. Internal to the pipeline module.

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>

namespace sgfaudit::pipeline::detail {

// What a file of `file_bytes` bytes may make a thread hold while it is read, replayed and
// reported: its document, its games' events and history, and its report before the spill.
// The factor is the worst measured per byte of file (docs/robustness.md: the nested game of
// 10^6 moves, 8 MB, held 261 MB, 33 bytes per byte), rounded up.
inline constexpr std::size_t kMemoryPerFileByte = 40;
inline constexpr std::size_t memory_estimate(std::size_t file_bytes) noexcept {
    return file_bytes * kMemoryPerFileByte;
}

// Takes are served in the order they come (first come, first served), so a large file cannot be
// starved by a stream of small ones; a thread holds at most one take at a time, so every take
// is given back by a thread that is not waiting, and no wait lasts longer than the files ahead.
class MemoryBudget {
  public:
    // `budget` 0: no budget (every take is granted at once).
    explicit MemoryBudget(std::size_t budget) : budget_(budget) {}
    MemoryBudget(const MemoryBudget&) = delete;
    MemoryBudget& operator=(const MemoryBudget&) = delete;

    // Waits until `need` fits in what is left of the budget, or until nothing is held when it
    // is larger than the whole budget; then holds it. Returns what is held (0 without a budget).
    std::size_t take(std::size_t need);
    // Gives back what `take` returned.
    void give_back(std::size_t held);

    // The most held at once so far, and the number of takes that had to wait (for tests and
    // the docs' figures).
    std::size_t peak() const;
    std::size_t waits() const;

  private:
    const std::size_t budget_;
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::size_t held_ = 0;
    std::uint64_t next_ticket_ = 0, serving_ = 0;
    std::size_t peak_ = 0, waits_ = 0;
};

// Holds a take for a scope.
class MemoryTake {
  public:
    MemoryTake(MemoryBudget& budget, std::size_t need)
        : budget_(budget), held_(budget.take(need)) {}
    ~MemoryTake() { budget_.give_back(held_); }
    MemoryTake(const MemoryTake&) = delete;
    MemoryTake& operator=(const MemoryTake&) = delete;

  private:
    MemoryBudget& budget_;
    std::size_t held_;
};

}  // namespace sgfaudit::pipeline::detail
