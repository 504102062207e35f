// The hostile-file catalogue (corpus/hostile/README.md, docs/robustness.md): every file gives
// its expected diagnostic, the large cases and the file-system cases are made here in a
// temporary folder, and `sgfaudit parse` goes through all of them, finishes, and names every
// file.

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "sgfaudit/pipeline/inputs.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"
#include "temp_folder.hpp"

namespace fs = std::filesystem;
using namespace sgfaudit;

namespace {

const fs::path kHostile = fs::path(SGFAUDIT_SOURCE_DIR) / "corpus" / "hostile";

// Everything a file gives, as `sgfaudit parse` reads it: the read problem, or the document's
// diagnostics then every game's.
struct Outcome {
    std::vector<sgf::Diagnostic> diagnostics;
    std::size_t games = 0;
    std::uint32_t moves = 0;
};

Outcome read_bytes(const std::string& name, std::string bytes) {
    Outcome o;
    const sgf::Document doc = sgf::read_document(name, std::move(bytes));
    o.diagnostics = doc.diagnostics();
    o.games = doc.games().size();
    for (std::size_t g = 0; g < o.games; ++g) {
        sgf::GameRecord r = sgf::read_record(doc, g);
        o.moves += r.moves;
        o.diagnostics.insert(o.diagnostics.end(), r.diagnostics.begin(), r.diagnostics.end());
    }
    return o;
}

Outcome read_path(const std::string& path) {
    pipeline::FileBytes bytes = pipeline::read_file(path, sgf::ReadLimits{}.max_file_bytes);
    if (!bytes.ok) return Outcome{{bytes.problem}, 0, 0};
    return read_bytes(path, std::move(bytes.bytes));
}

std::size_t count(const Outcome& o, std::string_view code) {
    std::size_t n = 0;
    for (const auto& d : o.diagnostics) n += d.code == code;
    return n;
}

const sgf::Diagnostic* find(const Outcome& o, std::string_view code) {
    for (const auto& d : o.diagnostics) {
        if (d.code == code) return &d;
    }
    return nullptr;
}

std::string codes(const Outcome& o) {
    std::string s;
    for (const auto& d : o.diagnostics) s += sgf::format(d) + "\n";
    return s;
}

// One committed file and what it must give.
struct Expected {
    const char* file;
    const char* code;
    sgf::Severity severity;
    sgf::Location where;  // {0, 0}: the file as a whole
    std::size_t games;
    std::uint32_t moves;
    const char* also = nullptr;  // another code that must be there too
    bool only = false;           // `code` must be the only diagnostic
};

using S = sgf::Severity;
const Expected kCatalogue[] = {
    {"empty.sgf", "S112", S::error, {}, 0, 0, nullptr, true},
    {"whitespace-only.sgf", "S112", S::error, {}, 0, 0, nullptr, true},
    {"binary-noise.sgf", "S113", S::error, {}, 0, 0, nullptr, true},
    {"binary-png.sgf", "S113", S::error, {}, 0, 0, nullptr, true},
    {"nul-bytes.sgf", "S115", S::warning, {1, 18}, 1, 2, nullptr, true},
    {"zero-padded.sgf", "S115", S::warning, {2, 1}, 1, 2, nullptr, true},
    {"utf16le-no-bom.sgf", "S004", S::warning, {1, 1}, 1, 3, nullptr, true},
    {"utf16be-no-bom.sgf", "S004", S::warning, {1, 1}, 1, 3, nullptr, true},
    {"unterminated-value.sgf", "S106", S::error, {1, 32}, 1, 2, "S101"},
    {"truncated.sgf", "S101", S::warning, {1, 51}, 1, 4, nullptr, true},
    {"no-game-tree.sgf", "S107", S::error, {}, 0, 0, "S100"},
    {"size-53.sgf", "S201", S::error, {1, 16}, 1, 1, "S301"},
    {"size-huge.sgf", "S201", S::error, {1, 16}, 1, 1, "S301"},
    {"handicap-huge.sgf", "S306", S::warning, {1, 22}, 1, 2, nullptr, true},
    {"komi-1e308.sgf", "S214", S::warning, {1, 22}, 1, 2, nullptr, true},
    {"move-number-negative.sgf", "S311", S::warning, {1, 34}, 1, 3, nullptr, true},
};

// A temporary folder, removed with everything in it.
struct TempDir {
    fs::path root;
    explicit TempDir(const std::string& tag) { root = make_temp_folder("sgfaudit-hostile-" + tag); }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(root, ec);
    }
    std::string write(const std::string& name, const std::string& bytes) const {
        const fs::path p = root / name;
        std::ofstream(p, std::ios::binary) << bytes;
        return p.string();
    }
};

// Runs `sgfaudit ARGS` under `timeout` (a hang is a failure, not a stuck test); returns the
// exit status (124: timed out) and stdout.
std::pair<int, std::string> run_sgfaudit(const std::string& args, int seconds = 120) {
    const std::string command = "timeout " + std::to_string(seconds) + " \"" + SGFAUDIT_BINARY +
                                "\" " + args + " 2>/dev/null";
    FILE* pipe = ::popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::string out;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
        out.append(buffer, n);
    const int status = ::pclose(pipe);
    REQUIRE(WIFEXITED(status));
    return {WEXITSTATUS(status), out};
}

// True when some line of `out` starts with "path:" followed by `what`.
bool names(const std::string& out, const std::string& path, const std::string& what = "") {
    const std::string key = path + ":";
    for (std::size_t at = out.find(key); at != std::string::npos; at = out.find(key, at + 1)) {
        if (at != 0 && out[at - 1] != '\n') continue;
        const std::size_t end = out.find('\n', at);
        const std::string line = out.substr(at, end - at);
        if (what.empty() || line.find(what) != std::string::npos) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("Every hostile file gives its expected diagnostic", "[hostile]") {
    for (const Expected& e : kCatalogue) {
        const Outcome o = read_path((kHostile / e.file).string());
        INFO(e.file << ":\n" << codes(o));
        const sgf::Diagnostic* d = find(o, e.code);
        REQUIRE(d != nullptr);
        CHECK(count(o, e.code) == 1);
        CHECK(d->severity == e.severity);
        CHECK(d->where == e.where);
        CHECK(o.games == e.games);
        CHECK(o.moves == e.moves);
        if (e.also != nullptr) CHECK(count(o, e.also) == 1);
        if (e.only) CHECK(o.diagnostics.size() == 1);
    }
}

TEST_CASE("No hostile file is missing from the catalogue", "[hostile]") {
    std::set<std::string> listed;
    for (const Expected& e : kCatalogue) listed.insert(e.file);
    std::set<std::string> present;
    for (const auto& entry : fs::directory_iterator(kHostile)) {
        const std::string name = entry.path().filename().string();
        if (name != "README.md") present.insert(name);
    }
    CHECK(present == listed);
}

TEST_CASE("sgfaudit parse goes through the whole hostile folder and names every file",
          "[hostile][cli]") {
    const std::string folder = (kHostile).string();
    const auto [status, out] = run_sgfaudit("parse \"" + folder + "\"");
    CHECK(status == 1);
    std::size_t files = 0;
    for (const auto& entry : fs::directory_iterator(kHostile)) {
        const std::string name = entry.path().filename().string();
        if (name == "README.md") continue;
        ++files;
        // Each file has its summary line, then its diagnostics.
        const std::string path = folder + "/" + name;
        INFO(path);
        CHECK(names(out, path, " game"));
    }
    for (const Expected& e : kCatalogue) {
        INFO(e.file);
        CHECK(names(out, folder + "/" + e.file, std::string(" ") + e.code + ": "));
    }
    CHECK(out.find("files: " + std::to_string(files) + " read, ") != std::string::npos);
}

TEST_CASE("Large hostile inputs hit each default limit", "[hostile][limits]") {
    const sgf::ReadLimits defaults;
    SECTION("S120: a file over the reader's size limit") {
        const Outcome o = read_bytes("big.sgf", std::string(defaults.max_file_bytes + 1, ' '));
        CHECK(count(o, "S120") == 1);
        CHECK(o.diagnostics.size() == 1);
    }
    SECTION("S121: nesting deeper than the limit; the next game is still read") {
        std::string text = "(;GM[1]";
        for (std::uint32_t i = 0; i <= defaults.max_depth; ++i) text += "(;";
        text += std::string(defaults.max_depth + 2, ')') + "(;GM[1];B[aa])";
        const Outcome o = read_bytes("deep.sgf", std::move(text));
        INFO(codes(o));
        CHECK(count(o, "S121") == 1);
        CHECK(o.games == 2);
        CHECK(o.moves == 1);
    }
    SECTION("300,000 nested variations under the limit: no diagnostic, no recursion") {
        std::string text = "(;GM[1]SZ[19]";
        for (int i = 0; i < 300000; ++i) text += i % 2 == 0 ? "(;B[aa]" : "(;W[aa]";
        text += std::string(300000, ')') + ")";
        const Outcome o = read_bytes("ogs.sgf", std::move(text));
        CHECK(o.diagnostics.empty());
        CHECK(o.moves == 300000);
    }
    SECTION("S122: more nodes in a game than the limit") {
        const Outcome o =
            read_bytes("nodes.sgf", "(" + std::string(defaults.max_nodes_per_game + 1, ';') + ")");
        CHECK(count(o, "S122") == 1);
        CHECK(o.games == 1);
    }
    SECTION("S123: more values in a property than the limit") {
        std::string text = "(;AB";
        for (std::uint32_t i = 0; i <= defaults.max_values_per_property; ++i) text += "[aa]";
        const Outcome o = read_bytes("values.sgf", text + ")");
        CHECK(count(o, "S123") == 1);
    }
    SECTION("S126: more values in a node than the limit") {
        std::string text = "(;";
        for (const char* id : {"AB", "AW", "AE", "TB", "TW"}) {
            text += id;
            for (std::uint32_t i = 0; i < defaults.max_values_per_property; ++i) text += "[]";
        }
        const Outcome o = read_bytes("node-values.sgf", text + ")");
        INFO(codes(o));
        CHECK(count(o, "S126") == 1);
        CHECK(count(o, "S123") == 0);
    }
    SECTION("S127: more properties in a node than the limit") {
        std::string text = "(;";
        for (std::uint32_t i = 0; i <= defaults.max_properties_per_node; ++i) {
            for (std::uint32_t k = i;; k /= 26) {
                text += static_cast<char>('A' + k % 26);
                if (k < 26) break;
            }
            text += "[]";
        }
        const Outcome o = read_bytes("properties.sgf", text + ")");
        CHECK(count(o, "S127") == 1);
        CHECK(count(o, "S103") == 0);
    }
    SECTION("S124: a value longer than the limit") {
        const Outcome o =
            read_bytes("value.sgf", "(;C[" + std::string(defaults.max_value_bytes + 1, 'x') + "])");
        CHECK(count(o, "S124") == 1);
        CHECK(find(o, "S124")->where == sgf::Location{1, 4});
    }
    SECTION("S125: more games in a file than the limit") {
        std::string text;
        text.reserve(3u * (defaults.max_games + 1));
        for (std::uint32_t i = 0; i <= defaults.max_games; ++i) text += "(;)";
        const Outcome o = read_bytes("games.sgf", std::move(text));
        CHECK(count(o, "S125") == 1);
        CHECK(o.games == defaults.max_games);
    }
    SECTION("S128: thousands of junk diagnostics are listed up to the limit, then counted") {
        std::string text = "(;GM[1]";
        for (int i = 0; i < 20000; ++i) text += " ?? ";
        const Outcome o = read_bytes("junk.sgf", text + ")");
        CHECK(count(o, "S108") == defaults.max_diagnostics);
        REQUIRE(count(o, "S128") == 1);
        CHECK(find(o, "S128")->message ==
              "more than 10000 diagnostics in this file: 10000 more not listed");
    }
}

TEST_CASE("File-system hostiles: sgfaudit parse finishes and accounts for every entry",
          "[hostile][cli]") {
    TempDir t("fs");
    const fs::path& r = t.root;
    t.write("good.sgf", "(;GM[1]SZ[9];B[ee])");
    fs::create_directories(r / "folder.sgf");
    t.write("folder.sgf/inner.sgf", "(;GM[1]SZ[9];B[cc])");
    fs::create_symlink("/proc/self/mem", r / "unreadable.sgf");
    fs::create_symlink(r / "self.sgf", r / "self.sgf");
    fs::create_symlink(r / "ping.sgf", r / "pong.sgf");
    fs::create_symlink(r / "pong.sgf", r / "ping.sgf");
    fs::create_directory_symlink(r, r / "loop");
    REQUIRE(::mkfifo((r / "pipe.sgf").c_str(), 0644) == 0);
    fs::create_symlink("/dev/zero", r / "zero.sgf");
    { std::ofstream(r / "huge.sgf") << "(;"; }
    fs::resize_file(r / "huge.sgf", (std::uintmax_t{65} << 20));  // sparse: no disk, no memory

    const std::string root = r.string();
    // By default the links out of the folder (/proc/self/mem, /dev/zero) are F009, not opened.
    {
        const auto [status, out] = run_sgfaudit("parse \"" + root + "\"", 60);
        INFO(out);
        REQUIRE(status != 124);
        CHECK(status == 1);
        CHECK(names(out, root + "/unreadable.sgf", "error F009: symbolic link leads outside"));
        CHECK(names(out, root + "/zero.sgf", "error F009: symbolic link leads outside"));
        CHECK(names(out, root + "/loop", "error F003: "));
        CHECK(out.find("files: 3 read, 1 with errors, 1 unreadable") != std::string::npos);
    }
    // With --follow-links they are followed, and refused as they were before.
    const auto [status, out] = run_sgfaudit("parse --follow-links \"" + root + "\"", 60);
    INFO(out);
    REQUIRE(status != 124);  // a FIFO or a loop made it hang
    CHECK(status == 1);
    CHECK(names(out, root + "/good.sgf", "1 game"));
    CHECK(names(out, root + "/folder.sgf/inner.sgf", "1 game"));
    CHECK(names(out, root + "/unreadable.sgf", "error F004: read error: "));
    CHECK(names(out, root + "/self.sgf", "error F003: "));
    CHECK(names(out, root + "/ping.sgf", "error F003: "));
    CHECK(names(out, root + "/pong.sgf", "error F003: "));
    CHECK(names(out, root + "/loop", "error F003: "));
    CHECK(names(out, root + "/pipe.sgf", "error F008: a FIFO (named pipe) is not a regular file"));
    CHECK(names(out, root + "/zero.sgf", "error F008: a character device is not a regular file"));
    CHECK(names(out, root + "/huge.sgf", "error F005: file is 68157440 bytes, larger than"));
    // Every entry of the folder is named (the loop link once, as a loop).
    for (const auto& entry : fs::directory_iterator(r)) {
        INFO(entry.path());
        CHECK(out.find(entry.path().string() +
                       (entry.path().filename() == "folder.sgf" ? "/" : ":")) != std::string::npos);
    }
    CHECK(out.find("files: 4 read, 2 with errors, 2 unreadable") != std::string::npos);

    // In-process: read_file on the folder named like a file, and on the FIFO, named directly.
    CHECK(read_path((r / "folder.sgf").string()).diagnostics[0].code == "F004");
    CHECK(read_path((r / "pipe.sgf").string()).diagnostics[0].code == "F008");
}

TEST_CASE("A file growing while sgfaudit parse reads it is F007", "[hostile][cli]") {
    TempDir t("growing");
    const std::string path = t.write("growing.sgf", "(;GM[1]" + std::string(8u << 20, ' '));
    std::atomic<bool> stop{false};
    std::thread writer([&] {
        std::ofstream out(path, std::ios::app | std::ios::binary);
        const std::string chunk = ";B[aa]" + std::string(4090, ' ');
        for (int i = 0; i < 16384 && !stop.load(); ++i) {  // at most 64 MiB
            out << chunk;
            out.flush();
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
    });
    bool seen = false;
    int runs = 0;
    for (; runs < 20 && !seen; ++runs) {
        const auto [status, out] = run_sgfaudit("parse \"" + path + "\"", 60);
        if (names(out, path, "error F007: the file changed while it was read")) {
            seen = true;
            CHECK(status == 1);
            CHECK(out.find("files: 1 read, 1 with errors, 1 unreadable") != std::string::npos);
        }
    }
    stop = true;
    writer.join();
    INFO(runs << " runs");
    CHECK(seen);
}
