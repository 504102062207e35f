// `--dead gnugo`: GNU Go 3.8 driven over GTP (pipeline/gnugo.hpp). The cases that need GNU Go
// are reported as skipped where it is not installed (tools/setup.sh installs it); the engine
// failures are played by small scripts.

#include "sgfaudit/pipeline/gnugo.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "skip.hpp"
#include "temp_folder.hpp"

using namespace sgfaudit;

namespace {

// GNU Go as Debian installs it (/usr/games is not always in PATH), else from PATH.
pipeline::GnugoOptions gnugo_options() {
    pipeline::GnugoOptions o;
    if (::access("/usr/games/gnugo", X_OK) == 0) o.command = {"/usr/games/gnugo"};
    return o;
}

std::string script(const TempFolder& folder, const std::string& name, const std::string& body) {
    const std::string path = folder.add(name, "#!/bin/sh\n" + body);
    ::chmod(path.c_str(), 0755);
    return path;
}

}  // namespace

TEST_CASE("GNU Go calls a lone White stone inside Black's side dead", "[pipeline][gnugo]") {
    const pipeline::GnugoStart started = pipeline::start_gnugo(gnugo_options());
    if (!started.oracle) SGFAUDIT_SKIP("GNU Go is not installed: " << started.error);
    CHECK_THAT(started.oracle->name(), Catch::StartsWith("gnugo (GNU Go 3.8"));
    const game::Board board = game::Board::from_ascii({
        "....XO...",
        "....XO...",
        "....XO...",
        "....XO...",
        ".O..XO...",
        "....XO...",
        "....XO...",
        "....XO...",
        "X...XO...",
    });
    const audit::DeadStonesAnswer a = started.oracle->dead_stones(board, 7);
    INFO(a.failure);
    REQUIRE(a.dead.has_value());
    CHECK(*a.dead == std::vector<game::Vertex>{game::to_vertex(1, 4)});
    // The same engine answers the next position (reused, not restarted): nothing dead.
    const game::Board alive = game::Board::from_ascii({
        "....XO...",
        "....XO...",
        "....XO...",
        "....XO...",
        "....XO...",
        "....XO...",
        "....XO...",
        "....XO...",
        "....XO...",
    });
    const audit::DeadStonesAnswer b = started.oracle->dead_stones(alive, 7);
    REQUIRE(b.dead.has_value());
    CHECK(b.dead->empty());
}

TEST_CASE("GNU Go is not asked about a board it cannot play on", "[pipeline][gnugo]") {
    const pipeline::GnugoStart started = pipeline::start_gnugo(gnugo_options());
    if (!started.oracle) SGFAUDIT_SKIP("GNU Go is not installed: " << started.error);
    const audit::DeadStonesAnswer a = started.oracle->dead_stones(game::Board(25), 0);
    CHECK_FALSE(a.dead.has_value());
    CHECK_THAT(a.failure, Catch::Contains("19x19"));
}

TEST_CASE("A missing engine is an error at start, with what to do", "[pipeline][gnugo]") {
    pipeline::GnugoOptions o;
    o.command = {"sgfaudit-no-such-engine"};
    const pipeline::GnugoStart started = pipeline::start_gnugo(o);
    CHECK(started.oracle == nullptr);
    CHECK_THAT(started.error, Catch::Contains("was not found in PATH"));
}

TEST_CASE("An engine that does not answer GTP at start is an error", "[pipeline][gnugo]") {
    TempFolder folder("sgfaudit-gnugo");
    pipeline::GnugoOptions o;
    o.command = {script(folder, "mute.sh", "exec sleep 1000\n")};
    o.timeout_seconds = 0.5;
    const auto t0 = std::chrono::steady_clock::now();
    const pipeline::GnugoStart started = pipeline::start_gnugo(o);
    CHECK(started.oracle == nullptr);
    CHECK_THAT(started.error, Catch::Contains("does not answer GTP"));
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5));
}

TEST_CASE("An engine that hangs on a game is killed at the time limit and restarted for the next",
          "[pipeline][gnugo]") {
    TempFolder folder("sgfaudit-gnugo");
    // Answers `name` and `version`, then hangs; each start is counted in a file.
    const std::string starts = (folder.path() / "starts").string();
    pipeline::GnugoOptions o;
    o.command = {script(folder, "hang.sh",
                        "echo x >> '" + starts +
                            "'\nread a; printf '= Fake\\n\\n'; read b; printf '= 0.1\\n\\n'\n"
                            "exec sleep 1000\n")};
    o.timeout_seconds = 0.5;
    const pipeline::GnugoStart started = pipeline::start_gnugo(o);
    REQUIRE(started.oracle != nullptr);
    CHECK(started.oracle->name() == "gnugo (Fake 0.1, level 1)");
    const game::Board board = game::Board::from_ascii({"X.O", "...", "..."});
    for (int round = 0; round < 2; ++round) {
        const auto t0 = std::chrono::steady_clock::now();
        const audit::DeadStonesAnswer a = started.oracle->dead_stones(board, 0);
        const auto took = std::chrono::steady_clock::now() - t0;
        CHECK_FALSE(a.dead.has_value());
        CHECK_THAT(a.failure, Catch::Contains("no answer within 0.5 s"));
        CHECK(took >= std::chrono::milliseconds(400));
        CHECK(took < std::chrono::seconds(5));
    }
    // The first engine, then a new one for the second game.
    std::ifstream in(starts);
    std::string line;
    int lines = 0;
    while (std::getline(in, line)) ++lines;
    CHECK(lines == 2);
}

TEST_CASE("An engine that exits mid-game gives a failure, not a signal", "[pipeline][gnugo]") {
    TempFolder folder("sgfaudit-gnugo");
    pipeline::GnugoOptions o;
    o.command = {script(folder, "quits.sh",
                        "read a; printf '= Fake\\n\\n'; read b; printf '= 0.1\\n\\n'\nexit 0\n")};
    o.timeout_seconds = 5;
    const pipeline::GnugoStart started = pipeline::start_gnugo(o);
    REQUIRE(started.oracle != nullptr);
    // 19x19 full of commands: the writes meet a closed socket (EPIPE, no SIGPIPE).
    game::Board board(19);
    for (int y = 0; y < 19; y += 2) {
        for (int x = 0; x < 19; ++x) board.set_stone(game::to_vertex(x, y), game::Color::black);
    }
    const audit::DeadStonesAnswer a = started.oracle->dead_stones(board, 0);
    CHECK_FALSE(a.dead.has_value());
    CHECK_FALSE(a.failure.empty());
}
