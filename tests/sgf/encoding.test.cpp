// Tests of the decoding of SGF bytes to UTF-8 (src/sgf/encoding.cpp): unit tests on byte strings
// written here, and fixture tests on real files of the shared corpus (skipped when it is absent).
// Expected texts were established independently of this code (iconv on the command line and
// Python's codecs), never copied from its output.

#include "sgfaudit/sgf/encoding.hpp"

#include <iconv.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"
#include "skip.hpp"

#ifndef SGFAUDIT_SHARED_DIR
#define SGFAUDIT_SHARED_DIR ""
#endif

using namespace std::string_literals;
using sgfaudit::sgf::decode_to_utf8;
using sgfaudit::sgf::DecodeNote;
using sgfaudit::sgf::DecodeResult;
using sgfaudit::sgf::EncodingSource;
using sgfaudit::sgf::find_declared_charset;
using sgfaudit::sgf::Severity;

namespace {

const DecodeNote* find_note(const DecodeResult& result, std::string_view code) {
    const auto it = std::find_if(result.notes.begin(), result.notes.end(),
                                 [code](const DecodeNote& note) { return note.code == code; });
    return it == result.notes.end() ? nullptr : &*it;
}

// A strict UTF-8 check written independently of the implementation.
bool valid_utf8(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        std::size_t n = 0;
        std::uint32_t cp = 0;
        if (c < 0x80) {
            ++i;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            n = 1;
            cp = c & 0x1Fu;
        } else if ((c & 0xF0) == 0xE0) {
            n = 2;
            cp = c & 0x0Fu;
        } else if ((c & 0xF8) == 0xF0) {
            n = 3;
            cp = c & 0x07u;
        } else {
            return false;
        }
        if (i + n >= s.size()) return false;
        for (std::size_t k = 1; k <= n; ++k) {
            const auto d = static_cast<unsigned char>(s[i + k]);
            if ((d & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (d & 0x3Fu);
        }
        const std::uint32_t min = n == 1 ? 0x80 : n == 2 ? 0x800 : 0x10000;
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
        i += n + 1;
    }
    return true;
}

std::size_t count_ascii(std::string_view s) {
    return static_cast<std::size_t>(std::count_if(
        s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }));
}

const std::filesystem::path kShared{SGFAUDIT_SHARED_DIR};

bool shared_corpus_available() {
    std::error_code ec;
    return !kShared.empty() && std::filesystem::is_directory(kShared / "corpus", ec);
}

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in.good());
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

const std::filesystem::path kSabaki = kShared / "corpus/syntax/fixtures-sabaki-sgf/tests/sgf";
const std::filesystem::path kLibsgf =
    kShared / "corpus/syntax/fixtures-libsgfcplusplus/test/test-files";
const std::filesystem::path kFox = kShared / "corpus/games/foxwq-amateur-9dset";

}  // namespace

#define SKIP_WITHOUT_SHARED_CORPUS()                                          \
    do {                                                                      \
        if (!shared_corpus_available()) {                                     \
            SGFAUDIT_SKIP("shared corpus not found at " << kShared.string()); \
        }                                                                     \
    } while (false)

// ---------------------------------------------------------------------------------------------
// Names and the CA[] scan

TEST_CASE("Encoding sources have stable lower-case names", "[sgf][encoding]") {
    CHECK(to_string(EncodingSource::bom) == "bom");
    CHECK(to_string(EncodingSource::declared) == "declared");
    CHECK(to_string(EncodingSource::utf8) == "utf8");
    CHECK(to_string(EncodingSource::detected) == "detected");
    CHECK(to_string(EncodingSource::fallback) == "fallback");
}

TEST_CASE("The declared charset is the trimmed value of the first CA property", "[sgf][encoding]") {
    CHECK(find_declared_charset("(;FF[4]CA[UTF-8]GM[1])") == "UTF-8");
    CHECK(find_declared_charset("(;FF[4]CA \r\n [ Shift_JIS\t]CA[Big5])") == "Shift_JIS");
    CHECK(find_declared_charset("(;CA[])") == "");
    CHECK_FALSE(find_declared_charset("(;FF[4]GM[1];B[aa])").has_value());
    CHECK_FALSE(find_declared_charset("(;CA").has_value());
    CHECK_FALSE(find_declared_charset("(;CA[UTF-8").has_value());
}

TEST_CASE("CA preceded by a letter, or not followed by a value, is not the CA property",
          "[sgf][encoding]") {
    // "XCA" is another identifier; "CA" inside C[...] without '[' after it is text.
    CHECK(find_declared_charset("(;XCA[koi8-r]C[CALIFORNIA CA]CA[Big5])") == "Big5");
    CHECK(find_declared_charset("(;PC[CA];CA[GBK])") == "GBK");
}

TEST_CASE("CA names map to superset decoders reported by human-readable names", "[sgf][encoding]") {
    struct Case {
        const char* label;
        const char* canonical;
    };
    const Case cases[] = {
        {"Shift_JIS", "Shift_JIS"},
        {"SJIS", "Shift_JIS"},
        {"MS_Kanji", "Shift_JIS"},
        {"windows-31j", "Shift_JIS"},
        {"GB2312", "GB18030"},
        {"EUC-CN", "GB18030"},
        {"gbk", "GB18030"},
        {"CP936", "GB18030"},
        {"GB18030", "GB18030"},
        {"Big5", "Big5"},
        {"EUC-KR", "EUC-KR"},
        {"KS_C_5601-1987", "EUC-KR"},
        {"ISO-8859-1", "windows-1252"},
        {"Latin1", "windows-1252"},
        {"ISO8859_1", "windows-1252"},
        {"ASCII", "windows-1252"},
        {"Windows-1251", "windows-1251"},
        {"macintosh", "macintosh"},
        {"ISO-8859-15", "ISO-8859-15"},
        {"ISO-2022-JP", "ISO-2022-JP"},
        {"EUC-JP", "EUC-JP"},
        {"UTF8", "UTF-8"},
        {"utf-8", "UTF-8"},
    };
    for (const Case& c : cases) {
        INFO("CA[" << c.label << "]");
        // A pure-ASCII file reads as itself: nothing to convert.
        const std::string input = "(;FF[4]CA["s + c.label + "]GM[1])";
        const DecodeResult result = decode_to_utf8(input);
        CHECK(result.encoding == c.canonical);
        CHECK(result.source == EncodingSource::declared);
        CHECK_FALSE(result.converted);
        CHECK(result.notes.empty());
        CHECK(result.text(input) == input);
    }
}

// ---------------------------------------------------------------------------------------------
// UTF-8

TEST_CASE("ASCII without CA is UTF-8 and is not copied", "[sgf][encoding]") {
    const std::string input = "(;FF[4]GM[1]SZ[19]\r\n;B[pd];W[dp]C[a \\] b])\n";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "UTF-8");
    CHECK(result.source == EncodingSource::utf8);
    CHECK_FALSE(result.converted);
    CHECK(result.skip == 0);
    CHECK(result.notes.empty());
    CHECK(result.text(input).data() == input.data());
    CHECK(result.text(input) == input);
}

TEST_CASE("Valid UTF-8 without CA is used as is", "[sgf][encoding]") {
    const std::string input = "(;PB[柯洁]PW[박정환]C[Ça va? Го 🙂])";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "UTF-8");
    CHECK(result.source == EncodingSource::utf8);
    CHECK_FALSE(result.converted);
    CHECK(result.notes.empty());
    CHECK(result.text(input) == input);
}

TEST_CASE("A UTF-8 byte-order mark is skipped, not converted", "[sgf][encoding]") {
    const std::string input = "\xEF\xBB\xBF(;CA[Shift_JIS]PB[井山裕太])";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "UTF-8");
    CHECK(result.source == EncodingSource::bom);
    CHECK_FALSE(result.converted);
    CHECK(result.skip == 3);
    CHECK(result.notes.empty());
    CHECK(result.text(input) == "(;CA[Shift_JIS]PB[井山裕太])");
}

TEST_CASE("Invalid sequences in a UTF-8 file with a byte-order mark are replaced",
          "[sgf][encoding]") {
    const std::string input = "\xEF\xBB\xBF(;C[a\xFF])";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.source == EncodingSource::bom);
    CHECK(result.converted);
    CHECK(result.text(input) == "(;C[a\xEF\xBF\xBD])");
    const DecodeNote* note = find_note(result, "S003");
    REQUIRE(note != nullptr);
    CHECK(note->offset == 5);
}

TEST_CASE("Invalid UTF-8 in a file declared as UTF-8 becomes U+FFFD per maximal subpart",
          "[sgf][encoding]") {
    // FF: one; E4 B8 cut short by ']': one, and the ']' survives; C0 AF (overlong): two.
    const std::string input =
        "(;CA[UTF-8]C[a\xFF"
        "b\xE4\xB8]D[\xC0\xAF]E[\xE4\xB8\x80])";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "UTF-8");
    CHECK(result.source == EncodingSource::declared);
    CHECK(result.converted);
    const std::string expected =
        "(;CA[UTF-8]C[a\xEF\xBF\xBD"
        "b\xEF\xBF\xBD]D[\xEF\xBF\xBD\xEF\xBF\xBD]E[一])";
    CHECK(result.text(input) == expected);
    REQUIRE(result.notes.size() == 1);
    const DecodeNote& note = result.notes.front();
    CHECK(note.code == "S003");
    CHECK(note.severity == Severity::warning);
    CHECK(note.offset == 14);  // "(;CA[UTF-8]C[a" is 14 bytes
    CHECK(note.message.find("4 invalid") != std::string::npos);
}

TEST_CASE("Damaged UTF-8 names without CA stay UTF-8 with replacements", "[sgf][encoding]") {
    // Fox server style: a continuation byte replaced by '?'.
    const std::string input =
        "(;GM[1]FF[4]PB[\xE4\xB8\x80\xE6?\xA1\xE5\xB7\xA6\xE8\x85\xBF]PW[\xE3?\xBD\xE3?\x93]"
        "BR[9\xE6\xAE\xB5]WR[9\xE6\xAE\xB5];B[pd])";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "UTF-8");
    CHECK(result.source == EncodingSource::utf8);
    CHECK(result.converted);
    const std::string expected =
        "(;GM[1]FF[4]PB[一\xEF\xBF\xBD?\xEF\xBF\xBD左腿]"
        "PW[\xEF\xBF\xBD?\xEF\xBF\xBD\xEF\xBF\xBD?\xEF\xBF\xBD]BR[9段]WR[9段];B[pd])";
    CHECK(result.text(input) == expected);
    const DecodeNote* note = find_note(result, "S003");
    REQUIRE(note != nullptr);
    CHECK(note->offset == 18);  // after "(;GM[1]FF[4]PB[一"
    CHECK(find_note(result, "S002") == nullptr);
}

// ---------------------------------------------------------------------------------------------
// Declared legacy charsets

TEST_CASE("A Shift_JIS trail byte 0x5C is not an escape", "[sgf][encoding]") {
    // ソ = 83 5C, 表 = 95 5C: a byte scanner would take 5C for '\' and swallow the ']'.
    const std::string input = "(;CA[Shift_JIS]PB[\x83\x5C]C[\x95\x5C];B[pd])";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "Shift_JIS");
    CHECK(result.source == EncodingSource::declared);
    CHECK(result.converted);
    CHECK(result.notes.empty());
    CHECK(result.text(input) == "(;CA[Shift_JIS]PB[ソ]C[表];B[pd])");
}

TEST_CASE("Shift_JIS keeps backslash and tilde as ASCII, as CP932 does", "[sgf][encoding]") {
    // glibc's SHIFT_JIS would read 5C as YEN SIGN and 7E as OVERLINE.
    const std::string input = "(;CA[SJIS]C[a\\]b~\r\n\x88\xCD\x8C\xE9])";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "Shift_JIS");
    CHECK(result.text(input) == "(;CA[SJIS]C[a\\]b~\r\n囲碁])");
}

TEST_CASE("GB2312 is read as GB18030, so GBK characters decode too", "[sgf][encoding]") {
    // 围棋 = CE A7 C6 E5 (GB2312); 乗 = 81 5C is GBK only, with a 0x5C trail byte.
    const std::string input = "(;CA[GB2312]C[\xCE\xA7\xC6\xE5]PB[\x81\x5C])";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "GB18030");
    CHECK(result.source == EncodingSource::declared);
    CHECK(result.notes.empty());
    CHECK(result.text(input) == "(;CA[GB2312]C[围棋]PB[乗])");
}

TEST_CASE("Big5 trail bytes 0x5C are not escapes, and CP950 fills HKSCS gaps", "[sgf][encoding]") {
    // 許 = B3 5C, 功 = A5 5C; A3 E1 is the euro sign of CP950, unknown to BIG5-HKSCS.
    const std::string input = "(;CA[Big5]PB[\xB3\x5C\xA5\x5C]C[\xA3\xE1])";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "Big5");
    CHECK(result.notes.empty());
    CHECK(result.text(input) == "(;CA[Big5]PB[許功]C[€])");
}

TEST_CASE("EUC-KR is read as CP949, so UHC syllables decode too", "[sgf][encoding]") {
    // 바둑 = B9 D9 B5 CF (EUC-KR); 똠 = 8C 63 exists only in UHC.
    const std::string input = "(;CA[EUC-KR]C[\xB9\xD9\xB5\xCF \x8C\x63])";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "EUC-KR");
    CHECK(result.notes.empty());
    CHECK(result.text(input) == "(;CA[EUC-KR]C[바둑 똠])");
}

TEST_CASE("ISO-8859-1 is read as windows-1252 as browsers do", "[sgf][encoding]") {
    // E9 é, 80 euro (windows-1252), 81 undefined there: U+0081 as in WHATWG.
    const std::string input = "(;CA[ISO-8859-1]PB[Ren\xE9]C[\x80 \x81])";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "windows-1252");
    CHECK(result.source == EncodingSource::declared);
    CHECK(result.notes.empty());
    CHECK(result.text(input) == "(;CA[ISO-8859-1]PB[René]C[€ \xC2\x81])");
}

TEST_CASE("Other declared charsets are passed to iconv", "[sgf][encoding]") {
    SECTION("windows-1251") {
        const std::string input = "(;CA[Windows-1251]C[\xC3\xEE])";
        const DecodeResult result = decode_to_utf8(input);
        CHECK(result.encoding == "windows-1251");
        CHECK(result.text(input) == "(;CA[Windows-1251]C[Го])");
    }
    SECTION("KOI8-R, a name iconv knows but the table does not map specially") {
        const std::string input = "(;CA[koi8-r]C[\xE7\xCF])";
        const DecodeResult result = decode_to_utf8(input);
        CHECK(result.encoding == "KOI8-R");
        CHECK(result.text(input) == "(;CA[koi8-r]C[Го])");
    }
    SECTION("ISO-2022-JP, whose double-byte segments hold ']' and '\\' bytes") {
        // こんにちは and 碁 (38 6B): inside ESC $ B ... ESC ( B, bytes are not ASCII characters.
        const std::string input =
            "(;CA[ISO-2022-JP]C[\x1B$B$3$s$K$A$O8k\x1B(B]PB[\x1B$B$]$\\\x1B(B])";
        const DecodeResult result = decode_to_utf8(input);
        CHECK(result.encoding == "ISO-2022-JP");
        CHECK(result.notes.empty());
        CHECK(result.text(input) == "(;CA[ISO-2022-JP]C[こんにちは碁]PB[ぽぼ])");
    }
}

TEST_CASE("Invalid bytes in a declared double-byte charset never swallow ASCII",
          "[sgf][encoding]") {
    // 82 before ']' is a lead byte without trail: one U+FFFD, the ']' stays. FF is invalid
    // alone. 82 A0 is あ.
    const std::string input = "(;CA[Shift_JIS]C[\x82]D[\xFF\x82\xA0])\r\n";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "Shift_JIS");
    CHECK(result.text(input) ==
          "(;CA[Shift_JIS]C[\xEF\xBF\xBD]D[\xEF\xBF\xBD"
          "あ])\r\n");
    REQUIRE(result.notes.size() == 1);
    CHECK(result.notes[0].code == "S003");
    CHECK(result.notes[0].offset == 17);
    CHECK(result.notes[0].message.find("2 invalid") != std::string::npos);
}

TEST_CASE("An incomplete character at the end of the file becomes U+FFFD", "[sgf][encoding]") {
    const std::string input = "(;CA[GBK]C[a])\xCE";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.text(input) == "(;CA[GBK]C[a])\xEF\xBF\xBD");
    CHECK(find_note(result, "S003") != nullptr);
}

TEST_CASE("An unknown CA charset is reported and ignored", "[sgf][encoding]") {
    SECTION("then valid UTF-8 is UTF-8") {
        const std::string input = "(;CA[klingon-8]C[Qapla' 柯洁])";
        const DecodeResult result = decode_to_utf8(input);
        CHECK(result.encoding == "UTF-8");
        CHECK(result.source == EncodingSource::utf8);
        CHECK_FALSE(result.converted);
        const DecodeNote* note = find_note(result, "S001");
        REQUIRE(note != nullptr);
        CHECK(note->severity == Severity::warning);
        CHECK(note->message.find("klingon-8") != std::string::npos);
    }
    SECTION("a name with iconv syntax is not a name") {
        const DecodeResult result = decode_to_utf8("(;CA[UTF-8//IGNORE]C[x])");
        CHECK(find_note(result, "S001") != nullptr);
        CHECK(result.encoding == "UTF-8");
    }
    SECTION("a charset that would not read the file's own ASCII is unusable") {
        const DecodeResult result = decode_to_utf8("(;CA[UTF-16]C[x])");
        CHECK(find_note(result, "S001") != nullptr);
        CHECK(result.encoding == "UTF-8");
        CHECK_FALSE(result.converted);
    }
}

// ---------------------------------------------------------------------------------------------
// UTF-16 and UTF-32

TEST_CASE("UTF-16 with a byte-order mark is converted", "[sgf][encoding]") {
    SECTION("little-endian") {
        // "(;C[碁])": 碁 is U+7881.
        const std::string input = "\xFF\xFE(\0;\0C\0[\0\x81\x78]\0)\0"s;
        const DecodeResult result = decode_to_utf8(input);
        CHECK(result.encoding == "UTF-16LE");
        CHECK(result.source == EncodingSource::bom);
        CHECK(result.converted);
        CHECK(result.skip == 2);
        CHECK(result.notes.empty());
        CHECK(result.text(input) == "(;C[碁])");
    }
    SECTION("big-endian") {
        const std::string input = "\xFE\xFF\0(\0;\0C\0[\x78\x81\0]\0)"s;
        const DecodeResult result = decode_to_utf8(input);
        CHECK(result.encoding == "UTF-16BE");
        CHECK(result.source == EncodingSource::bom);
        CHECK(result.text(input) == "(;C[碁])");
    }
    SECTION("an unpaired surrogate becomes U+FFFD") {
        const std::string input = "\xFF\xFE(\0\x00\xD8)\0"s;
        const DecodeResult result = decode_to_utf8(input);
        CHECK(result.text(input) == "(\xEF\xBF\xBD)");
        CHECK(find_note(result, "S003") != nullptr);
    }
}

TEST_CASE("UTF-32 with a byte-order mark is converted", "[sgf][encoding]") {
    const std::string input = "\xFF\xFE\0\0(\0\0\0\x81\x78\0\0)\0\0\0"s;
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "UTF-32LE");
    CHECK(result.source == EncodingSource::bom);
    CHECK(result.text(input) == "(碁)");
}

TEST_CASE("UTF-16 without a byte-order mark is recognised by its NUL bytes", "[sgf][encoding]") {
    SECTION("big-endian") {
        const std::string input = "\0(\0;\0F\0F\0[\0\x34\0]\0C\0[\x78\x81\0]\0)\0\n"s;
        const DecodeResult result = decode_to_utf8(input);
        CHECK(result.encoding == "UTF-16BE");
        CHECK(result.source == EncodingSource::detected);
        CHECK(result.text(input) == "(;FF[4]C[碁])\n");
        const DecodeNote* note = find_note(result, "S004");
        REQUIRE(note != nullptr);
        CHECK(note->severity == Severity::warning);
    }
    SECTION("little-endian") {
        const std::string input = "(\0;\0F\0F\0[\0\x34\0]\0C\0[\0\x81\x78]\0)\0\n\0"s;
        const DecodeResult result = decode_to_utf8(input);
        CHECK(result.encoding == "UTF-16LE");
        CHECK(result.text(input) == "(;FF[4]C[碁])\n");
        CHECK(find_note(result, "S004") != nullptr);
    }
}

// ---------------------------------------------------------------------------------------------
// Detection without CA

TEST_CASE("Shift_JIS without CA is detected, trail bytes 0x5C included", "[sgf][encoding]") {
    // 申眞ソ 党毅飛 and a comment; the names end with trail byte 5C before ']'.
    const std::string input =
        "(;PB[\x90\x5C\xE1\xC1\x83\x5C]PW[\x93\x7D\x8B\x42\x94\xF2]"
        "C[\x88\xCD\x8C\xE9\x82\xCC\x91\xCE\x8B\xC7\x82\xF0\x8B\x4C\x98\x5E\x82\xB7\x82\xE9\x81\x42"
        "\x94\x92\x94\xD4\x82\xCC\x8F\x9F\x82\xBF\x81\x41\x95\x5C\x8E\xA6];B[pd])";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "Shift_JIS");
    CHECK(result.source == EncodingSource::detected);
    CHECK(result.text(input) ==
          "(;PB[申眞ソ]PW[党毅飛]C[囲碁の対局を記録する。白番の勝ち、表示];B[pd])");
    const DecodeNote* note = find_note(result, "S002");
    REQUIRE(note != nullptr);
    CHECK(note->severity == Severity::info);
    CHECK(note->message.find("Shift_JIS") != std::string::npos);
}

TEST_CASE("Short GBK names without CA are detected as GB18030", "[sgf][encoding]") {
    const std::string input = "(;PB[\xB3\xA3\xEA\xBB]PW[\xC4\xF4\xCE\xC0\xC6\xBD];B[pd])";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "GB18030");
    CHECK(result.source == EncodingSource::detected);
    CHECK(result.text(input) == "(;PB[常昊]PW[聂卫平];B[pd])");
    CHECK(find_note(result, "S002") != nullptr);
}

TEST_CASE("Short EUC-KR names without CA are detected as EUC-KR", "[sgf][encoding]") {
    const std::string input =
        "(;PB[\xC0\xCC\xBC\xBC\xB5\xB9]PW[\xB9\xDA\xC1\xA4\xC8\xAF]C[\xB9\xD9\xB5\xCF];B[pd])";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "EUC-KR");
    CHECK(result.source == EncodingSource::detected);
    CHECK(result.text(input) == "(;PB[이세돌]PW[박정환]C[바둑];B[pd])");
}

TEST_CASE("Big5 without CA is detected, trail bytes 0x5C included", "[sgf][encoding]") {
    const std::string input = "(;PB[\xB3\x5C\xA5\x5C]C[\xB3\xF2\xB4\xD1];B[pd])";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "Big5");
    CHECK(result.source == EncodingSource::detected);
    CHECK(result.text(input) == "(;PB[許功]C[圍棋];B[pd])");
}

TEST_CASE("ISO-2022-JP without CA is detected in a 7-bit file", "[sgf][encoding]") {
    const std::string input = "(;C[\x1B$B$3$s$K$A$O\x1B(B])";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "ISO-2022-JP");
    CHECK(result.source == EncodingSource::detected);
    CHECK(result.text(input) == "(;C[こんにちは])");
}

TEST_CASE("Latin-1 text without CA is detected as a single-byte charset", "[sgf][encoding]") {
    const std::string input =
        "(;PB[Ren\xE9]C[Caf\xE9 au lait, cr\xE8me br\xFBl\xE9"
        "e, na\xEFve fa\xE7"
        "ade])";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "windows-1252");
    CHECK(result.source == EncodingSource::detected);
    CHECK(result.text(input) == "(;PB[René]C[Café au lait, crème brûlée, naïve façade])");
}

TEST_CASE("Unrecognisable bytes fall back to ISO-8859-1 with a warning", "[sgf][encoding]") {
    const std::string input = "(;C[\x81])";
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "windows-1252");
    CHECK(result.source == EncodingSource::fallback);
    CHECK(result.text(input) == "(;C[\xC2\x81])");
    const DecodeNote* note = find_note(result, "S005");
    REQUIRE(note != nullptr);
    CHECK(note->severity == Severity::warning);
}

TEST_CASE("Decoding never throws and always yields valid UTF-8 with the ASCII kept",
          "[sgf][encoding]") {
    std::mt19937 random(20240611);
    const std::vector<std::string> prefixes = {"",
                                               "(;CA[Shift_JIS]",
                                               "(;CA[GBK]",
                                               "(;CA[Big5]",
                                               "(;CA[EUC-KR]",
                                               "(;CA[UTF-8]",
                                               "(;CA[ISO-2022-JP]",
                                               "\xFF\xFE",
                                               "\xEF\xBB\xBF",
                                               "(;CA[koi8-r]"};
    for (int round = 0; round < 400; ++round) {
        const std::string& prefix = prefixes[static_cast<std::size_t>(round) % prefixes.size()];
        std::string input = prefix;
        const auto length = random() % 300;
        for (std::uint32_t i = 0; i < length; ++i) {
            const auto r = random();
            // Mostly SGF punctuation and high bytes, some NULs and ESCs.
            static constexpr char kSome[] = "()[];\\]\r\n\x1B\0aZ?";
            input.push_back(r % 3 == 0 ? kSome[(r >> 8) % (sizeof kSome - 1)]
                                       : static_cast<char>(0x80 + (r >> 8) % 128));
        }
        DecodeResult result;
        REQUIRE_NOTHROW(result = decode_to_utf8(input));
        const std::string_view text = result.text(input);
        INFO("round " << round << ", encoding " << result.encoding);
        CHECK(valid_utf8(text));
        // Single-byte and UTF-8 decoders keep every ASCII byte.
        if (result.encoding == "UTF-8" || result.encoding == "windows-1252" ||
            result.encoding == "KOI8-R") {
            CHECK(count_ascii(text) == count_ascii(input.substr(result.skip)));
        }
        CHECK(std::count_if(result.notes.begin(), result.notes.end(),
                            [](const DecodeNote& n) { return n.code == "S003"; }) <= 1);
    }
}

// ---------------------------------------------------------------------------------------------
// Real files of the shared corpus

TEST_CASE("A Nihon Ki-in record without CA is read as Shift_JIS with its 0x5C-final name",
          "[sgf][encoding][fixtures]") {
    SKIP_WITHOUT_SHARED_CORPUS();
    const std::string input = read_file(kSabaki / "encoding/nihon-kiin.sgf");
    const DecodeResult result = decode_to_utf8(input);
    CHECK(result.encoding == "Shift_JIS");
    CHECK(result.source == EncodingSource::detected);
    const std::string_view text = result.text(input);
    // PB is 90 5C E1 C1 83 5C: 申 眞 ソ (iconv -f CP932), the last trail byte before ']'.
    CHECK(text.find("PB[申眞ソ]\r\n") != std::string_view::npos);
    CHECK(text.find("PW[党毅飛]") != std::string_view::npos);
    CHECK(text.find("TE[第1回ソパルコサノル世界最高棋士決定戦第9戦]") != std::string_view::npos);
    CHECK(text.find("RE[257手完, 黒中押し勝ち]") != std::string_view::npos);
    CHECK(find_note(result, "S003") == nullptr);
}

TEST_CASE("Sabaki's encoding fixtures decode to the expected text", "[sgf][encoding][fixtures]") {
    SKIP_WITHOUT_SHARED_CORPUS();
    struct Case {
        const char* file;
        const char* encoding;
        EncodingSource source;
        std::vector<std::string> expected;
    };
    const std::vector<Case> cases = {
        {"chinese.sgf",
         "GB18030",
         EncodingSource::declared,
         {"PB[古力]CA[GB2312]PW[柯洁]", "C[围棋 is fun]"}},
        {"japanese.sgf",
         "Shift_JIS",
         EncodingSource::declared,
         {"PB[井山 裕太]CA[Shift_JIS]PW[山下 敬吾]", "C[囲碁 is fun]"}},
        {"korean.sgf",
         "EUC-KR",
         EncodingSource::declared,
         {"PB[이세돌]CA[EUC-KR]PW[박정환]", "C[바둑 is fun]"}},
        {"utf16le.sgf",
         "UTF-16LE",
         EncodingSource::bom,
         {"(\n  ;GM[1]FF[4]SZ[19]PW[Go Seigen]PB[Kitani Minoru]", "CA[UTF16LE]"}},
        {"no-ca.sgf",
         "GB18030",
         EncodingSource::detected,
         {"C[【第三型】 黑先\n    这是从压长星定式演变而来的形。怎样攻击碰在黑壁上的白三子呢？",
          "B[mb];W[mc];B[lb];W[nb];B[lc];W[me]C[无策"}},
    };
    for (const Case& c : cases) {
        INFO(c.file);
        const std::string input = read_file(kSabaki / c.file);
        const DecodeResult result = decode_to_utf8(input);
        CHECK(result.encoding == c.encoding);
        CHECK(result.source == c.source);
        CHECK(find_note(result, "S003") == nullptr);
        const std::string_view text = result.text(input);
        CHECK(text.substr(0, 1) == "(");
        for (const std::string& expected : c.expected) {
            INFO(expected);
            CHECK(text.find(expected) != std::string_view::npos);
        }
    }

    SECTION("UTF-8 with a byte-order mark is not converted") {
        const std::string input = read_file(kSabaki / "utf8bom.sgf");
        const DecodeResult result = decode_to_utf8(input);
        CHECK(result.encoding == "UTF-8");
        CHECK(result.source == EncodingSource::bom);
        CHECK_FALSE(result.converted);
        CHECK(result.skip == 3);
        CHECK(result.text(input).substr(0, 30) == "(\n  ;GM[1]FF[4]SZ[19]PW[Go Sei");
    }
}

TEST_CASE("libsgfcplusplus's encoding fixtures decode to the expected text",
          "[sgf][encoding][fixtures]") {
    SKIP_WITHOUT_SHARED_CORPUS();
    const std::string japanese =
        "C[Goは古代のゲームであり、中国での起源を忘れてから、最初に東アジアの他の地域に広がり、"
        "次に全世界に広がりました。]";
    const std::string simplified =
        "C[围棋是一种古老的游戏，从被遗忘的中国起源先传到东亚其他地区，然后传到整个世界。]";
    const std::string traditional =
        "C[圍棋是一種古老的遊戲，從其被遺忘的中國起源開始，首先傳播到東亞其他地區，"
        "然後傳播到整個世界。]";
    const std::string korean =
        "C[바둑은 중국에서 잊혀진 기원에서 처음에는 동아시아의 나머지 지역으로 퍼진 후 전 세계로 "
        "퍼진 고대 게임입니다.]";
    const std::string russian =
        "C[Го - древняя игра, которая со времен ее забытого происхождения в Китае "
        "распространилась сначала на остальную часть Восточной Азии, а затем и на весь мир.]";
    const std::string hindi =
        "C[गो एक प्राचीन खेल है, जो चीन में अपने भूले हुए उद्गम से, पहले पूर्वी एशिया के बाकी हिस्सों "
        "में और फिर पूरी दुनिया में फैल गया।]";
    const std::string latin1 =
        "C[Ää Àà Ââ Åå Ææ Çç Èè Éé Êê Ëë Îî Ïï Ññ Öö Ôô Øø ß Üü Ùù Ûû ÿ ¿¡ «»]";

    struct Case {
        const char* file;
        const char* encoding;
        EncodingSource source;
        std::vector<std::string> expected;
    };
    const std::vector<Case> cases = {
        {"encoding-japanese-shiftjis.sgf", "Shift_JIS", EncodingSource::declared, {japanese}},
        {"encoding-japanese-macos.sgf", "Shift_JIS", EncodingSource::declared, {japanese}},
        {"encoding-japanese-iso2022jp.sgf", "ISO-2022-JP", EncodingSource::declared, {japanese}},
        {"encoding-simplifiedchinese-gb2312.sgf",
         "GB18030",
         EncodingSource::declared,
         {"CA[EUC-CN]", simplified}},
        {"encoding-simplifiedchinese-macos.sgf", "GB18030", EncodingSource::declared, {simplified}},
        {"encoding-chinese-gb18030.sgf", "GB18030", EncodingSource::declared, {simplified}},
        {"encoding-chinese-gbk.sgf", "GB18030", EncodingSource::declared, {simplified}},
        {"encoding-traditionalchinese-big5.sgf", "Big5", EncodingSource::declared, {traditional}},
        {"encoding-traditionalchinese-macos.sgf", "Big5", EncodingSource::declared, {traditional}},
        {"encoding-korean-macos.sgf", "EUC-KR", EncodingSource::declared, {korean}},
        {"encoding-utf16-withbom.sgf",
         "UTF-16BE",
         EncodingSource::bom,
         {"(;FF[4]CA[UTF-16BE]GM[1]", japanese, korean, russian, hindi}},
        {"encoding-utf16-nobom.sgf",
         "UTF-16BE",
         EncodingSource::detected,
         {"(;FF[4]CA[UTF-16BE]GM[1]", traditional, korean, hindi}},
        {"encoding-western-isolatin1.sgf", "windows-1252", EncodingSource::declared, {latin1}},
        {"encoding-western-isolatin9.sgf",
         "ISO-8859-15",
         EncodingSource::declared,
         {latin1, "C[Ÿ Œœ €]", "C[Šš Žž]"}},
        {"encoding-western-windowslatin1.sgf",
         "windows-1252",
         EncodingSource::declared,
         {latin1, "C[Ÿ Œœ €]", "C[Šš Žž]", "C[ƒ ‰ ™]"}},
        {"encoding-western-macosroman.sgf",
         "macintosh",
         EncodingSource::declared,
         {latin1, "C[Ÿ Œœ €]", "C[ƒ ‰ ™]"}},
        {"encoding-cyrillic-windows.sgf", "windows-1251", EncodingSource::declared, {russian}},
    };
    for (const Case& c : cases) {
        INFO(c.file);
        const std::string input = read_file(kLibsgf / c.file);
        const DecodeResult result = decode_to_utf8(input);
        CHECK(result.encoding == c.encoding);
        CHECK(result.source == c.source);
        CHECK(result.converted);
        CHECK(find_note(result, "S003") == nullptr);
        CHECK(find_note(result, "S001") == nullptr);
        CHECK((find_note(result, "S004") != nullptr) ==
              (std::string_view(c.file) == "encoding-utf16-nobom.sgf"));
        const std::string_view text = result.text(input);
        CHECK(text.substr(0, 2) == "(;");
        for (const std::string& expected : c.expected) {
            INFO(expected);
            CHECK(text.find(expected) != std::string_view::npos);
        }
    }
}

TEST_CASE("A Fox record with damaged UTF-8 names stays UTF-8", "[sgf][encoding][fixtures]") {
    SKIP_WITHOUT_SHARED_CORPUS();
    SECTION("one damaged character among good ones") {
        // PB bytes E4 B8 80 | E6 '?' | A1 | E5 B7 A6 | E8 85 BF.
        const std::string input = read_file(kFox / "9k/1450097900019999476.sgf");
        const DecodeResult result = decode_to_utf8(input);
        CHECK(result.encoding == "UTF-8");
        CHECK(result.source == EncodingSource::utf8);
        CHECK(result.converted);
        CHECK(result.text(input).find("PB[一\xEF\xBF\xBD?\xEF\xBF\xBD左腿]") !=
              std::string_view::npos);
        const DecodeNote* note = find_note(result, "S003");
        REQUIRE(note != nullptr);
        CHECK(note->offset == 50);  // Python: decode('utf-8', 'replace'), first U+FFFD
        CHECK(note->message.find("2 invalid") != std::string::npos);
    }
    SECTION("a name with every character damaged") {
        // PW bytes E3 '?' BD E3 '?' 93 E3 '?' BD E3 '?' 93; only BR/WR 段 are intact.
        const std::string input = read_file(kFox / "9k/1530709630010001341.sgf");
        const DecodeResult result = decode_to_utf8(input);
        CHECK(result.encoding == "UTF-8");
        CHECK(result.source == EncodingSource::utf8);
        const std::string fffd = "\xEF\xBF\xBD";
        const std::string damaged = fffd + "?" + fffd;
        CHECK(result.text(input).find("PW[" + damaged + damaged + damaged + damaged + "]") !=
              std::string_view::npos);
        CHECK(result.text(input).find("BR[9段]") != std::string_view::npos);
        const DecodeNote* note = find_note(result, "S003");
        REQUIRE(note != nullptr);
        CHECK(note->offset == 61);
        CHECK(note->message.find("8 invalid") != std::string::npos);
    }
}

TEST_CASE("Every Fox record is read as UTF-8", "[sgf][encoding][fixtures]") {
    SKIP_WITHOUT_SHARED_CORPUS();
    std::size_t files = 0;
    std::size_t repaired = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(kFox)) {
        if (!entry.is_regular_file() || entry.path().extension() != ".sgf") continue;
        ++files;
        const std::string input = read_file(entry.path());
        const DecodeResult result = decode_to_utf8(input);
        INFO(entry.path().string());
        CHECK(result.encoding == "UTF-8");
        CHECK(result.source == EncodingSource::utf8);
        CHECK(valid_utf8(result.text(input)));
        CHECK(count_ascii(result.text(input)) == count_ascii(input));
        repaired += result.converted;
    }
    CHECK(files >= 1000);    // 2,000 in the corpus as published
    CHECK(repaired > 1000);  // about 1,234 of them have damaged names
}

TEST_CASE("S006: a declared legacy charset that does not fit valid UTF-8 bytes gives way to UTF-8",
          "[sgf][encoding]") {
    // CA says Shift_JIS, but an editor saved the text as UTF-8: 井山 and U+FFFD. (Short UTF-8
    // text that happens to be valid CP932 too, such as 井山 alone, stays Shift_JIS as declared.)
    const std::string bytes = "(;CA[Shift_JIS]PB[\xE4\xBA\x95\xE5\xB1\xB1\xEF\xBF\xBD])";
    const DecodeResult r = decode_to_utf8(bytes);
    CHECK(r.encoding == "UTF-8");
    CHECK(r.source == EncodingSource::utf8);
    CHECK(r.text(bytes) == bytes);
    REQUIRE(r.notes.size() == 1);
    CHECK(r.notes[0].code == "S006");
    // Real Shift_JIS bytes that are not valid UTF-8 still decode as declared.
    const std::string sjis = "(;CA[Shift_JIS]PB[\x88\xe4\x8e\x52])";  // 井山
    const DecodeResult d = decode_to_utf8(sjis);
    CHECK(d.encoding == "Shift_JIS");
    CHECK(d.notes.empty());
}

// ---------------------------------------------------------------------------------------------
// Stateful charsets and UTF-32 without a mark are decoded before the binary test (issue 30)

namespace {

// `utf8` converted to `charset` by glibc's iconv (the converter, not the decoder under test).
std::string encode_as(const std::string& utf8, const char* charset) {
    const iconv_t cd = ::iconv_open(charset, "UTF-8");
    REQUIRE(cd != reinterpret_cast<iconv_t>(-1));
    std::string out(utf8.size() * 8 + 64, '\0');
    char* in = const_cast<char*>(utf8.data());
    std::size_t in_left = utf8.size();
    char* to = out.data();
    std::size_t out_left = out.size();
    REQUIRE(::iconv(cd, &in, &in_left, &to, &out_left) != static_cast<std::size_t>(-1));
    REQUIRE(::iconv(cd, nullptr, nullptr, &to, &out_left) != static_cast<std::size_t>(-1));
    ::iconv_close(cd);
    out.resize(out.size() - out_left);
    return out;
}

// Korean and Chinese syllables one by one between spaces: in ISO-2022-KR and -CN each is shifted
// in and out (SO ... SI), so that the bytes hold more control characters than S113 allows.
const std::string kKorean =
    "\xED\x99\x8D \xEA\xB8\xB8 \xEB\x8F\x99 \xEA\xB9\x80 \xEC\xB2\xA0 \xEC\x88\x98 \xEB\xB0\x94 "
    "\xEB\x91\x91 \xED\x95\x9C \xEA\xB5\xAD \xEB\xB0\x94 \xEB\x91\x91 \xED\x95\x9C \xEA\xB5\xAD";
const std::string kChinese =
    "\xE5\x9B\xB4 \xE6\xA3\x8B \xE4\xB8\xAD \xE5\x9B\xBD \xE5\x9B\xB4 \xE6\xA3\x8B \xE4\xB8\xAD "
    "\xE5\x9B\xBD \xE5\x9B\xB4 \xE6\xA3\x8B \xE4\xB8\xAD \xE5\x9B\xBD \xE5\x9B\xB4 \xE6\xA3\x8B";

std::string game_text(const std::string& charset, const std::string& name) {
    return "(;FF[4]GM[1]CA[" + charset + "]SZ[9]PB[" + name + "]C[" + name + " " + name +
           "];B[ee];W[cc])";
}

}  // namespace

TEST_CASE("S113: ISO-2022-KR and -CN declared in CA are decoded before the binary test",
          "[sgf][encoding][hostile]") {
    for (const auto& [charset, name] : std::vector<std::pair<std::string, std::string>>{
             {"ISO-2022-KR", kKorean},
             {"ISO-2022-CN", kChinese},
             {"ISO-2022-JP", "\xE5\x9B\xB2\xE7\xA2\x81"}}) {
        INFO(charset);
        const std::string bytes = encode_as(game_text(charset, name), charset.c_str());
        const auto doc = sgfaudit::sgf::read_document("k.sgf", bytes);
        for (const auto& d : doc.diagnostics()) CHECK(d.code != "S113");
        REQUIRE(doc.games().size() == 1);
        const auto record = sgfaudit::sgf::read_record(doc, 0);
        CHECK(record.black_name == name);
        CHECK(record.moves == 2);
        CHECK(doc.decoding().encoding == charset);
    }
    // Control bytes in a file that declares ISO-2022-KR but is not are still binary.
    std::string junk = "(;CA[ISO-2022-KR]C[";
    for (int i = 0; i < 400; ++i) junk += static_cast<char>(i % 7 == 0 ? 0x01 : 0x03);
    junk += "])";
    const auto binary = sgfaudit::sgf::read_document("j.sgf", junk);
    CHECK(std::any_of(binary.diagnostics().begin(), binary.diagnostics().end(),
                      [](const auto& d) { return d.code == "S113"; }));
}

TEST_CASE("S004: UTF-32 without a byte-order mark is decoded and not called binary",
          "[sgf][encoding][hostile]") {
    const std::string utf8 = game_text("UTF-8", "\xE6\x9C\xAC\xE5\x9B\xA0\xE5\x9D\x8A");
    for (const char* charset : {"UTF-32LE", "UTF-32BE"}) {
        INFO(charset);
        const std::string bytes = encode_as(utf8, charset);
        const DecodeResult decoded = decode_to_utf8(bytes);
        CHECK(decoded.encoding == charset);
        CHECK(decoded.text(bytes) == utf8);
        CHECK(find_note(decoded, "S004") != nullptr);
        CHECK(sgfaudit::sgf::is_wide_unicode(bytes));
        const auto doc = sgfaudit::sgf::read_document("u.sgf", bytes);
        for (const auto& d : doc.diagnostics()) CHECK(d.code != "S113");
        REQUIRE(doc.games().size() == 1);
        CHECK(sgfaudit::sgf::read_record(doc, 0).black_name ==
              "\xE6\x9C\xAC\xE5\x9B\xA0\xE5\x9D\x8A");
    }
    // UTF-16 is still UTF-16, and random bytes are no UTF-32.
    const std::string utf16 = encode_as(utf8, "UTF-16LE");
    CHECK(decode_to_utf8(utf16).encoding == "UTF-16LE");
    std::string noise;
    std::mt19937 rng(30);
    for (int i = 0; i < 512; ++i) noise += static_cast<char>(rng() & 0xFF);
    CHECK_FALSE(sgfaudit::sgf::is_wide_unicode(noise));
}
