// The reader's fast paths switched off (ReadPath::general) against on (ReadPath::fast): every file
// of corpus/, every saved input of the reader fuzz target and, when it is beside the repository,
// every file of ../shared/corpus, read under the default limits and under limits tight enough to
// cut nodes, values and properties short, must give the same Document (tree, properties, values,
// identifiers, diagnostics: Document::same_as). plain_nodes.test.cpp checks the same promise
// on crafted shapes by spacing the text off the fast paths; this test needs no such trick.

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "sgfaudit/sgf/reader.hpp"
#include "skip.hpp"
#include "slurp.hpp"

namespace fs = std::filesystem;
using namespace sgfaudit::sgf;

namespace {

using sgfaudit_test::slurp;

std::vector<fs::path> files_under(const fs::path& root) {
    std::vector<fs::path> out;
    if (!fs::is_directory(root)) return out;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        if (e.is_regular_file()) out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

// The limit sets: the defaults, and tight ones that make the general path report S121-S127.
std::vector<ReadLimits> limit_sets() {
    std::vector<ReadLimits> sets(4);
    sets[1].max_nodes_per_game = 7;
    sets[1].max_depth = 2;
    sets[1].max_diagnostics = 5;
    sets[2].max_properties_per_node = 2;
    sets[2].max_values_per_node = 3;
    sets[2].max_values_per_property = 2;
    sets[2].max_value_bytes = 8;
    sets[3].max_properties_per_node = 1;  // the fast paths' own limits: off for the whole read
    sets[3].max_values_per_node = 1;
    sets[3].max_value_bytes = 1;
    return sets;
}

// Reads every file both ways under every limit set; returns the files compared.
std::size_t compare_all(const std::vector<fs::path>& files) {
    const std::vector<ReadLimits> sets = limit_sets();
    std::size_t compared = 0;
    for (const fs::path& f : files) {
        const std::string bytes = slurp(f);
        for (std::size_t k = 0; k < sets.size(); ++k) {
            const Document fast = read_document(f.string(), bytes, sets[k], ReadPath::fast);
            const Document general = read_document(f.string(), bytes, sets[k], ReadPath::general);
            std::string why;
            const bool same = fast.same_as(general, &why);
            INFO(f.string() << ", limit set " << k << ": " << why);
            CHECK(same);
        }
        ++compared;
    }
    return compared;
}

}  // namespace

TEST_CASE("same_as sees a difference in the tree, the values and the diagnostics",
          "[sgf][reader][paths]") {
    const auto read = [](std::string text) { return read_document("a.sgf", std::move(text)); };
    std::string why;
    CHECK(read("(;B[aa];W[bb])").same_as(read("(;B[aa];W[bb])"), &why));
    CHECK(why.empty());
    CHECK_FALSE(read("(;B[aa];W[bb])").same_as(read("(;B[aa];W[bc])"), &why));
    CHECK(why == "text");
    // Another tree of the same moves.
    CHECK_FALSE(read("(;B[aa](;W[bb]))").same_as(read("(;B[aa];W[bb]())"), &why));
    CHECK_FALSE(why.empty());
    // The same text with other limits: fewer nodes, a diagnostic.
    ReadLimits tight;
    tight.max_nodes_per_game = 1;
    CHECK_FALSE(
        read("(;B[aa];W[bb])").same_as(read_document("a.sgf", "(;B[aa];W[bb])", tight), &why));
    CHECK_FALSE(why.empty());
}

TEST_CASE("The fast paths give the general path's Document: corpus/ and the reader fuzz corpus",
          "[sgf][reader][paths]") {
    std::vector<fs::path> files = files_under(fs::path(SGFAUDIT_SOURCE_DIR) / "corpus");
    const std::vector<fs::path> fuzz =
        files_under(fs::path(SGFAUDIT_SOURCE_DIR) / "fuzz" / "corpus" / "reader");
    REQUIRE(files.size() > 50);
    REQUIRE(fuzz.size() > 500);
    files.insert(files.end(), fuzz.begin(), fuzz.end());
    CHECK(compare_all(files) == files.size());
}

TEST_CASE("The fast paths give the general path's Document: ../shared/corpus",
          "[sgf][reader][paths][shared]") {
    const fs::path shared = fs::path(SGFAUDIT_SHARED_DIR) / "corpus";
    if (!fs::is_directory(shared)) SGFAUDIT_SKIP(shared.string() << " is absent");
    const std::vector<fs::path> files = files_under(shared);
    REQUIRE(files.size() > 1000);
    CHECK(compare_all(files) == files.size());
}
