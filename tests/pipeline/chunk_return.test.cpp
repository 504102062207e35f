// ChunkReturn (src/pipeline/chunk.hpp): the in-order stage hands a chunk back to the worker
// thread that made it, and that thread frees it, not the one that consumed it.

#include <catch2/catch.hpp>
#include <memory>
#include <thread>
#include <vector>

#include "../../src/pipeline/chunk.hpp"

using namespace sgfaudit::pipeline;

namespace {

// A result that records the thread that destroys it.
struct Traced : FileWork::Result {
    explicit Traced(std::vector<std::thread::id>& freed) : freed_(freed) {}
    ~Traced() override { freed_.push_back(std::this_thread::get_id()); }
    std::vector<std::thread::id>& freed_;
};

}  // namespace

TEST_CASE("ChunkReturn: chunks given back on another thread are freed by the maker",
          "[pipeline][chunk]") {
    std::vector<std::thread::id> freed;
    detail::ChunkReturn home;
    std::vector<std::unique_ptr<FileWork::Result>> made;
    for (int i = 0; i < 3; ++i) made.push_back(std::make_unique<Traced>(freed));
    std::thread consumer([&] {
        for (auto& r : made) home.give_back(std::move(r));
    });
    consumer.join();
    CHECK(freed.empty());  // handed back, not freed by the consumer
    home.free_returned();
    REQUIRE(freed.size() == 3);
    for (const std::thread::id id : freed) CHECK(id == std::this_thread::get_id());
    home.free_returned();  // nothing more
    CHECK(freed.size() == 3);
}
