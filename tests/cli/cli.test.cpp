// The command line: help, version, exit codes, and the parse command's output.

#include "sgfaudit/cli/cli.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "temp_folder.hpp"

using sgfaudit::cli::run;

namespace {

struct Run {
    int status;
    std::string out, err;
};

Run sgfaudit_run(std::vector<std::string> args) {
    std::ostringstream out, err;
    const int status = run(args, out, err);
    return Run{status, out.str(), err.str()};
}

std::string corpus(const std::string& name) {
    return std::string(SGFAUDIT_SOURCE_DIR) + "/corpus/syntax/" + name;
}

}  // namespace

TEST_CASE("Options --help and --version print and exit 0", "[cli]") {
    auto help = sgfaudit_run({"--help"});
    CHECK(help.status == 0);
    CHECK(help.out.find("usage: sgfaudit") != std::string::npos);
    auto version = sgfaudit_run({"--version"});
    CHECK(version.status == 0);
    CHECK(version.out.rfind("sgfaudit ", 0) == 0);
    auto parse_help = sgfaudit_run({"parse", "--help"});
    CHECK(parse_help.status == 0);
    CHECK(parse_help.out.find("usage: sgfaudit parse") != std::string::npos);
}

TEST_CASE("Bad arguments exit 2", "[cli]") {
    CHECK(sgfaudit_run({}).status == 2);
    CHECK(sgfaudit_run({"frobnicate"}).status == 2);
    CHECK(sgfaudit_run({"parse"}).status == 2);
    CHECK(sgfaudit_run({"parse", "--bogus", corpus("basic.sgf")}).status == 2);
    auto missing = sgfaudit_run({"parse", corpus("does-not-exist.sgf")});
    CHECK(missing.status == 2);
    CHECK(missing.err.find("F001") != std::string::npos);
}

TEST_CASE("parse prints each game and exits 0 on a clean file", "[cli][parse]") {
    auto r = sgfaudit_run({"parse", corpus("basic.sgf")});
    CHECK(r.status == 0);
    CHECK(r.out.find("basic.sgf: 1 game, UTF-8 (declared)\n") != std::string::npos);
    CHECK(r.out.find("  game 1: 9x9, 6 moves (7 nodes), B \"Alice\" 3d vs W \"Bob\" 2d, "
                     "RE[W+2.5]\n") != std::string::npos);
    CHECK(r.out.find("files: 1 read, 0 with errors, 0 unreadable\n") != std::string::npos);
    CHECK(r.out.find("games: 1, moves: 6\n") != std::string::npos);
}

TEST_CASE("parse prints located diagnostics and exits 1 when a file has an error", "[cli][parse]") {
    auto r = sgfaudit_run({"parse", corpus("unclosed-value.sgf"), corpus("junk-before.sgf")});
    CHECK(r.status == 1);
    CHECK(r.out.find("unclosed-value.sgf:1:26: error S106: value of C is not closed") !=
          std::string::npos);
    CHECK(r.out.find("junk-before.sgf:1:1: warning S100:") != std::string::npos);
    CHECK(r.out.find("files: 2 read, 1 with errors, 0 unreadable\n") != std::string::npos);
}

TEST_CASE("parse --summary prints only the totals, by code", "[cli][parse]") {
    auto r = sgfaudit_run({"parse", "--summary", corpus("collection.sgf"), corpus("komi-fox.sgf")});
    CHECK(r.status == 0);
    CHECK(r.out.rfind("files: 2 read", 0) == 0);
    CHECK(r.out.find("games: 6,") != std::string::npos);
    CHECK(r.out.find("by code: S210 1 S211 1 S212 1\n") != std::string::npos);
}

TEST_CASE("parse of a whole folder accounts for every file", "[cli][parse]") {
    auto r = sgfaudit_run({"parse", std::string(SGFAUDIT_SOURCE_DIR) + "/corpus/syntax"});
    CHECK(r.status == 1);  // the folder holds deliberately broken files
    std::size_t listed = 0;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) {
        if (line.find(".sgf: ") != std::string::npos && line.find(" game") != std::string::npos &&
            line.find(": error") == std::string::npos &&
            line.find(": warning") == std::string::npos &&
            line.find(": info") == std::string::npos) {
            ++listed;
        }
    }
    std::size_t files = 0;
    for (const auto& entry :
         std::filesystem::directory_iterator(std::string(SGFAUDIT_SOURCE_DIR) + "/corpus/syntax")) {
        files += entry.path().extension() == ".sgf" ? 1 : 0;
    }
    CHECK(listed == files);
    CHECK(r.out.find("files: " + std::to_string(files) + " read") != std::string::npos);
}

TEST_CASE("rules prints every preset with its clauses, and checks a SPEC", "[cli][rules]") {
    auto all = sgfaudit_run({"rules"});
    CHECK(all.status == 0);
    for (const char* word : {"tromp-taylor", "aga", "french", "TT 6", "FFG 4", "AGA 6"}) {
        CHECK(all.out.find(word) != std::string::npos);
    }
    auto spec = sgfaudit_run({"rules", "aga:ko=ssk,french"});
    CHECK(spec.status == 0);
    CHECK(spec.out.find("ko=ssk") != std::string::npos);
    CHECK(std::count(spec.out.begin(), spec.out.end(), '\n') == 2);
    auto bad = sgfaudit_run({"rules", "aga:ko=sometimes"});
    CHECK(bad.status == 2);
    CHECK(bad.err.find("ko") != std::string::npos);
}

TEST_CASE("A double dash ends the options of every command: a path may start with a dash",
          "[cli][parse][check][rules]") {
    namespace fs = std::filesystem;
    const fs::path dir = make_temp_folder("sgfaudit-dashdash");
    const fs::path cwd = fs::current_path();
    fs::current_path(dir);
    { std::ofstream("-game.sgf") << "(;GM[1]SZ[9];B[ee];W[cc])"; }
    const Run parse = sgfaudit_run({"parse", "--", "-game.sgf"});
    CHECK(parse.status == 0);
    CHECK(parse.out.find("-game.sgf: 1 game") != std::string::npos);
    // Without "--" it is an unknown option.
    CHECK(sgfaudit_run({"parse", "-game.sgf"}).status == 2);
    const Run check = sgfaudit_run({"check", "--", "-game.sgf"});
    CHECK(check.out.find("checked 1 game in 1 file") != std::string::npos);
    const Run audit = sgfaudit_run({"audit", "--quiet", "--out", "r", "--", "-game.sgf"});
    CHECK(audit.out.find("audited 1 game") != std::string::npos);
    const Run rules = sgfaudit_run({"rules", "--", "aga"});
    CHECK(rules.status == 0);
    CHECK(rules.out == sgfaudit_run({"rules", "aga"}).out);
    fs::current_path(cwd);
    fs::remove_all(dir);
}
