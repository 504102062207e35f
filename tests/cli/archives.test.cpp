// Archives on the command line (issue 17): `audit`, `check` and `parse` read a .tar.gz in place
// with the same games as its unpacked folder; a file that is neither SGF nor an archive is a
// command-line error (exit 2), not a silent empty run. The archive is made with tar(1).

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "sgfaudit/cli/cli.hpp"
#include "slurp.hpp"
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

using sgfaudit_test::slurp;

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
    for (std::size_t at = 0; (at = s.find(from, at)) != std::string::npos; at += to.size()) {
        s.replace(at, from.size(), to);
    }
    return s;
}

// corpus/records/ copied into t/set/ and packed (in sorted order) into t/set.tar.gz.
std::string pack_records(const TempFolder& t) {
    const fs::path from = fs::path(SGFAUDIT_SOURCE_DIR) / "corpus" / "records";
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(from)) {
        const std::string name = e.path().filename().string();
        if (name.size() > 4 && name.substr(name.size() - 4) == ".sgf") names.push_back(name);
    }
    REQUIRE(names.size() >= 3);
    std::sort(names.begin(), names.end());
    std::string list;
    for (const std::string& n : names) {
        fs::create_directories(t.path() / "set");
        fs::copy_file(from / n, t.path() / "set" / n);
        list += " 'set/" + n + "'";
    }
    const std::string archive = (t.path() / "set.tar.gz").string();
    const std::string command =
        "cd '" + t.path().string() + "' && tar -czf set.tar.gz" + list + " >/dev/null 2>&1";
    REQUIRE(std::system(command.c_str()) == 0);
    return archive;
}

}  // namespace

TEST_CASE("audit of a .tar.gz gives the report of its unpacked folder, paths aside",
          "[cli][archives]") {
    TempFolder t("sgfaudit-cli-archives");
    const std::string archive = pack_records(t);
    const std::string folder = (t.path() / "set").string();
    const Run a = sgfaudit_run({"audit", "--quiet", "--out", (t.path() / "ra").string(), archive});
    const Run f = sgfaudit_run({"audit", "--quiet", "--out", (t.path() / "rf").string(), folder});
    CHECK(a.status == f.status);
    CHECK(a.status != 2);
    CHECK(a.out.substr(0, a.out.find(" in ")) == f.out.substr(0, f.out.find(" in ")));
    for (const char* file :
         {"games.jsonl", "divergences.csv", "diagnostics.csv", "record_issues.csv"}) {
        INFO(file);
        const std::string from_archive =
            replace_all(slurp(t.path() / "ra" / file), archive + "!/set/", "");
        const std::string from_folder =
            replace_all(slurp(t.path() / "rf" / file), folder + "/", "");
        CHECK(from_archive == from_folder);
        CHECK(from_archive.find(".sgf") != std::string::npos);
    }
    // The summary names the archive's members the same way; its inputs line differs.
    const std::string summary = slurp(t.path() / "ra" / "summary.md");
    CHECK(summary.find("set.tar.gz") != std::string::npos);

    // check and parse read the same members.
    const Run c = sgfaudit_run({"check", archive});
    const Run cf = sgfaudit_run({"check", folder});
    CHECK(c.status == cf.status);
    CHECK(replace_all(c.out, archive + "!/set/", "") == replace_all(cf.out, folder + "/", ""));
    const Run p = sgfaudit_run({"parse", archive});
    const Run pf = sgfaudit_run({"parse", folder});
    CHECK(p.status == pf.status);
    CHECK(replace_all(p.out, archive + "!/set/", "") == replace_all(pf.out, folder + "/", ""));
}

TEST_CASE("A file that is neither SGF nor an archive is a command-line error (F020, exit 2)",
          "[cli][archives]") {
    TempFolder t("sgfaudit-cli-archives");
    const std::string notes = t.add("notes.txt", "no games here\n");
    const std::string game = t.add("game.sgf", "(;GM[1]FF[4]SZ[9];B[ee])");
    for (const char* command : {"audit", "check", "parse"}) {
        INFO(command);
        std::vector<std::string> args{command};
        if (std::string(command) == "audit") {
            args.insert(args.end(), {"--quiet", "--out", (t.path() / "r").string()});
        }
        args.push_back(game);
        args.push_back(notes);
        const Run r = sgfaudit_run(args);
        CHECK(r.status == 2);
        CHECK(r.err.find("F020") != std::string::npos);
        CHECK(r.err.find("notes.txt") != std::string::npos);
    }
    CHECK_FALSE(fs::exists(t.path() / "r"));
}
