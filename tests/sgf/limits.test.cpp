// Robustness of the reader and of typed records (docs/robustness.md): the per-node limits, NUL
// bytes, binary files, the diagnostics cap, absurd numbers, columns on very long lines, and the
// inputs that used to cost quadratic time.

#include <catch2/catch.hpp>
#include <cstdint>
#include <string>

#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"
// The fuzz targets' oracle: strict UTF-8.
#include "../../fuzz/utf8_check.hpp"

using namespace sgfaudit::sgf;

namespace {

std::size_t count_code(const std::vector<Diagnostic>& list, std::string_view code) {
    std::size_t n = 0;
    for (const auto& d : list) n += d.code == code ? 1 : 0;
    return n;
}
std::size_t count_code(const Document& doc, std::string_view code) {
    return count_code(doc.diagnostics(), code);
}

const Diagnostic& first_with(const std::vector<Diagnostic>& list, std::string_view code) {
    for (const auto& d : list) {
        if (d.code == code) return d;
    }
    FAIL("no diagnostic " << code);
    throw std::logic_error("unreachable");
}
const Diagnostic& first_with(const Document& doc, std::string_view code) {
    return first_with(doc.diagnostics(), code);
}

// Column of byte `offset` of a one-line text, counted the slow way.
std::uint32_t naive_column(std::string_view text, std::size_t offset) {
    std::uint32_t column = 1;
    for (std::size_t i = 0; i < offset; ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0u) != 0x80u) ++column;
    }
    return column;
}

// A deterministic byte generator (xorshift), for binary data.
std::string noise(std::size_t n, std::uint32_t seed) {
    std::string out(n, '\0');
    std::uint32_t x = seed;
    for (auto& c : out) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        c = static_cast<char>(x & 0xFF);
    }
    return out;
}

}  // namespace

TEST_CASE("S126: more values in one node than the limit, across its properties", "[sgf][limits]") {
    ReadLimits limits;
    limits.max_values_per_node = 5;
    // Three values each: no property is over a per-property limit, the node is.
    const Document doc =
        read_document("n.sgf", "(;AB[aa][bb][cc]AW[dd][ee][ff];B[gg])(;B[hh])", limits);
    REQUIRE(count_code(doc, "S126") == 1);
    const Diagnostic& d = first_with(doc, "S126");
    CHECK(d.severity == Severity::error);
    CHECK(d.where == Location{1, 27});  // the sixth value, "[ff]"
    CHECK(d.game == 0);
    REQUIRE(doc.games().size() == 2);
    CHECK_FALSE(doc.games()[0].complete);
    CHECK(doc.games()[1].complete);
    // At the limit exactly: fine.
    CHECK(
        read_document("n.sgf", "(;AB[aa][bb][cc]AW[dd][ee];B[gg])", limits).diagnostics().empty());
}

TEST_CASE("S127: more properties in one node than the limit", "[sgf][limits]") {
    ReadLimits limits;
    limits.max_properties_per_node = 3;
    const Document doc = read_document("p.sgf", "(;GM[1]FF[4]SZ[9]KM[6.5];B[aa])", limits);
    REQUIRE(count_code(doc, "S127") == 1);
    CHECK(first_with(doc, "S127").where == Location{1, 18});  // "KM"
    CHECK(first_with(doc, "S127").severity == Severity::error);
    CHECK_FALSE(doc.games()[0].complete);
    CHECK(read_document("p.sgf", "(;GM[1]FF[4]SZ[9];B[aa])", limits).diagnostics().empty());
}

TEST_CASE("Thousands of properties in one node cost linear time (was quadratic)", "[sgf][limits]") {
    // Regression: the repeated-property check (S103) compared each property with every earlier
    // one of its node, so 8 nodes of 65,536 distinct properties took about 2^34 comparisons.
    std::string text = "(";
    for (int node = 0; node < 8; ++node) {
        text += ';';
        for (int i = 0; i < 65536; ++i) {
            int k = i;
            do {
                text += static_cast<char>('A' + k % 26);
                k /= 26;
            } while (k > 0);
            text += "[]";
        }
    }
    text += ")";
    // Not a timed assertion (speed is measured by benchmarks): the quadratic check would make
    // this read take hours, far past CTest's timeout for a test.
    const Document doc = read_document("wide.sgf", text);
    REQUIRE(doc.games().size() == 1);
    CHECK(count_code(doc, "S127") == 0);
    CHECK(count_code(doc, "S103") == 0);
    CHECK(doc.node(doc.games()[0].root).property_count == 65536);
    // Repeats are still found, each one.
    CHECK(count_code(read_document("r.sgf", "(;C[a]B[aa]C[b]C[c])"), "S103") == 2);
}

TEST_CASE("S115: NUL bytes in a text file are reported once and read as white space",
          "[sgf][limits]") {
    using namespace std::string_literals;
    const Document doc = read_document("nul.sgf", "(;GM[1]\0\0;B[aa]\0C[x\0y])"s);
    REQUIRE(doc.games().size() == 1);
    REQUIRE(count_code(doc, "S115") == 1);
    const Diagnostic& d = first_with(doc, "S115");
    CHECK(d.severity == Severity::warning);
    CHECK(d.where == Location{1, 8});
    CHECK(d.message.find("4 NUL bytes") != std::string::npos);
    CHECK(doc.diagnostics().size() == 1);  // no S108 for the NULs between nodes
    const GameRecord r = read_record(doc, 0);
    CHECK(r.moves == 1);
    std::string_view comment;
    REQUIRE(doc.first_value(doc.node(doc.node(doc.games()[0].root).first_child), "C", comment));
    CHECK(comment == "x\0y"s);  // kept inside the value
}

TEST_CASE("A record followed by zeroed blocks is read, not taken for binary", "[sgf][limits]") {
    const std::string text = "(;GM[1]SZ[9];B[ee];W[cc])" + std::string(8192, '\0');
    const Document doc = read_document("padded.sgf", text);
    REQUIRE(doc.games().size() == 1);
    CHECK(count_code(doc, "S113") == 0);
    CHECK(count_code(doc, "S115") == 1);
    CHECK(read_record(doc, 0).moves == 2);
}

TEST_CASE("S113: binary data is said once, before any decoding note", "[sgf][limits]") {
    for (std::uint32_t seed : {1u, 7u, 12345u, 0xDEADBEEFu}) {
        for (std::size_t size : {std::size_t{1024}, std::size_t{4096}, std::size_t{1} << 20}) {
            const Document doc = read_document("noise.bin", noise(size, seed));
            INFO("seed " << seed << ", " << size << " bytes");
            REQUIRE(doc.diagnostics().size() == 1);
            CHECK(doc.diagnostics()[0].code == "S113");
            CHECK(doc.diagnostics()[0].where == Location{});
            CHECK(doc.games().empty());
        }
    }
    // A gzip header then noise: still binary.
    const Document gz = read_document("x.sgf.gz", "\x1F\x8B\x08\x00" + noise(2000, 3));
    REQUIRE(gz.diagnostics().size() == 1);
    CHECK(gz.diagnostics()[0].code == "S113");
    // An executable-like file: mostly NULs.
    CHECK(count_code(read_document("a.out",
                                   "\x7F"
                                   "ELF" +
                                       std::string(3000, '\0') + "(;B[aa])"),
                     "S113") == 1);
    // Only NULs.
    CHECK(count_code(read_document("z.sgf", std::string(100, '\0')), "S113") == 1);
}

TEST_CASE("S004: UTF-16 without a byte-order mark is decoded, not taken for binary",
          "[sgf][limits]") {
    const std::string ascii = "(;GM[1]SZ[9]PB[Kim];B[ee];W[cc])";
    std::string le, be;
    for (const char c : ascii) {
        le += c;
        le += '\0';
        be += '\0';
        be += c;
    }
    for (const std::string* bytes : {&le, &be}) {
        const Document doc = read_document("u16.sgf", *bytes);
        CHECK(count_code(doc, "S004") == 1);
        CHECK(count_code(doc, "S113") == 0);
        CHECK(count_code(doc, "S115") == 0);
        REQUIRE(doc.games().size() == 1);
        CHECK(read_record(doc, 0).moves == 2);
    }
}

TEST_CASE("S128: past the diagnostics limit the rest are counted, not listed", "[sgf][limits]") {
    ReadLimits limits;
    limits.max_diagnostics = 10;
    std::string text = "(;GM[1]";
    for (int i = 0; i < 50; ++i) text += " ?? ";
    text += ")";
    const Document doc = read_document("noisy.sgf", text, limits);
    REQUIRE(doc.diagnostics().size() == 11);
    CHECK(count_code(doc, "S108") == 10);
    const Diagnostic& s128 = doc.diagnostics().back();
    CHECK(s128.code == "S128");
    CHECK(s128.severity == Severity::warning);
    CHECK(s128.message == "more than 10 diagnostics in this file: 40 more not listed");
    CHECK_FALSE(doc.has_errors());

    // An error among those not listed still makes the file one with errors.
    const Document late = read_document("late.sgf", text.substr(0, text.size() - 1) + "C[", limits);
    CHECK(late.diagnostics().back().code == "S128");
    CHECK(late.diagnostics().back().severity == Severity::error);
    CHECK(late.has_errors());
}

TEST_CASE("S128: a game's record lists at most max_diagnostics", "[sgf][limits]") {
    std::string text = "(;GM[1]SZ[9]";
    for (int i = 0; i < 30; ++i) text += ";AB[zz]";  // off the 9x9 board: S202 each
    text += ")";
    ReadLimits limits;
    limits.max_diagnostics = 4;
    const Document doc = read_document("off.sgf", text, limits);
    const GameRecord r = read_record(doc, 0, limits);
    REQUIRE(r.diagnostics.size() == 5);
    CHECK(count_code(r.diagnostics, "S202") == 4);
    CHECK(r.diagnostics.back().code == "S128");
    CHECK(r.diagnostics.back().severity == Severity::error);
    CHECK(r.diagnostics.back().message ==
          "more than 4 diagnostics in game 1: 26 more not listed (errors among them)");
    CHECK(r.has_errors());
    CHECK(read_record(doc, 0).diagnostics.size() == 30);  // default limit
}

TEST_CASE("Columns are exact on a line of megabytes, across the column marks", "[sgf][limits]") {
    // One line of 1.5 MB: a long comment mixing 1-, 2- and 3-byte characters, then 200 pieces
    // of junk (S108) between nodes with long comments.
    std::string text = "(;GM[1]C[";
    const char* pieces[] = {"a", "\xC3\xA9", "\xE2\x82\xAC", "b c"};
    for (int i = 0; i < 600000; ++i) text += pieces[i % 4];
    text += "]";
    std::vector<std::size_t> junk;
    for (int i = 0; i < 200; ++i) {
        junk.push_back(text.size() + 1);
        text += " !! ;C[";
        for (int k = 0; k < 1000 + i; ++k) text += pieces[(i + k) % 3];
        text += "]";
    }
    text += ")";
    const Document doc = read_document("long.sgf", text);
    REQUIRE(count_code(doc, "S108") == 200);
    std::size_t i = 0;
    for (const Diagnostic& d : doc.diagnostics()) {
        if (d.code != "S108") continue;
        INFO("junk " << i << " at byte " << junk[i]);
        CHECK(d.where == Location{1, naive_column(text, junk[i])});
        ++i;
    }
    // And after line breaks, columns restart.
    const Document two = read_document("two.sgf", std::string(5000, ' ') + "\n  (;GM[1] ?? )");
    CHECK(first_with(two, "S108").where == Location{2, 11});
}

TEST_CASE("Absurd numbers in SZ, HA, KM and MN are diagnostics, not values", "[sgf][limits]") {
    const auto record = [](const std::string& root, std::string_view code) {
        const Document doc = read_document("n.sgf", "(;" + root + ";B[aa]MN[1])");
        const GameRecord r = read_record(doc, 0);
        INFO(root);
        CHECK(count_code(r.diagnostics, code) == 1);
        return r;
    };
    CHECK_FALSE(record("SZ[99999999999999999999]", "S201").auditable);
    CHECK_FALSE(record("SZ[53]", "S201").auditable);
    CHECK_FALSE(record("SZ[0:19]", "S201").auditable);
    CHECK_FALSE(record("SZ[-19]", "S201").auditable);
    CHECK_FALSE(record("HA[99999999999]", "S306").handicap);
    CHECK_FALSE(record("HA[-5]", "S306").handicap);
    CHECK_FALSE(record("SZ[9]HA[82]", "S306").handicap);
    CHECK_FALSE(record("KM[1e308]", "S214").komi);
    CHECK_FALSE(record("KM[99999999999999999999999999]", "S214").komi);
    CHECK_FALSE(record("KM[-1e308]", "S214").komi);
    CHECK_FALSE(record("KM[nan]", "S214").komi);
    CHECK_FALSE(record("KM[inf]", "S214").komi);
    record("FF[99999999999999999999]", "S309");
    record("GM[99999999999]", "S300");
    record("MN[-5]", "S311");
    record("MN[99999999999]", "S311");
    record("MN[x]", "S311");
}

TEST_CASE("S311: MN must be a move number, and the record notes it and goes on", "[sgf][limits]") {
    const Document doc =
        read_document("mn.sgf", "(;GM[1]SZ[9];B[aa]MN[-5];W[bb]MN[2];B[cc]MN[1e9])");
    const GameRecord r = read_record(doc, 0);
    REQUIRE(count_code(r.diagnostics, "S311") == 2);
    const Diagnostic& d = first_with(r.diagnostics, "S311");
    CHECK(d.severity == Severity::warning);
    CHECK(d.where == Location{1, 22});
    CHECK(d.message == "MN[-5] is not a move number between 0 and 1048576; ignored");
    CHECK(r.moves == 3);
    CHECK_FALSE(r.has_errors());
}

TEST_CASE("Quoted text in messages is cut at 40 code points, never inside a character",
          "[sgf][limits]") {
    // Regression (found by the fuzz targets' UTF-8 oracle): the reader cut quoted junk after 40
    // bytes and the record after 40 bytes of the unescaped value, splitting a UTF-8 sequence, so
    // the JSON output of `check` carried invalid UTF-8.
    std::string e_acute;
    for (int i = 0; i < 50; ++i) e_acute += "\xC3\xA9";
    const Document doc = read_document("q.sgf", "x" + e_acute + "\n(;GM[1]HA[" + e_acute + "])");
    const Diagnostic& junk = first_with(doc, "S100");
    CHECK(sgfaudit::fuzz::valid_utf8(junk.message));
    CHECK(junk.message ==
          "text before the first game tree ignored: \"x" + e_acute.substr(0, 78) + "...\"");
    const GameRecord r = read_record(doc, 0);
    const Diagnostic& ha = first_with(r.diagnostics, "S306");
    CHECK(sgfaudit::fuzz::valid_utf8(ha.message));
    CHECK(ha.message ==
          "HA[" + e_acute.substr(0, 80) + "...] is not a handicap between 0 and 361; ignored");
    // Short values are quoted whole, without "...".
    const Document short_doc = read_document("s.sgf", "(;GM[1]HA[\xC3\xA9])");
    CHECK(first_with(read_record(short_doc, 0).diagnostics, "S306").message ==
          "HA[\xC3\xA9] is not a handicap between 0 and 361; ignored");
}
