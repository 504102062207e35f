// The report folder under attack (issue 30 item 1): --out replaces a folder only when it
// carries the marker of a report of ours and nothing else; two runs on one --out exclude each
// other.

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "child_process.hpp"
#include "temp_folder.hpp"

namespace fs = std::filesystem;

namespace {

bool contains(const std::string& s, const std::string& what) {
    return s.find(what) != std::string::npos;
}

// Every entry of `dir` with its bytes, sorted: what must be left intact.
std::vector<std::pair<std::string, std::string>> contents(const fs::path& dir) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& e : fs::directory_iterator(dir)) {
        out.emplace_back(e.path().filename().string(), slurp(e.path().string()));
    }
    std::sort(out.begin(), out.end());
    return out;
}

ChildResult audit(const TempFolder& dir, const std::string& out, const std::string& input) {
    ChildRun run;
    run.work_dir = dir.path().string();
    run.args = {"audit", "--quiet", "--jobs", "2", "--out", out, input};
    return run_child(run);
}

bool leftover_staging(const TempFolder& dir) {
    for (const auto& e : fs::directory_iterator(dir.path())) {
        if (e.path().filename().string().find(".partial") != std::string::npos) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("A web root holding only index.html is refused as --out and left intact",
          "[hostile][out]") {
    TempFolder dir("sgfaudit-out");
    dir.add("in/a.sgf", "(;GM[1]SZ[9];B[ee];W[cc])");
    dir.add("www/index.html", "<html>the user's site</html>\n");
    const auto before = contents(dir.path() / "www");
    const ChildResult r = audit(dir, "www", "in");
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "is not an sgfaudit report folder"));
    CHECK(contains(r.err, "it holds index.html"));
    CHECK(contents(dir.path() / "www") == before);
    CHECK_FALSE(leftover_staging(dir));
}

TEST_CASE("A folder of report-named files without the marker is refused and the first is named",
          "[hostile][out]") {
    TempFolder dir("sgfaudit-out");
    dir.add("in/a.sgf", "(;GM[1]SZ[9];B[ee];W[cc])");
    dir.add("notes/summary.md", "my notes\n");
    dir.add("notes/games.jsonl", "{\"mine\":1}\n");
    const auto before = contents(dir.path() / "notes");
    const ChildResult r = audit(dir, "notes", "in");
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "no .sgfaudit-report marker"));
    CHECK(contains(r.err, "it holds games.jsonl"));  // the first in byte order
    CHECK(contents(dir.path() / "notes") == before);
}

TEST_CASE("A report of ours is replaced but not with a foreign file or a forged marker",
          "[hostile][out]") {
    TempFolder dir("sgfaudit-out");
    dir.add("in/a.sgf", "(;GM[1]SZ[9];B[ee];W[cc])");
    REQUIRE(audit(dir, "r", "in").status == 0);
    const std::string marker = slurp(dir.path().string() + "/r/.sgfaudit-report");
    CHECK(marker.starts_with("sgfaudit-report/1\n"));
    dir.add("in/b.sgf", "(;GM[1]SZ[9];B[dd])");
    const ChildResult again = audit(dir, "r", "in");
    INFO(again.err);
    CHECK(again.status == 0);
    CHECK(contains(slurp(dir.path().string() + "/r/games.jsonl"), "b.sgf"));
    CHECK(slurp(dir.path().string() + "/r/.sgfaudit-report") == marker);

    // A file of the user's put into the report: refused, named, nothing replaced.
    dir.add("r/thesis.tex", "\\documentclass{book}\n");
    const auto before = contents(dir.path() / "r");
    const ChildResult foreign = audit(dir, "r", "in");
    INFO(foreign.err);
    CHECK(foreign.status == 2);
    CHECK(contains(foreign.err, "it holds thesis.tex"));
    CHECK(contents(dir.path() / "r") == before);

    // A marker that lists a file which is not one of a report's is no licence to delete it.
    dir.add("forged/.sgfaudit-report", "sgfaudit-report/1\nsecret.txt\n");
    dir.add("forged/secret.txt", "keep me\n");
    const ChildResult forged = audit(dir, "forged", "in");
    INFO(forged.err);
    CHECK(forged.status == 2);
    CHECK(contains(forged.err, "it holds secret.txt"));
    CHECK(slurp(dir.path().string() + "/forged/secret.txt") == "keep me\n");
}

TEST_CASE("Two runs on one --out exclude each other: the second stops at once and says why",
          "[hostile][out]") {
    TempFolder dir("sgfaudit-out");
    // A long first run: 400,000 moves of a repeated ko in each of 3 files.
    std::string ko = "(;GM[1]FF[4]SZ[5]AB[bb][ac][bd]AW[cb][bc][dc][cd]";
    for (int i = 0; i < 400000; ++i) ko += i % 2 == 0 ? ";B[cc]" : ";W[bc]";
    ko += ")";
    for (int i = 1; i <= 3; ++i) dir.add("long/ko" + std::to_string(i) + ".sgf", ko);
    dir.add("short/a.sgf", "(;GM[1]SZ[9];B[ee];W[cc])");
    ChildRun first;
    first.work_dir = dir.path().string();
    first.args = {"audit", "--quiet", "--jobs", "1", "--out", "r", "long"};
    const pid_t pid = start_child(first);
    // The first run holds the lock once its staging folder exists.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    const fs::path staging = dir.path() / (".r.partial-" + std::to_string(pid));
    while (!fs::exists(staging) && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    REQUIRE(fs::exists(staging));
    ChildRun second = first;
    second.work_dir = (dir.path() / "short").string();  // its own stdout and stderr
    second.args = {"audit", "--quiet", "--jobs", "1", "--out", "../r", "."};
    const ChildResult r2 = run_child(second);
    const ChildResult r1 = finish_child(first, pid);
    INFO("second: " << r2.err << "first: " << r1.err);
    CHECK(r2.status == 2);
    CHECK(contains(r2.err, "another sgfaudit run is writing"));
    CHECK(r1.status == 1);  // the retakes are findings
    // The report is the first run's, whole.
    const std::string games = slurp(dir.path().string() + "/r/games.jsonl");
    CHECK(contains(games, "ko3.sgf"));
    CHECK_FALSE(contains(games, "a.sgf"));
    // Once the first is done, the lock is free again.
    CHECK(run_child(second).status == 0);
    CHECK(contains(slurp(dir.path().string() + "/r/games.jsonl"), "a.sgf"));
}
