// S113 (not a text file): the control characters and NUL bytes counted by the reader, in
// blocks, against a byte-by-byte count, for sample sizes around every block and vector width.

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstddef>
#include <random>
#include <string>

#include "sgfaudit/sgf/reader.hpp"

using namespace sgfaudit::sgf;

TEST_CASE("S113 counts every control character and NUL byte of its sample", "[sgf][reader]") {
    std::mt19937 random(113);
    std::uniform_int_distribution<int> byte(0, 255);
    for (const std::size_t size : {2u, 15u, 16u, 17u, 239u, 240u, 241u, 255u, 256u, 257u, 480u,
                                   481u, 1000u, 4095u, 4096u, 4097u, 6000u}) {
        for (int round = 0; round < 3; ++round) {
            std::string bytes = "x";  // not a byte-order mark, not UTF-16
            while (bytes.size() < size) bytes += static_cast<char>(byte(random));
            bytes += '\x01';  // no padding at the end
            // Byte by byte, as docs/robustness.md describes it.
            const std::size_t end = bytes.find_last_not_of(std::string_view("\0\x1A", 2));
            const std::size_t sample = std::min<std::size_t>(end + 1, 4096);
            std::size_t control = 0, nul = 0;
            for (std::size_t i = 0; i < sample; ++i) {
                const auto u = static_cast<unsigned char>(bytes[i]);
                if (u == 0) {
                    ++nul;
                } else if (u < 0x20 && !(u >= 9 && u <= 13) && u != 0x1B) {
                    ++control;
                }
            }
            CAPTURE(size, round);
            REQUIRE(control * 20 > sample);  // random bytes: binary
            const Document doc = read_document("t.sgf", bytes);
            REQUIRE(doc.diagnostics().size() == 1);
            CHECK(doc.diagnostics()[0].code == "S113");
            CHECK(doc.diagnostics()[0].message ==
                  "not a text file (" + std::to_string(control) + " control characters and " +
                      std::to_string(nul) + " NUL bytes in its first " + std::to_string(sample) +
                      " bytes); not read as SGF");
        }
    }
}
