// The folder walk: sorted order, extension filter, loops and unreadable entries reported.

#include "sgfaudit/pipeline/inputs.hpp"

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
#include <utility>
#include <vector>

#include "temp_folder.hpp"

namespace fs = std::filesystem;
using sgfaudit::pipeline::collect_inputs;
using sgfaudit::pipeline::read_file;

namespace {

struct TempTree {
    fs::path root;
    TempTree() { root = make_temp_folder("sgfaudit-inputs"); }
    ~TempTree() {
        std::error_code ec;
        fs::permissions(root / "locked", fs::perms::owner_all, ec);
        fs::remove_all(root, ec);
    }
    void file(const std::string& rel, const std::string& text = "(;GM[1])") {
        fs::create_directories((root / rel).parent_path());
        std::ofstream(root / rel) << text;
    }
    std::string path(const std::string& rel = "") const {
        return rel.empty() ? root.string() : (root / rel).string();
    }
};

std::vector<std::string> relative(const std::vector<std::string>& files, const TempTree& t) {
    std::vector<std::string> out;
    for (const auto& f : files) out.push_back(f.substr(t.path().size() + 1));
    return out;
}

// Every item of a walk of `args`: the files' paths, and the problems.
struct Walked {
    std::vector<std::string> files;
    std::vector<sgfaudit::sgf::Diagnostic> problems;
};

Walked walk_all(const std::vector<std::string>& args, bool follow_links) {
    sgfaudit::pipeline::FileWalk walk(args, std::size_t{64} << 20, true, follow_links);
    Walked out;
    sgfaudit::pipeline::WalkItem item;
    std::size_t steps = 0;
    while (walk.next(item) && ++steps < 10000) {
        if (item.is_problem) {
            out.problems.push_back(item.problem);
        } else {
            out.files.push_back(item.path);
        }
    }
    return out;
}

}  // namespace

TEST_CASE("Folders are walked recursively in sorted order, taking .sgf and .mgt files",
          "[pipeline][inputs]") {
    TempTree t;
    t.file("b/2.sgf");
    t.file("b/10.SGF");
    t.file("a.sgf");
    t.file("c/old.mgt");
    t.file("c/readme.txt");
    t.file("B.sgf");
    const std::vector<std::string> args{t.path()};
    const auto inputs = collect_inputs(args);
    CHECK(inputs.problems.empty());
    CHECK(relative(inputs.files, t) ==
          std::vector<std::string>{"B.sgf", "a.sgf", "b/10.SGF", "b/2.sgf", "c/old.mgt"});
}

TEST_CASE("Names that share a long stem are sorted byte-wise all the same, with a slash or not",
          "[pipeline][inputs]") {
    TempTree t;
    const std::vector<std::string> names{
        "games_ogs_10.sgf",        "games_ogs_1.sgf",         "games_ogs_100.sgf",
        "games_ogs_1.sgf.sgf",     "games_ogs_09.sgf",        "games_ogs_\xc3\xa9.sgf",
        "games_ogs_A.sgf",         "games_ogs_.sgf",          "games_ogs_1.mgt",
        "games_ogs_2.sgf",         "games_ogs_12345678b.sgf", "games_ogs_12345678.sgf",
        "games_ogs_12345678a.sgf", "games_ogs_1234567.sgf",   "games_ogs_12345678\xff.sgf"};
    for (const std::string& n : names) t.file("s/" + n);
    t.file("one/games_ogs_5.sgf");  // a folder of one file
    std::vector<std::string> expected = names;
    std::sort(expected.begin(), expected.end());
    const std::vector<std::string> args{t.path("s") + "/"};
    const auto inputs = collect_inputs(args);
    CHECK(inputs.problems.empty());
    std::vector<std::string> got;
    for (const auto& f : inputs.files) got.push_back(f.substr(t.path("s").size() + 1));
    CHECK(got == expected);
    const std::vector<std::string> one{t.path("one")};
    CHECK(collect_inputs(one).files == std::vector<std::string>{t.path("one/games_ogs_5.sgf")});
}

TEST_CASE("A file named on the command line is read whatever its extension", "[pipeline][inputs]") {
    TempTree t;
    t.file("game.txt");
    const std::vector<std::string> args{t.path("game.txt")};
    const auto inputs = collect_inputs(args);
    REQUIRE(inputs.files.size() == 1);
    CHECK_FALSE(inputs.missing_argument);
}

TEST_CASE("F001: a path that does not exist means the run cannot go on", "[pipeline][inputs]") {
    TempTree t;
    const std::vector<std::string> args{t.path("nope.sgf")};
    const auto inputs = collect_inputs(args);
    CHECK(inputs.missing_argument);
    REQUIRE(inputs.problems.size() == 1);
    CHECK(inputs.problems[0].code == "F001");
}

TEST_CASE("F003: a symbolic link loop is reported once and skipped", "[pipeline][inputs]") {
    TempTree t;
    t.file("d/x.sgf");
    fs::create_directory_symlink(t.root / "d", t.root / "d" / "loop");
    const std::vector<std::string> args{t.path()};
    const auto inputs = collect_inputs(args);
    CHECK(relative(inputs.files, t) == std::vector<std::string>{"d/x.sgf"});
    REQUIRE(inputs.problems.size() == 1);
    CHECK(inputs.problems[0].code == "F003");
}

TEST_CASE("F002: an unreadable folder is reported and the walk goes on", "[pipeline][inputs]") {
    if (::geteuid() == 0) {
        // root reads every folder; make one unlistable by removing it while keeping a link.
        TempTree t;
        t.file("a.sgf");
        fs::create_directory_symlink(t.root / "gone", t.root / "broken");
        const std::vector<std::string> args{t.path()};
        const auto inputs = collect_inputs(args);
        CHECK(relative(inputs.files, t) == std::vector<std::string>{"a.sgf"});
        REQUIRE(inputs.problems.size() == 1);
        CHECK(inputs.problems[0].code == "F002");
        return;
    }
    TempTree t;
    t.file("a.sgf");
    t.file("locked/b.sgf");
    fs::permissions(t.root / "locked", fs::perms::none);
    const std::vector<std::string> args{t.path()};
    const auto inputs = collect_inputs(args);
    CHECK(relative(inputs.files, t) == std::vector<std::string>{"a.sgf"});
    REQUIRE(inputs.problems.size() == 1);
    CHECK(inputs.problems[0].code == "F002");
}

TEST_CASE("F004/F005: read_file refuses unreadable and oversized files", "[pipeline][inputs]") {
    TempTree t;
    t.file("big.sgf", std::string(1000, 'x'));
    const auto ok = read_file(t.path("big.sgf"), 1000);
    CHECK(ok.ok);
    CHECK(ok.bytes.size() == 1000);
    const auto big = read_file(t.path("big.sgf"), 999);
    CHECK_FALSE(big.ok);
    CHECK(big.problem.code == "F005");
    const auto missing = read_file(t.path("missing.sgf"), 1000);
    CHECK_FALSE(missing.ok);
    CHECK(missing.problem.code == "F004");
    const auto folder = read_file(t.path(), 1000);
    CHECK_FALSE(folder.ok);
    CHECK(folder.problem.code == "F004");
}

// ---------------------------------------------------------------------------------------------
// Hostile file-system entries (docs/robustness.md)

namespace {

bool has_code(const std::vector<sgfaudit::sgf::Diagnostic>& list, std::string_view code,
              const std::string& file_suffix) {
    for (const auto& d : list) {
        if (d.code == code && d.file.size() >= file_suffix.size() &&
            d.file.compare(d.file.size() - file_suffix.size(), file_suffix.size(), file_suffix) ==
                0) {
            return true;
        }
    }
    return false;
}

}  // namespace

TEST_CASE("any() answers whether a walk gives anything, as a first next() does",
          "[pipeline][inputs]") {
    // Whether a fresh walk of `args` gives a file or a problem: asked with any(), and with
    // next() on another fresh walk.
    const auto answers = [](const std::vector<std::string>& args) {
        sgfaudit::pipeline::FileWalk asked(args, std::size_t{64} << 20, false);
        sgfaudit::pipeline::FileWalk walked(args, std::size_t{64} << 20, false);
        sgfaudit::pipeline::WalkItem item;
        return std::pair{asked.any(), walked.next(item)};
    };
    TempTree t;
    fs::create_directories(t.root / "empty" / "deeper");
    for (int i = 0; i < 300; ++i) t.file("notes/n" + std::to_string(i) + ".txt", "no game");
    t.file("notes/games.zip", "an archive in a folder is passed over");
    CHECK(answers({t.path()}) == std::pair{false, false});
    CHECK(answers({t.path("empty")}) == std::pair{false, false});
    // One game among many other files, two folders down and listed in any order.
    t.file("notes/deep/er/one.sgf");
    for (int i = 0; i < 300; ++i) t.file("notes/deep/er/z" + std::to_string(i) + ".txt", "-");
    CHECK(answers({t.path()}) == std::pair{true, true});
    CHECK(answers({t.path("notes/deep")}) == std::pair{true, true});
    CHECK(answers({t.path("empty"), t.path("notes")}) == std::pair{true, true});
    // A problem is something to tell: a FIFO named *.sgf in an otherwise empty tree.
    REQUIRE(::mkfifo((t.root / "empty" / "deeper" / "pipe.sgf").c_str(), 0644) == 0);
    CHECK(answers({t.path("empty")}) == std::pair{true, true});
    // A game named on the command line.
    CHECK(answers({t.path("notes/deep/er/one.sgf")}) == std::pair{true, true});
}

TEST_CASE("F008: a FIFO named *.sgf in a folder is reported and never opened",
          "[pipeline][inputs][hostile]") {
    TempTree t;
    t.file("a.sgf");
    REQUIRE(::mkfifo(t.path("pipe.sgf").c_str(), 0644) == 0);
    const std::vector<std::string> args{t.path()};
    const auto inputs = collect_inputs(args);
    CHECK(relative(inputs.files, t) == std::vector<std::string>{"a.sgf"});
    REQUIRE(inputs.problems.size() == 1);
    CHECK(inputs.problems[0].code == "F008");
    CHECK(inputs.problems[0].message == "a FIFO (named pipe) is not a regular file; skipped");
    // read_file refuses it without blocking (no writer: a blocking open would hang here).
    const auto bytes = read_file(t.path("pipe.sgf"), 1000);
    CHECK_FALSE(bytes.ok);
    CHECK(bytes.problem.code == "F008");
    // Named on the command line: F006, as before.
    const std::vector<std::string> direct{t.path("pipe.sgf")};
    const auto named = collect_inputs(direct);
    REQUIRE(named.problems.size() == 1);
    CHECK(named.problems[0].code == "F006");
    CHECK_FALSE(named.missing_argument);
}

TEST_CASE("F008: a character device is refused", "[pipeline][inputs][hostile]") {
    TempTree t;
    fs::create_symlink("/dev/zero", t.root / "zero.sgf");
    const std::vector<std::string> args{t.path()};
    // A link out of the folder: F009 by default, F008 when links are followed.
    const auto inputs = collect_inputs(args);
    REQUIRE(inputs.problems.size() == 1);
    CHECK(inputs.problems[0].code == "F009");
    const Walked followed = walk_all(args, true);
    CHECK(followed.files.empty());
    REQUIRE(followed.problems.size() == 1);
    CHECK(followed.problems[0].code == "F008");
    const auto bytes = read_file("/dev/zero", 1000);
    CHECK_FALSE(bytes.ok);
    CHECK(bytes.problem.code == "F008");
}

TEST_CASE("F003: a symbolic link that leads to itself is a loop, in a folder and named",
          "[pipeline][inputs][hostile]") {
    TempTree t;
    t.file("a.sgf");
    fs::create_symlink(t.root / "self.sgf", t.root / "self.sgf");
    fs::create_symlink(t.root / "ping.sgf", t.root / "pong.sgf");
    fs::create_symlink(t.root / "pong.sgf", t.root / "ping.sgf");
    const std::vector<std::string> args{t.path()};
    const auto inputs = collect_inputs(args);
    CHECK(relative(inputs.files, t) == std::vector<std::string>{"a.sgf"});
    CHECK(inputs.problems.size() == 3);
    CHECK(has_code(inputs.problems, "F003", "/self.sgf"));
    CHECK(has_code(inputs.problems, "F003", "/ping.sgf"));
    CHECK(has_code(inputs.problems, "F003", "/pong.sgf"));
    // Named on the command line it is not "missing" (which would stop the run): F003.
    const std::vector<std::string> direct{t.path("self.sgf")};
    const auto named = collect_inputs(direct);
    CHECK_FALSE(named.missing_argument);
    REQUIRE(named.problems.size() == 1);
    CHECK(named.problems[0].code == "F003");
    const auto bytes = read_file(t.path("self.sgf"), 1000);
    CHECK_FALSE(bytes.ok);
    CHECK(bytes.problem.code == "F003");
}

TEST_CASE("A folder named like a file is walked, and given to read_file it is F004",
          "[pipeline][inputs][hostile]") {
    TempTree t;
    t.file("games.sgf/inner.sgf");
    const std::vector<std::string> args{t.path()};
    const auto inputs = collect_inputs(args);
    CHECK(inputs.problems.empty());
    CHECK(relative(inputs.files, t) == std::vector<std::string>{"games.sgf/inner.sgf"});
    const auto bytes = read_file(t.path("games.sgf"), 1000);
    CHECK_FALSE(bytes.ok);
    CHECK(bytes.problem.code == "F004");
    CHECK(bytes.problem.message == "is a folder, not a file; not read");
}

TEST_CASE("F004: a file whose read fails is reported (root reads everything: /proc/self/mem)",
          "[pipeline][inputs][hostile]") {
    // Reading offset 0 of a process's own memory file fails with EIO for every user, root
    // included; a link to it stands for an unreadable file.
    TempTree t;
    fs::create_symlink("/proc/self/mem", t.root / "unreadable.sgf");
    const std::vector<std::string> args{t.path()};
    const Walked inputs = walk_all(args, true);  // a link out of the folder: followed on demand
    REQUIRE(relative(inputs.files, t) == std::vector<std::string>{"unreadable.sgf"});
    const auto bytes = read_file(inputs.files[0], 1000);
    CHECK_FALSE(bytes.ok);
    CHECK(bytes.problem.code == "F004");
    CHECK(bytes.problem.message.rfind("read error: ", 0) == 0);
    if (::geteuid() != 0) {
        t.file("locked.sgf");
        fs::permissions(t.root / "locked.sgf", fs::perms::none);
        const auto locked = read_file(t.path("locked.sgf"), 1000);
        CHECK_FALSE(locked.ok);
        CHECK(locked.problem.code == "F004");
    } else {
        WARN("running as root: chmod 000 does not make a file unreadable; /proc/self/mem only");
    }
}

TEST_CASE("F005: a file over the limit is refused from its size, after one read of 64 KiB at most",
          "[pipeline][inputs][hostile]") {
    TempTree t;
    // A sparse file of 1 GiB costs no disk and would cost a gigabyte of memory if read.
    { std::ofstream(t.root / "huge.sgf") << "(;"; }
    fs::resize_file(t.root / "huge.sgf", std::uintmax_t{1} << 30);
    const auto bytes = read_file(t.path("huge.sgf"), 64u << 20);
    CHECK_FALSE(bytes.ok);
    CHECK(bytes.problem.code == "F005");
    CHECK(bytes.problem.message ==
          "file is 1073741824 bytes, larger than the limit of 67108864; not read");
    CHECK(bytes.bytes.capacity() < 4096);
}

TEST_CASE("F007: a file that grows while it is read is not taken", "[pipeline][inputs][hostile]") {
    TempTree t;
    const std::string path = t.path("growing.sgf");
    {
        std::ofstream out(path);
        out << "(;GM[1]" << std::string(4u << 20, ' ');
    }
    // A writer appends 4 KiB every 100 microseconds (at most 16 MiB) while the reader tries;
    // one read of the file takes about a millisecond.
    std::atomic<bool> stop{false};
    std::thread writer([&] {
        std::ofstream out(path, std::ios::app);
        const std::string chunk = ";B[aa]" + std::string(4090, ' ');
        for (int i = 0; i < 4096 && !stop.load(); ++i) {
            out << chunk;
            out.flush();
            std::this_thread::sleep_for(std::chrono::microseconds(100));
        }
    });
    int changed = 0, tries = 0;
    for (; tries < 1000 && changed == 0; ++tries) {
        const auto bytes = read_file(path, std::size_t{64} << 20);
        if (!bytes.ok) {
            CHECK(bytes.problem.code == "F007");
            CHECK(bytes.bytes.empty());
            ++changed;
        }
    }
    stop = true;
    writer.join();
    INFO(tries << " tries");
    CHECK(changed == 1);
    // Once the writer has stopped the same file reads fine.
    const auto settled = read_file(path, std::size_t{64} << 20);
    CHECK(settled.ok);
    CHECK(settled.bytes.size() == fs::file_size(path));
}

TEST_CASE("A file found in a folder is opened relative to the walk's open folder",
          "[pipeline][inputs]") {
    TempTree t;
    t.file("games/a.sgf", "(;GM[1]SZ[9])");
    t.file("games/b.sgf", "(;GM[1]SZ[13])");
    const std::vector<std::string> args{t.path("games")};
    sgfaudit::pipeline::FileWalk walk(args);
    sgfaudit::pipeline::WalkItem first, second;
    REQUIRE(walk.next(first));
    REQUIRE(walk.next(second));
    REQUIRE(first.folder != nullptr);
    CHECK(first.folder == second.folder);
    CHECK(first.path.substr(first.name_at) == "a.sgf");
    CHECK(second.path.substr(second.name_at) == "b.sgf");
    // The folder moves away after the walk listed it: the open folder still reaches its files,
    // their paths no longer do.
    fs::rename(t.root / "games", t.root / "moved");
    const auto by_folder = read_file(first.path, 1000, first.folder.get(), first.name_at);
    REQUIRE(by_folder.ok);
    CHECK(by_folder.bytes == "(;GM[1]SZ[9])");
    const auto by_path = read_file(first.path, 1000);
    CHECK_FALSE(by_path.ok);
    CHECK(by_path.problem.code == "F004");
    CHECK(by_path.problem.file == first.path);
}

TEST_CASE("Files of 64 KiB and around it are read whole (one read, or several)",
          "[pipeline][inputs]") {
    TempTree t;
    for (const std::size_t size :
         {std::size_t{65535}, std::size_t{65536}, std::size_t{65537}, std::size_t{200000}}) {
        std::string text = "(;GM[1]C[";
        text += std::string(size - text.size() - 2, 'x');
        text += "])";
        t.file("f.sgf", text);
        const auto bytes = read_file(t.path("f.sgf"), 1u << 20);
        REQUIRE(bytes.ok);
        CHECK(bytes.bytes == text);
        // The limit holds on either side of the first read's size.
        CHECK(read_file(t.path("f.sgf"), size).ok);
        const auto over = read_file(t.path("f.sgf"), size - 1);
        CHECK_FALSE(over.ok);
        CHECK(over.problem.code == "F005");
    }
}

TEST_CASE("F009: a link out of the named folder is not followed and nothing of its target is read",
          "[pipeline][inputs][hostile][links]") {
    TempTree t;
    t.file("secret.txt", "TOP-SECRET-BYTES\n");
    t.file("in/a.sgf");
    fs::create_symlink("/etc/passwd", t.root / "in" / "leak.sgf");
    fs::create_symlink("../secret.txt", t.root / "in" / "secret.sgf");
    fs::create_symlink(t.root, t.root / "in" / "up");  // a folder outside (it holds the input)
    const std::vector<std::string> args{t.path("in")};
    const auto inputs = collect_inputs(args);
    CHECK(relative(inputs.files, t) == std::vector<std::string>{"in/a.sgf"});
    REQUIRE(inputs.problems.size() == 3);
    CHECK(has_code(inputs.problems, "F009", "/in/leak.sgf"));
    CHECK(has_code(inputs.problems, "F009", "/in/secret.sgf"));
    CHECK(has_code(inputs.problems, "F009", "/in/up"));
    for (const auto& p : inputs.problems) {
        CHECK(p.message.find("root:") == std::string::npos);
        CHECK(p.message.find("TOP-SECRET") == std::string::npos);
    }
    // Named on the command line, the same folder holding the target is inside: followed.
    const std::vector<std::string> both{t.path("in"), t.path()};
    const auto wider = collect_inputs(both);
    CHECK(std::count(wider.files.begin(), wider.files.end(), t.path("in/secret.sgf")) == 1);
}

TEST_CASE("A link that stays inside the named folder is followed and a folder walked once",
          "[pipeline][inputs][links]") {
    TempTree t;
    t.file("real/x.sgf");
    t.file("other/y.sgf");
    fs::create_directory_symlink(t.root / "real", t.root / "alias");
    fs::create_symlink(t.root / "other" / "y.sgf", t.root / "z.sgf");
    const std::vector<std::string> args{t.path()};
    const auto inputs = collect_inputs(args);
    CHECK(relative(inputs.files, t) ==
          std::vector<std::string>{"alias/x.sgf", "other/y.sgf", "z.sgf"});
    // "real" was walked through "alias" already: a loop, reported once.
    REQUIRE(inputs.problems.size() == 1);
    CHECK(has_code(inputs.problems, "F003", "/real"));
}

TEST_CASE("A link to / or to a folder above is never walked with --follow-links too",
          "[pipeline][inputs][hostile][links]") {
    TempTree t;
    t.file("in/a.sgf");
    fs::create_directory_symlink("/", t.root / "in" / "root");
    fs::create_directory_symlink(t.root / "in", t.root / "in" / "self");
    fs::create_directory_symlink(t.root, t.root / "in" / "parent");
    const std::vector<std::string> args{t.path("in")};
    for (const bool follow : {false, true}) {
        const Walked w = walk_all(args, follow);
        CHECK(w.files == std::vector<std::string>{t.path("in/a.sgf")});
        REQUIRE(w.problems.size() == 3);
        // Outside the input: F009 by default; with --follow-links, a folder that holds the
        // link is a loop.
        CHECK(has_code(w.problems, follow ? "F003" : "F009", "/in/root"));
        CHECK(has_code(w.problems, follow ? "F003" : "F009", "/in/parent"));
        CHECK(has_code(w.problems, "F003", "/in/self"));
    }
}

TEST_CASE("With follow_links a link out of the named folder is followed",
          "[pipeline][inputs][links]") {
    TempTree t;
    t.file("outside/games/o.sgf");
    t.file("outside/o2.sgf");
    t.file("in/a.sgf");
    fs::create_directory_symlink(t.root / "outside" / "games", t.root / "in" / "more");
    fs::create_symlink(t.root / "outside" / "o2.sgf", t.root / "in" / "b.sgf");
    const std::vector<std::string> args{t.path("in")};
    const Walked followed = walk_all(args, true);
    CHECK(relative(followed.files, t) ==
          std::vector<std::string>{"in/a.sgf", "in/b.sgf", "in/more/o.sgf"});
    CHECK(followed.problems.empty());
    const Walked kept = walk_all(args, false);
    CHECK(relative(kept.files, t) == std::vector<std::string>{"in/a.sgf"});
    CHECK(kept.problems.size() == 2);
}
