// `sgfaudit parse` limit flags (src/cli/limits_options.hpp): each one reaches the reader, bad
// values cannot run, and --help lists them all.

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
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

Run parse(std::vector<std::string> args) {
    args.insert(args.begin(), "parse");
    std::ostringstream out, err;
    const int status = sgfaudit::cli::run(args, out, err);
    return Run{status, out.str(), err.str()};
}

class TempFile {
  public:
    explicit TempFile(const std::string& content) {
        folder_ = make_temp_folder("sgfaudit-limits");
        path_ = folder_ / "game.sgf";
        std::ofstream(path_, std::ios::binary) << content;
    }
    ~TempFile() {
        std::error_code ec;
        fs::remove_all(folder_, ec);
    }
    std::string path() const { return path_.string(); }

  private:
    fs::path folder_;
    fs::path path_;
};

bool contains(const std::string& text, const std::string& what) {
    return text.find(what) != std::string::npos;
}

}  // namespace

TEST_CASE("Each limit flag reaches the reader", "[cli][limits]") {
    const TempFile f(
        "(;GM[1]SZ[9]C[0123456789]AB[aa][bb][cc]AW[dd]\n(;B[ee];W[ff];B[gg])"
        "(;B[hh]))(;GM[1];B[aa])");
    const std::string p = f.path();
    // Within every default: clean.
    CHECK(parse({p}).status == 0);
    struct Case {
        std::vector<std::string> flag;
        const char* code;
    };
    const Case cases[] = {
        {{"--max-file-bytes", "64"}, "F005"}, {{"--max-games=1"}, "S125"},
        {{"--max-nodes", "3"}, "S122"},       {{"--max-depth", "1"}, "S121"},
        {{"--max-properties", "4"}, "S127"},  {{"--max-values", "2"}, "S123"},
        {{"--max-node-values", "5"}, "S126"}, {{"--max-value-bytes", "9"}, "S124"},
        {{"--max-positions", "2"}, "S129"},   {{"--max-setup-points", "3"}, "S130"},
    };
    for (const Case& c : cases) {
        std::vector<std::string> args = c.flag;
        args.push_back(p);
        const Run r = parse(args);
        INFO(c.flag[0] << "\n" << r.out << r.err);
        CHECK(r.status == 1);
        CHECK(contains(r.out, std::string(" error ") + c.code + ": "));
    }
}

TEST_CASE("The diagnostics flag lists that many and counts the rest in S128", "[cli][limits]") {
    std::string text = "(;GM[1]";
    for (int i = 0; i < 20; ++i) text += " ?? ";
    const TempFile f(text + ")");
    const Run r = parse({"--max-diagnostics", "3", f.path()});
    CHECK(r.status == 0);  // warnings only
    CHECK(
        contains(r.out, "warning S128: more than 3 diagnostics in this file: 17 more not listed"));
    CHECK(contains(r.out, "by code: S108 3 S128 1"));
}

TEST_CASE("Sizes take K, M and G suffixes, and bad values cannot run", "[cli][limits]") {
    const TempFile f(std::string(3000, ' ') + "(;GM[1])");
    CHECK(parse({"--max-file-bytes", "2K", f.path()}).status == 1);
    CHECK(parse({"--max-file-bytes", "3k", f.path()}).status == 0);
    CHECK(parse({"--max-file-bytes=1M", f.path()}).status == 0);
    CHECK(parse({"--max-file-bytes=1G", f.path()}).status == 0);
    for (const std::vector<std::string>& bad : {std::vector<std::string>{"--max-file-bytes", "2G"},
                                                {"--max-nodes", "0"},
                                                {"--max-nodes", "-1"},
                                                {"--max-nodes", "1.5"},
                                                {"--max-nodes", "K"},
                                                {"--max-nodes", "4294967295"},
                                                {"--max-nodes=99999999999999999999"},
                                                {"--max-depth", "1", "--max-depth", "2"},
                                                {"--max-games="}}) {
        std::vector<std::string> args = bad;
        args.push_back(f.path());
        const Run r = parse(args);
        INFO(bad[0] << " " << (bad.size() > 1 ? bad[1] : ""));
        CHECK(r.status == 2);
        CHECK(contains(r.err, "sgfaudit parse: --max-"));
    }
    const Run missing = parse({f.path(), "--max-values"});
    CHECK(missing.status == 2);
    CHECK(contains(missing.err, "--max-values needs a value"));
}

TEST_CASE("parse --help lists every limit with its default and code", "[cli][limits]") {
    const Run r = parse({"--help"});
    CHECK(r.status == 0);
    for (const char* line : {"--max-file-bytes N",
                             "(default 64M, at most 1G)",
                             "--max-games N",
                             "--max-nodes N",
                             "--max-depth N",
                             "--max-properties N",
                             "--max-values N",
                             "--max-node-values N",
                             "--max-value-bytes N",
                             "--max-diagnostics N",
                             "S120",
                             "S121",
                             "S122",
                             "S123",
                             "S124",
                             "S125",
                             "S126",
                             "S127",
                             "S128",
                             "F005"}) {
        INFO(line);
        CHECK(contains(r.out, line));
    }
}

TEST_CASE("check and audit take the same limit flags as parse", "[cli][limits]") {
    const TempFile f("(;GM[1]SZ[9];B[ee];W[ff];B[gg];W[hh])");
    std::ostringstream out, err;
    // check: the limit reaches the reader (S122 in the game's diagnostics), a finding.
    int status =
        sgfaudit::cli::run({"check", "--format", "json", "--max-nodes", "2", f.path()}, out, err);
    CHECK(status == 1);
    CHECK(contains(out.str(), "\"code\":\"S122\""));
    out.str("");
    status = sgfaudit::cli::run({"check", "--format", "json", f.path()}, out, err);
    CHECK(status == 0);
    CHECK_FALSE(contains(out.str(), "S122"));
    // A bad value cannot run.
    status = sgfaudit::cli::run({"check", "--max-nodes", "zero", f.path()}, out, err);
    CHECK(status == 2);
    out.str("");
    CHECK(sgfaudit::cli::run({"check", "--help"}, out, err) == 0);
    CHECK(contains(out.str(), "--max-value-bytes"));

    // audit: the same, into diagnostics.csv.
    const TempFolder report_parent("sgfaudit-limits-report");
    const fs::path report = report_parent.path() / "report";
    status = sgfaudit::cli::run(
        {"audit", "--quiet", "--max-nodes=2", "--out", report.string(), f.path()}, out, err);
    CHECK(status == 1);
    std::ifstream csv(report / "diagnostics.csv");
    std::stringstream rows;
    rows << csv.rdbuf();
    CHECK(contains(rows.str(), ",error,S122,"));
    std::error_code ec;
    fs::remove_all(report, ec);
    out.str("");
    CHECK(sgfaudit::cli::run({"audit", "--help"}, out, err) == 0);
    CHECK(contains(out.str(), "--max-diagnostics"));
}
