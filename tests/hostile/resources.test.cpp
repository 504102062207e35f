// The tool against a hostile machine and files made to cost memory (issue 18): peak memory of
// the binary (getrusage of a child), resource limits of a child (open files), output streams
// that fail (/dev/full). Files are generated at test time.

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "child_process.hpp"
#include "sgfaudit/cli/cli.hpp"
#include "skip.hpp"
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

namespace {

// A tree `depth` folders deep, 3 games in each.
void deep_tree(const TempFolder& dir, int depth = 12) {
    std::string path = "tree";
    for (int i = 1; i <= depth; ++i) {
        path += "/d" + std::to_string(i);
        for (int j = 1; j <= 3; ++j) {
            dir.add(path + "/g" + std::to_string(j) + ".sgf", "(;GM[1]SZ[9];B[ee];W[cc])");
        }
    }
}

std::size_t lines(const std::string& s) {
    return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
}

bool leftover_staging(const TempFolder& dir) {
    for (const auto& e : std::filesystem::directory_iterator(dir.path())) {
        if (e.path().filename().string().find(".partial") != std::string::npos) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("Out of file descriptors, audit stops with exit 2, names the cause, replaces nothing",
          "[hostile][resources]") {
    if (kUnderAsan) {
        // UBSan's checks of dynamic types need descriptors of their own: with none left they
        // report the objects they cannot check, and the run stops there.
        SGFAUDIT_SKIP("under the sanitizers, whose runtime needs file descriptors");
    }
    TempFolder dir("sgfaudit-fd");
    deep_tree(dir);
    ChildRun run;
    run.work_dir = dir.path().string();
    run.args = {"audit", "--quiet", "--jobs", "2", "--out", "report", "tree"};
    REQUIRE(run_child(run).status == 0);
    const std::string previous = slurp(run.work_dir + "/report/games.jsonl");
    REQUIRE(lines(previous) == 36);

    // 10 descriptors: the lock of --out (issue 30), the staging folder's lock and the report's
    // five files open through the run (results.csv since issue 28) take 3-9, then the walk (a
    // folder) or the read (a file named on the command line) finds none left; with 9, the last
    // report file cannot be created.
    for (const char* input : {"tree", "tree/d1/g1.sgf"}) {
        for (const rlim_t limit : {rlim_t{9}, rlim_t{10}}) {
            run.args = {"audit", "--quiet", "--jobs", "2", "--out", "report", input};
            run.max_open_files = limit;
            const ChildResult r = run_child(run);
            INFO(input << ", " << limit << " descriptors: " << r.err);
            CHECK(r.status == 2);
            CHECK(contains(r.err, "Too many open files"));
            CHECK(slurp(run.work_dir + "/report/games.jsonl") == previous);
            CHECK_FALSE(leftover_staging(dir));
            if (limit == 10) CHECK(contains(r.err, "out of resources: cannot open"));
        }
    }
}

TEST_CASE("With few descriptors a deep tree is still read whole", "[hostile][resources]") {
    TempFolder dir("sgfaudit-fd");
    deep_tree(dir, 40);
    ChildRun run;
    run.work_dir = dir.path().string();
    // 32 descriptors, 40 folders deep: the walk keeps at most a quarter of them for its open
    // folders (kept open, one per level, it would run out), the rest of the files are opened
    // by their path.
    run.args = {"audit", "--quiet", "--jobs", "2", "--out", "report", "tree"};
    run.max_open_files = 32;
    const ChildResult r = run_child(run);
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(lines(slurp(run.work_dir + "/report/games.jsonl")) == 120);
}

TEST_CASE("check and parse out of file descriptors exit 2 and name the cause",
          "[hostile][resources]") {
    if (kUnderAsan) {
        // UBSan's checks of dynamic types need descriptors of their own: with none left they
        // report the objects they cannot check, and the run stops there.
        SGFAUDIT_SKIP("under the sanitizers, whose runtime needs file descriptors");
    }
    TempFolder dir("sgfaudit-fd");
    deep_tree(dir);
    const std::string tree = dir.path().string() + "/tree";
    for (const char* command : {"check", "parse"}) {
        // The binary's loader needs a descriptor of its own, so the limit is set in a fork of
        // this test, which then runs the command as the binary would (cli::run).
        const std::string err_path = dir.path().string() + "/fork.stderr";
        const pid_t pid = ::fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (err < 0 || ::dup2(err, 2) < 0) ::_exit(126);
            ::close_range(3, ~0U, 0);
            const rlimit r{3, 3};  // stdin, stdout, stderr: nothing more can be opened
            if (::setrlimit(RLIMIT_NOFILE, &r) != 0) ::_exit(126);
            std::ostringstream out, err_stream;
            const int status = sgfaudit::cli::run({command, tree}, out, err_stream);
            const std::string text = err_stream.str();
            if (::write(2, text.data(), text.size()) < 0) ::_exit(126);
            ::_exit(status);
        }
        int status = 0;
        REQUIRE(::waitpid(pid, &status, 0) == pid);
        const std::string err = slurp(err_path);
        INFO(command << ": " << err);
        REQUIRE(WIFEXITED(status));
        CHECK(WEXITSTATUS(status) == 2);
        CHECK(contains(err, "Too many open files"));
    }
}

TEST_CASE("A write error on standard output is exit 2, named, for every command",
          "[hostile][resources]") {
    TempFolder dir("sgfaudit-full");
    deep_tree(dir);
    const std::vector<std::vector<std::string>> commands = {
        {"check", "tree"}, {"check", "--format", "json", "tree"},
        {"parse", "tree"}, {"parse", "--summary", "tree"},
        {"rules"},         {"rules", "aga"},
        {"--help"},        {"--version"}};
    for (const auto& args : commands) {
        ChildRun run;
        run.work_dir = dir.path().string();
        run.args = args;
        run.stdout_path = "/dev/full";
        const ChildResult r = run_child(run);
        INFO(args.front() << ": " << r.err);
        CHECK(r.status == 2);
        CHECK(contains(r.err, "cannot write to standard output: No space left on device"));
    }
}

TEST_CASE("check and parse print no control character, whatever names and file names hold",
          "[hostile][escape]") {
    TempFolder dir("sgfaudit-escape");
    const std::string game =
        "(;GM[1]SZ[9]PB[\x1b[2Jevil\x07]PW[\x1b\\]0;title\x07]RE[B+R];B[ee] ?? )";
    dir.add("bad\xff\x1b[31m.sgf", game);
    const std::vector<std::vector<std::string>> commands = {
        {"check", "."},
        {"parse", "."},
        {"check", "--format", "json", "."},
        {"audit", "--quiet", "--out", "r", "."}};
    for (const auto& args : commands) {
        ChildRun run;
        run.work_dir = dir.path().string();
        run.args = args;
        const ChildResult r = run_child(run);
        INFO(args.front() << ":\n" << r.out << r.err);
        CHECK(r.status <= 1);  // warnings, perhaps findings
        for (const std::string& text : {r.out, r.err}) {
            CHECK(std::none_of(text.begin(), text.end(), [](char c) {
                const auto u = static_cast<unsigned char>(c);
                return (u < 0x20 && c != '\n') || u == 0x7f || u >= 0x80;
            }));
        }
        // Shown escaped: \x1b in text, \u001b in JSON strings (the compact form of schema 3
        // has no diagnostic `text`, which wrote \x1b).
        if (args.front() != "audit") {
            CHECK((contains(r.out + r.err, "\\x1b") || contains(r.out + r.err, "\\u001b")));
        }
    }
    // The report's files: no control character but the lines' ends, valid UTF-8 only.
    for (const char* file : {"games.jsonl", "diagnostics.csv", "summary.md", "index.html"}) {
        const std::string text = slurp(dir.path().string() + "/r/" + file);
        INFO(file);
        CHECK(text.find('\x1b') == std::string::npos);
        CHECK(text.find('\xff') == std::string::npos);
    }
}

TEST_CASE("A file of many games does not hold its whole report in memory", "[hostile][memory]") {
    TempFolder dir("sgfaudit-memory");
    // 100,000 games (2 MB) make about 140 MB of games.jsonl in the full form: held in memory
    // until the file was done, the run peaked at over 400 MB; spilled past 4 MiB, it stays near
    // the document. (The full form, so that the report is larger than the run may hold.)
    std::string text;
    for (int i = 0; i < 100000; ++i) text += "(;GM[1]SZ[9];B[ee])\n";
    dir.add("many.sgf", text);
    ChildRun run;
    run.work_dir = dir.path().string();
    run.args = {"audit", "--quiet", "--jobs", "2", "--full-json", "--out", "r", "many.sgf"};
    const ChildResult r = run_child(run);
    INFO(r.err);
    CHECK(r.status == 0);
    const std::string games = slurp(run.work_dir + "/r/games.jsonl");
    CHECK(lines(games) == 100000);
    // In order: the last line is the last game.
    const std::size_t last = games.rfind('\n', games.size() - 2);
    REQUIRE(last != std::string::npos);
    CHECK(contains(games.substr(last, 100), "\"game\":100000,"));
    INFO("peak RSS " << r.peak_rss_kib << " KiB, games.jsonl " << games.size() << " bytes");
    CHECK(r.peak_rss_kib < small_run_kib());
    // The report is larger than the memory the run may use: it cannot have been held whole.
    if (!kUnderAsan) CHECK(static_cast<long>(games.size() / 1024) > small_run_kib());
}

namespace {

// One game of `moves` moves nested one variation per move, cycling over the 361 points: once
// the board is full nearly every play is illegal (onto an occupied point, or a suicide).
std::string nested_game(int moves) {
    std::string text = "(;GM[1]SZ[19]";
    for (int i = 0; i < moves; ++i) {
        text += i % 2 == 0 ? "(;B[" : "(;W[";
        text += static_cast<char>('a' + i % 19);
        text += static_cast<char>('a' + (i / 19) % 19);
        text += ']';
    }
    return text + std::string(static_cast<std::size_t>(moves) + 1, ')');
}

// The number after `"key":` (and spaces) in `json` from `from` on (-1 when absent).
long long number_after(const std::string& json, const std::string& key, std::size_t from = 0) {
    const std::size_t at = from == std::string::npos ? from : json.find("\"" + key + "\":", from);
    if (at == std::string::npos) return -1;
    const std::size_t digits = json.find_first_not_of(' ', at + key.size() + 3);
    return std::stoll(json.substr(digits, 20));
}

}  // namespace

TEST_CASE("The report of one game of many illegal plays lists --max-listed, counts the rest",
          "[hostile][memory]") {
    TempFolder dir("sgfaudit-memory");
    // 200,000 moves (1.6 MB), nearly all illegal under every ruleset (a quarter onto occupied
    // points, the rest suicides): before the cap, nearly 200,000 illegal plays under each of 3
    // rulesets and as many record issues (well over 100 MB of games.jsonl, held in memory as one
    // game's object); with it, 1000 of each list.
    dir.add("nested.sgf", nested_game(200000));
    ChildRun run;
    run.work_dir = dir.path().string();
    run.args = {"audit", "--quiet", "--jobs", "1", "--out", "r", "nested.sgf"};
    const ChildResult r = run_child(run);
    INFO(r.err);
    CHECK(r.status == 1);
    const std::string games = slurp(run.work_dir + "/r/games.jsonl");
    INFO("peak RSS " << r.peak_rss_kib << " KiB, games.jsonl " << games.size() << " bytes");
    CHECK(lines(games) == 1);
    CHECK(games.size() < (std::size_t{2} << 20));
    CHECK(r.peak_rss_kib < small_run_kib());
    // Listed and omitted: the same totals whatever the cap.
    run.args = {"audit", "--quiet", "--jobs", "1",         "--max-listed",
                "10",    "--out",   "r10",    "nested.sgf"};
    const ChildResult r10 = run_child(run);
    CHECK(r10.status == 1);
    const std::string games10 = slurp(run.work_dir + "/r10/games.jsonl");
    CHECK(games10.size() < games.size());
    const long long omitted = number_after(games, "occupied", games.find("record_issues_omitted"));
    const long long omitted10 =
        number_after(games10, "occupied", games10.find("record_issues_omitted"));
    CHECK(omitted > 10000);
    CHECK(omitted10 == omitted + 990);
    // Per ruleset: "illegal_omitted" after 1000 (10) listed plays.
    std::size_t at = 0, at10 = 0;
    for (int ruleset = 0; ruleset < 3; ++ruleset) {
        at = games.find("\"illegal_omitted\":", at + 1);
        at10 = games10.find("\"illegal_omitted\":", at10 + 1);
        REQUIRE(at != std::string::npos);
        REQUIRE(at10 != std::string::npos);
        CHECK(number_after(games10, "illegal_omitted", at10) ==
              number_after(games, "illegal_omitted", at) + 990);
    }
    // The summary's counts are exact: the same under either cap, listed and omitted together.
    const auto issues = [](const std::string& summary) {
        const std::size_t from = summary.find("\"record_issues\": {");
        if (from == std::string::npos) return std::string("(none)");
        return summary.substr(from, summary.find("\"diagnostics\":", from) - from);
    };
    const std::string summary = slurp(run.work_dir + "/r/summary.json");
    CHECK(issues(summary) == issues(slurp(run.work_dir + "/r10/summary.json")));
    const std::size_t occupied = summary.find("\"code\": \"occupied\"");
    REQUIRE(occupied != std::string::npos);
    CHECK(number_after(summary, "count", occupied) == omitted + 1000);
    // The text of check says how many are left out.
    run.args = {"check", "--jobs", "1", "--max-listed", "10", "nested.sgf"};
    const ChildResult text = run_child(run);
    CHECK(text.status == 1);
    CHECK(contains(text.out, "  ... and " + std::to_string(omitted10) +
                                 " more occupied (error) not listed (--max-listed)\n"));
}

TEST_CASE("check of a file of many games does not hold its output in memory", "[hostile][memory]") {
    TempFolder dir("sgfaudit-memory");
    // 100,000 games (2 MB): the full JSON form is about 260 MB on stdout and the text about
    // 100 MB; held until the file was done (before issue 18's streaming) the run peaked past
    // them. Past 4 MiB a file's output goes to a temporary file and is copied out in order.
    std::string text;
    for (int i = 0; i < 100000; ++i) text += "(;GM[1]SZ[9];B[ee])\n";
    dir.add("many.sgf", text);
    for (const bool json : {true, false}) {
        ChildRun run;
        run.work_dir = dir.path().string();
        run.env = {"TMPDIR=" + run.work_dir};
        run.args = {"check", "--jobs", "2", "many.sgf"};
        if (json)
            run.args = {"check", "--jobs", "2", "--format", "json", "--full-json", "many.sgf"};
        const ChildResult r = run_child(run);
        INFO((json ? "json" : "text") << ": " << r.err);
        CHECK(r.status == 0);
        INFO("peak RSS " << r.peak_rss_kib << " KiB, stdout " << r.out.size() << " bytes");
        CHECK(r.peak_rss_kib < small_run_kib());
        if (json) {
            CHECK(lines(r.out) == 100001);  // and the totals
            if (!kUnderAsan) CHECK(static_cast<long>(r.out.size() / 1024) > small_run_kib());
            // In order: the last game is the last before the totals.
            const std::size_t totals = r.out.rfind('\n', r.out.size() - 2);
            const std::size_t last = r.out.rfind('\n', totals - 1);
            CHECK(contains(r.out.substr(last, 200), "\"game\":100000,"));
        } else {
            CHECK(contains(r.out, "checked 100000 games in 1 file: 0 with findings\n"));
        }
    }
}

TEST_CASE("Out of memory, audit stops with exit 2, names the cause, replaces nothing",
          "[hostile][resources][memory]") {
    if (kUnderAsan) {
        SGFAUDIT_SKIP("under AddressSanitizer, which reserves terabytes of address space");
    }
    TempFolder dir("sgfaudit-memory");
    // One game of 300,000 moves nested one variation per move, mostly onto occupied points: its
    // report (every illegal play) takes about 550 MB, more than the 300 MB of address space.
    // (100,000 moves sufficed until the compact games.jsonl of schema 3 needed less; at 300,000
    // the out-of-memory error once came from a JsonWriter's flush in its destructor, which was
    // noexcept, and terminated the process: exit 134, not 2.)
    constexpr int kMoves = 300000;
    std::string text = "(;GM[1]SZ[19]";
    for (int i = 0; i < kMoves; ++i) {
        text += i % 2 == 0 ? "(;B[" : "(;W[";
        text += static_cast<char>('a' + i % 19);
        text += static_cast<char>('a' + (i / 19) % 19);
        text += ']';
    }
    text += std::string(kMoves + 1, ')');
    dir.add("nested.sgf", text);
    dir.add("small.sgf", "(;GM[1]SZ[9];B[ee];W[cc])");
    ChildRun run;
    run.work_dir = dir.path().string();
    run.args = {"audit", "--quiet", "--jobs", "2", "--out", "r", "small.sgf"};
    REQUIRE(run_child(run).status == 0);
    const std::string previous = slurp(run.work_dir + "/r/games.jsonl");
    // Every illegal play listed (no --max-listed cap), so that the report needs the memory.
    run.args = {"audit",      "--quiet", "--jobs", "2",         "--max-listed",
                "4294967295", "--out",   "r",      "nested.sgf"};
    run.max_address_space = rlim_t{300} << 20;
    const ChildResult r = run_child(run);
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "out of memory"));
    CHECK(slurp(run.work_dir + "/r/games.jsonl") == previous);
    CHECK_FALSE(leftover_staging(dir));
}

TEST_CASE("Past ulimit -f a run stops with exit 2 naming the file and is not killed by SIGXFSZ",
          "[hostile][resources]") {
    TempFolder dir("sgfaudit-fsize");
    std::string many;
    for (int i = 0; i < 3000; ++i) many += "(;GM[1]SZ[9];B[ee];W[cc])\n";
    dir.add("many.sgf", many);
    dir.add("one.sgf", "(;GM[1]SZ[9];B[ee];W[cc])");
    ChildRun run;
    run.work_dir = dir.path().string();
    run.args = {"audit", "--quiet", "--jobs", "2", "--out", "r", "one.sgf"};
    REQUIRE(run_child(run).status == 0);
    const std::string previous = slurp(run.work_dir + "/r/games.jsonl");
    // 3,000 games make about 2.5 MB of games.jsonl: past a limit of 64 KiB, below the 4 MiB
    // past which a file's report goes to an unnamed temporary file first (then the message
    // names its folder: "cannot write a temporary file in DIR: File too large").
    run.args = {"audit", "--quiet", "--jobs", "2", "--out", "r", "many.sgf"};
    run.max_file_size = 64 << 10;
    const ChildResult r = run_child(run);
    INFO(r.err);
    CHECK(r.status == 2);  // before: 153, killed by SIGXFSZ without a word
    CHECK(contains(r.err, "File too large"));
    CHECK(contains(r.err, "games.jsonl"));
    CHECK(slurp(run.work_dir + "/r/games.jsonl") == previous);
    CHECK_FALSE(leftover_staging(dir));
    // check and parse writing to a file past the limit: the standard output is named.
    for (const char* command : {"check", "parse"}) {
        run.args = {command, "many.sgf"};
        run.stdout_path = run.work_dir + "/stdout.txt";
        if (std::string(command) == "check") run.args = {"check", "--format", "json", "many.sgf"};
        const ChildResult c = run_child(run);
        INFO(command << ": " << c.err);
        CHECK(c.status == 2);
        CHECK(contains(c.err, "cannot write to standard output: File too large"));
    }
}

// Two large files worked on at once by --jobs 2 (issue "Nothing lost, nothing leaked, nothing
// forged", item 7): each the nested game of 10^6 moves (8 MB; about 118 MB to audit alone, held
// by the work on the file, not by its result). Between them 16 small files, so that they fall
// in different batches of the walk and two threads take them at once.
TEST_CASE("With --jobs 2 two large files in flight stay within --memory-budget",
          "[hostile][memory]") {
    TempFolder dir("sgfaudit-budget");
    const std::string nested = nested_game(1000000);
    dir.add("in/a.sgf", nested);
    for (int i = 0; i < 16; ++i) {
        dir.add("in/b" + std::to_string(100 + i) + ".sgf", "(;GM[1]SZ[9];B[ee];W[cc])");
    }
    dir.add("in/c.sgf", nested);
    ChildRun run;
    run.work_dir = dir.path().string();
    const auto audit = [&](const char* budget, const char* out, rlim_t address_space) {
        run.args = {"audit", "--quiet", "--jobs", "2", "--memory-budget",
                    budget,  "--out",   out,      "in"};
        run.max_address_space = address_space;
        return run_child(run);
    };
    // The estimate of each file (40 times 8 MB, 320 MB) fits the budget of 400 MB once, not
    // twice: the second file waits for the first.
    const ChildResult none = audit("none", "r-none", 0);
    const ChildResult budget = audit("400M", "r-budget", 0);
    INFO(none.err << budget.err);
    REQUIRE(none.status == 1);  // the game's illegal plays are findings
    REQUIRE(budget.status == 1);
    // The budget changes when files are worked on, never what is reported.
    CHECK(slurp(run.work_dir + "/r-budget/games.jsonl") ==
          slurp(run.work_dir + "/r-none/games.jsonl"));
    CHECK(slurp(run.work_dir + "/r-budget/summary.md") ==
          slurp(run.work_dir + "/r-none/summary.md"));
    INFO("peak RSS without a budget " << none.peak_rss_kib << " KiB, with 400M "
                                      << budget.peak_rss_kib << " KiB");
    if (kUnderAsan) return;  // ASan reserves terabytes of address space
    // Under 210 MB of address space, with one malloc arena (MALLOC_ARENA_MAX=1: memory one
    // thread frees is there for the other, so the address space is what the run holds, not
    // what each thread's arena once reached): both files at once run out of memory, one at a
    // time does not. Measured by hand (dev build, three runs each): without a budget out of
    // memory up to 240 MB, with it a normal run from 180 MB.
    run.env = {"MALLOC_ARENA_MAX=1"};
    const ChildResult none_limited = audit("none", "r-none-as", rlim_t{210} << 20);
    const ChildResult budget_limited = audit("400M", "r-budget-as", rlim_t{210} << 20);
    INFO(none_limited.err << budget_limited.err);
    CHECK(none_limited.status == 2);
    CHECK(contains(none_limited.err, "out of memory"));
    CHECK(budget_limited.status == 1);
}
