// write_report_folder: the report folder is complete or absent, replaced only when it is a report,
// kept when the run is interrupted; stale staging folders are cleaned; the diagram cap.

#include "sgfaudit/pipeline/report_run.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/report/files.hpp"
#include "sgfaudit/report/folder.hpp"
#include "slurp.hpp"
#include "temp_folder.hpp"

using namespace sgfaudit;
namespace fs = std::filesystem;

namespace {

using sgfaudit_test::slurp;

std::size_t lines(const std::string& s) {
    return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
}

pipeline::ReportOptions options_for(const std::string& input, const fs::path& out) {
    pipeline::ReportOptions o;
    o.paths = {input};
    o.settings.rulesets = audit::parse_ruleset_list("tromp-taylor,aga,french").rulesets;
    o.out_dir = out.string();
    o.jobs = 2;
    return o;
}

// Folders beside `dir` whose names start with ".<name>.partial-".
std::size_t staging_left(const fs::path& dir) {
    std::size_t n = 0;
    const std::string prefix = "." + dir.filename().string() + ".partial-";
    for (const auto& e : fs::directory_iterator(dir.parent_path())) {
        if (e.path().filename().string().rfind(prefix, 0) == 0) ++n;
    }
    return n;
}

const std::string kRules = std::string(SGFAUDIT_SOURCE_DIR) + "/corpus/rules";

}  // namespace

TEST_CASE("write_report_folder writes every report file and counts every file and game",
          "[pipeline][report_run]") {
    TempFolder t("sgfaudit-report-run");
    t.add("in/a.sgf", "(;GM[1]FF[4]SZ[9];B[ee];W[cc])(;GM[1]FF[4]SZ[9];B[dd])");
    t.add("in/b.sgf", "not sgf at all");
    const fs::path out = t.path() / "reports" / "run";
    const pipeline::ReportResult r =
        pipeline::write_report_folder(options_for((t.path() / "in").string(), out));
    REQUIRE(r.status == pipeline::ReportStatus::complete);
    CHECK_FALSE(r.previous);
    CHECK(r.files == 2);
    CHECK(r.games == 2);
    CHECK(r.moves == 3);
    CHECK(r.findings);  // b.sgf has no game tree: an error
    for (const std::string_view f : report::folder_entries({})) CHECK(fs::is_regular_file(out / f));
    CHECK(std::distance(fs::directory_iterator(out), fs::directory_iterator()) ==
          std::ssize(report::folder_entries({})));
    // Two games and one line for the file without a game.
    CHECK(lines(slurp(out / "games.jsonl")) == 3);
    CHECK(slurp(out / "diagnostics.csv").find(",error,S107,") != std::string::npos);
    CHECK(slurp(out / "summary.md").find("2 files taken = 1 with games + 1 without a game") !=
          std::string::npos);
    CHECK(staging_left(out) == 0);
}

TEST_CASE("A second run replaces a report folder - the bytes are the same for 1 and 4 threads",
          "[pipeline][report_run]") {
    TempFolder t("sgfaudit-report-run");
    const fs::path out = t.path() / "r";
    pipeline::ReportOptions o = options_for(kRules, out);
    o.jobs = 1;
    REQUIRE(pipeline::write_report_folder(o).status == pipeline::ReportStatus::complete);
    std::vector<std::string> first;
    for (const std::string_view f : report::folder_entries({})) first.push_back(slurp(out / f));
    o.jobs = 4;
    const pipeline::ReportResult again = pipeline::write_report_folder(o);
    REQUIRE(again.status == pipeline::ReportStatus::complete);
    CHECK(again.previous);
    std::size_t i = 0;
    for (const std::string_view f : report::folder_entries({})) CHECK(slurp(out / f) == first[i++]);
    CHECK(staging_left(out) == 0);
}

TEST_CASE("A folder that is not a report, or a file, is never replaced", "[pipeline][report_run]") {
    TempFolder t("sgfaudit-report-run");
    t.add("mine/notes.txt", "keep me");
    pipeline::ReportResult r =
        pipeline::write_report_folder(options_for(kRules, t.path() / "mine"));
    CHECK(r.status == pipeline::ReportStatus::failed);
    CHECK(r.message.find("is not an sgfaudit report folder") != std::string::npos);
    CHECK(slurp(t.path() / "mine" / "notes.txt") == "keep me");
    CHECK(staging_left(t.path() / "mine") == 0);

    t.add("file", "x");
    r = pipeline::write_report_folder(options_for(kRules, t.path() / "file"));
    CHECK(r.status == pipeline::ReportStatus::failed);
    CHECK(r.message.find("is not a folder") != std::string::npos);
    CHECK(slurp(t.path() / "file") == "x");
}

TEST_CASE("An interrupted run leaves the previous report as it was", "[pipeline][report_run]") {
    TempFolder t("sgfaudit-report-run");
    const fs::path out = t.path() / "r";
    pipeline::ReportOptions o = options_for(kRules, out);
    REQUIRE(pipeline::write_report_folder(o).status == pipeline::ReportStatus::complete);
    const std::string before = slurp(out / "games.jsonl");

    std::atomic<int> cancel{SIGINT};
    o.cancel = &cancel;
    o.paths = {std::string(SGFAUDIT_SOURCE_DIR) + "/corpus"};
    const pipeline::ReportResult r = pipeline::write_report_folder(o);
    CHECK(r.status == pipeline::ReportStatus::interrupted);
    CHECK(r.previous);
    CHECK(slurp(out / "games.jsonl") == before);
    CHECK(staging_left(out) == 0);

    // With nothing there before, nothing is there after.
    const pipeline::ReportResult none =
        pipeline::write_report_folder(options_for(kRules, t.path() / "n"));
    REQUIRE(none.status == pipeline::ReportStatus::complete);
    pipeline::ReportOptions o2 = options_for(kRules, t.path() / "fresh");
    o2.cancel = &cancel;
    CHECK(pipeline::write_report_folder(o2).status == pipeline::ReportStatus::interrupted);
    CHECK_FALSE(fs::exists(t.path() / "fresh"));
}

TEST_CASE("Staging folders left by a killed run are removed - a live run's are kept",
          "[pipeline][report_run]") {
    TempFolder t("sgfaudit-report-run");
    // A process that is provably dead: one this test started and reaped.
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) ::_exit(0);
    int child_status = 0;
    REQUIRE(::waitpid(child, &child_status, 0) == child);
    const std::string dead = ".20250101-101010.partial-" + std::to_string(child);
    // Left by killed runs: no process holds their lock, whatever their names say: the reaped
    // child's pid, pid 1 and this test's parent (both alive, as a pid of another namespace may
    // be), a default --name of another day.
    const std::string parent = ".r.partial-" + std::to_string(::getppid());
    t.add(".r.partial-1/games.jsonl", "half");
    t.add(parent + "/summary.md", "half");
    t.add(dead + "/summary.md", "half");
    t.add(dead + "/index.0.partial", "half");
    // A live run's (held locked here, as a run holds its own), and a folder of the user's that
    // only looks like one (it holds a file no run writes).
    t.add(".r.partial-999999/games.jsonl", "live");
    t.add(".notes.partial-1/notes.txt", "mine");
    t.add(".r.partial-2/index.body.partial", "mine too");
    const int live = ::open((t.path() / ".r.partial-999999").c_str(), O_RDONLY | O_DIRECTORY);
    REQUIRE(live >= 0);
    REQUIRE(::flock(live, LOCK_EX | LOCK_NB) == 0);
    REQUIRE(pipeline::write_report_folder(options_for(kRules, t.path() / "r")).status ==
            pipeline::ReportStatus::complete);
    CHECK_FALSE(fs::exists(t.path() / ".r.partial-1"));
    CHECK_FALSE(fs::exists(t.path() / parent));
    CHECK_FALSE(fs::exists(t.path() / dead));
    CHECK(slurp(t.path() / ".r.partial-999999/games.jsonl") == "live");
    CHECK(fs::exists(t.path() / ".notes.partial-1/notes.txt"));
    CHECK(fs::exists(t.path() / ".r.partial-2/index.body.partial"));
    ::close(live);
    // Once its lock is gone, it is a killed run's.
    REQUIRE(pipeline::write_report_folder(options_for(kRules, t.path() / "r")).status ==
            pipeline::ReportStatus::complete);
    CHECK_FALSE(fs::exists(t.path() / ".r.partial-999999"));
}

TEST_CASE("A run whose staging name another live run holds takes another name",
          "[pipeline][report_run]") {
    TempFolder t("sgfaudit-report-run");
    // A run of another PID namespace with this process's id, live (locked).
    const fs::path theirs = t.path() / (".r.partial-" + std::to_string(::getpid()));
    t.add(theirs.filename().string() + "/games.jsonl", "theirs");
    const int fd = ::open(theirs.c_str(), O_RDONLY | O_DIRECTORY);
    REQUIRE(fd >= 0);
    REQUIRE(::flock(fd, LOCK_EX | LOCK_NB) == 0);
    REQUIRE(pipeline::write_report_folder(options_for(kRules, t.path() / "r")).status ==
            pipeline::ReportStatus::complete);
    CHECK(slurp(theirs / "games.jsonl") == "theirs");
    CHECK(lines(slurp(t.path() / "r" / "games.jsonl")) > 0);
    ::close(fd);
}

TEST_CASE("An --out that is a symbolic link: the report replaces the folder it leads to",
          "[pipeline][report_run]") {
    TempFolder t("sgfaudit-report-run");
    fs::create_directory(t.path() / "real");
    fs::create_directory_symlink("real", t.path() / "link");
    REQUIRE(pipeline::write_report_folder(options_for(kRules, t.path() / "link")).status ==
            pipeline::ReportStatus::complete);
    CHECK(fs::is_symlink(t.path() / "link"));
    CHECK(lines(slurp(t.path() / "real" / "games.jsonl")) > 0);
    // Again, over the report it holds.
    REQUIRE(pipeline::write_report_folder(options_for(kRules, t.path() / "link")).status ==
            pipeline::ReportStatus::complete);
    CHECK(fs::is_symlink(t.path() / "link"));
    CHECK(fs::is_directory(t.path() / "real"));
    // A link that leads nowhere: nothing written, the link kept.
    fs::create_directory_symlink("missing", t.path() / "dangling");
    const pipeline::ReportResult r =
        pipeline::write_report_folder(options_for(kRules, t.path() / "dangling"));
    CHECK(r.status == pipeline::ReportStatus::failed);
    CHECK(r.message.find("symbolic link") != std::string::npos);
    CHECK(fs::is_symlink(t.path() / "dangling"));
}

TEST_CASE("A path that does not exist stops the run before anything is written",
          "[pipeline][report_run]") {
    TempFolder t("sgfaudit-report-run");
    const pipeline::ReportResult r =
        pipeline::write_report_folder(options_for((t.path() / "nothing").string(), t.path() / "r"));
    CHECK(r.status == pipeline::ReportStatus::missing_input);
    REQUIRE(r.missing.size() == 1);
    CHECK(r.missing[0].code == "F001");
    CHECK_FALSE(fs::exists(t.path() / "r"));
}

TEST_CASE("The diagram cap gives its N diagrams to legality first and says so",
          "[pipeline][report_run]") {
    TempFolder t("sgfaudit-report-run");
    pipeline::ReportOptions o = options_for(kRules, t.path() / "capped");
    o.max_diagrams = 2;
    REQUIRE(pipeline::write_report_folder(o).status == pipeline::ReportStatus::complete);
    const std::string capped = slurp(t.path() / "capped" / "index.html");
    o.max_diagrams = 1000;
    o.out_dir = (t.path() / "full").string();
    REQUIRE(pipeline::write_report_folder(o).status == pipeline::ReportStatus::complete);
    const std::string full = slurp(t.path() / "full" / "index.html");

    auto count = [](const std::string& s, std::string_view what) {
        std::size_t n = 0;
        for (auto at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
        return n;
    };
    // Every divergence with a board has one diagram (a superko play two figures in it).
    const std::size_t boards = count(full, "<div class=\"div ");
    REQUIRE(boards > 2);
    CHECK(count(full, std::string(report::kDiagramNotDrawn)) == 0);
    CHECK(count(capped, std::string(report::kDiagramNotDrawn)) == boards - 2);
    CHECK(capped.find("Diagrams capped:") != std::string::npos);
    CHECK(full.find("Every divergence with a board has its diagram") != std::string::npos);
    // The two go to the legality groups, listed first (the suicide and the superko play), not
    // to the outcome, end and accounting groups after them.
    const std::size_t last_legality = capped.rfind("<div class=\"div legality\"");
    REQUIRE(last_legality != std::string::npos);
    const std::size_t after_legality = capped.find("<div class=\"div ", last_legality + 1);
    REQUIRE(after_legality != std::string::npos);
    CHECK(capped.rfind("<figure>") < after_legality);
    CHECK(capped.find(report::kDiagramNotDrawn) > after_legality);
}

TEST_CASE(
    "The counts are drawn only for the games whose diagrams index.html still draws, "
    "and the page is that of a run that draws every count",
    "[pipeline][report_run]") {
    // The audit asks the report before it draws a game's counts (AuditOptions::draw_counts_if,
    // report::html_draws_counts); once a group has its diagrams, the games after it in that
    // group get none. corpus/records has outcome and accounting divergences, several per group:
    // under a cap of 1 or 2 the groups fill after their first games, and the diagrams drawn are
    // counts. A run whose options draw every count must give the same index.html.
    const std::string records = std::string(SGFAUDIT_SOURCE_DIR) + "/corpus/records";
    for (const std::uint64_t cap : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{1000}}) {
        INFO("cap " << cap);
        TempFolder t("sgfaudit-report-run");
        pipeline::ReportOptions o = options_for(records, t.path() / "asked");
        o.max_diagrams = cap;
        REQUIRE(pipeline::write_report_folder(o).status == pipeline::ReportStatus::complete);
        o.out_dir = (t.path() / "every").string();
        std::atomic<int> asked{0};
        o.settings.options.draw_counts_if = [&asked](const audit::GameAudit&) {
            ++asked;
            return true;
        };
        REQUIRE(pipeline::write_report_folder(o).status == pipeline::ReportStatus::complete);
        CHECK(asked >= 3);
        const std::string every = slurp(t.path() / "every" / "index.html");
        CHECK(every.find("<figcaption>the count drawn") != std::string::npos);
        CHECK(slurp(t.path() / "asked" / "index.html") == every);
    }
}
