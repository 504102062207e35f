// OutFile (src/pipeline/out_file.hpp): the report's files are written through a buffer, large
// pieces taken over without a copy, and their writing to disk started every 16 MiB on the way.
// Whatever the mix, the file holds every piece, in order. A finished file may be made durable
// on another thread ahead of close().

#include "../../src/pipeline/out_file.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <thread>

#include "slurp.hpp"
#include "temp_folder.hpp"

using sgfaudit_test::slurp;

TEST_CASE("OutFile: small and large pieces past several writebacks are written in order",
          "[pipeline][out_file]") {
    TempFolder t("sgfaudit-outfile");
    const auto path = t.path() / "out.txt";
    sgfaudit::pipeline::detail::OutFile file;
    REQUIRE(file.open(boost::filesystem::path(path.string())));
    std::string expected;
    std::uint32_t seed = 12345;
    // About 40 MiB in pieces of 1 byte to 64 KiB, copied (small) or taken over (large).
    while (expected.size() < (std::size_t{40} << 20)) {
        seed = seed * 1664525u + 1013904223u;
        const std::size_t size = 1 + (seed >> 8) % (seed % 3 == 0 ? 65536 : 900);
        std::string piece(size, static_cast<char>('a' + expected.size() % 26));
        piece.front() = '<';
        piece.back() = '>';
        expected += piece;
        if (seed % 2 == 0) {
            file.write(piece);
        } else {
            file.take(std::move(piece));
        }
    }
    REQUIRE(file.close());
    const std::string written = slurp(path);
    REQUIRE(written.size() == expected.size());
    CHECK(written == expected);
}

TEST_CASE("OutFile: sync() on another thread makes a finished file durable ahead of close()",
          "[pipeline][out_file]") {
    TempFolder t("sgfaudit-outfile-sync");
    sgfaudit::pipeline::detail::OutFile early, unfinished;
    REQUIRE(early.open(boost::filesystem::path((t.path() / "early.txt").string())));
    REQUIRE(unfinished.open(boost::filesystem::path((t.path() / "unfinished.txt").string())));
    const std::string text(3 << 20, 'd');
    early.write(text);
    REQUIRE(early.finish());
    // The report's data files are synced this way while the pages are written.
    std::thread syncing([&] { early.sync(); });
    syncing.join();
    CHECK(early.error().empty());
    REQUIRE(early.close());
    CHECK(slurp(t.path() / "early.txt") == text);
    // Before finish() it does nothing: the file still takes what comes after.
    unfinished.write("before ");
    unfinished.sync();
    unfinished.write("after");
    REQUIRE(unfinished.close());
    CHECK(slurp(t.path() / "unfinished.txt") == "before after");
}
