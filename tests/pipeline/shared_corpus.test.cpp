// Integration: every file of ../shared/corpus (real records from public archives and other
// programs' test suites) is read without a crash and accounted for. Skips where ../shared is
// absent (a user's clone).

#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <string>

#include "sgfaudit/pipeline/inputs.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"
#include "skip.hpp"

namespace fs = std::filesystem;
using namespace sgfaudit;

namespace {

const std::string kShared = std::string(SGFAUDIT_SHARED_DIR) + "/corpus";

bool shared_present() {
    if (fs::is_directory(kShared)) return true;
    WARN("skipped: " << kShared << " is absent (it ships beside the repository in CI)");
    sgfaudit_test::mark_skipped();
    return false;
}

sgf::Document read(const std::string& rel) {
    const std::string path = kShared + "/" + rel;
    auto bytes = pipeline::read_file(path, sgf::ReadLimits{}.max_file_bytes);
    REQUIRE(bytes.ok);
    return sgf::read_document(rel, std::move(bytes.bytes));
}

std::string root_text(const sgf::Document& doc, std::size_t game, std::string_view id) {
    std::string_view raw;
    if (!doc.first_value(doc.node(doc.games()[game].root), id, raw)) return "<absent>";
    return sgf::unescape_simple_text(raw);
}

}  // namespace

TEST_CASE("Every file of the shared corpus is read and accounted for", "[integration][shared]") {
    if (!shared_present()) return;
    const std::vector<std::string> args{kShared};
    const auto inputs = pipeline::collect_inputs(args);
    CHECK(inputs.problems.empty());

    // An independent count of the files a walk must take.
    std::size_t expected = 0;
    for (const auto& e : fs::recursive_directory_iterator(kShared)) {
        if (e.is_regular_file() && pipeline::is_sgf_name(e.path().filename().string())) ++expected;
    }
    REQUIRE(inputs.files.size() == expected);
    CHECK(expected > 20000);

    std::size_t games = 0, unaccounted = 0, with_errors = 0;
    std::map<std::string_view, std::size_t> by_code;
    for (const auto& path : inputs.files) {
        auto bytes = pipeline::read_file(path, sgf::ReadLimits{}.max_file_bytes);
        REQUIRE(bytes.ok);
        const sgf::Document doc = sgf::read_document(path, std::move(bytes.bytes));
        games += doc.games().size();
        bool error = doc.has_errors();
        for (std::size_t g = 0; g < doc.games().size(); ++g) {
            const auto record = sgf::read_record(doc, g);
            error = error || record.has_errors();
            for (const auto& d : record.diagnostics) {
                CHECK(d.where.line > 0);  // every record diagnostic is located
                ++by_code[d.code];
            }
        }
        for (const auto& d : doc.diagnostics()) ++by_code[d.code];
        // Accounted for: the file has games, or it has an error saying why not.
        if (doc.games().empty() && !doc.has_errors()) {
            ++unaccounted;
            UNSCOPED_INFO("no game and no error: " << path);
        }
        with_errors += error ? 1 : 0;
    }
    CHECK(unaccounted == 0);
    std::string codes;
    for (const auto& [code, n] : by_code)
        codes += std::string(code) + "=" + std::to_string(n) + " ";
    WARN("shared corpus: " << inputs.files.size() << " files, " << games << " games, "
                           << with_errors << " files with errors; " << codes);
    CHECK(games >= inputs.files.size());
}

TEST_CASE("Collections in the shared corpus hold the number of games counted by hand",
          "[integration][shared]") {
    if (!shared_present()) return;
    // Counted by reading the files: seven game trees, one per line.
    CHECK(read("syntax/fixtures-kombilo/kombilo/tests/sgfs/contlist.sgf").games().size() == 7);
    // Five handicap trees, then six move trees (the last with three variations).
    CHECK(read("syntax/fixtures-sgfc/test-files/strict.sgf").games().size() == 11);
    // Five game trees, each declaring its own CA.
    CHECK(read("syntax/fixtures-sgfc/test-files/mixed-encoding.sgf").games().size() == 5);
}

TEST_CASE("Player names of the encoding fixtures decode exactly", "[integration][shared]") {
    if (!shared_present()) return;
    const std::string sabaki = "syntax/fixtures-sabaki-sgf/tests/sgf/";
    struct Case {
        std::string file, pb, pw;
    };
    const Case cases[] = {
        // No CA; Shift_JIS, with 0x5C trail bytes right before ']'.
        {sabaki + "encoding/nihon-kiin.sgf", "申眞ソ", "党毅飛"},
        {sabaki + "chinese.sgf", "古力", "柯洁"},                // CA[GB2312]
        {sabaki + "japanese.sgf", "井山 裕太", "山下 敬吾"},     // CA[Shift_JIS]
        {sabaki + "korean.sgf", "이세돌", "박정환"},             // CA[EUC-KR]
        {sabaki + "utf16le.sgf", "Kitani Minoru", "Go Seigen"},  // UTF-16LE with a BOM
        {sabaki + "utf8bom.sgf", "Kitani Minoru", "Go Seigen"},
    };
    for (const Case& c : cases) {
        INFO(c.file);
        const sgf::Document doc = read(c.file);
        REQUIRE(doc.games().size() == 1);
        CHECK(root_text(doc, 0, "PB") == c.pb);
        CHECK(root_text(doc, 0, "PW") == c.pw);
        CHECK_FALSE(doc.has_errors());
    }
    // nihon-kiin.sgf: all eight moves survive the trail bytes.
    const auto record = sgf::read_record(read(sabaki + "encoding/nihon-kiin.sgf"), 0);
    CHECK(record.moves == 8);
}

TEST_CASE("A file whose CA does not fit its UTF-8 bytes is read as UTF-8 (S006)",
          "[integration][shared]") {
    if (!shared_present()) return;
    // japanese_bad.sgf declares CA[MS_KANJI] but holds UTF-8 (with U+FFFD already in it).
    const sgf::Document doc = read("syntax/fixtures-sabaki-sgf/tests/sgf/japanese_bad.sgf");
    CHECK(doc.decoding().encoding == "UTF-8");
    REQUIRE(doc.diagnostics().size() == 1);
    CHECK(doc.diagnostics()[0].code == "S006");
    CHECK(root_text(doc, 0, "PB") ==
          "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBDR \xEF\xBF\xBDT\xEF\xBF\xBD\xEF\xBF\xBD");
}
