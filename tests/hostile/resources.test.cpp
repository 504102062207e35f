// The tool against a hostile machine and files made to cost memory (issue 18): peak memory of
// the binary (getrusage of a child), resource limits of a child (open files), output streams
// that fail (/dev/full). Files are generated at test time.

#include <catch2/catch.hpp>
#include <string>

#include "child_process.hpp"
#include "temp_folder.hpp"

namespace {

bool contains(const std::string& s, const std::string& what) {
    return s.find(what) != std::string::npos;
}

// `nodes` nodes that each set up every point of a 52x52 board: 10 bytes a node, 2,704 points.
std::string wide_setup(int nodes) {
    std::string text = "(;GM[1]FF[4]SZ[52]";
    for (int i = 0; i < nodes; ++i) text += ";AB[aa:ZZ]";
    return text + ")";
}

// Peak memory allowed to a run over a small file: the binary itself and its libraries, the
// thread pool, and what the file may make it hold. Under AddressSanitizer the binary is larger
// and freed memory is held in quarantine a while.
long small_run_kib() {
    return kUnderAsan ? 768L << 10 : 160L << 10;
}

}  // namespace

TEST_CASE("A small file of wide setup nodes costs memory by positions, not by setup points",
          "[hostile][memory]") {
    TempFolder dir("sgfaudit-memory");
    // 600 nodes, 6 KB, 1,622,400 setup points: a history sized by points would hold one
    // 676-byte snapshot per point (over 1 GB); by positions it holds 601 of them.
    const std::string file = dir.add("wide.sgf", wide_setup(600));
    ChildRun run;
    run.work_dir = dir.path().string();
    run.args = {"check", "--jobs", "1", "--format", "json", "--max-setup-points", "4M", file};
    const ChildResult r = run_child(run);
    INFO(r.err);
    CHECK(r.status == 1);  // setup after the start is a record issue
    CHECK(contains(r.out, "\"file\":"));
    CHECK_FALSE(contains(r.out, "S130"));
    INFO("peak RSS " << r.peak_rss_kib << " KiB");
    CHECK(r.peak_rss_kib < small_run_kib());
}

TEST_CASE("Setup points past --max-setup-points give S130 at the value and the run goes on",
          "[hostile][memory]") {
    TempFolder dir("sgfaudit-memory");
    // 4,000 nodes (40 KB) of 2,704 points: 10.8 million points, past the default 1M.
    const std::string wide = dir.add("a-wide.sgf", wide_setup(4000));
    const std::string next = dir.add("b-next.sgf", "(;GM[1]SZ[9];B[ee];W[cc])");
    ChildRun run;
    run.work_dir = dir.path().string();
    run.args = {"audit", "--jobs", "2", "--quiet", "--out", "report", dir.path().string()};
    const ChildResult r = run_child(run);
    INFO(r.err);
    CHECK(r.status == 1);
    const std::string diagnostics = slurp(dir.path().string() + "/report/diagnostics.csv");
    // The 388th node passes 1,048,576 points: located at its value (line 1, column 19 + 10 * 387
    // + 4 = 3893).
    CHECK(contains(diagnostics, "a-wide.sgf,1,1,3893,error,S130,"));
    // The next file is audited.
    const std::string games = slurp(dir.path().string() + "/report/games.jsonl");
    CHECK(contains(games, "b-next.sgf"));
    INFO("peak RSS " << r.peak_rss_kib << " KiB");
    CHECK(r.peak_rss_kib < small_run_kib());
}

TEST_CASE("Positions past --max-positions give S129 at the move and the run goes on",
          "[hostile][memory]") {
    TempFolder dir("sgfaudit-memory");
    std::string text = "(;GM[1]SZ[52]";
    for (int i = 0; i < 50; ++i) text += ";B[aa];W[]";
    const std::string file = dir.add("long.sgf", text + ")");
    ChildRun run;
    run.work_dir = dir.path().string();
    run.args = {"parse", "--max-positions", "64", file};
    const ChildResult r = run_child(run);
    INFO(r.out << r.err);
    CHECK(r.status == 1);
    // The 65th position is the 33rd B[aa]: 14 + 10 * 32 + 3 = column 337 (the value).
    CHECK(contains(r.out, file + ":1:337: error S129: more than 64 positions"));
}
