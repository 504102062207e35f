// The folder walk: sorted order, extension filter, loops and unreadable entries reported.

#include "sgfaudit/pipeline/inputs.hpp"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using sgfaudit::pipeline::collect_inputs;
using sgfaudit::pipeline::read_file;

namespace {

struct TempTree {
    fs::path root;
    TempTree() {
        root = fs::temp_directory_path() / ("sgfaudit-inputs-" + std::to_string(::getpid()) + "-" +
                                            std::to_string(reinterpret_cast<std::uintptr_t>(this)));
        fs::remove_all(root);
        fs::create_directories(root);
    }
    ~TempTree() {
        std::error_code ec;
        fs::permissions(root / "locked", fs::perms::owner_all, ec);
        fs::remove_all(root, ec);
    }
    void file(const std::string& rel, const std::string& text = "(;GM[1])") {
        fs::create_directories((root / rel).parent_path());
        std::ofstream(root / rel) << text;
    }
    std::string path(const std::string& rel = "") const {
        return rel.empty() ? root.string() : (root / rel).string();
    }
};

std::vector<std::string> relative(const std::vector<std::string>& files, const TempTree& t) {
    std::vector<std::string> out;
    for (const auto& f : files) out.push_back(f.substr(t.path().size() + 1));
    return out;
}

}  // namespace

TEST_CASE("Folders are walked recursively in sorted order, taking .sgf and .mgt files",
          "[pipeline][inputs]") {
    TempTree t;
    t.file("b/2.sgf");
    t.file("b/10.SGF");
    t.file("a.sgf");
    t.file("c/old.mgt");
    t.file("c/readme.txt");
    t.file("B.sgf");
    const std::vector<std::string> args{t.path()};
    const auto inputs = collect_inputs(args);
    CHECK(inputs.problems.empty());
    CHECK(relative(inputs.files, t) ==
          std::vector<std::string>{"B.sgf", "a.sgf", "b/10.SGF", "b/2.sgf", "c/old.mgt"});
}

TEST_CASE("A file named on the command line is read whatever its extension", "[pipeline][inputs]") {
    TempTree t;
    t.file("game.txt");
    const std::vector<std::string> args{t.path("game.txt")};
    const auto inputs = collect_inputs(args);
    REQUIRE(inputs.files.size() == 1);
    CHECK_FALSE(inputs.missing_argument);
}

TEST_CASE("F001: a path that does not exist means the run cannot go on", "[pipeline][inputs]") {
    TempTree t;
    const std::vector<std::string> args{t.path("nope.sgf")};
    const auto inputs = collect_inputs(args);
    CHECK(inputs.missing_argument);
    REQUIRE(inputs.problems.size() == 1);
    CHECK(inputs.problems[0].code == "F001");
}

TEST_CASE("F003: a symbolic link loop is reported once and skipped", "[pipeline][inputs]") {
    TempTree t;
    t.file("d/x.sgf");
    fs::create_directory_symlink(t.root / "d", t.root / "d" / "loop");
    const std::vector<std::string> args{t.path()};
    const auto inputs = collect_inputs(args);
    CHECK(relative(inputs.files, t) == std::vector<std::string>{"d/x.sgf"});
    REQUIRE(inputs.problems.size() == 1);
    CHECK(inputs.problems[0].code == "F003");
}

TEST_CASE("F002: an unreadable folder is reported and the walk goes on", "[pipeline][inputs]") {
    if (::geteuid() == 0) {
        // root reads every folder; make one unlistable by removing it while keeping a link.
        TempTree t;
        t.file("a.sgf");
        fs::create_directory_symlink(t.root / "gone", t.root / "broken");
        const std::vector<std::string> args{t.path()};
        const auto inputs = collect_inputs(args);
        CHECK(relative(inputs.files, t) == std::vector<std::string>{"a.sgf"});
        REQUIRE(inputs.problems.size() == 1);
        CHECK(inputs.problems[0].code == "F002");
        return;
    }
    TempTree t;
    t.file("a.sgf");
    t.file("locked/b.sgf");
    fs::permissions(t.root / "locked", fs::perms::none);
    const std::vector<std::string> args{t.path()};
    const auto inputs = collect_inputs(args);
    CHECK(relative(inputs.files, t) == std::vector<std::string>{"a.sgf"});
    REQUIRE(inputs.problems.size() == 1);
    CHECK(inputs.problems[0].code == "F002");
}

TEST_CASE("F004/F005: read_file refuses unreadable and oversized files", "[pipeline][inputs]") {
    TempTree t;
    t.file("big.sgf", std::string(1000, 'x'));
    const auto ok = read_file(t.path("big.sgf"), 1000);
    CHECK(ok.ok);
    CHECK(ok.bytes.size() == 1000);
    const auto big = read_file(t.path("big.sgf"), 999);
    CHECK_FALSE(big.ok);
    CHECK(big.problem.code == "F005");
    const auto missing = read_file(t.path("missing.sgf"), 1000);
    CHECK_FALSE(missing.ok);
    CHECK(missing.problem.code == "F004");
    const auto folder = read_file(t.path(), 1000);
    CHECK_FALSE(folder.ok);
    CHECK(folder.problem.code == "F004");
}
