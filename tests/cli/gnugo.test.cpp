// `--dead gnugo` with `--engine gnugo|COMMAND` from the command line: the engine missing from
// PATH stops the run (exit 2), a hanging, flooding, lying or crashing engine costs a game its
// settled count (and at most its timeout) and the run goes on, no engine process outlives the
// run (also when sgfaudit is interrupted or killed), and a real GNU Go decides the dead stones of
// a game ended by two passes (skipped where it is not installed). The fake engines repeat GTP
// ids only when given, so these tests also run against binaries that sent none.

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "fake_engine.hpp"
#include "run_binary.hpp"
#include "skip.hpp"
#include "temp_folder.hpp"

extern char** environ;

namespace {

// 9x9, Black's wall on E, White's on F, a dead White stone at B5, ended by two passes: with B5
// dead, B+2 by area (komi 7).
std::string dead_stone_game() {
    std::string moves;
    for (int y = 0; y < 9; ++y) {
        const char row = static_cast<char>('a' + y);
        moves += std::string(";B[e") + row + "];W[f" + row + "]";
    }
    return "(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese]RE[B+2]" + moves + ";B[ai];W[be];B[];W[])\n";
}

struct Run {
    int status = -1;
    std::string out;  // stdout and stderr
};

// Runs `sgfaudit ARGS` with the environment prefix `env` (e.g. "PATH=/nowhere"), no shell
// between env and the binary.
Run run_with_env(const std::string& env, const std::string& args) {
    const std::string command =
        "env " + env + " \"" + std::string(SGFAUDIT_BINARY) + "\" " + args + " 2>&1";
    FILE* pipe = ::popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    Run r;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) {
        r.out.append(buffer, n);
    }
    const int status = ::pclose(pipe);
    REQUIRE(WIFEXITED(status));
    r.status = WEXITSTATUS(status);
    return r;
}

// sgfaudit started without a shell, its stdout and stderr to `log`, so the test can signal it.
class Started {
  public:
    Started(const std::vector<std::string>& args, const std::string& log) : log_(log) {
        std::vector<std::string> argv = {SGFAUDIT_BINARY};
        argv.insert(argv.end(), args.begin(), args.end());
        std::vector<char*> raw;
        for (std::string& a : argv) raw.push_back(a.data());
        raw.push_back(nullptr);
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                         0644);
        posix_spawn_file_actions_adddup2(&actions, 1, 2);
        REQUIRE(::posix_spawn(&pid_, raw[0], &actions, nullptr, raw.data(), environ) == 0);
        posix_spawn_file_actions_destroy(&actions);
        start_ = std::chrono::steady_clock::now();
    }
    ~Started() {
        if (pid_ > 0) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
    }
    Started(const Started&) = delete;
    Started& operator=(const Started&) = delete;

    pid_t pid() const { return pid_; }
    // Waits up to `limit` for the end; the wait status, or -1 when it had to be killed.
    int wait(std::chrono::milliseconds limit) {
        const auto until = std::chrono::steady_clock::now() + limit;
        int status = 0;
        while (::waitpid(pid_, &status, WNOHANG) == 0) {
            if (std::chrono::steady_clock::now() > until) return -1;  // the destructor kills
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        pid_ = -1;
        return status;
    }
    double seconds() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }
    std::string log() const {
        std::ifstream in(log_);
        return {std::istreambuf_iterator<char>(in), {}};
    }

  private:
    std::string log_;
    pid_t pid_ = -1;
    std::chrono::steady_clock::time_point start_;
};

int count_of(const std::string& text, const std::string& what) {
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
        ++n;
    }
    return n;
}

// An engine that appends its process id to `marker` when asked final_status_list, then hangs.
std::string hang_marked(const std::string& marker) {
    return "echo $$ >> '" + marker + "'; exec sleep 1000";
}

}  // namespace

TEST_CASE("Dead stones by gnugo, with the engine not found: stops the run at start with exit 2",
          "[cli][gnugo]") {
    TempFolder folder("sgfaudit-cli-gnugo");
    const std::string game = folder.add("dead.sgf", dead_stone_game());
    const std::string out = (folder.path() / "report").string();
    const Run r = run_with_env("PATH=" + folder.path().string(),
                               "audit --quiet --dead gnugo --gnugo-command no-such-gnugo --out '" +
                                   out + "' '" + game + "'");
    CHECK(r.status == 2);
    CHECK_THAT(r.out, Catch::Contains("'no-such-gnugo' was not found in PATH"));
    CHECK_FALSE(std::filesystem::exists(out));
    const Run c = run_with_env("PATH=" + folder.path().string(),
                               "check --dead gnugo --gnugo-command no-such-gnugo '" + game + "'");
    CHECK(c.status == 2);
    // The default command is looked for in PATH, then in /usr/games (Debian's place for it).
    const Run d =
        run_with_env("PATH=" + folder.path().string(), "check --dead gnugo '" + game + "'");
    INFO(d.out);
    if (::access("/usr/games/gnugo", X_OK) == 0) {
        CHECK(d.status != 2);  // found and asked (the game's own findings aside)
    } else {
        CHECK(d.status == 2);
        CHECK_THAT(d.out, Catch::Contains("'gnugo' was not found in PATH"));
    }
}

TEST_CASE("Dead stones by gnugo with a hanging engine: the game is unsettled, the run goes on",
          "[cli][gnugo]") {
    TempFolder folder("sgfaudit-cli-gnugo");
    const std::string game = folder.add("a/dead.sgf", dead_stone_game());
    folder.add("a/dead2.sgf", dead_stone_game());
    const std::string engine = fake_engine::write(
        folder, "hang.sh", (folder.path() / "pids").string(), fake_engine::kHang);
    const std::string out = (folder.path() / "report").string();
    run_binary("audit --quiet --rules chinese --dead gnugo --gnugo-timeout 0.5 --gnugo-command '" +
                   engine + "' --out '" + out + "' '" + (folder.path() / "a").string() + "'",
               0);
    std::ifstream in(out + "/games.jsonl");
    std::string line;
    int games = 0;
    while (std::getline(in, line)) {
        ++games;
        CHECK_THAT(line, Catch::Contains("\"check\":\"unsettled\""));
        CHECK_THAT(line, Catch::Contains("gnugo failed: no answer within 0.5 s"));
        CHECK_THAT(line, Catch::Contains("dead_stones_undecided"));
    }
    CHECK(games == 2);
}

TEST_CASE("Dead stones by gnugo: GNU Go removes the dead stone and RE is matched, for any --jobs",
          "[cli][gnugo]") {
    const bool debian = ::access("/usr/games/gnugo", X_OK) == 0;
    TempFolder folder("sgfaudit-cli-gnugo");
    const std::string game = folder.add("a/dead.sgf", dead_stone_game());
    folder.add("a/dead2.sgf", dead_stone_game());
    const std::string path = std::string(std::getenv("PATH") ? std::getenv("PATH") : "/usr/bin") +
                             (debian ? ":/usr/games" : "");
    if (run_with_env("PATH='" + path + "'", "check --dead gnugo '" + game + "'").status == 2) {
        SGFAUDIT_SKIP("GNU Go is not installed (Debian package gnugo)");
    }
    const Run one = run_with_env("PATH='" + path + "'",
                                 "check --format json --jobs 1 --rules chinese --dead gnugo '" +
                                     (folder.path() / "a").string() + "'");
    CHECK(one.status == 0);
    CHECK_THAT(one.out, Catch::Contains("\"check\":\"match\""));
    CHECK_THAT(one.out, Catch::Contains("\"dead_source\":\"gnugo (GNU Go 3.8, level 1)\""));
    const Run two = run_with_env("PATH='" + path + "'",
                                 "check --format json --jobs 2 --rules chinese --dead gnugo '" +
                                     (folder.path() / "a").string() + "'");
    CHECK(two.out == one.out);
    const std::string out = (folder.path() / "report").string();
    const Run audit = run_with_env("PATH='" + path + "'",
                                   "audit --quiet --dead gnugo --out '" + out + "' '" + game + "'");
    CHECK(audit.status == 1);  // strict TT counts the dead stone: an outcome divergence
    std::ifstream in(out + "/summary.json");
    const std::string summary{std::istreambuf_iterator<char>(in), {}};
    CHECK_THAT(summary, Catch::Contains("\"dead\": \"gnugo\""));
}

TEST_CASE(
    "Dead stones by an engine that floods without a blank line: stopped long before its timeout",
    "[cli][gnugo][engine]") {
    TempFolder folder("sgfaudit-cli-gnugo");
    const std::string game = folder.add("a/dead.sgf", dead_stone_game());
    folder.add("a/dead2.sgf", dead_stone_game());
    const std::string pids = (folder.path() / "pids").string();
    const std::string engine = fake_engine::write(folder, "flood.sh", pids, fake_engine::kFlood);
    Started run(
        {"check", "--format", "json", "--jobs", "1", "--rules", "chinese", "--dead", "gnugo",
         "--gnugo-timeout", "30", "--gnugo-command", engine, (folder.path() / "a").string()},
        (folder.path() / "log").string());
    // The old code read on for ever (the deadline was looked at only when poll timed out, and
    // the flood never let it): the watchdog ends the run, and the test fails.
    const int status = run.wait(std::chrono::seconds(40));
    INFO(run.log());
    INFO("took " << run.seconds() << " s");
    REQUIRE(status != -1);
    CHECK(WIFEXITED(status));
    CHECK(count_of(run.log(), "longer than 1 MiB without its blank line") >= 2);
    CHECK(count_of(run.log(), "\"check\":\"unsettled\"") == 2);
    CHECK(run.seconds() < 10);
    CHECK(fake_engine::all_gone(fake_engine::read_pids(pids)));
}

TEST_CASE("Dead stones by a hanging engine: SIGINT ends the audit at once, not at the timeout",
          "[cli][gnugo][engine]") {
    TempFolder folder("sgfaudit-cli-gnugo");
    const std::string game = folder.add("dead.sgf", dead_stone_game());
    const std::string pids = (folder.path() / "pids").string();
    const std::string marker = (folder.path() / "asked").string();
    const std::string engine = fake_engine::write(folder, "hang.sh", pids, hang_marked(marker));
    for (const int signal : {SIGINT, SIGTERM}) {
        Started run({"audit", "--quiet", "--jobs", "1", "--dead", "gnugo", "--gnugo-timeout", "30",
                     "--gnugo-command", engine, "--out", (folder.path() / "report").string(), game},
                    (folder.path() / "log").string());
        const std::size_t asked = fake_engine::read_pids(marker).size();
        REQUIRE(fake_engine::wait_lines(marker, asked + 1));
        std::this_thread::sleep_for(std::chrono::milliseconds(100));  // well inside its wait
        const auto t0 = std::chrono::steady_clock::now();
        ::kill(run.pid(), signal);
        const int status = run.wait(std::chrono::seconds(40));
        const double took =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        INFO(run.log());
        INFO("signal " << signal << ": ended " << took << " s after it");
        REQUIRE(status != -1);
        CHECK(WIFEXITED(status));
        CHECK(WEXITSTATUS(status) == 2);
        CHECK_THAT(run.log(), Catch::Contains("interrupted by SIG"));
        CHECK(took < 1.0);
    }
    CHECK(fake_engine::all_gone(fake_engine::read_pids(pids)));
}

TEST_CASE("Dead stones by an engine that fails 3 games in a row: abandoned with one warning",
          "[cli][gnugo][engine]") {
    TempFolder folder("sgfaudit-cli-gnugo");
    for (int i = 0; i < 6; ++i)
        folder.add("a/dead" + std::to_string(i) + ".sgf", dead_stone_game());
    const std::string pids = (folder.path() / "pids").string();
    const std::string engine = fake_engine::write(folder, "hang.sh", pids, fake_engine::kHang);
    Started run(
        {"check", "--format", "json", "--jobs", "1", "--rules", "chinese", "--dead", "gnugo",
         "--gnugo-timeout", "0.3", "--gnugo-command", engine, (folder.path() / "a").string()},
        (folder.path() / "log").string());
    const int status = run.wait(std::chrono::seconds(60));
    const std::string log = run.log();
    INFO(log);
    INFO("took " << run.seconds() << " s");
    REQUIRE(status != -1);
    CHECK(count_of(log, "\"check\":\"unsettled\"") == 6);
    // Three timeouts, then not asked again: the warning once, the games left say why.
    CHECK(
        count_of(log, "sgfaudit: warning: gnugo (Fake 0.1, level 1) failed 3 positions in a row") ==
        1);
    CHECK(count_of(log, "the engine was abandoned for this run after 3 failures in a row") >= 3);
    CHECK(run.seconds() < 6 * 0.3 + 5);
    CHECK(fake_engine::all_gone(fake_engine::read_pids(pids)));
}

TEST_CASE("Dead stones by an engine that forks: its children end with the run",
          "[cli][gnugo][engine]") {
    TempFolder folder("sgfaudit-cli-gnugo");
    const std::string game = folder.add("dead.sgf", dead_stone_game());
    const std::string pids = (folder.path() / "pids").string();
    const std::string children = (folder.path() / "children").string();
    const std::string engine =
        fake_engine::write(folder, "forks.sh", pids, "printf '=%s B5\\n\\n' \"$id\"",
                           "sleep 1000 &\necho $! >> '" + children + "'");
    Started run({"check", "--format", "json", "--rules", "chinese", "--dead", "gnugo",
                 "--gnugo-command", engine, game},
                (folder.path() / "log").string());
    REQUIRE(run.wait(std::chrono::seconds(30)) != -1);
    INFO(run.log());
    CHECK_THAT(run.log(), Catch::Contains("\"check\":\"match\""));
    REQUIRE_FALSE(fake_engine::read_pids(children).empty());
    CHECK(fake_engine::all_gone(fake_engine::read_pids(pids)));
    CHECK(fake_engine::all_gone(fake_engine::read_pids(children)));
}

TEST_CASE("Dead stones by an engine that ignores its end of input: it dies with a killed sgfaudit",
          "[cli][gnugo][engine]") {
    TempFolder folder("sgfaudit-cli-gnugo");
    const std::string game = folder.add("dead.sgf", dead_stone_game());
    const std::string pids = (folder.path() / "pids").string();
    const std::string marker = (folder.path() / "asked").string();
    const std::string engine = fake_engine::write(folder, "stays.sh", pids, hang_marked(marker),
                                                  "trap '' HUP INT TERM PIPE", "exec sleep 1000");
    Started run({"audit", "--quiet", "--dead", "gnugo", "--gnugo-timeout", "30", "--gnugo-command",
                 engine, "--out", (folder.path() / "report").string(), game},
                (folder.path() / "log").string());
    REQUIRE(fake_engine::wait_lines(marker, 1));
    ::kill(run.pid(), SIGKILL);
    run.wait(std::chrono::seconds(5));
    const std::vector<int> engines = fake_engine::read_pids(pids);
    REQUIRE_FALSE(engines.empty());
    CHECK(fake_engine::all_gone(engines));
}

TEST_CASE("Dead stones by an engine that names an empty point dead: not trusted, unsettled",
          "[cli][gnugo][engine]") {
    TempFolder folder("sgfaudit-cli-gnugo");
    const std::string game = folder.add("dead.sgf", dead_stone_game());
    const std::string pids = (folder.path() / "pids").string();
    // B5 is the dead White stone; C3 is an empty point.
    const std::string engine =
        fake_engine::write(folder, "lies.sh", pids, "printf '=%s B5 C3\\n\\n' \"$id\"");
    const std::string out = run_binary(
        "check --format json --rules chinese --dead gnugo "
        "--gnugo-command '" +
            engine + "' '" + game + "'",
        0);
    CHECK_THAT(out, Catch::Contains("\"check\":\"unsettled\""));
    CHECK_THAT(out, Catch::Contains("names the empty point C3 dead"));
}

TEST_CASE("The engine options: --engine COMMAND excludes the GNU Go flags, one timeout",
          "[cli][gnugo][engine]") {
    TempFolder folder("sgfaudit-cli-gnugo");
    const std::string game = folder.add("dead.sgf", dead_stone_game());
    const Run level =
        run_with_env("A=1", "check --dead gnugo --engine 'x y' --gnugo-level 3 '" + game + "'");
    CHECK(level.status == 2);
    CHECK_THAT(level.out, Catch::Contains("--gnugo-level applies to --engine gnugo, not to 'x y'"));
    const Run both = run_with_env(
        "A=1", "check --dead gnugo --engine-timeout 3 --gnugo-timeout 4 '" + game + "'");
    CHECK(both.status == 2);
    CHECK_THAT(both.out, Catch::Contains("give one of them"));
    const Run bad = run_with_env("A=1", "check --dead gnugo --engine-timeout 0 '" + game + "'");
    CHECK(bad.status == 2);
    CHECK_THAT(bad.out, Catch::Contains("--engine-timeout: '0' is not a number of seconds"));
    const Run missing =
        run_with_env("A=1", "check --dead gnugo --engine 'no-such-engine --gtp' '" + game + "'");
    CHECK(missing.status == 2);
    CHECK_THAT(missing.out, Catch::Contains("--engine: 'no-such-engine' was not found in PATH"));
}

TEST_CASE("Dead stones by --engine COMMAND: GNU Go named by its GTP command line decides",
          "[cli][gnugo][engine]") {
    if (::access("/usr/games/gnugo", X_OK) != 0) SGFAUDIT_SKIP("GNU Go is not installed");
    TempFolder folder("sgfaudit-cli-gnugo");
    const std::string game = folder.add("dead.sgf", dead_stone_game());
    const std::string out = run_binary(
        "check --format json --rules chinese --dead gnugo --engine '/usr/games/gnugo --mode gtp "
        "--level 1' '" +
            game + "'",
        0);
    CHECK_THAT(out, Catch::Contains("\"check\":\"match\""));
    CHECK_THAT(out, Catch::Contains("\"dead_source\":\"engine (GNU Go 3.8)\""));
    const std::string named = run_binary(
        "check --format json --rules chinese --dead gnugo --engine gnugo --gnugo-command "
        "/usr/games/gnugo '" +
            game + "'",
        0);
    CHECK_THAT(named, Catch::Contains("\"dead_source\":\"gnugo (GNU Go 3.8, level 1)\""));
}

TEST_CASE("Dead stones auto with --engine gnugo: GNU Go decides the strings the judge is unsure of",
          "[cli][gnugo][engine][end_judge]") {
    if (::access("/usr/games/gnugo", X_OK) != 0) {
        SGFAUDIT_SKIP("GNU Go is not installed (Debian package gnugo, tools/setup.sh)");
    }
    // Black's wall on column d, White's on g; White's stone eb inside Black's side has one
    // liberty (fb): Black may take it or not, the judge is unsure of it (end_judge.hpp).
    TempFolder folder("sgfaudit-cli-gnugo");
    const std::string game = folder.add("a/atari.sgf",
                                        "(;GM[1]FF[4]SZ[9]KM[0.5]RU[Chinese]RE[B+12.5]"
                                        "AB[da][ea][fa][db][dc][ec][fc][dd][de][df][dg][dh][di]"
                                        "AW[ga][eb][gb][gc][gd][ge][gf][gg][gh][gi];B[];W[])\n");
    // Exit 1 throughout: the setup stones without HA are a record issue (setup_without_handicap).
    const std::string alone =
        run_binary("check --format json --rules chinese --dead auto '" + game + "'", 1);
    CHECK_THAT(alone, Catch::Contains("\"check\":\"unsettled\""));
    const std::string args =
        "check --format json --rules chinese --dead auto --engine gnugo "
        "--gnugo-command /usr/games/gnugo '" +
        (folder.path() / "a").string() + "'";
    const std::string one = run_binary(args + " --jobs 1", 1);
    CHECK_THAT(one, Catch::Contains("\"check\":\"match\""));
    CHECK_THAT(one, Catch::Contains("\"dead_source\":\"judge (pass-alive, the judge of end "
                                    "positions, then gnugo (GNU Go 3.8, level 1) for the strings "
                                    "the judge was unsure of; dead by the engine: eb)\""));
    CHECK(run_binary(args + " --jobs 2", 1) == one);
    // check's text names the source too.
    const std::string text = run_binary(
        "check --rules chinese --dead auto --engine gnugo --gnugo-command /usr/games/gnugo '" +
            game + "'",
        1);
    CHECK_THAT(text, Catch::Contains("dead by the engine: eb"));
}
