// --shard K/N and merge (issue 17): the N shard reports of a run, merged, are the unsharded
// report byte for byte, for N = 1, 2, 3, 7; with files, archive members and a folder entry the
// walk cannot take among the inputs, and a diagram cap that the shards reach at other places
// than the whole run. A shard missing or from another run stops merge (exit 2).

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/cli/cli.hpp"
#include "slurp.hpp"
#include "temp_folder.hpp"

namespace fs = std::filesystem;

namespace {

int sgfaudit_run(std::vector<std::string> args, std::string* err_text = nullptr) {
    std::ostringstream out, err;
    const int status = sgfaudit::cli::run(args, out, err);
    if (err_text != nullptr) *err_text = err.str();
    return status;
}

using sgfaudit_test::slurp;

// The merged report's files, its marker too (the same bytes as the unsharded run's).
const char* kReport[] = {"games.jsonl", "divergences.csv", "diagnostics.csv", "record_issues.csv",
                         "results.csv", "summary.md",      "summary.json",    "index.html",
                         "rules.md",    "diagnostics.md",  ".sgfaudit-report"};

// The inputs: corpus/ (a folder of many files), a .tar.gz of corpus/records/ and a folder with a
// broken link (a walk problem).
std::vector<std::string> inputs(const TempFolder& t) {
    const std::string corpus = std::string(SGFAUDIT_SOURCE_DIR) + "/corpus";
    const std::string command = "tar -czf '" + (t.path() / "records.tar.gz").string() + "' -C '" +
                                corpus + "' records >/dev/null 2>&1";
    REQUIRE(std::system(command.c_str()) == 0);
    t.add("odd/a.sgf", "(;GM[1]FF[4]SZ[9];B[ee];W[ee])");
    fs::create_symlink(t.path() / "odd" / "nowhere", t.path() / "odd" / "broken.sgf");
    return {corpus, (t.path() / "records.tar.gz").string(), (t.path() / "odd").string()};
}

}  // namespace

TEST_CASE("Shards 1..N merged are the unsharded report byte for byte (N = 1, 2, 3, 7)",
          "[cli][shards]") {
    TempFolder t("sgfaudit-shards");
    const std::vector<std::string> in = inputs(t);
    const auto audit_args = [&](const fs::path& out, const std::string& shard) {
        std::vector<std::string> a{"audit",  "--quiet", "--max-diagrams", "3",
                                   "--jobs", "2",       "--out",          out.string()};
        if (!shard.empty()) a.insert(a.end(), {"--shard", shard});
        a.insert(a.end(), in.begin(), in.end());
        return a;
    };
    const fs::path whole = t.path() / "whole";
    const int status = sgfaudit_run(audit_args(whole, ""));
    REQUIRE(status == 1);  // the corpus has findings
    // The diagram cap is reached: the test covers it.
    REQUIRE(slurp(whole / "index.html").find("the cap on diagrams was reached") !=
            std::string::npos);
    for (const int n : {1, 2, 3, 7}) {
        INFO("N = " << n);
        std::vector<std::string> merge{"merge", "--out",
                                       (t.path() / ("merged-" + std::to_string(n))).string()};
        std::size_t lines = 0;
        for (int k = n; k >= 1; --k) {  // any order
            const fs::path shard =
                t.path() / ("shard-" + std::to_string(n) + "-" + std::to_string(k));
            const int s =
                sgfaudit_run(audit_args(shard, std::to_string(k) + "/" + std::to_string(n)));
            CHECK((s == 0 || s == 1));
            CHECK(fs::is_regular_file(shard / "shard.chunks"));
            const std::string jsonl = slurp(shard / "games.jsonl");
            lines += static_cast<std::size_t>(std::count(jsonl.begin(), jsonl.end(), '\n'));
            merge.push_back(shard.string());
        }
        const std::string whole_jsonl = slurp(whole / "games.jsonl");
        // Every line of the run is in exactly one shard.
        CHECK(lines ==
              static_cast<std::size_t>(std::count(whole_jsonl.begin(), whole_jsonl.end(), '\n')));
        CHECK(sgfaudit_run(merge) == status);
        const fs::path merged = t.path() / ("merged-" + std::to_string(n));
        for (const char* f : kReport) {
            INFO(f);
            CHECK(slurp(merged / f) == slurp(whole / f));
        }
        CHECK(std::distance(fs::directory_iterator(merged), fs::directory_iterator()) ==
              std::ssize(kReport));
    }
}

TEST_CASE("Shards of a --sqlite run merge into its report.sqlite byte for byte",
          "[cli][shards][sqlite]") {
    TempFolder t("sgfaudit-shards");
    const std::vector<std::string> in = inputs(t);
    const auto audit_args = [&](const fs::path& out, const std::string& shard) {
        std::vector<std::string> a{"audit", "--quiet", "--sqlite",  "--jobs",
                                   "2",     "--out",   out.string()};
        if (!shard.empty()) a.insert(a.end(), {"--shard", shard});
        a.insert(a.end(), in.begin(), in.end());
        return a;
    };
    const fs::path whole = t.path() / "whole";
    const int status = sgfaudit_run(audit_args(whole, ""));
    REQUIRE(status == 1);
    REQUIRE(fs::is_regular_file(whole / "report.sqlite"));
    for (const int n : {2, 3}) {
        INFO("N = " << n);
        const fs::path merged = t.path() / ("merged-" + std::to_string(n));
        std::vector<std::string> merge{"merge", "--out", merged.string()};
        for (int k = 1; k <= n; ++k) {
            const fs::path shard =
                t.path() / ("shard-" + std::to_string(n) + "-" + std::to_string(k));
            const int s =
                sgfaudit_run(audit_args(shard, std::to_string(k) + "/" + std::to_string(n)));
            CHECK((s == 0 || s == 1));
            CHECK(fs::is_regular_file(shard / "report.sqlite"));
            merge.push_back(shard.string());
        }
        CHECK(sgfaudit_run(merge) == status);
        for (const char* f : {"report.sqlite", "results.csv", ".sgfaudit-report"}) {
            INFO(f);
            CHECK(slurp(merged / f) == slurp(whole / f));
        }
    }
    // A shard without --sqlite does not merge with one that has it.
    const fs::path plain = t.path() / "plain-2-2";
    std::vector<std::string> a{"audit",   "--quiet", "--jobs", "2",
                               "--shard", "2/2",     "--out",  plain.string()};
    a.insert(a.end(), in.begin(), in.end());
    const int plain_status = sgfaudit_run(a);
    CHECK((plain_status == 0 || plain_status == 1));
    std::string err;
    CHECK(sgfaudit_run({"merge", "--out", (t.path() / "mixed").string(),
                        (t.path() / "shard-2-1").string(), plain.string()},
                       &err) == 2);
    CHECK(err.find("other inputs or options") != std::string::npos);
}

TEST_CASE("Shards of a --full-json run merge into its report byte for byte - forms never mix",
          "[cli][shards][json]") {
    TempFolder t("sgfaudit-shards");
    const std::vector<std::string> in = inputs(t);
    const auto audit_args = [&](const fs::path& out, const std::string& shard, bool full) {
        std::vector<std::string> a{"audit", "--quiet", "--jobs", "2", "--out", out.string()};
        if (full) a.push_back("--full-json");
        if (!shard.empty()) a.insert(a.end(), {"--shard", shard});
        a.insert(a.end(), in.begin(), in.end());
        return a;
    };
    const fs::path whole = t.path() / "whole";
    const int status = sgfaudit_run(audit_args(whole, "", true));
    REQUIRE(status == 1);
    REQUIRE(slurp(whole / "games.jsonl").find(R"("form":"full")") != std::string::npos);
    for (const char* k : {"1/2", "2/2"}) {
        CHECK(sgfaudit_run(audit_args(t.path() / ("full-" + std::string(1, k[0])), k, true)) != 2);
    }
    CHECK(sgfaudit_run(audit_args(t.path() / "compact-2", "2/2", false)) != 2);
    const fs::path merged = t.path() / "merged";
    CHECK(sgfaudit_run({"merge", "--out", merged.string(), (t.path() / "full-2").string(),
                        (t.path() / "full-1").string()}) == status);
    for (const char* f : kReport) {
        INFO(f);
        CHECK(slurp(merged / f) == slurp(whole / f));
    }
    // A full shard and a compact one: another run.
    std::string err;
    CHECK(sgfaudit_run({"merge", "--out", (t.path() / "mixed").string(),
                        (t.path() / "full-1").string(), (t.path() / "compact-2").string()},
                       &err) == 2);
    CHECK(err.find("other inputs or options") != std::string::npos);
    CHECK_FALSE(fs::exists(t.path() / "mixed"));
    // A shard of the version before --full-json travelled in the header (sgfaudit-shard/2):
    // refused, not read as a compact run.
    const fs::path chunks = t.path() / "full-1" / "shard.chunks";
    std::string bytes = slurp(chunks);
    REQUIRE(bytes.rfind("sgfaudit-shard/8\n", 0) == 0);
    bytes[15] = '2';
    std::ofstream(chunks, std::ios::binary | std::ios::trunc) << bytes;
    CHECK(sgfaudit_run({"merge", "--out", (t.path() / "old").string(),
                        chunks.parent_path().string(), (t.path() / "full-2").string()},
                       &err) == 2);
    CHECK(err.find("not a chunks file of this version") != std::string::npos);
}

TEST_CASE("merge refuses a missing shard, shards of another run and a folder that is no shard",
          "[cli][shards]") {
    TempFolder t("sgfaudit-shards");
    const std::string a = t.add("in/a.sgf", "(;GM[1]FF[4]SZ[9];B[ee])");
    t.add("in/b.sgf", "(;GM[1]FF[4]SZ[9];B[dd])");
    const std::string in = (t.path() / "in").string();
    const auto shard = [&](const std::string& name, const std::string& k,
                           const std::string& rules) {
        const std::string out = (t.path() / name).string();
        CHECK(sgfaudit_run(
                  {"audit", "--quiet", "--rules", rules, "--shard", k, "--out", out, in}) != 2);
        return out;
    };
    const std::string s1 = shard("s1", "1/2", "aga,french");
    const std::string s2 = shard("s2", "2/2", "aga,french");
    const std::string other = shard("o2", "2/2", "tromp-taylor");
    const std::string out = (t.path() / "m").string();
    std::string err;
    CHECK(sgfaudit_run({"merge", "--out", out, s1}, &err) == 2);
    CHECK(err.find("1/2") != std::string::npos);
    CHECK(sgfaudit_run({"merge", "--out", out, s1, other}, &err) == 2);
    CHECK(err.find("other inputs or options") != std::string::npos);
    // Another --max-listed: lists cut elsewhere.
    const std::string listed = (t.path() / "l2").string();
    CHECK(sgfaudit_run({"audit", "--quiet", "--rules", "aga,french", "--max-listed", "5", "--shard",
                        "2/2", "--out", listed, in}) != 2);
    CHECK(sgfaudit_run({"merge", "--out", out, s1, listed}, &err) == 2);
    CHECK(err.find("other inputs or options") != std::string::npos);
    CHECK(sgfaudit_run({"merge", "--out", out, s1, in}, &err) == 2);
    CHECK(err.find("shard.chunks") != std::string::npos);
    CHECK_FALSE(fs::exists(out));
    CHECK(sgfaudit_run({"merge", "--out", out, s2, s1}) == 0);
    // A damaged shard: cut short, or a length field past the file's end: exit 2, nothing
    // written.
    const std::string chunks = slurp(fs::path(s2) / "shard.chunks");
    const std::string out2 = (t.path() / "m2").string();
    std::ofstream(fs::path(s2) / "shard.chunks", std::ios::binary)
        << chunks.substr(0, chunks.size() - 10);
    CHECK(sgfaudit_run({"merge", "--out", out2, s1, s2}, &err) == 2);
    CHECK(err.find("truncated") != std::string::npos);
    std::string huge = chunks;
    const std::size_t header_end = huge.find('\n') + 1;  // after the magic line
    const std::uint64_t header_length = static_cast<unsigned char>(huge[header_end]);
    const std::size_t record = header_end + 8 + header_length;
    REQUIRE(record + 8 <= huge.size());
    huge[record + 7] = '\x7f';  // the record's length: about 2^63
    std::ofstream(fs::path(s2) / "shard.chunks", std::ios::binary) << huge;
    CHECK(sgfaudit_run({"merge", "--out", out2, s1, s2}, &err) == 2);
    CHECK(err.find("shard.chunks") != std::string::npos);
    CHECK_FALSE(fs::exists(out2));
    CHECK(sgfaudit_run({"audit", "--shard", "3/2", in}, &err) == 2);
    CHECK(sgfaudit_run({"audit", "--shard", "0/2", in}, &err) == 2);
    CHECK(sgfaudit_run({"audit", "--shard", "1", in}, &err) == 2);
}

namespace {

// CRC-32 (ISO-HDLC, as zlib's crc32): the checksum of a chunks file's end record.
std::uint32_t crc32(std::string_view bytes) {
    std::uint32_t c = 0xFFFFFFFFu;
    for (const char ch : bytes) {
        c ^= static_cast<unsigned char>(ch);
        for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    }
    return ~c;
}

// The end record of shard.chunks (its last 32 bytes: a length of all ones, the record count,
// the inputs' fingerprint, the CRC-32 of the bytes before it), its CRC recomputed after an
// edit: a forger's shard, which only the range checks can refuse.
void reseal(std::string& chunks) {
    REQUIRE(chunks.size() > 32);
    const std::uint32_t c = crc32(std::string_view(chunks).substr(0, chunks.size() - 32));
    for (int i = 0; i < 8; ++i) {
        chunks[chunks.size() - 8 + static_cast<std::size_t>(i)] =
            static_cast<char>(i < 4 ? (c >> (8 * i)) & 0xFF : 0);
    }
}

// Where the first chunk record of a chunks file starts (after the magic line and the header).
std::size_t first_record(const std::string& chunks) {
    const std::size_t header = chunks.find('\n') + 1;
    std::uint64_t length = 0;
    for (int i = 0; i < 8; ++i) {
        length |= std::uint64_t{static_cast<unsigned char>(chunks[header + i])} << (8 * i);
    }
    return header + 8 + length;
}

// Two shards of a folder of two games, a.sgf in shard 1 and b.sgf in shard 2.
struct TwoShards {
    TempFolder t{"sgfaudit-shards"};
    std::string in, s1, s2;
    TwoShards() {
        t.add("in/a.sgf", "(;GM[1]FF[4]SZ[9];B[ee];W[cc])");
        t.add("in/b.sgf", "(;GM[1]FF[4]SZ[9];B[dd];W[ff])");
        in = (t.path() / "in").string();
        s1 = shard("s1", "1/2");
        s2 = shard("s2", "2/2");
    }
    std::string shard(const std::string& name, const std::string& k) {
        const std::string out = (t.path() / name).string();
        REQUIRE(sgfaudit_run({"audit", "--quiet", "--shard", k, "--out", out, in}) == 0);
        return out;
    }
    std::string chunks(const std::string& shard) const {
        return slurp(fs::path(shard) / "shard.chunks");
    }
    void write(const std::string& shard, const std::string& bytes) const {
        std::ofstream(fs::path(shard) / "shard.chunks", std::ios::binary | std::ios::trunc)
            << bytes;
    }
    int merge(std::string& err) const {
        return sgfaudit_run({"merge", "--out", (t.path() / "m").string(), s1, s2}, &err);
    }
};

}  // namespace

TEST_CASE("merge refuses a shard whose enum field is out of range even with a valid checksum",
          "[cli][shards][hostile]") {
    TwoShards s;
    std::string err;
    const std::string original = s.chunks(s.s2);
    // The first record: its length, the file's index, the walk-problem flag, then the
    // severity of its problem (0..2; not read for a file that is no walk problem).
    const std::size_t severity = first_record(original) + 8 + 8 + 8;
    REQUIRE(static_cast<unsigned char>(original[severity]) <= 2);
    // Another value in range, resealed: read as any shard (the seal is what merge checks).
    std::string bytes = original;
    bytes[severity] = '\x01';
    reseal(bytes);
    s.write(s.s2, bytes);
    REQUIRE(s.merge(err) == 0);
    fs::remove_all(s.t.path() / "m");
    // 255, resealed: out of range. (Before issue 30 it was merged, exit 0; an ending of 255
    // wrote past the summary's array of 6.)
    bytes[severity] = '\xff';
    reseal(bytes);
    s.write(s.s2, bytes);
    CHECK(s.merge(err) == 2);
    INFO(err);
    CHECK(err.find(s.s2 + "/shard.chunks: damaged record") != std::string::npos);
    CHECK_FALSE(fs::exists(s.t.path() / "m"));
}

TEST_CASE("merge refuses an edited shard by its checksum and names it", "[cli][shards][hostile]") {
    TwoShards s;
    std::string bytes = s.chunks(s.s2);
    // An edit that keeps every length: the game's move count in its JSON line, 2 -> 3.
    const std::size_t at = bytes.find("\"moves\":2");
    REQUIRE(at != std::string::npos);
    bytes[at + 8] = '3';
    s.write(s.s2, bytes);
    std::string err;
    CHECK(s.merge(err) == 2);
    INFO(err);
    CHECK(err.find(s.s2 + "/shard.chunks: edited or damaged") != std::string::npos);
    CHECK_FALSE(fs::exists(s.t.path() / "m"));
}

TEST_CASE("merge refuses shards made from changed inputs and names the stale shard",
          "[cli][shards][hostile]") {
    TwoShards s;
    // b.sgf changes after shard 1 was made; shard 2 is made again from the new content.
    s.t.add("in/b.sgf", "(;GM[1]FF[4]SZ[9];B[dd];W[ff];B[gg])");
    fs::remove_all(s.s2);
    s.s2 = s.shard("s2", "2/2");
    std::string err;
    CHECK(s.merge(err) == 2);
    INFO(err);
    CHECK(err.find("shard 2 (" + s.s2 + ") was made from other input files than shard 1") !=
          std::string::npos);
    CHECK_FALSE(fs::exists(s.t.path() / "m"));
    // Shard 1 made again from the same files: merged.
    fs::remove_all(s.s1);
    s.s1 = s.shard("s1", "1/2");
    CHECK(s.merge(err) == 0);
}

TEST_CASE("merge refuses a FIFO as shard.chunks at once instead of blocking",
          "[cli][shards][hostile]") {
    TwoShards s;
    fs::remove(fs::path(s.s2) / "shard.chunks");
    REQUIRE(::mkfifo((fs::path(s.s2) / "shard.chunks").c_str(), 0644) == 0);
    // In a child with an alarm: a merge that blocks on the FIFO (as before) is killed.
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::alarm(20);
        std::string err;
        const int status = s.merge(err);
        ::_exit(status == 2 && err.find("not a regular file") != std::string::npos ? 0 : 1);
    }
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    CHECK_FALSE(fs::exists(s.t.path() / "m"));
}
