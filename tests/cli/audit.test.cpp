// `sgfaudit audit` as a user runs it: the report of corpus/ against its approved copy, the same
// bytes for --jobs 1 and 2, every divergence with its diagram in index.html, exit codes,
// interruption by SIGINT and SIGTERM, and the progress line on a terminal only.

#include <fcntl.h>
#include <pty.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "json_check.hpp"
#include "sgfaudit/pipeline/report_run.hpp"
#include "sgfaudit/report/files.hpp"
#include "skip.hpp"
#include "slurp.hpp"
#include "temp_folder.hpp"
namespace fs = std::filesystem;

extern char** environ;

namespace {

using sgfaudit_test::slurp;

std::size_t count(const std::string& s, std::string_view what) {
    std::size_t n = 0;
    for (auto at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
    return n;
}

// A started sgfaudit process with stdout and stderr going to files.
class Process {
  public:
    // `cwd`: the child's working folder (empty: this process's).
    Process(const std::vector<std::string>& args, const fs::path& dir, const fs::path& cwd = {})
        : out_(dir / "stdout"), err_(dir / "stderr") {
        std::vector<std::string> argv{SGFAUDIT_BINARY};
        argv.insert(argv.end(), args.begin(), args.end());
        std::vector<char*> cargs;
        for (std::string& a : argv) cargs.push_back(a.data());
        cargs.push_back(nullptr);
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addopen(&actions, 1, out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                         0644);
        posix_spawn_file_actions_addopen(&actions, 2, err_.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                         0644);
        if (!cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
        const int rc = ::posix_spawn(&pid_, cargs[0], &actions, nullptr, cargs.data(), environ);
        posix_spawn_file_actions_destroy(&actions);
        REQUIRE(rc == 0);
    }
    ~Process() {
        if (pid_ > 0) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
    }
    Process(const Process&) = delete;
    Process& operator=(const Process&) = delete;

    pid_t pid() const { return pid_; }
    // Waits for the exit; returns the exit status (-1 when killed by a signal).
    int wait() {
        int status = 0;
        REQUIRE(::waitpid(pid_, &status, 0) == pid_);
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    std::string out() const { return slurp(out_); }
    std::string err() const { return slurp(err_); }

  private:
    pid_t pid_ = -1;
    fs::path out_, err_;
};

struct Result {
    int status;
    std::string out, err;
};

Result audit(std::vector<std::string> args, const fs::path& scratch, const fs::path& cwd = {}) {
    args.insert(args.begin(), "audit");
    Process p(args, scratch, cwd);
    const int status = p.wait();
    return Result{status, p.out(), p.err()};
}

const std::string kSource = SGFAUDIT_SOURCE_DIR;

// The first line where two texts differ, for a readable failure.
std::string first_difference(const std::string& a, const std::string& b) {
    std::istringstream x(a), y(b);
    std::string la, lb;
    for (int line = 1;; ++line) {
        const bool ga = static_cast<bool>(std::getline(x, la));
        const bool gb = static_cast<bool>(std::getline(y, lb));
        if (!ga && !gb) return "(no difference)";
        if (!ga || !gb || la != lb) {
            return "line " + std::to_string(line) + ":\n  got:      " + la.substr(0, 300) +
                   "\n  approved: " + lb.substr(0, 300);
        }
    }
}

bool shared_present() {
    if (fs::is_directory(std::string(SGFAUDIT_SHARED_DIR) + "/corpus")) return true;
    WARN("skipped: ../shared/corpus not found");
    sgfaudit_test::mark_skipped();
    return false;
}

}  // namespace

TEST_CASE("The audit report of corpus/ matches the approved copy, file by file",
          "[cli][audit][approval]") {
    // Run from the source folder with the relative path "corpus/", as tools/approve.sh does,
    // whatever this test's own working folder.
    TempFolder t("sgfaudit-audit");
    const fs::path out = t.path() / "report";
    const Result r =
        audit({"--quiet", "--jobs", "2", "--out", out.string(), "corpus/"}, t.path(), kSource);
    CHECK(r.status == 1);  // findings: the corpus holds broken files and rule cases
    CHECK(r.err.empty());
    for (const std::string_view name : sgfaudit::report::folder_entries({})) {
        const std::string got = slurp(out / name);
        const std::string approved = slurp(fs::path(kSource) / "tests/approved/corpus" / name);
        INFO(name << " differs from tests/approved/corpus/" << name
                  << " (if the change is intended: bash tools/approve.sh, then review git diff): "
                  << first_difference(got, approved));
        CHECK(got == approved);
    }
}

TEST_CASE("The report is the same bytes for --jobs 1 and --jobs 2", "[cli][audit]") {
    TempFolder t("sgfaudit-audit");
    const fs::path one = t.path() / "one", two = t.path() / "two";
    CHECK(audit({"--quiet", "--jobs", "1", "--out", one.string(), kSource + "/corpus"}, t.path())
              .status == 1);
    CHECK(audit({"--quiet", "--jobs", "2", "--out", two.string(), kSource + "/corpus"}, t.path())
              .status == 1);
    for (const std::string_view name : sgfaudit::report::folder_entries({})) {
        INFO(name);
        CHECK(slurp(one / name) == slurp(two / name));
    }
}

TEST_CASE("Every divergence of games.jsonl has its block and diagram in index.html",
          "[cli][audit][html]") {
    TempFolder t("sgfaudit-audit");
    const fs::path out = t.path() / "r";
    // The full form of games.jsonl: its divergences carry their boards.
    REQUIRE(audit({"--quiet", "--full-json", "--out", out.string(), kSource + "/corpus"}, t.path())
                .status == 1);
    const std::string jsonl = slurp(out / "games.jsonl");
    const std::string html = slurp(out / "index.html");
    // Every game object with divergences: count them and their boards.
    std::istringstream lines(jsonl);
    std::size_t divergences = 0, games = 0;
    for (std::string line; std::getline(lines, line);) {
        const std::size_t at = line.find("\"divergences\":[");
        if (at == std::string::npos || line.compare(at, 16, "\"divergences\":[]") == 0) continue;
        ++games;
        const std::string part = line.substr(at, line.find("\"record\":{", at) - at);
        divergences += count(part, "\"kind\":");
        // Each divergence carries the board its diagram shows.
        CHECK(count(part, "\"board_after\":[\"") == count(part, "\"kind\":"));
    }
    REQUIRE(divergences > 0);
    // Each game's anchor once (on its first block), a block per divergence.
    CHECK(count(html, "<h4 id=\"f") == games);
    CHECK(count(html, "<div class=\"div ") == divergences);
    CHECK(count(html, "<figure><svg") >= divergences);
    // Each divergence's block holds its own figure.
    std::size_t at = 0;
    for (std::size_t k = 0; k < divergences; ++k) {
        at = html.find("<div class=\"div ", at);
        REQUIRE(at != std::string::npos);
        const std::size_t end = html.find("</div>", at);
        CHECK(html.substr(at, end - at).find("<figure><svg") != std::string::npos);
        at = end;
    }
    // Self-contained: no script, nothing fetched.
    CHECK(html.find("<script") == std::string::npos);
    CHECK(html.find("src=") == std::string::npos);
    CHECK(html.find("http://") == html.find("http://www.w3.org/2000/svg"));
    CHECK(html.find("https://") == std::string::npos);
    // summary.md links into index.html at anchors that exist.
    const std::string md = slurp(out / "summary.md");
    for (auto p = md.find("(index.html#"); p != std::string::npos;
         p = md.find("(index.html#", p + 1)) {
        const std::string anchor = md.substr(p + 12, md.find(')', p) - p - 12);
        CHECK(html.find("id=\"" + anchor + "\"") != std::string::npos);
    }
}

TEST_CASE(
    "games.jsonl compact and --full-json: valid JSON lines, the same games, terms where a "
    "count decides",
    "[cli][audit][json][compact]") {
    TempFolder t("sgfaudit-audit");
    const fs::path compact = t.path() / "compact", full1 = t.path() / "full1",
                   full2 = t.path() / "full2";
    REQUIRE(
        audit({"--quiet", "--jobs", "2", "--out", compact.string(), kSource + "/corpus"}, t.path())
            .status == 1);
    REQUIRE(audit({"--quiet", "--jobs", "1", "--full-json", "--out", full1.string(),
                   kSource + "/corpus"},
                  t.path())
                .status == 1);
    REQUIRE(audit({"--quiet", "--jobs", "2", "--full-json", "--out", full2.string(),
                   kSource + "/corpus"},
                  t.path())
                .status == 1);
    for (const std::string_view name : sgfaudit::report::folder_entries({})) {
        INFO(name);
        CHECK(slurp(full1 / name) == slurp(full2 / name));
    }
    // The other files do not depend on the form (summary.md, summary.json and index.html state
    // it among the run's settings).
    for (const char* name : {"divergences.csv", "record_issues.csv", "diagnostics.csv", "rules.md",
                             "diagnostics.md"}) {
        INFO(name);
        CHECK(slurp(compact / name) == slurp(full1 / name));
    }
    CHECK(slurp(compact / "summary.json").find("\"jsonl_form\": \"compact\"") != std::string::npos);
    CHECK(slurp(full1 / "summary.json").find("\"jsonl_form\": \"full\"") != std::string::npos);
    CHECK(slurp(full1 / "summary.md").find("full form (--full-json)") != std::string::npos);

    std::istringstream c(slurp(compact / "games.jsonl")), f(slurp(full1 / "games.jsonl"));
    std::size_t lines = 0, counted = 0, not_counted = 0;
    for (std::string lc, lf; std::getline(c, lc);) {
        REQUIRE(std::getline(f, lf));
        ++lines;
        INFO("line " << lines << ":\n  compact: " << lc.substr(0, 300));
        CHECK(sgfaudit_test::json_valid(lc));
        CHECK(sgfaudit_test::json_valid(lf));
        CHECK(lc.rfind(R"({"schema":"sgfaudit-game/3","form":"compact","file":)", 0) == 0);
        CHECK(lf.rfind(R"({"schema":"sgfaudit-game/3","form":"full","file":)", 0) == 0);
        CHECK(lc.size() <= lf.size() + 3);  // "compact" is 3 bytes longer than "full"
        // Everything up to RU (the file, the game, the players) is the same in both forms (a
        // file without a game: up to its diagnostics).
        const std::size_t rulesets = lf.find("\"rulesets\":");
        const std::string stop = rulesets == std::string::npos ? "\"diagnostics\":" : "\"ru\":";
        const std::size_t at = lf.find(",\"file\":");
        const std::size_t at_c = lc.find(",\"file\":");
        CHECK(lc.substr(at_c, lc.find(stop) - at_c) == lf.substr(at, lf.find(stop) - at));
        if (rulesets == std::string::npos) continue;  // a file without a game
        // The full form: terms, the decisive count and the three counts for every ruleset.
        const std::size_t n = count(lf, R"("spec":)");
        CHECK(count(lf, R"("terms":{)") == n);
        CHECK(count(lf, R"("scores":{"area":)") == n);
        // Compact (schema 3): the decisive count for the counted rulesets only, never terms or
        // scores.
        const std::size_t yes = count(lc, R"("counted":true)");
        CHECK(yes + count(lc, R"("counted":false)") == n);
        CHECK(count(lc, R"("terms":{)") == 0);
        CHECK(count(lc, R"(,"count":{"black":)") == yes);
        CHECK(count(lc, R"("scores":)") == 0);
        CHECK(count(lc, R"("board_after":)") == 0);
        // A ruleset under which the game ended by two passes is counted.
        CHECK(count(lc, R"("scored":true,"counted":true)") == count(lc, R"("scored":true)"));
        counted += yes;
        not_counted += n - yes;
    }
    CHECK(lines > 50);
    CHECK(counted > 0);
    CHECK(not_counted > 0);
}

TEST_CASE("audit exit codes: 0 clean, 1 findings, 2 could not run", "[cli][audit]") {
    TempFolder t("sgfaudit-audit");
    { std::ofstream(t.path() / "clean.sgf") << "(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[cc];B[gg])"; }
    Result r =
        audit({"--out", (t.path() / "a").string(), (t.path() / "clean.sgf").string()}, t.path());
    CHECK(r.status == 0);
    CHECK(r.out.find("audited 1 game (3 moves) in 1 file") != std::string::npos);
    CHECK(r.out.find("report: " + (t.path() / "a").string() + "/") != std::string::npos);

    r = audit({"--out", (t.path() / "b").string(), kSource + "/corpus/rules/nssk.sgf"}, t.path());
    CHECK(r.status == 1);

    r = audit({"--jobs", "0", (t.path() / "clean.sgf").string()}, t.path());
    CHECK(r.status == 2);
    CHECK(r.err.find("--jobs") != std::string::npos);
    r = audit({"--bogus", (t.path() / "clean.sgf").string()}, t.path());
    CHECK(r.status == 2);
    r = audit(
        {"--out", (t.path() / "c").string(), "--name", "x", (t.path() / "clean.sgf").string()},
        t.path());
    CHECK(r.status == 2);
    r = audit({"--out", (t.path() / "c").string(), (t.path() / "missing.sgf").string()}, t.path());
    CHECK(r.status == 2);
    CHECK(r.err.find("F001") != std::string::npos);
    CHECK_FALSE(fs::exists(t.path() / "c"));
    // A folder of the user's is never replaced.
    fs::create_directories(t.path() / "mine");
    { std::ofstream(t.path() / "mine" / "keep.txt") << "x"; }
    r = audit({"--out", (t.path() / "mine").string(), (t.path() / "clean.sgf").string()}, t.path());
    CHECK(r.status == 2);
    CHECK(r.err.find("not an sgfaudit report folder") != std::string::npos);
    CHECK(fs::exists(t.path() / "mine" / "keep.txt"));
    // A folder entry that cannot be listed (a broken link) is a finding, not an abort.
    fs::create_directories(t.path() / "in");
    fs::copy_file(t.path() / "clean.sgf", t.path() / "in" / "clean.sgf");
    fs::create_symlink(t.path() / "gone.sgf", t.path() / "in" / "broken.sgf");
    r = audit({"--out", (t.path() / "d").string(), (t.path() / "in").string()}, t.path());
    CHECK(r.status == 1);
    CHECK(slurp(t.path() / "d" / "diagnostics.csv").find("broken.sgf,,,,error,F002,") !=
          std::string::npos);
    CHECK(fs::exists(t.path() / "d" / "summary.md"));
}

TEST_CASE("audit --name writes reports/NAME relative to the working folder", "[cli][audit]") {
    TempFolder t("sgfaudit-audit");
    { std::ofstream(t.path() / "g.sgf") << "(;GM[1]FF[4]SZ[9];B[ee])"; }
    // posix_spawn keeps our working folder: run through the shell in the temp folder instead.
    const std::string command = "cd \"" + t.path().string() + "\" && \"" + SGFAUDIT_BINARY +
                                "\" audit --name mine g.sgf >/dev/null 2>&1";
    const int status = std::system(command.c_str());
    CHECK(WIFEXITED(status));
    CHECK(fs::is_regular_file(t.path() / "reports" / "mine" / "summary.md"));
}

namespace {

// A folder of `n` hard links to one long game: enough work to interrupt a run in flight.
void many_games(const fs::path& dir, int n) {
    fs::create_directories(dir);
    std::string game = "(;GM[1]FF[4]SZ[19]";
    for (int i = 0; i < 300; ++i) {
        const char x = static_cast<char>('a' + (i * 7) % 19),
                   y = static_cast<char>('a' + (i * 11 + i / 19) % 19);
        game += i % 2 == 0 ? ";B[" : ";W[";
        game += x;
        game += y;
        game += ']';
    }
    game += ")";
    std::ofstream(dir / "g0.sgf") << game;
    for (int i = 1; i < n; ++i) {
        fs::create_hard_link(dir / "g0.sgf", dir / ("g" + std::to_string(i) + ".sgf"));
    }
}

void interrupt_test(int signal_number, const std::string& name) {
    TempFolder t("sgfaudit-audit");
    const fs::path out = t.path() / "reports" / "r";
    REQUIRE(audit({"--quiet", "--out", out.string(), kSource + "/corpus/rules"}, t.path()).status ==
            1);
    std::vector<std::string> before;
    for (const std::string_view f : sgfaudit::report::folder_entries({}))
        before.push_back(slurp(out / f));

    many_games(t.path() / "in", 20000);
    Process p(
        {"audit", "--quiet", "--jobs", "2", "--out", out.string(), (t.path() / "in").string()},
        t.path());
    // Wait until the run has started writing its staging folder, then interrupt it.
    const fs::path staging = out.parent_path() / (".r.partial-" + std::to_string(p.pid()));
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!fs::exists(staging / "games.jsonl") && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    REQUIRE(fs::exists(staging / "games.jsonl"));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    REQUIRE(::kill(p.pid(), signal_number) == 0);
    CHECK(p.wait() == 2);
    CHECK(p.err().find("interrupted by " + name + ": no report written; " + out.string() +
                       " still holds the previous report") != std::string::npos);
    std::size_t i = 0;
    for (const std::string_view f : sgfaudit::report::folder_entries({})) {
        INFO(f);
        CHECK(slurp(out / f) == before[i++]);
    }
    CHECK_FALSE(fs::exists(staging));
}

}  // namespace

TEST_CASE("SIGINT during a run leaves the previous report whole", "[cli][audit][signal]") {
    interrupt_test(SIGINT, "SIGINT");
}

TEST_CASE("SIGTERM during a run leaves the previous report whole", "[cli][audit][signal]") {
    interrupt_test(SIGTERM, "SIGTERM");
}

TEST_CASE("SIGINT inside one long game stops the run promptly", "[cli][audit][signal]") {
    // One game of 1,000,000 moves (6 MB) cycling over the points, so that once the board is full
    // nearly every play is illegal. Its audit took about a minute before the superko history
    // stored each position once, and before the replay looked at the cancel flag SIGINT waited
    // for all of it (the flag is checked every 4096 events); now the whole audit takes under a
    // second, so SIGINT is sent as soon as the run has begun its report: it arrives while the
    // file is read or replayed, and the run must stop at once either way.
    TempFolder t("sgfaudit-audit");
    const fs::path out = t.path() / "reports" / "r";
    REQUIRE(audit({"--quiet", "--out", out.string(), kSource + "/corpus/rules"}, t.path()).status ==
            1);
    std::vector<std::string> before;
    for (const std::string_view f : sgfaudit::report::folder_entries({}))
        before.push_back(slurp(out / f));
    std::string game = "(;GM[1]FF[4]SZ[19]";
    game.reserve(6000100);
    for (int i = 0; i < 1000000; ++i) {
        game += i % 2 == 0 ? ";B[" : ";W[";
        game += static_cast<char>('a' + i % 19);
        game += static_cast<char>('a' + (i / 19) % 19);
        game += ']';
    }
    game += ")";
    std::ofstream(t.path() / "long.sgf") << game;

    Process p({"audit", "--quiet", "--jobs", "1", "--out", out.string(),
               (t.path() / "long.sgf").string()},
              t.path());
    const fs::path staging = out.parent_path() / (".r.partial-" + std::to_string(p.pid()));
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!fs::exists(staging / "games.jsonl") && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    REQUIRE(fs::exists(staging / "games.jsonl"));
    const auto sent = std::chrono::steady_clock::now();
    REQUIRE(::kill(p.pid(), SIGINT) == 0);
    CHECK(p.wait() == 2);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
    INFO("exited " << seconds << " s after SIGINT");
    // A generous bound (a robustness bound, not a speed test): the whole replay takes far more.
    CHECK(seconds < 3.0);
    CHECK(p.err().find("interrupted by SIGINT: no report written") != std::string::npos);
    std::size_t i = 0;
    for (const std::string_view f : sgfaudit::report::folder_entries({})) {
        INFO(f);
        CHECK(slurp(out / f) == before[i++]);
    }
    CHECK_FALSE(fs::exists(staging));
}

namespace {

// Runs sgfaudit with a terminal as stdin, stdout and stderr; returns everything it wrote.
std::string run_on_terminal(const std::vector<std::string>& args) {
    int master = -1;
    const pid_t pid = ::forkpty(&master, nullptr, nullptr, nullptr);
    REQUIRE(pid >= 0);
    if (pid == 0) {
        std::vector<std::string> argv{SGFAUDIT_BINARY};
        argv.insert(argv.end(), args.begin(), args.end());
        std::vector<char*> cargs;
        for (std::string& a : argv) cargs.push_back(a.data());
        cargs.push_back(nullptr);
        ::execv(cargs[0], cargs.data());
        ::_exit(127);
    }
    std::string out;
    char buffer[4096];
    for (;;) {
        const ssize_t n = ::read(master, buffer, sizeof buffer);
        if (n <= 0) break;  // EIO once the child has gone
        out.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(master);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return out;
}

}  // namespace

TEST_CASE("The progress line shows on a terminal, not elsewhere, and not with --quiet",
          "[cli][audit]") {
    TempFolder t("sgfaudit-audit");
    const std::string on_terminal =
        run_on_terminal({"audit", "--out", (t.path() / "a").string(), kSource + "/corpus/rules"});
    CHECK(on_terminal.find("files 6/6  games 6  ") != std::string::npos);
    CHECK(on_terminal.find("games/s  divergences ") != std::string::npos);
    CHECK(on_terminal.find("ETA 0:00") != std::string::npos);
    CHECK(on_terminal.find("\r\033[K") != std::string::npos);

    const std::string quiet = run_on_terminal(
        {"audit", "--quiet", "--out", (t.path() / "b").string(), kSource + "/corpus/rules"});
    CHECK(quiet.find("files 6/6") == std::string::npos);
    CHECK(quiet.find("audited 6 games") != std::string::npos);

    // Not a terminal: nothing on stderr.
    const Result r =
        audit({"--out", (t.path() / "c").string(), kSource + "/corpus/rules"}, t.path());
    CHECK(r.err.empty());
}

TEST_CASE("The shared corpus: every file and game accounted for, the same bytes for 1 and 2 jobs",
          "[cli][audit][shared][integration]") {
    if (!shared_present()) return;
    TempFolder t("sgfaudit-audit");
    const fs::path one = t.path() / "one", two = t.path() / "two";
    const std::string corpus = std::string(SGFAUDIT_SHARED_DIR) + "/corpus";
    const Result r1 = audit({"--quiet", "--jobs", "1", "--out", one.string(), corpus}, t.path());
    const Result r2 = audit({"--quiet", "--jobs", "2", "--out", two.string(), corpus}, t.path());
    CHECK(r1.status == 1);
    CHECK(r2.status == 1);
    for (const std::string_view name : sgfaudit::report::folder_entries({})) {
        INFO(name);
        CHECK(slurp(one / name) == slurp(two / name));
    }
    const std::string md = slurp(one / "summary.md");
    CHECK(md.find("Every file and game accounted for") != std::string::npos);
    CHECK(md.find("MISMATCH") == std::string::npos);
    // games.jsonl: one line per game plus one per file without a game (or folder entry that
    // could not be listed); its file names cover every file taken.
    const std::string jsonl = slurp(one / "games.jsonl");
    const std::size_t game_lines = count(jsonl, "\"game\":") - count(jsonl, "\"game\":null");
    std::size_t files_taken = 0, games = 0;
    {
        // summary.md writes 21,347: the digits without the separators.
        auto figure = [&](std::size_t from) {
            std::string digits;
            for (; from < md.size() &&
                   (std::isdigit(static_cast<unsigned char>(md[from])) || md[from] == ',');
                 ++from) {
                if (md[from] != ',') digits += md[from];
            }
            return std::stoul(digits);
        };
        const auto at = md.find("| files taken | ");
        REQUIRE(at != std::string::npos);
        files_taken = figure(at + 16);
        const auto g = md.find("| games | ");
        REQUIRE(g != std::string::npos);
        games = figure(g + 10);
    }
    CHECK(game_lines == games);
    CHECK(files_taken > 20000);
    CHECK(r1.out.find("audited " + std::to_string(games) + " games") != std::string::npos);
}
