// `--dead gnugo` from the command line: the engine missing from PATH stops the run (exit 2), a
// hanging engine costs one game its settled count and the run goes on, and a real GNU Go
// decides the dead stones of a game ended by two passes (skipped where it is not installed).

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "run_binary.hpp"
#include "skip.hpp"
#include "temp_folder.hpp"

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
    const std::string engine = folder.add("hang.sh",
                                          "#!/bin/sh\nread a; printf '= Fake\\n\\n'; read b; "
                                          "printf '= 0.1\\n\\n'\nexec sleep 1000\n");
    ::chmod(engine.c_str(), 0755);
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
