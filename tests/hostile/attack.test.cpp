// Issue 30, "Nothing lost, nothing leaked, nothing forged": symbolic links out of the input
// tree (nothing of their target in any output), a name that tries to forge a line of `check`
// or `parse` output, a bidirectional control in a name (escaped in every output format), and
// damaged archives accounted for in the report. Everything is made here, in a temporary folder.

#include <archive.h>
#include <archive_entry.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "sgfaudit/cli/cli.hpp"
#include "temp_folder.hpp"

namespace fs = std::filesystem;

namespace {

struct Run {
    int status;
    std::string out, err;
};

Run sgfaudit_run(std::vector<std::string> args) {
    std::ostringstream out, err;
    const int status = sgfaudit::cli::run(args, out, err);
    return Run{status, out.str(), err.str()};
}

std::string slurp_file(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Every file of a report folder, read whole (games.jsonl, the CSVs, summary.md, index.html...).
std::vector<std::pair<std::string, std::string>> report_files(const fs::path& folder) {
    std::vector<std::pair<std::string, std::string>> files;
    for (const auto& e : fs::recursive_directory_iterator(folder)) {
        if (e.is_regular_file()) files.emplace_back(e.path().string(), slurp_file(e.path()));
    }
    return files;
}

// The number of lines of `text` that are exactly `line`.
std::size_t count_lines(const std::string& text, const std::string& line) {
    std::size_t n = 0;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) n += l == line ? 1 : 0;
    return n;
}

const std::string kGame = "(;GM[1]FF[4]SZ[9]PB[Black]PW[White];B[ee];W[cc])";

// A tar archive of `members` (name, data), written with libarchive.
void write_tar(const fs::path& path,
               const std::vector<std::pair<std::string, std::string>>& members) {
    archive* a = archive_write_new();
    REQUIRE(archive_write_set_format_pax_restricted(a) == ARCHIVE_OK);
    REQUIRE(archive_write_open_filename(a, path.c_str()) == ARCHIVE_OK);
    for (const auto& [name, data] : members) {
        archive_entry* e = archive_entry_new();
        archive_entry_set_pathname(e, name.c_str());
        archive_entry_set_filetype(e, AE_IFREG);
        archive_entry_set_perm(e, 0644);
        archive_entry_set_size(e, static_cast<la_int64_t>(data.size()));
        archive_entry_set_mtime(e, 1700000000, 0);
        REQUIRE(archive_write_header(a, e) == ARCHIVE_OK);
        REQUIRE(archive_write_data(a, data.data(), data.size()) ==
                static_cast<la_ssize_t>(data.size()));
        archive_entry_free(e);
    }
    REQUIRE(archive_write_close(a) == ARCHIVE_OK);
    archive_write_free(a);
}

}  // namespace

TEST_CASE("Links out of the input tree leak nothing into any output of audit or check or parse",
          "[hostile][cli][links]") {
    TempFolder t("sgfaudit-attack");
    const std::string secret = "TOP-SECRET-" + std::to_string(::getpid()) + "-BYTES";
    t.add("secret.txt", secret + "\n");
    t.add("in/good.sgf", kGame);
    fs::create_symlink("../secret.txt", t.path() / "in" / "secret.sgf");
    fs::create_symlink("/etc/passwd", t.path() / "in" / "leak.sgf");
    const std::string passwd = slurp_file("/etc/passwd").substr(0, 12);  // "root:x:0:0:r"
    const std::string in = (t.path() / "in").string();
    const auto leaks = [&](const std::string& text) {
        return text.find(secret) != std::string::npos ||
               (!passwd.empty() && text.find(passwd) != std::string::npos);
    };

    const fs::path out = t.path() / "report";
    const Run audit = sgfaudit_run({"audit", "--quiet", "--out", out.string(), in});
    CHECK(audit.status == 1);  // the F009 entries are findings
    CHECK_FALSE(leaks(audit.out + audit.err));
    const auto files = report_files(out);
    REQUIRE(files.size() > 5);
    for (const auto& [name, text] : files) {
        INFO(name);
        CHECK_FALSE(leaks(text));
    }
    const std::string csv = slurp_file(out / "diagnostics.csv");
    CHECK(csv.find("leak.sgf,,,,error,F009,") != std::string::npos);
    CHECK(csv.find("secret.sgf,,,,error,F009,") != std::string::npos);

    for (const std::vector<std::string>& args : {std::vector<std::string>{"check", in},
                                                 {"check", "--format", "json", in},
                                                 {"parse", in}}) {
        INFO(args[0]);
        const Run r = sgfaudit_run(args);
        CHECK(r.status == 1);
        CHECK_FALSE(leaks(r.out + r.err));
        CHECK((r.out + r.err).find("F009") != std::string::npos);
    }

    // --follow-links restores following: the outside file is read (and, holding no game tree,
    // still not quoted).
    const Run followed = sgfaudit_run({"parse", "--follow-links", in});
    CHECK(followed.out.find("F009") == std::string::npos);
    CHECK(followed.out.find(in + "/secret.sgf: 0 games") != std::string::npos);
    CHECK(followed.out.find("files: 3 read") != std::string::npos);
    CHECK_FALSE(leaks(followed.out + followed.err));
}

TEST_CASE("A link to / is not walked with --follow-links or without", "[hostile][cli][links]") {
    TempFolder t("sgfaudit-attack");
    t.add("in/good.sgf", kGame);
    fs::create_directory_symlink("/", t.path() / "in" / "everything");
    const std::string in = (t.path() / "in").string();
    for (const bool follow : {false, true}) {
        INFO(follow);
        const Run r =
            follow ? sgfaudit_run({"parse", "--follow-links", in}) : sgfaudit_run({"parse", in});
        CHECK(r.status == 1);
        CHECK(r.out.find(in + "/everything: error " + (follow ? "F003" : "F009")) !=
              std::string::npos);
        CHECK(r.out.find("files: 1 read") != std::string::npos);
    }
}

TEST_CASE("A name with new lines cannot forge a totals line of check or parse",
          "[hostile][cli][forgery]") {
    TempFolder t("sgfaudit-attack");
    const std::string forged = "checked 0 games in 1 file: 0 with findings";
    const std::string name = "x\n\n" + forged + "\n\ny.sgf";
    t.add("in/" + name, kGame);
    const fs::path tar = t.path() / "members.tar";
    write_tar(tar, {{name, kGame}});
    for (const std::string& input : {(t.path() / "in").string(), tar.string()}) {
        INFO(input);
        const Run check = sgfaudit_run({"check", input});
        CHECK(count_lines(check.out, forged) == 0);
        CHECK(count_lines(check.out, "checked 1 game in 1 file: 0 with findings") == 1);
        CHECK(check.out.find("x\\x0a\\x0achecked 0 games") != std::string::npos);
        const Run parse = sgfaudit_run({"parse", input});
        CHECK(count_lines(parse.out, forged) == 0);
        CHECK(parse.out.find("x\\x0a\\x0achecked 0 games") != std::string::npos);
        // Values from the file cannot forge lines either.
        const Run values = sgfaudit_run({"check", input});
        CHECK(values.status == 0);
    }
    const std::string game_with_newline =
        "(;GM[1]SZ[9]PB[a\nchecked 9 games in 9 files: 0 with findings\n];B[ee])";
    t.add("value/v.sgf", game_with_newline);
    for (const char* command : {"check", "parse"}) {
        const Run r = sgfaudit_run({command, (t.path() / "value").string()});
        CHECK(count_lines(r.out, "checked 9 games in 9 files: 0 with findings") == 0);
    }
}

TEST_CASE("A bidirectional control in a name is escaped in every output format",
          "[hostile][cli][forgery]") {
    TempFolder t("sgfaudit-attack");
    const std::string rlo = "\xE2\x80\xAE";  // U+202E RIGHT-TO-LEFT OVERRIDE
    const std::string name = "evil" + rlo + "fgs.txt.sgf";
    // A play onto a stone (a record issue: index.html, record_issues.csv) and a property
    // without a value (S110: diagnostics.csv), so that the name is in every report file that
    // lists files.
    t.add("in/" + name, "(;GM[1]SZ[9]PB[Mr" + rlo + "X]RE[B+R];B[ee];W[ee]XX)");
    const std::string in = (t.path() / "in").string();
    const fs::path out = t.path() / "report";
    const Run audit = sgfaudit_run({"audit", "--quiet", "--out", out.string(), in});
    CHECK(audit.status == 1);
    // Written \u202e (JSON and Markdown escape that backslash once more: \\u202e).
    const auto shown = [](const std::string& text) {
        return text.find("evil\\u202efgs.txt.sgf") != std::string::npos ||
               text.find("evil\\\\u202efgs.txt.sgf") != std::string::npos;
    };
    for (const auto& [file, text] : report_files(out)) {
        INFO(file);
        CHECK(text.find(rlo) == std::string::npos);
    }
    for (const char* file : {"games.jsonl", "diagnostics.csv", "record_issues.csv", "index.html"}) {
        INFO(file);
        CHECK(shown(slurp_file(out / file)));
    }
    for (const std::vector<std::string>& args : {std::vector<std::string>{"check", in},
                                                 {"check", "--format", "json", in},
                                                 {"parse", in}}) {
        INFO(args[0]);
        const Run r = sgfaudit_run(args);
        CHECK((r.out + r.err).find(rlo) == std::string::npos);
        CHECK(shown(r.out + r.err));
    }
}

TEST_CASE("A damaged tar header is a finding and the members after it are audited",
          "[hostile][cli][archives]") {
    TempFolder t("sgfaudit-attack");
    std::vector<std::pair<std::string, std::string>> members;
    for (int i = 0; i < 20; ++i)
        members.emplace_back("m" + std::to_string(100 + i) + ".sgf", kGame);
    const fs::path tar = t.path() / "damaged.tar";
    write_tar(tar, members);
    // Find member 10's header and break its checksum.
    std::string bytes = slurp_file(tar);
    const std::size_t at = bytes.find("m110.sgf");
    REQUIRE(at != std::string::npos);
    bytes[at + 100] ^= 0x55;  // inside the header (its mode field), after the name
    std::ofstream(tar, std::ios::binary | std::ios::trunc) << bytes;

    const fs::path out = t.path() / "report";
    const Run audit = sgfaudit_run({"audit", "--quiet", "--out", out.string(), tar.string()});
    CHECK(audit.status == 1);  // not "clean"
    CHECK(audit.out.find("19 games") != std::string::npos);
    const std::string csv = slurp_file(out / "diagnostics.csv");
    CHECK(csv.find(",F026,") != std::string::npos);
    const std::string md = slurp_file(out / "summary.md");
    CHECK(md.find("| archive members not read, damaged archives (F021-F029) | 1 |") !=
          std::string::npos);
}
