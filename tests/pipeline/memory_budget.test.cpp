// The run's memory budget across threads (src/pipeline/memory_budget.hpp): what the files in
// flight are estimated to need together stays within the budget, or one file is alone.

#include "../../src/pipeline/memory_budget.hpp"

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

using sgfaudit::pipeline::detail::MemoryBudget;
using sgfaudit::pipeline::detail::MemoryTake;

namespace {

// Waits (at most 10 s) until `done` holds.
template <class F>
bool eventually(F done) {
    for (int i = 0; i < 10000 && !done(); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return done();
}

}  // namespace

TEST_CASE("memory budget: without a budget every take is granted at once", "[pipeline][memory]") {
    MemoryBudget budget(0);
    CHECK(budget.take(std::size_t{1} << 40) == 0);
    CHECK(budget.take(std::size_t{1} << 40) == 0);
    CHECK(budget.waits() == 0);
}

TEST_CASE("memory budget: a take that does not fit waits until enough is given back",
          "[pipeline][memory]") {
    MemoryBudget budget(100);
    const std::size_t first = budget.take(60);
    CHECK(first == 60);
    std::atomic<bool> second_holds{false};
    std::thread other([&] {
        const MemoryTake take(budget, 60);
        second_holds = true;
    });
    // The second take waits: 60 + 60 is past 100.
    REQUIRE(eventually([&] { return budget.waits() == 1; }));
    CHECK_FALSE(second_holds.load());
    budget.give_back(first);
    other.join();
    CHECK(second_holds.load());
    CHECK(budget.peak() == 60);
    // Takes that fit go at once, together.
    const std::size_t a = budget.take(50), b = budget.take(50);
    CHECK(budget.peak() == 100);
    CHECK(budget.waits() == 1);
    budget.give_back(a);
    budget.give_back(b);
}

TEST_CASE("memory budget: a file larger than the whole budget is worked on alone",
          "[pipeline][memory]") {
    MemoryBudget budget(100);
    const std::size_t small = budget.take(10);
    std::atomic<bool> large_holds{false}, after_holds{false}, release{false};
    std::thread large([&] {
        const MemoryTake take(budget, 250);
        large_holds = true;
        eventually([&] { return release.load(); });
    });
    REQUIRE(eventually([&] { return budget.waits() == 1; }));
    CHECK_FALSE(large_holds.load());  // 10 is held: the large file waits for nothing held
    budget.give_back(small);
    REQUIRE(eventually([&] { return large_holds.load(); }));
    std::thread after([&] {
        const MemoryTake take(budget, 1);
        after_holds = true;
    });
    // Alone: a take that comes after it waits, however small.
    REQUIRE(eventually([&] { return budget.waits() == 2; }));
    CHECK_FALSE(after_holds.load());
    release = true;
    large.join();
    after.join();
    CHECK(after_holds.load());
    CHECK(budget.peak() == 250);
}

TEST_CASE("memory budget: takes are served in the order they came", "[pipeline][memory]") {
    MemoryBudget budget(100);
    const std::size_t held = budget.take(50);
    std::atomic<int> order{0}, large_at{-1}, small_at{-1};
    std::thread large([&] {
        const MemoryTake take(budget, 60);  // 50 + 60 is past 100: waits
        large_at = order++;
    });
    REQUIRE(eventually([&] { return budget.waits() == 1; }));
    // 45 would fit beside the 50 held, but the 60 came first: it waits behind it, and then
    // beside the 60 it does not fit (105), so it goes only once the large one is done.
    std::thread small([&] {
        const MemoryTake take(budget, 45);
        small_at = order++;
    });
    REQUIRE(eventually([&] { return budget.waits() == 2; }));
    CHECK(small_at.load() == -1);
    budget.give_back(held);
    large.join();
    small.join();
    CHECK(large_at.load() == 0);
    CHECK(small_at.load() == 1);
}
