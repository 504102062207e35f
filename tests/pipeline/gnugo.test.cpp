// `--dead gnugo` with `--engine gnugo|COMMAND`: GNU Go 3.8 or any GTP engine driven over GTP
// (pipeline/gnugo.hpp). The cases that need GNU Go are reported as skipped where it is not
// installed (tools/setup.sh installs it); the engine failures are played by small scripts
// (fake_engine.hpp).

#include "sgfaudit/pipeline/gnugo.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "fake_engine.hpp"
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

namespace {

// A 9x9 position: Black's wall on E, White's on F, a White stone at B5 (dead by any reading).
game::Board wall_board() {
    return game::Board::from_ascii({
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
}

// A fake engine as a GTP engine (not GNU Go: no --mode/--level, list_commands asked).
pipeline::GnugoOptions fake_options(const std::string& script, double timeout) {
    pipeline::GnugoOptions o;
    o.kind = pipeline::EngineKind::gtp;
    o.command = {script};
    o.timeout_seconds = timeout;
    return o;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

extern "C" void ignore_signal(int) {}

}  // namespace

TEST_CASE("An engine that hangs on a game is killed at the time limit and restarted for the next",
          "[pipeline][gnugo]") {
    TempFolder folder("sgfaudit-gnugo");
    const std::string pids = (folder.path() / "pids").string();
    pipeline::GnugoOptions o;  // as GNU Go: the script ignores --mode gtp --level 1
    o.command = {fake_engine::write(folder, "hang.sh", pids, fake_engine::kHang)};
    o.timeout_seconds = 0.5;
    const pipeline::GnugoStart started = pipeline::start_gnugo(o);
    REQUIRE(started.oracle != nullptr);
    CHECK(started.oracle->name() == "gnugo (Fake 0.1, level 1)");
    const game::Board board = game::Board::from_ascii({"X.O", "...", "..."});
    for (int round = 0; round < 2; ++round) {
        const auto t0 = std::chrono::steady_clock::now();
        const audit::DeadStonesAnswer a = started.oracle->dead_stones(board, 0);
        CHECK_FALSE(a.dead.has_value());
        CHECK_THAT(a.failure, Catch::Contains("no answer within 0.5 s"));
        CHECK(seconds_since(t0) >= 0.4);
        CHECK(seconds_since(t0) < 5);
    }
    // The first engine, then a new one for the second game; both killed.
    CHECK(fake_engine::read_pids(pids).size() == 2);
    CHECK(fake_engine::all_gone(fake_engine::read_pids(pids)));
}

TEST_CASE("An engine that exits mid-game gives a failure, not a signal", "[pipeline][gnugo]") {
    TempFolder folder("sgfaudit-gnugo");
    const std::string pids = (folder.path() / "pids").string();
    // One engine exits when asked final_status_list, the other (as GNU Go) right after
    // answering name and version.
    const pipeline::GnugoStart started = pipeline::start_gnugo(
        fake_options(fake_engine::write(folder, "quits.sh", pids, "exit 0", "", ""), 5));
    REQUIRE(started.oracle != nullptr);
    const std::string quits = folder.add("quits2.sh",
                                         "#!/bin/sh\nread a b; printf '=%s Fake\\n\\n' \"$a\"\n"
                                         "read a b; printf '=%s 0.1\\n\\n' \"$a\"\nexit 0\n");
    ::chmod(quits.c_str(), 0755);
    pipeline::GnugoOptions o;
    o.command = {quits};
    o.timeout_seconds = 5;
    const pipeline::GnugoStart early = pipeline::start_gnugo(o);
    REQUIRE(early.oracle != nullptr);
    // 19x19 full of commands: the writes meet a closed socket (EPIPE, no SIGPIPE).
    game::Board board(19);
    for (int y = 0; y < 19; y += 2) {
        for (int x = 0; x < 19; ++x) board.set_stone(game::to_vertex(x, y), game::Color::black);
    }
    for (const auto* oracle : {started.oracle.get(), early.oracle.get()}) {
        const audit::DeadStonesAnswer a = oracle->dead_stones(board, 0);
        CHECK_FALSE(a.dead.has_value());
        CHECK_THAT(a.failure, Catch::Contains("the engine was stopped"));
    }
}

TEST_CASE("Any GTP engine: asked list_commands at start and final_status_list dead per position",
          "[pipeline][gnugo][engine]") {
    TempFolder folder("sgfaudit-gnugo");
    const std::string pids = (folder.path() / "pids").string();
    const pipeline::GnugoStart started = pipeline::start_gnugo(fake_options(
        fake_engine::write(folder, "b5.sh", pids, "printf '=%s B5\\n\\n' \"$id\""), 5));
    REQUIRE(started.oracle != nullptr);
    CHECK(started.oracle->name() == "engine (Fake 0.1)");
    const audit::DeadStonesAnswer a = started.oracle->dead_stones(wall_board(), 7);
    INFO(a.failure);
    REQUIRE(a.dead.has_value());
    CHECK(*a.dead == std::vector<game::Vertex>{game::to_vertex(1, 4)});
    // A GTP engine takes boards up to 25x25, not more.
    const audit::DeadStonesAnswer big = started.oracle->dead_stones(game::Board(26), 0);
    CHECK_THAT(big.failure, Catch::Contains("25x25"));
}

TEST_CASE("A GTP engine without final_status_list is refused at start",
          "[pipeline][gnugo][engine]") {
    TempFolder folder("sgfaudit-gnugo");
    const std::string script =
        folder.add("nolist.sh",
                   "#!/bin/sh\nwhile read id cmd rest; do case \"$cmd\" in\n"
                   "  list_commands) printf '=%s name\\nversion\\nplay\\n\\n' \"$id\" ;;\n"
                   "  *) printf '=%s x\\n\\n' \"$id\" ;;\nesac; done\n");
    ::chmod(script.c_str(), 0755);
    const pipeline::GnugoStart started = pipeline::start_gnugo(fake_options(script, 5));
    CHECK(started.oracle == nullptr);
    CHECK_THAT(started.error, Catch::Contains("does not list the GTP command final_status_list"));
}

TEST_CASE("An engine that writes without a blank line is timed out at the deadline",
          "[pipeline][gnugo][engine]") {
    TempFolder folder("sgfaudit-gnugo");
    const std::string pids = (folder.path() / "pids").string();
    const pipeline::GnugoStart started = pipeline::start_gnugo(
        fake_options(fake_engine::write(folder, "drip.sh", pids, fake_engine::kDrip), 0.5));
    REQUIRE(started.oracle != nullptr);
    const auto t0 = std::chrono::steady_clock::now();
    const audit::DeadStonesAnswer a = started.oracle->dead_stones(wall_board(), 7);
    CHECK_FALSE(a.dead.has_value());
    CHECK_THAT(a.failure, Catch::Contains("no answer within 0.5 s"));
    CHECK(seconds_since(t0) >= 0.4);
    CHECK(seconds_since(t0) < 3);
}

TEST_CASE("An engine that floods without a blank line is stopped at 1 MiB, long before its timeout",
          "[pipeline][gnugo][engine]") {
    TempFolder folder("sgfaudit-gnugo");
    const std::string pids = (folder.path() / "pids").string();
    const pipeline::GnugoStart started = pipeline::start_gnugo(
        fake_options(fake_engine::write(folder, "flood.sh", pids, fake_engine::kFlood), 30));
    REQUIRE(started.oracle != nullptr);
    const auto t0 = std::chrono::steady_clock::now();
    const audit::DeadStonesAnswer a = started.oracle->dead_stones(wall_board(), 7);
    CHECK_FALSE(a.dead.has_value());
    CHECK_THAT(a.failure, Catch::Contains("longer than 1 MiB without its blank line"));
    CHECK(seconds_since(t0) < 10);
    CHECK(fake_engine::all_gone(fake_engine::read_pids(pids)));
}

TEST_CASE("The cancel flag ends a wait for a hanging engine at once, a signal too",
          "[pipeline][gnugo][engine]") {
    TempFolder folder("sgfaudit-gnugo");
    const std::string pids = (folder.path() / "pids").string();
    std::atomic<int> cancel{0};
    pipeline::GnugoOptions o =
        fake_options(fake_engine::write(folder, "hang.sh", pids, fake_engine::kHang), 30);
    o.cancel = &cancel;
    const pipeline::GnugoStart started = pipeline::start_gnugo(o);
    REQUIRE(started.oracle != nullptr);
    // A handler without SA_RESTART, as the command line's: the poll of the waiting thread is
    // interrupted (EINTR) when the signal comes.
    struct sigaction sa {
    }, old{};
    sa.sa_handler = &ignore_signal;
    sigemptyset(&sa.sa_mask);
    ::sigaction(SIGUSR1, &sa, &old);
    const pthread_t waiter = ::pthread_self();
    std::thread signaller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        cancel.store(SIGINT);
        ::pthread_kill(waiter, SIGUSR1);
    });
    const auto t0 = std::chrono::steady_clock::now();
    const audit::DeadStonesAnswer a = started.oracle->dead_stones(wall_board(), 7);
    const double took = seconds_since(t0);
    signaller.join();
    ::sigaction(SIGUSR1, &old, nullptr);
    CHECK_FALSE(a.dead.has_value());
    CHECK(a.failure == "interrupted");
    INFO("took " << took << " s");
    CHECK(took < 1.0);
    CHECK(fake_engine::all_gone(fake_engine::read_pids(pids)));
}

TEST_CASE("A failing engine is abandoned after 3 failures in a row with one warning",
          "[pipeline][gnugo][engine]") {
    TempFolder folder("sgfaudit-gnugo");
    const std::string pids = (folder.path() / "pids").string();
    pipeline::GnugoOptions o =
        fake_options(fake_engine::write(folder, "hang.sh", pids, fake_engine::kHang), 0.3);
    std::vector<std::string> warnings;
    o.warn = [&](const std::string& w) { warnings.push_back(w); };
    const pipeline::GnugoStart started = pipeline::start_gnugo(o);
    REQUIRE(started.oracle != nullptr);
    for (int i = 0; i < 6; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        const audit::DeadStonesAnswer a = started.oracle->dead_stones(wall_board(), 7);
        CHECK_FALSE(a.dead.has_value());
        if (i < pipeline::kMaxFailuresInRow) {
            CHECK_THAT(a.failure, Catch::Contains("no answer within 0.3 s"));
            CHECK(seconds_since(t0) >= 0.25);
        } else {
            CHECK_THAT(a.failure, Catch::StartsWith("the engine was abandoned for this run after "
                                                    "3 failures in a row"));
            CHECK(seconds_since(t0) < 0.1);
        }
    }
    REQUIRE(warnings.size() == 1);
    CHECK_THAT(warnings[0], Catch::Contains("engine (Fake 0.1) failed 3 positions in a row"));
    CHECK(fake_engine::read_pids(pids).size() == 3);  // the first engine and two restarts
    CHECK(fake_engine::all_gone(fake_engine::read_pids(pids)));
}

TEST_CASE("A good answer between failures resets the count of failures in a row",
          "[pipeline][gnugo][engine]") {
    TempFolder folder("sgfaudit-gnugo");
    const std::string pids = (folder.path() / "pids").string();
    // Answers well on an engine's first position, then garbage (a fresh engine after each).
    pipeline::GnugoOptions o = fake_options(
        fake_engine::write(folder, "alternate.sh", pids,
                           "if [ -n \"$done\" ]; then printf 'garbage\\n\\n'; else done=1; "
                           "printf '=%s\\n\\n' \"$id\"; fi"),
        5);
    int warned = 0;
    o.warn = [&](const std::string&) { ++warned; };
    const pipeline::GnugoStart started = pipeline::start_gnugo(o);
    REQUIRE(started.oracle != nullptr);
    for (int i = 0; i < 8; ++i) {
        const audit::DeadStonesAnswer a = started.oracle->dead_stones(wall_board(), 7);
        INFO(i << ": " << a.failure);
        CHECK(a.dead.has_value() == (i % 2 == 0));
        if (i % 2 == 1) CHECK_THAT(a.failure, Catch::Contains("unreadable answer"));
    }
    CHECK(warned == 0);
}

TEST_CASE("Garbage answers, off-board points and empty points named dead are not trusted",
          "[pipeline][gnugo][engine]") {
    TempFolder folder("sgfaudit-gnugo");
    const std::string pids = (folder.path() / "pids").string();
    struct Case {
        std::string behaviour;
        std::string failure;
    };
    const Case cases[] = {
        {fake_engine::kGarbage, "unreadable answer to 'final_status_list dead': 'hello'"},
        {"printf '=%s B5 A10\\n\\n' \"$id\"", "unreadable final_status_list answer 'B5 A10'"},
        {"printf '=%s B5 Z3\\n\\n' \"$id\"", "unreadable final_status_list answer 'B5 Z3'"},
        {"printf '=%s B5x\\n\\n' \"$id\"", "unreadable final_status_list answer 'B5x'"},
        {"printf '=%s B5 C3\\n\\n' \"$id\"", "names the empty point C3 dead"},
        // An answer with the wrong id (one left over, or one too many) is not an answer.
        {"printf '=%s B5\\n\\n' 999", "unreadable answer to 'final_status_list dead': '=999 B5'"},
        {"printf '? I cannot\\n\\n'", "unreadable answer"},
        {"printf '?%s I cannot\\n\\n' \"$id\"", "GTP error for 'final_status_list dead': I cannot"},
    };
    int n = 0;
    for (const Case& c : cases) {
        const pipeline::GnugoStart started = pipeline::start_gnugo(fake_options(
            fake_engine::write(folder, "case" + std::to_string(++n) + ".sh", pids, c.behaviour),
            5));
        REQUIRE(started.oracle != nullptr);
        const audit::DeadStonesAnswer a = started.oracle->dead_stones(wall_board(), 7);
        INFO(c.behaviour);
        CHECK_FALSE(a.dead.has_value());
        CHECK_THAT(a.failure, Catch::Contains(c.failure));
    }
}

TEST_CASE("An engine that declines a board size is not counted as failing",
          "[pipeline][gnugo][engine]") {
    TempFolder folder("sgfaudit-gnugo");
    const std::string script =
        folder.add("small.sh",
                   "#!/bin/sh\nwhile read id cmd rest; do case \"$cmd\" in\n"
                   "  name) printf '=%s Small\\n\\n' \"$id\" ;;\n"
                   "  version) printf '=%s 1\\n\\n' \"$id\" ;;\n"
                   "  list_commands) printf '=%s final_status_list\\n\\n' \"$id\" ;;\n"
                   "  boardsize) if [ \"$rest\" = 9 ]; then printf '=%s\\n\\n' \"$id\"; "
                   "else printf '?%s unacceptable size\\n\\n' \"$id\"; fi ;;\n"
                   "  *) printf '=%s\\n\\n' \"$id\" ;;\nesac; done\n");
    ::chmod(script.c_str(), 0755);
    pipeline::GnugoOptions o = fake_options(script, 5);
    int warned = 0;
    o.warn = [&](const std::string&) { ++warned; };
    const pipeline::GnugoStart started = pipeline::start_gnugo(o);
    REQUIRE(started.oracle != nullptr);
    for (int i = 0; i < 5; ++i) {
        const audit::DeadStonesAnswer a = started.oracle->dead_stones(game::Board(13), 7);
        CHECK_THAT(a.failure, Catch::Contains("cannot judge this board"));
    }
    CHECK(warned == 0);
    CHECK(started.oracle->dead_stones(wall_board(), 7).dead.has_value());
}

TEST_CASE("What an engine forks is killed with it at the end of the run",
          "[pipeline][gnugo][engine]") {
    TempFolder folder("sgfaudit-gnugo");
    const std::string pids = (folder.path() / "pids").string();
    const std::string children = (folder.path() / "children").string();
    {
        const pipeline::GnugoStart started = pipeline::start_gnugo(
            fake_options(fake_engine::write(folder, "forks.sh", pids, fake_engine::kNothingDead,
                                            "sleep 1000 &\necho $! >> '" + children + "'"),
                         5));
        REQUIRE(started.oracle != nullptr);
        const audit::DeadStonesAnswer a = started.oracle->dead_stones(wall_board(), 7);
        CHECK(a.dead.has_value());
        REQUIRE(fake_engine::read_pids(children).size() == 1);
        CHECK(fake_engine::alive(fake_engine::read_pids(children)[0]));
    }  // the oracle, and its engine, end here: a normal end of input
    CHECK(fake_engine::all_gone(fake_engine::read_pids(pids)));
    CHECK(fake_engine::all_gone(fake_engine::read_pids(children)));
}

TEST_CASE("An engine that ignores the end of its input is killed 200 ms after it",
          "[pipeline][gnugo][engine]") {
    TempFolder folder("sgfaudit-gnugo");
    const std::string pids = (folder.path() / "pids").string();
    {
        const pipeline::GnugoStart started = pipeline::start_gnugo(
            fake_options(fake_engine::write(folder, "stays.sh", pids, fake_engine::kNothingDead,
                                            "trap '' HUP TERM INT", "exec sleep 1000"),
                         5));
        REQUIRE(started.oracle != nullptr);
    }
    CHECK(fake_engine::all_gone(fake_engine::read_pids(pids)));
}

TEST_CASE("GNU Go as a GTP engine named by its command line", "[pipeline][gnugo][engine]") {
    if (::access("/usr/games/gnugo", X_OK) != 0) SGFAUDIT_SKIP("GNU Go is not installed");
    pipeline::GnugoOptions o;
    o.kind = pipeline::EngineKind::gtp;
    o.command = pipeline::split_command("/usr/games/gnugo  --mode gtp --level 1");
    REQUIRE(o.command.size() == 5);
    const pipeline::GnugoStart started = pipeline::start_gnugo(o);
    INFO(started.error);
    REQUIRE(started.oracle != nullptr);
    CHECK_THAT(started.oracle->name(), Catch::StartsWith("engine (GNU Go 3.8"));
    const audit::DeadStonesAnswer a = started.oracle->dead_stones(wall_board(), 7);
    INFO(a.failure);
    REQUIRE(a.dead.has_value());
    CHECK(*a.dead == std::vector<game::Vertex>{game::to_vertex(1, 4)});
}

TEST_CASE("An engine that ended after its last answer is restarted without counting a failure",
          "[pipeline][gnugo][engine]") {
    TempFolder folder("sgfaudit-gnugo");
    const std::string pids = (folder.path() / "pids").string();
    pipeline::GnugoOptions o = fake_options(
        fake_engine::write(folder, "once.sh", pids, "printf '=%s B5\\n\\n' \"$id\"; exit 0"), 5);
    int warned = 0;
    o.warn = [&](const std::string&) { ++warned; };
    const pipeline::GnugoStart started = pipeline::start_gnugo(o);
    REQUIRE(started.oracle != nullptr);
    for (int i = 0; i < 5; ++i) {
        const audit::DeadStonesAnswer a = started.oracle->dead_stones(wall_board(), 7);
        INFO(i << ": " << a.failure);
        CHECK(a.dead.has_value());
        // Let it end before the next question.
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
    }
    CHECK(warned == 0);
    CHECK(fake_engine::read_pids(pids).size() == 5);
}

TEST_CASE("An engine inherits no descriptor of ours but its standard streams",
          "[pipeline][gnugo][engine]") {
    TempFolder folder("sgfaudit-gnugo");
    const std::string pids = (folder.path() / "pids").string();
    const std::string fds = (folder.path() / "fds").string();
    // A descriptor another library might open without close-on-exec.
    const int leaky = ::open(folder.add("leaky", "x").c_str(), O_RDONLY);
    REQUIRE(leaky > 2);
    {
        const pipeline::GnugoStart started = pipeline::start_gnugo(
            fake_options(fake_engine::write(folder, "fds.sh", pids, fake_engine::kNothingDead,
                                            "ls /proc/$$/fd > '" + fds + "'"),
                         5));
        REQUIRE(started.oracle != nullptr);
    }
    ::close(leaky);
    std::ifstream in(fds);
    std::vector<int> open_fds;
    for (int fd; in >> fd;) open_fds.push_back(fd);
    REQUIRE_FALSE(open_fds.empty());
    CHECK(std::find(open_fds.begin(), open_fds.end(), leaky) == open_fds.end());
}

TEST_CASE(
    "An answer that comes in pieces, with carriage returns and stray empty lines, is read whole",
    "[pipeline][gnugo][engine]") {
    TempFolder folder("sgfaudit-gnugo");
    const std::string pids = (folder.path() / "pids").string();
    const pipeline::GnugoStart started = pipeline::start_gnugo(fake_options(
        fake_engine::write(folder, "pieces.sh", pids,
                           "printf '\\n=%s' \"$id\"; sleep 0.05; printf ' B5\\r\\n'; sleep 0.05; "
                           "printf '\\r\\n'"),
        5));
    REQUIRE(started.oracle != nullptr);
    for (int i = 0; i < 2; ++i) {
        const audit::DeadStonesAnswer a = started.oracle->dead_stones(wall_board(), 7);
        INFO(a.failure);
        REQUIRE(a.dead.has_value());
        CHECK(*a.dead == std::vector<game::Vertex>{game::to_vertex(1, 4)});
    }
}
