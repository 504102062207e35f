// Typed SGF property values (src/sgf/values.cpp): unescaping, numbers, sizes, points, moves,
// point lists, komi quirks and results, with every issue code S201-S204, S210-S212, S214-S215,
// S220-S221.

#include "sgfaudit/sgf/values.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <climits>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "skip.hpp"

using namespace std::string_view_literals;
using sgfaudit::sgf::BoardSize;
using sgfaudit::sgf::Color;
using sgfaudit::sgf::GameResult;
using sgfaudit::sgf::Komi;
using sgfaudit::sgf::MoveValue;
using sgfaudit::sgf::Point;
using sgfaudit::sgf::ResultKind;
using sgfaudit::sgf::Severity;
using sgfaudit::sgf::ValueIssues;

namespace Catch {
template <>
struct StringMaker<Point> {
    static std::string convert(const Point& p) {
        return "{" + std::to_string(p.x) + "," + std::to_string(p.y) + "}";
    }
};
template <>
struct StringMaker<BoardSize> {
    static std::string convert(const BoardSize& s) {
        return std::to_string(s.width) + "x" + std::to_string(s.height);
    }
};
template <>
struct StringMaker<Severity> {
    static std::string convert(Severity s) { return std::string(sgfaudit::sgf::to_string(s)); }
};
template <>
struct StringMaker<ResultKind> {
    static std::string convert(ResultKind k) { return std::string(sgfaudit::sgf::to_string(k)); }
};
template <>
struct StringMaker<Color> {
    static std::string convert(Color c) { return c == Color::black ? "black" : "white"; }
};
}  // namespace Catch

namespace {

constexpr BoardSize board19{19, 19};
constexpr BoardSize board52{52, 52};

// No issue expected: code empty.
struct Expected {
    std::string_view code;
    Severity severity = Severity::info;
    std::string_view message;
};

void check_issues(const ValueIssues& issues, const Expected& expected) {
    if (expected.code.empty()) {
        CHECK(issues.empty());
        return;
    }
    REQUIRE(issues.size() == 1);
    CHECK(issues[0].code == expected.code);
    CHECK(issues[0].severity == expected.severity);
    CHECK(issues[0].message == expected.message);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Text and SimpleText

TEST_CASE("Text without escapes or special white space is returned unchanged", "[sgf][values]") {
    const auto raw = GENERATE(""sv, "hello"sv, "two\nlines"sv, "日本語の棋譜"sv, "a\0b"sv,
                              "\xff\xfe broken utf-8"sv, "x: y; (z)"sv);
    CAPTURE(raw);
    CHECK(sgfaudit::sgf::unescape_text(raw) == raw);
}

TEST_CASE("SimpleText without escapes or white space other than spaces is unchanged",
          "[sgf][values]") {
    const auto raw = GENERATE(""sv, "Lee Sedol"sv, "日本語"sv, "a\0b"sv, "\xff"sv);
    CAPTURE(raw);
    CHECK(sgfaudit::sgf::unescape_simple_text(raw) == raw);
}

TEST_CASE("Text unescaping follows FF4", "[sgf][values]") {
    struct Row {
        std::string_view raw;
        std::string_view text;
        std::string_view simple_text;
    };
    const auto row = GENERATE(values<Row>({
        // An escaped character stands for itself.
        {"a\\]b"sv, "a]b"sv, "a]b"sv},
        {"a\\\\b"sv, "a\\b"sv, "a\\b"sv},
        {"a\\:b"sv, "a:b"sv, "a:b"sv},
        {"\\a\\b\\c"sv, "abc"sv, "abc"sv},
        {"\\\\\\]"sv, "\\]"sv, "\\]"sv},
        {"\\\xe6\x97\xa5"sv, "\xe6\x97\xa5"sv, "\xe6\x97\xa5"sv},  // escaped multi-byte char
        {"a\\\0b"sv, "a\0b"sv, "a\0b"sv},
        // Soft line breaks are removed, whatever the line break.
        {"a\\\nb"sv, "ab"sv, "ab"sv},
        {"a\\\rb"sv, "ab"sv, "ab"sv},
        {"a\\\r\nb"sv, "ab"sv, "ab"sv},
        {"a\\\n\rb"sv, "ab"sv, "ab"sv},
        {"a\\\n\nb"sv, "a\nb"sv, "a b"sv},  // soft break then a hard one
        // Hard line breaks: kept as '\n' in Text, a space in SimpleText; a pair is one break.
        {"a\nb"sv, "a\nb"sv, "a b"sv},
        {"a\rb"sv, "a\nb"sv, "a b"sv},
        {"a\r\nb"sv, "a\nb"sv, "a b"sv},
        {"a\n\rb"sv, "a\nb"sv, "a b"sv},
        {"a\n\nb"sv, "a\n\nb"sv, "a  b"sv},
        {"a\r\rb"sv, "a\n\nb"sv, "a  b"sv},
        {"a\r\n\r\nb"sv, "a\n\nb"sv, "a  b"sv},
        {"a\n\r\nb"sv, "a\n\nb"sv, "a  b"sv},
        {"\r\n"sv, "\n"sv, " "sv},
        // Other white space becomes a space, escaped or not.
        {"a\tb"sv, "a b"sv, "a b"sv},
        {"a\vb\fc"sv, "a b c"sv, "a b c"sv},
        {"a\\\tb"sv, "a b"sv, "a b"sv},
        {"a\\ b"sv, "a b"sv, "a b"sv},
        // A lone trailing backslash escapes nothing and is dropped.
        {"abc\\"sv, "abc"sv, "abc"sv},
        {"\\"sv, ""sv, ""sv},
        // Bytes that are not UTF-8 pass through.
        {"\xff\\\xfe"sv, "\xff\xfe"sv, "\xff\xfe"sv},
    }));
    CAPTURE(row.raw);
    CHECK(sgfaudit::sgf::unescape_text(row.raw) == row.text);
    CHECK(sgfaudit::sgf::unescape_simple_text(row.raw) == row.simple_text);
}

// ---------------------------------------------------------------------------------------------
// Number and Real

TEST_CASE("A Number is read with its sign and without surrounding white space", "[sgf][values]") {
    struct Row {
        std::string_view raw;
        long long value;
    };
    const auto row = GENERATE(values<Row>({
        {"19"sv, 19},
        {" 19 "sv, 19},
        {"\t\r\n7\v\f"sv, 7},
        {"+3"sv, 3},
        {"-7"sv, -7},
        {"0"sv, 0},
        {"-0"sv, 0},
        {"0000000012"sv, 12},
        {"9223372036854775807"sv, LLONG_MAX},
        {"-9223372036854775808"sv, LLONG_MIN},
    }));
    CAPTURE(row.raw);
    const auto value = sgfaudit::sgf::parse_number(row.raw);
    REQUIRE(value.has_value());
    CHECK(*value == row.value);
}

TEST_CASE("Anything but sign and digits is not a Number", "[sgf][values]") {
    const auto raw =
        GENERATE(""sv, "   "sv, "+"sv, "-"sv, "1.5"sv, "12a"sv, "a12"sv, "1 2"sv, "--1"sv, "+-1"sv,
                 "0x10"sv, "1e3"sv, "١٢"sv, "1\0"sv, "9223372036854775808"sv,
                 "-9223372036854775809"sv, "99999999999999999999999999"sv);
    CAPTURE(raw);
    CHECK_FALSE(sgfaudit::sgf::parse_number(raw).has_value());
}

TEST_CASE("An overlong Number is rejected without being read", "[sgf][values]") {
    const std::string long_zeros(129, '0');
    CHECK_FALSE(sgfaudit::sgf::parse_number(long_zeros).has_value());
    const std::string zeros_and_one = std::string(127, '0') + "1";
    CHECK(sgfaudit::sgf::parse_number(zeros_and_one) == 1);
}

TEST_CASE("A Real is a Number with an optional fraction", "[sgf][values]") {
    struct Row {
        std::string_view raw;
        double value;
    };
    const auto row = GENERATE(values<Row>({
        {"6.5"sv, 6.5},
        {"-0.50"sv, -0.5},
        {"7.500000"sv, 7.5},
        {"+3"sv, 3.0},
        {"-20.00"sv, -20.0},
        {".5"sv, 0.5},  // lenient: no digit before the point
        {"5."sv, 5.0},  // lenient: no digit after the point
        {"-.5"sv, -0.5},
        {" 6.5\t"sv, 6.5},
        {"007"sv, 7.0},
        {"0.02"sv, 0.02},
        {"0"sv, 0.0},
    }));
    CAPTURE(row.raw);
    const auto value = sgfaudit::sgf::parse_real(row.raw);
    REQUIRE(value.has_value());
    CHECK(*value == row.value);
}

TEST_CASE("A negative zero Real reads as plain zero", "[sgf][values]") {
    const auto raw = GENERATE("-0"sv, "-0.0"sv, "-.0"sv);
    const auto value = sgfaudit::sgf::parse_real(raw);
    REQUIRE(value.has_value());
    CHECK(*value == 0.0);
    CHECK_FALSE(std::signbit(*value));
}

TEST_CASE("Junk, exponents and special floating values are not a Real", "[sgf][values]") {
    const auto raw =
        GENERATE(""sv, " "sv, "."sv, "-."sv, "+"sv, "-"sv, "1e3"sv, "1E3"sv, "inf"sv, "-inf"sv,
                 "nan"sv, "infinity"sv, "0x1p3"sv, "6,5"sv, "6.5.1"sv, "5 1/2"sv, "--1"sv, "+-1"sv,
                 "6.5a"sv, "a6.5"sv, "6. 5"sv, "6\0.5"sv, "½"sv);
    CAPTURE(raw);
    CHECK_FALSE(sgfaudit::sgf::parse_real(raw).has_value());
}

TEST_CASE("An overlong Real is rejected without being read", "[sgf][values]") {
    CHECK_FALSE(sgfaudit::sgf::parse_real("0." + std::string(127, '0')).has_value());
    CHECK(sgfaudit::sgf::parse_real("0." + std::string(126, '0')) == 0.0);
}

// ---------------------------------------------------------------------------------------------
// SZ

TEST_CASE("SZ gives a square or a width:height board", "[sgf][values]") {
    struct Row {
        std::string_view raw;
        BoardSize size;
    };
    const auto row = GENERATE(values<Row>({
        {"19"sv, {19, 19}},
        {"9"sv, {9, 9}},
        {" 13 "sv, {13, 13}},
        {"1"sv, {1, 1}},
        {"52"sv, {52, 52}},
        {"19:13"sv, {19, 13}},
        {"19:19"sv, {19, 19}},
        {"10:52"sv, {10, 52}},
        {"52:1"sv, {52, 1}},
        {" 7 : 11 "sv, {7, 11}},
        {"+19"sv, {19, 19}},
    }));
    CAPTURE(row.raw);
    ValueIssues issues;
    const auto size = sgfaudit::sgf::parse_size(row.raw, issues);
    REQUIRE(size.has_value());
    CHECK(*size == row.size);
    CHECK(issues.empty());
}

TEST_CASE("A malformed or out-of-range SZ is error S201", "[sgf][values]") {
    struct Row {
        std::string_view raw;
        std::string_view message;
    };
    const auto row = GENERATE(values<Row>({
        {"a"sv, "board size 'a' is not a number or width:height"sv},
        {""sv, "board size '' is not a number or width:height"sv},
        {"  "sv, "board size '' is not a number or width:height"sv},
        {"19:"sv, "board size '19:' is not a number or width:height"sv},
        {":19"sv, "board size ':19' is not a number or width:height"sv},
        {"19:13:5"sv, "board size '19:13:5' is not a number or width:height"sv},
        {"19x19"sv, "board size '19x19' is not a number or width:height"sv},
        {"9.5"sv, "board size '9.5' is not a number or width:height"sv},
        {"99999999999999999999"sv,
         "board size '99999999999999999999' is not a number or width:height"sv},
        {"0"sv, "board size '0' is out of range: each side must be 1..52"sv},
        {"53"sv, "board size '53' is out of range: each side must be 1..52"sv},
        {"200"sv, "board size '200' is out of range: each side must be 1..52"sv},
        {"-10"sv, "board size '-10' is out of range: each side must be 1..52"sv},
        {"10:53"sv, "board size '10:53' is out of range: each side must be 1..52"sv},
        {"19:0"sv, "board size '19:0' is out of range: each side must be 1..52"sv},
        {"9223372036854775807"sv,
         "board size '9223372036854775807' is out of range: each side must be 1..52"sv},
    }));
    CAPTURE(row.raw);
    ValueIssues issues;
    CHECK_FALSE(sgfaudit::sgf::parse_size(row.raw, issues).has_value());
    check_issues(issues, {"S201", Severity::error, row.message});
}

// ---------------------------------------------------------------------------------------------
// Points and moves

TEST_CASE("A point is two letters, a-z for 0-25 and A-Z for 26-51", "[sgf][values]") {
    struct Row {
        std::string_view raw;
        BoardSize size;
        Point point;
    };
    const auto row = GENERATE(values<Row>({
        {"aa"sv, board19, {0, 0}},
        {"ss"sv, board19, {18, 18}},
        {"dp"sv, board19, {3, 15}},
        {" pd\n"sv, board19, {15, 3}},
        {"zz"sv, board52, {25, 25}},
        {"Aa"sv, board52, {26, 0}},
        {"aZ"sv, board52, {0, 51}},
        {"ZZ"sv, board52, {51, 51}},
        {"ba"sv, {2, 1}, {1, 0}},
        {"ia"sv, {9, 1}, {8, 0}},
    }));
    CAPTURE(row.raw);
    ValueIssues issues;
    const auto point = sgfaudit::sgf::parse_point(row.raw, row.size, issues);
    REQUIRE(point.has_value());
    CHECK(*point == row.point);
    CHECK(issues.empty());
}

TEST_CASE("A malformed or off-board point is error S202", "[sgf][values]") {
    struct Row {
        std::string_view raw;
        BoardSize size;
        std::string_view message;
    };
    const auto row = GENERATE(values<Row>({
        {""sv, board19, "empty value where a point is expected"sv},
        {" \t"sv, board19, "empty value where a point is expected"sv},
        {"a"sv, board19, "point 'a' is not two letters a-z/A-Z"sv},
        {"abc"sv, board19, "point 'abc' is not two letters a-z/A-Z"sv},
        {"a1"sv, board19, "point 'a1' is not two letters a-z/A-Z"sv},
        {"1a"sv, board19, "point '1a' is not two letters a-z/A-Z"sv},
        {"D4"sv, board19, "point 'D4' is not two letters a-z/A-Z"sv},
        {"a a"sv, board19, "point 'a a' is not two letters a-z/A-Z"sv},
        {"\xff\xfe"sv, board19, "point '\\xFF\\xFE' is not two letters a-z/A-Z"sv},
        {"a\0"sv, board19, "point 'a\\x00' is not two letters a-z/A-Z"sv},
        {"日"sv, board19, "point '日' is not two letters a-z/A-Z"sv},
        {"tt"sv, board19, "point 'tt' is off the 19x19 board"sv},
        {"ta"sv, board19, "point 'ta' is off the 19x19 board"sv},
        {"at"sv, board19, "point 'at' is off the 19x19 board"sv},
        {"Aa"sv, board19, "point 'Aa' is off the 19x19 board"sv},
        {"ja"sv, {9, 19}, "point 'ja' is off the 9x19 board"sv},
        {"aj"sv, {19, 9}, "point 'aj' is off the 19x9 board"sv},
    }));
    CAPTURE(row.raw);
    ValueIssues issues;
    CHECK_FALSE(sgfaudit::sgf::parse_point(row.raw, row.size, issues).has_value());
    check_issues(issues, {"S202", Severity::error, row.message});
}

TEST_CASE("Every point on the largest board round-trips through its SGF letters", "[sgf][values]") {
    ValueIssues issues;
    for (int y = 0; y < 52; ++y) {
        for (int x = 0; x < 52; ++x) {
            const Point p{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)};
            const std::string letters = sgfaudit::sgf::sgf_coordinates(p);
            REQUIRE(letters.size() == 2);
            REQUIRE(sgfaudit::sgf::parse_point(letters, board52, issues) == p);
        }
    }
    CHECK(issues.empty());
}

TEST_CASE("sgf_coordinates writes the two SGF letters of a point", "[sgf][values]") {
    struct Row {
        Point point;
        std::string_view letters;
    };
    const auto row = GENERATE(values<Row>({
        {{0, 0}, "aa"sv},
        {{3, 15}, "dp"sv},
        {{18, 18}, "ss"sv},
        {{25, 25}, "zz"sv},
        {{26, 51}, "AZ"sv},
        {{52, 0}, "?a"sv},  // beyond any board
        {{255, 255}, "??"sv},
    }));
    CHECK(sgfaudit::sgf::sgf_coordinates(row.point) == row.letters);
}

TEST_CASE("An empty move is a pass", "[sgf][values]") {
    const auto raw = GENERATE(""sv, " "sv, "\n"sv, "\r\n\t"sv);
    ValueIssues issues;
    const auto move = sgfaudit::sgf::parse_move(raw, board19, issues);
    REQUIRE(move.has_value());
    CHECK(move->pass);
    CHECK(issues.empty());
}

TEST_CASE("A tt move is a pass with note S203 on boards up to 19x19", "[sgf][values]") {
    const auto size = GENERATE(values<BoardSize>({board19, {9, 9}, {19, 13}, {13, 19}, {1, 1}}));
    const auto raw = GENERATE("tt"sv, " tt "sv);
    CAPTURE(size, raw);
    ValueIssues issues;
    const auto move = sgfaudit::sgf::parse_move(raw, size, issues);
    REQUIRE(move.has_value());
    CHECK(move->pass);
    check_issues(issues,
                 {"S203", Severity::info, "B[tt]/W[tt] read as a pass (FF[3] convention)"sv});
}

TEST_CASE("A tt move is a point on boards larger than 19", "[sgf][values]") {
    ValueIssues issues;
    const auto move = sgfaudit::sgf::parse_move("tt", {20, 20}, issues);
    REQUIRE(move.has_value());
    CHECK_FALSE(move->pass);
    CHECK(move->point == Point{19, 19});
    CHECK(issues.empty());
}

TEST_CASE("A tt move on a board wider than 19 but 19 high is off the board", "[sgf][values]") {
    ValueIssues issues;
    CHECK_FALSE(sgfaudit::sgf::parse_move("tt", {21, 19}, issues).has_value());
    check_issues(issues, {"S202", Severity::error, "point 'tt' is off the 21x19 board"sv});
}

TEST_CASE("A move on a point is read as that point", "[sgf][values]") {
    ValueIssues issues;
    const auto move = sgfaudit::sgf::parse_move(" dd ", board19, issues);
    REQUIRE(move.has_value());
    CHECK_FALSE(move->pass);
    CHECK(move->point == Point{3, 3});
    CHECK(issues.empty());
}

TEST_CASE("A bad move is error S202 and no move", "[sgf][values]") {
    struct Row {
        std::string_view raw;
        std::string_view message;
    };
    const auto row = GENERATE(values<Row>({
        {"TT"sv, "point 'TT' is off the 19x19 board"sv},
        {"zz"sv, "point 'zz' is off the 19x19 board"sv},
        {"t"sv, "point 't' is not two letters a-z/A-Z"sv},
        {"ttt"sv, "point 'ttt' is not two letters a-z/A-Z"sv},
    }));
    CAPTURE(row.raw);
    ValueIssues issues;
    CHECK_FALSE(sgfaudit::sgf::parse_move(row.raw, board19, issues).has_value());
    check_issues(issues, {"S202", Severity::error, row.message});
}

// ---------------------------------------------------------------------------------------------
// Point lists

TEST_CASE("A single point of a point list is appended", "[sgf][values]") {
    std::vector<Point> out{{9, 9}};
    ValueIssues issues;
    REQUIRE(sgfaudit::sgf::expand_point_list_value(" dd ", board19, out, issues));
    CHECK(out == std::vector<Point>{{9, 9}, {3, 3}});
    CHECK(issues.empty());
}

TEST_CASE("A compressed point list expands to its rectangle, row by row", "[sgf][values]") {
    std::vector<Point> out{{18, 18}};
    ValueIssues issues;
    REQUIRE(sgfaudit::sgf::expand_point_list_value("ab:cc", board19, out, issues));
    CHECK(out == std::vector<Point>{{18, 18}, {0, 1}, {1, 1}, {2, 1}, {0, 2}, {1, 2}, {2, 2}});
    CHECK(issues.empty());
}

TEST_CASE("A compressed point list of one row or one column is a line", "[sgf][values]") {
    std::vector<Point> out;
    ValueIssues issues;
    REQUIRE(sgfaudit::sgf::expand_point_list_value("aa:ca", board19, out, issues));
    REQUIRE(sgfaudit::sgf::expand_point_list_value("ss:sq", board19, out, issues) == true);
    CHECK(out == std::vector<Point>{{0, 0}, {1, 0}, {2, 0}, {18, 16}, {18, 17}, {18, 18}});
    // "ss:sq" names the lower corner first.
    REQUIRE(issues.size() == 1);
    CHECK(issues[0].code == "S204");
}

TEST_CASE("A compressed point list covering the whole board gives every point once",
          "[sgf][values]") {
    struct Row {
        std::string_view raw;
        BoardSize size;
        std::size_t count;
    };
    const auto row = GENERATE(values<Row>({
        {"aa:ss"sv, board19, 361},
        {"aa:ii"sv, {9, 9}, 81},
        {"aa:ZZ"sv, board52, 2704},
        {"AA:ZZ"sv, board52, 676},
        {"aa:sm"sv, {19, 13}, 247},
    }));
    CAPTURE(row.raw);
    std::vector<Point> out;
    ValueIssues issues;
    REQUIRE(sgfaudit::sgf::expand_point_list_value(row.raw, row.size, out, issues));
    CHECK(out.size() == row.count);
    std::set<std::pair<int, int>> distinct;
    for (const Point& p : out) {
        CHECK(p.x < row.size.width);
        CHECK(p.y < row.size.height);
        distinct.emplace(p.x, p.y);
    }
    CHECK(distinct.size() == row.count);
    CHECK(issues.empty());
}

TEST_CASE("A compressed point list with other corners is read as its rectangle with note S204",
          "[sgf][values]") {
    struct Row {
        std::string_view raw;
        std::string_view message;
    };
    const auto row = GENERATE(values<Row>({
        {"ca:ac"sv,
         "compressed point list 'ca:ac' does not give the upper-left corner first; "
         "read as 'aa:cc'"sv},
        {"cc:aa"sv,
         "compressed point list 'cc:aa' does not give the upper-left corner first; "
         "read as 'aa:cc'"sv},
        {"ac:ca"sv,
         "compressed point list 'ac:ca' does not give the upper-left corner first; "
         "read as 'aa:cc'"sv},
    }));
    CAPTURE(row.raw);
    std::vector<Point> out;
    ValueIssues issues;
    REQUIRE(sgfaudit::sgf::expand_point_list_value(row.raw, board19, out, issues));
    CHECK(out == std::vector<Point>{
                     {0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}, {0, 2}, {1, 2}, {2, 2}});
    check_issues(issues, {"S204", Severity::info, row.message});
}

TEST_CASE("A compressed point list of a single point is that point with note S204",
          "[sgf][values]") {
    std::vector<Point> out;
    ValueIssues issues;
    REQUIRE(sgfaudit::sgf::expand_point_list_value("dd:dd", board19, out, issues));
    CHECK(out == std::vector<Point>{{3, 3}});
    check_issues(issues, {"S204", Severity::info,
                          "compressed point list 'dd:dd' names a single point (FF[4] wants "
                          "'dd')"sv});
}

TEST_CASE("A malformed point list value is S202 and adds nothing", "[sgf][values]") {
    struct Row {
        std::string_view raw;
        std::string_view message;
    };
    const auto row = GENERATE(values<Row>({
        {""sv, "empty value where a point is expected"sv},
        {"aa:"sv, "empty value where a point is expected"sv},
        {":aa"sv, "empty value where a point is expected"sv},
        {"aa:bb:cc"sv, "point list value 'aa:bb:cc' has more than one ':'"sv},
        {"::"sv, "point list value '::' has more than one ':'"sv},
        {"a:bb"sv, "point 'a' is not two letters a-z/A-Z"sv},
        {"aa:b"sv, "point 'b' is not two letters a-z/A-Z"sv},
        {"aa:tt"sv, "point 'tt' is off the 19x19 board"sv},
        {"tt"sv, "point 'tt' is off the 19x19 board"sv},
        {"aa-cc"sv, "point 'aa-cc' is not two letters a-z/A-Z"sv},
    }));
    CAPTURE(row.raw);
    std::vector<Point> out{{1, 1}};
    ValueIssues issues;
    CHECK_FALSE(sgfaudit::sgf::expand_point_list_value(row.raw, board19, out, issues));
    CHECK(out == std::vector<Point>{{1, 1}});
    check_issues(issues, {"S202", Severity::error, row.message});
}

// ---------------------------------------------------------------------------------------------
// KM

TEST_CASE("An ordinary komi is read as written", "[sgf][values][komi]") {
    struct Row {
        std::string_view raw;
        double value;
    };
    const auto row = GENERATE(values<Row>({
        {"6.5"sv, 6.5},
        {"0.50"sv, 0.5},
        {"7.500000"sv, 7.5},
        {"-5.5"sv, -5.5},
        {"-20.00"sv, -20},
        {"0"sv, 0},
        {"5"sv, 5},
        {"5."sv, 5},
        {" 7.5 "sv, 7.5},
        {"99.5"sv, 99.5},
        {"-99.5"sv, -99.5},
        {"98"sv, 98},
        {"-59.5"sv, -59.5},
        {"6.3"sv, 6.3},
        {"0.02"sv, 0.02},
        {"-0"sv, 0},
        {"99"sv, 99},
        {"-60.50"sv, -60.5},
    }));
    CAPTURE(row.raw);
    ValueIssues issues;
    const auto komi = sgfaudit::sgf::parse_komi(row.raw, issues);
    REQUIRE(komi.has_value());
    CHECK(komi->value == row.value);
    CHECK_FALSE(komi->adjusted);
    CHECK(issues.empty());
}

TEST_CASE("An empty KM is no komi, warning S210", "[sgf][values][komi]") {
    const auto raw = GENERATE(""sv, "  "sv, "\n"sv);
    ValueIssues issues;
    CHECK_FALSE(sgfaudit::sgf::parse_komi(raw, issues).has_value());
    check_issues(
        issues, {"S210", Severity::warning, "KM[] is empty; the ruleset's default komi applies"sv});
}

TEST_CASE("A komi written in hundredths is divided by 100, warning S211", "[sgf][values][komi]") {
    struct Row {
        std::string_view raw;
        double value;
        std::string_view message;
    };
    const auto row = GENERATE(values<Row>({
        {"650"sv, 6.5, "KM[650] read as 6.5 (Fox x100 convention)"sv},
        {"750"sv, 7.5, "KM[750] read as 7.5 (Fox x100 convention)"sv},
        {"550"sv, 5.5, "KM[550] read as 5.5 (Fox x100 convention)"sv},
        {"100"sv, 1, "KM[100] read as 1 (Fox x100 convention)"sv},
        {"-100"sv, -1, "KM[-100] read as -1 (Fox x100 convention)"sv},
        {"-650"sv, -6.5, "KM[-650] read as -6.5 (Fox x100 convention)"sv},
        {" 650.0 "sv, 6.5, "KM[650.0] read as 6.5 (Fox x100 convention)"sv},
        {"+750"sv, 7.5, "KM[+750] read as 7.5 (Fox x100 convention)"sv},
        {"270400"sv, 2704, "KM[270400] read as 2704 (Fox x100 convention)"sv},
        {"270450"sv, 2704.5, "KM[270450] read as 2704.5 (Fox x100 convention)"sv},
    }));
    CAPTURE(row.raw);
    ValueIssues issues;
    const auto komi = sgfaudit::sgf::parse_komi(row.raw, issues);
    REQUIRE(komi.has_value());
    CHECK(komi->value == row.value);
    CHECK(komi->adjusted);
    check_issues(issues, {"S211", Severity::warning, row.message});
}

TEST_CASE("A stones komi written in hundredths is divided by 50, warning S212",
          "[sgf][values][komi]") {
    struct Row {
        std::string_view raw;
        double value;
        std::string_view message;
    };
    const auto row = GENERATE(values<Row>({
        {"375"sv, 7.5, "KM[375] read as 7.5 (3.75 stones written x100: Fox x50 convention)"sv},
        {"325"sv, 6.5, "KM[325] read as 6.5 (3.25 stones written x100: Fox x50 convention)"sv},
        {"275"sv, 5.5, "KM[275] read as 5.5 (2.75 stones written x100: Fox x50 convention)"sv},
        {"125"sv, 2.5, "KM[125] read as 2.5 (1.25 stones written x100: Fox x50 convention)"sv},
        {"-375"sv, -7.5, "KM[-375] read as -7.5 (-3.75 stones written x100: Fox x50 convention)"sv},
        {"135175"sv, 2703.5,
         "KM[135175] read as 2703.5 (1351.75 stones written x100: Fox x50 convention)"sv},
    }));
    CAPTURE(row.raw);
    ValueIssues issues;
    const auto komi = sgfaudit::sgf::parse_komi(row.raw, issues);
    REQUIRE(komi.has_value());
    CHECK(komi->value == row.value);
    CHECK(komi->adjusted);
    check_issues(issues, {"S212", Severity::warning, row.message});
}

TEST_CASE("R3: a quarter komi is kept as written, without an issue", "[sgf][values][komi]") {
    struct Row {
        std::string_view raw;
        double value;
    };
    const auto row = GENERATE(values<Row>({
        {"3.75"sv, 3.75},
        {"3.25"sv, 3.25},
        {"2.75"sv, 2.75},
        {"0.25"sv, 0.25},
        {"-2.75"sv, -2.75},
        {"99.75"sv, 99.75},
    }));
    CAPTURE(row.raw);
    ValueIssues issues;
    const auto komi = sgfaudit::sgf::parse_komi(row.raw, issues);
    REQUIRE(komi.has_value());
    CHECK(komi->value == row.value);
    CHECK_FALSE(komi->adjusted);
    CHECK(issues.empty());
}

TEST_CASE("R3: a decimal comma is read, warning S215", "[sgf][values][komi]") {
    struct Row {
        std::string_view raw;
        double value;
        std::string_view message;
    };
    const auto row = GENERATE(values<Row>({
        {"6,5"sv, 6.5, "KM[6,5] read as 6.5 (decimal comma)"sv},
        {" 7,50 "sv, 7.5, "KM[7,50] read as 7.5 (decimal comma)"sv},
        {"-0,5"sv, -0.5, "KM[-0,5] read as -0.5 (decimal comma)"sv},
    }));
    CAPTURE(row.raw);
    ValueIssues issues;
    const auto komi = sgfaudit::sgf::parse_komi(row.raw, issues);
    REQUIRE(komi.has_value());
    CHECK(komi->value == row.value);
    CHECK(komi->adjusted);
    check_issues(issues, {"S215", Severity::warning, row.message});
}

TEST_CASE("An unreadable komi is no komi, warning S214", "[sgf][values][komi]") {
    struct Row {
        std::string_view raw;
        std::string_view message;
    };
    const auto row = GENERATE(values<Row>({
        {"abc"sv, "KM[abc] is not a number; komi ignored"sv},
        {"5 1/2"sv, "KM[5 1/2] is not a number; komi ignored"sv},
        {"6,5,0"sv, "KM[6,5,0] is not a number; komi ignored"sv},
        {"6,5.0"sv, "KM[6,5.0] is not a number; komi ignored"sv},
        {"1e3"sv, "KM[1e3] is not a number; komi ignored"sv},
        {"inf"sv, "KM[inf] is not a number; komi ignored"sv},
        {"nan"sv, "KM[nan] is not a number; komi ignored"sv},
        {"7.5\x01"sv, "KM[7.5\\x01] is not a number; komi ignored"sv},
        {"\xc3\x28"sv, "KM[\\xC3(] is not a number; komi ignored"sv},
    }));
    CAPTURE(row.raw);
    ValueIssues issues;
    CHECK_FALSE(sgfaudit::sgf::parse_komi(row.raw, issues).has_value());
    check_issues(issues, {"S214", Severity::warning, row.message});
}

TEST_CASE("R3: other komi are kept as written, without an issue", "[sgf][values][komi]") {
    struct Row {
        std::string_view raw;
        double value;
    };
    // Not an integer multiple of 25 from 100 up: as written, however large for a komi.
    const auto row = GENERATE(values<Row>({
        {"9999"sv, 9999},
        {"-9999"sv, -9999},
        {"101"sv, 101},
        {"650.5"sv, 650.5},
        {"100.25"sv, 100.25},
        {"2704"sv, 2704},
    }));
    CAPTURE(row.raw);
    ValueIssues issues;
    const auto komi = sgfaudit::sgf::parse_komi(row.raw, issues);
    REQUIRE(komi.has_value());
    CHECK(komi->value == row.value);
    CHECK_FALSE(komi->adjusted);
    CHECK(issues.empty());
}

TEST_CASE("A komi larger than any count is no komi, warning S214", "[sgf][values][komi]") {
    struct Row {
        std::string_view raw;
        std::string_view message;
    };
    const auto row = GENERATE(values<Row>({
        {"1000000000"sv, "KM[1000000000] is larger than any count; komi ignored"sv},
        {"-1000001"sv, "KM[-1000001] is larger than any count; komi ignored"sv},
    }));
    CAPTURE(row.raw);
    ValueIssues issues;
    CHECK_FALSE(sgfaudit::sgf::parse_komi(row.raw, issues).has_value());
    check_issues(issues, {"S214", Severity::warning, row.message});
}

TEST_CASE("Values quoted in messages are cut after 40 characters", "[sgf][values][komi]") {
    const std::string raw = std::string(39, 'x') + "日本語";
    ValueIssues issues;
    CHECK_FALSE(sgfaudit::sgf::parse_komi(raw, issues).has_value());
    check_issues(issues, {"S214", Severity::warning,
                          "KM[" + std::string(39, 'x') + "日...] is not a number; komi ignored"});
}

// ---------------------------------------------------------------------------------------------
// RE

TEST_CASE("A result with a margin is a score", "[sgf][values][result]") {
    struct Row {
        std::string_view raw;
        Color winner;
        double margin;
    };
    const auto row = GENERATE(values<Row>({
        {"B+3.5"sv, Color::black, 3.5},
        {"W+0.5"sv, Color::white, 0.5},
        {"W+0.50"sv, Color::white, 0.5},
        {"B+0.02"sv, Color::black, 0.02},
        {"W+12.5"sv, Color::white, 12.5},
        {"B+7"sv, Color::black, 7},
        {"w+3.5"sv, Color::white, 3.5},
        {"b+.5"sv, Color::black, 0.5},
        {" B+3.5 "sv, Color::black, 3.5},
        {"W+133.50"sv, Color::white, 133.5},
    }));
    CAPTURE(row.raw);
    ValueIssues issues;
    const GameResult result = sgfaudit::sgf::parse_result(row.raw, issues);
    CHECK(result.kind == ResultKind::score);
    CHECK(result.winner == row.winner);
    CHECK(result.margin == row.margin);
    CHECK(result.text == row.raw);
    CHECK(issues.empty());
}

TEST_CASE("A result names its winner and reason", "[sgf][values][result]") {
    struct Row {
        std::string_view raw;
        ResultKind kind;
        Color winner;
    };
    const auto row = GENERATE(values<Row>({
        {"B+R"sv, ResultKind::resign, Color::black},
        {"W+R"sv, ResultKind::resign, Color::white},
        {"W+Resign"sv, ResultKind::resign, Color::white},
        {"b+r"sv, ResultKind::resign, Color::black},
        {"B+RESIGN"sv, ResultKind::resign, Color::black},
        {"B+T"sv, ResultKind::time, Color::black},
        {"W+Time"sv, ResultKind::time, Color::white},
        {"W+time"sv, ResultKind::time, Color::white},
        {"B+F"sv, ResultKind::forfeit, Color::black},
        {"W+Forfeit"sv, ResultKind::forfeit, Color::white},
        {"w+f"sv, ResultKind::forfeit, Color::white},
        {"B+"sv, ResultKind::win, Color::black},
        {"W+"sv, ResultKind::win, Color::white},
        {"B"sv, ResultKind::win, Color::black},
        {"W"sv, ResultKind::win, Color::white},
        {"w"sv, ResultKind::win, Color::white},
        {"\tW+R\n"sv, ResultKind::resign, Color::white},
    }));
    CAPTURE(row.raw);
    ValueIssues issues;
    const GameResult result = sgfaudit::sgf::parse_result(row.raw, issues);
    CHECK(result.kind == row.kind);
    CHECK(result.winner == row.winner);
    CHECK_FALSE(result.margin.has_value());
    CHECK(issues.empty());
}

TEST_CASE("Draws, void games and unknown results have no winner", "[sgf][values][result]") {
    struct Row {
        std::string_view raw;
        ResultKind kind;
    };
    const auto row = GENERATE(values<Row>({
        {"0"sv, ResultKind::draw},
        {"Draw"sv, ResultKind::draw},
        {"draw"sv, ResultKind::draw},
        {"DRAW"sv, ResultKind::draw},
        {"Jigo"sv, ResultKind::draw},
        {"jigo"sv, ResultKind::draw},
        {" 0 "sv, ResultKind::draw},
        {"Void"sv, ResultKind::void_game},
        {"void"sv, ResultKind::void_game},
        {"?"sv, ResultKind::unknown},
        {" ? "sv, ResultKind::unknown},
    }));
    CAPTURE(row.raw);
    ValueIssues issues;
    const GameResult result = sgfaudit::sgf::parse_result(row.raw, issues);
    CHECK(result.kind == row.kind);
    CHECK_FALSE(result.winner.has_value());
    CHECK_FALSE(result.margin.has_value());
    CHECK(result.text == row.raw);
    CHECK(issues.empty());
}

TEST_CASE("A winner with margin 0 is a score with warning S221", "[sgf][values][result]") {
    struct Row {
        std::string_view raw;
        Color winner;
        std::string_view message;
    };
    const auto row = GENERATE(values<Row>({
        {"B+0"sv, Color::black, "RE[B+0] names a winner with margin 0"sv},
        {"B+0.0"sv, Color::black, "RE[B+0.0] names a winner with margin 0"sv},
        {" W+0.00 "sv, Color::white, "RE[W+0.00] names a winner with margin 0"sv},
    }));
    CAPTURE(row.raw);
    ValueIssues issues;
    const GameResult result = sgfaudit::sgf::parse_result(row.raw, issues);
    CHECK(result.kind == ResultKind::score);
    CHECK(result.winner == row.winner);
    CHECK(result.margin == 0.0);
    check_issues(issues, {"S221", Severity::warning, row.message});
}

TEST_CASE("Any other result is kept verbatim as free text with note S220",
          "[sgf][values][result]") {
    struct Row {
        std::string_view raw;
        std::string_view text;
        std::string_view message;
    };
    const auto row = GENERATE(values<Row>({
        {"W+J"sv, "W+J"sv, "RE[W+J] is not a standard result; kept verbatim"sv},
        {"B+AW"sv, "B+AW"sv, "RE[B+AW] is not a standard result; kept verbatim"sv},
        {"W+Jigo"sv, "W+Jigo"sv, "RE[W+Jigo] is not a standard result; kept verbatim"sv},
        {"D+J"sv, "D+J"sv, "RE[D+J] is not a standard result; kept verbatim"sv},
        {"B+Illegal"sv, "B+Illegal"sv, "RE[B+Illegal] is not a standard result; kept verbatim"sv},
        {"W+Time Over"sv, "W+Time Over"sv,
         "RE[W+Time Over] is not a standard result; kept verbatim"sv},
        {"B+R."sv, "B+R."sv, "RE[B+R.] is not a standard result; kept verbatim"sv},
        {"B+7.5?"sv, "B+7.5?"sv, "RE[B+7.5?] is not a standard result; kept verbatim"sv},
        {"W+R (152 moves)"sv, "W+R (152 moves)"sv,
         "RE[W+R (152 moves)] is not a standard result; kept verbatim"sv},
        {"White wins by 3 points"sv, "White wins by 3 points"sv,
         "RE[White wins by 3 points] is not a standard result; kept verbatim"sv},
        {"Black resigned"sv, "Black resigned"sv,
         "RE[Black resigned] is not a standard result; kept verbatim"sv},
        {"B+-3.5"sv, "B+-3.5"sv, "RE[B+-3.5] is not a standard result; kept verbatim"sv},
        {"B++3"sv, "B++3"sv, "RE[B++3] is not a standard result; kept verbatim"sv},
        {"B+ 3.5"sv, "B+ 3.5"sv, "RE[B+ 3.5] is not a standard result; kept verbatim"sv},
        {"B+1e3"sv, "B+1e3"sv, "RE[B+1e3] is not a standard result; kept verbatim"sv},
        {"B-3.5"sv, "B-3.5"sv, "RE[B-3.5] is not a standard result; kept verbatim"sv},
        {"0.0"sv, "0.0"sv, "RE[0.0] is not a standard result; kept verbatim"sv},
        {"??"sv, "??"sv, "RE[??] is not a standard result; kept verbatim"sv},
        {""sv, ""sv, "RE[] is not a standard result; kept verbatim"sv},
        {"  "sv, "  "sv, "RE[] is not a standard result; kept verbatim"sv},
        // The text is the unescaped SimpleText; the message shows it trimmed.
        {" W+R\\]x "sv, " W+R]x "sv, "RE[W+R]x] is not a standard result; kept verbatim"sv},
        {"B+R\n(after 125)"sv, "B+R (after 125)"sv,
         "RE[B+R (after 125)] is not a standard result; kept verbatim"sv},
        {"黒中押し勝ち"sv, "黒中押し勝ち"sv,
         "RE[黒中押し勝ち] is not a standard result; kept verbatim"sv},
        {"B\xff"sv, "B\xff"sv, "RE[B\\xFF] is not a standard result; kept verbatim"sv},
        {"B+R\0"sv, "B+R\0"sv, "RE[B+R\\x00] is not a standard result; kept verbatim"sv},
    }));
    CAPTURE(row.raw);
    ValueIssues issues;
    const GameResult result = sgfaudit::sgf::parse_result(row.raw, issues);
    CHECK(result.kind == ResultKind::free_text);
    CHECK_FALSE(result.winner.has_value());
    CHECK_FALSE(result.margin.has_value());
    CHECK(result.text == row.text);
    check_issues(issues, {"S220", Severity::info, row.message});
}

TEST_CASE("The text of a result is its unescaped SimpleText", "[sgf][values][result]") {
    ValueIssues issues;
    const GameResult escaped = sgfaudit::sgf::parse_result("W\\+R", issues);
    CHECK(escaped.kind == ResultKind::resign);
    CHECK(escaped.text == "W+R");
    const GameResult soft_break = sgfaudit::sgf::parse_result("B+\\\n3.5", issues);
    CHECK(soft_break.kind == ResultKind::score);
    CHECK(soft_break.margin == 3.5);
    CHECK(soft_break.text == "B+3.5");
    CHECK(issues.empty());
}

TEST_CASE("Result kinds have stable names", "[sgf][values][result]") {
    using sgfaudit::sgf::to_string;
    CHECK(to_string(ResultKind::score) == "score");
    CHECK(to_string(ResultKind::win) == "win");
    CHECK(to_string(ResultKind::resign) == "resign");
    CHECK(to_string(ResultKind::time) == "time");
    CHECK(to_string(ResultKind::forfeit) == "forfeit");
    CHECK(to_string(ResultKind::draw) == "draw");
    CHECK(to_string(ResultKind::void_game) == "void");
    CHECK(to_string(ResultKind::unknown) == "unknown");
    CHECK(to_string(ResultKind::free_text) == "free_text");
}

// ---------------------------------------------------------------------------------------------
// Any bytes at all

TEST_CASE("Value parsers accept any byte string", "[sgf][values][robustness]") {
    static const std::set<std::string_view> known_codes{
        "S201", "S202", "S203", "S204", "S210", "S211", "S212", "S214", "S215", "S220", "S221"};
    // Bytes the parsers care about, plus NUL, high bytes and line breaks.
    static constexpr std::string_view alphabet =
        "ab tTsSzZ09+-.:\\\n\r\t\0\x80\xff\xc3"
        "BWRrDdVv?"sv;
    std::mt19937 rng(20240517);
    std::uniform_int_distribution<std::size_t> length(0, 24);
    std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
    for (int round = 0; round < 5000; ++round) {
        std::string raw(length(rng), '\0');
        for (char& c : raw) c = alphabet[pick(rng)];
        CAPTURE(raw);
        CHECK(sgfaudit::sgf::unescape_text(raw).size() <= raw.size());
        CHECK(sgfaudit::sgf::unescape_simple_text(raw).size() <= raw.size());
        (void)sgfaudit::sgf::parse_number(raw);
        if (const auto real = sgfaudit::sgf::parse_real(raw)) CHECK(std::isfinite(*real));
        ValueIssues issues;
        if (const auto size = sgfaudit::sgf::parse_size(raw, issues)) {
            CHECK((size->width >= 1 && size->width <= 52));
            CHECK((size->height >= 1 && size->height <= 52));
        }
        (void)sgfaudit::sgf::parse_point(raw, board19, issues);
        (void)sgfaudit::sgf::parse_move(raw, board19, issues);
        std::vector<Point> points;
        if (sgfaudit::sgf::expand_point_list_value(raw, board19, points, issues)) {
            CHECK(!points.empty());
            CHECK(points.size() <= 361);
        } else {
            CHECK(points.empty());
        }
        if (const auto komi = sgfaudit::sgf::parse_komi(raw, issues)) {
            CHECK(std::fabs(komi->value) <= 1e6);
        }
        const GameResult result = sgfaudit::sgf::parse_result(raw, issues);
        CHECK(result.text == sgfaudit::sgf::unescape_simple_text(raw));
        for (const auto& issue : issues) {
            CHECK(known_codes.count(issue.code) == 1);
            CHECK(!issue.message.empty());
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Real archives

namespace {

// The raw values of every `name[...]` in `text` (name not preceded by a letter), up to the first
// unescaped ']'.
void collect_values(std::string_view text, std::string_view name, std::vector<std::string>& out) {
    const auto is_letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
    for (std::size_t at = text.find(name); at != std::string_view::npos;
         at = text.find(name, at + 1)) {
        const std::size_t open = at + name.size();
        if (open >= text.size() || text[open] != '[') continue;
        if (at > 0 && is_letter(text[at - 1])) continue;
        std::size_t end = open + 1;
        while (end < text.size() && text[end] != ']') end += text[end] == '\\' ? 2 : 1;
        if (end >= text.size()) break;
        out.emplace_back(text.substr(open + 1, end - open - 1));
    }
}

}  // namespace

TEST_CASE("Every RE and KM value of the shared corpus is read deliberately",
          "[sgf][values][corpus]") {
    const std::filesystem::path corpus = std::filesystem::path(SGFAUDIT_SHARED_DIR) / "corpus";
    std::error_code ec;
    if (!std::filesystem::is_directory(corpus, ec)) {
        SGFAUDIT_SKIP("shared corpus not found at " << corpus.string());
    }
    std::vector<std::string> results;
    std::vector<std::string> komis;
    for (auto it = std::filesystem::recursive_directory_iterator(corpus, ec);
         !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
        if (!it->is_regular_file(ec)) continue;
        const auto ext = it->path().extension().string();
        if (ext != ".sgf" && ext != ".SGF" && ext != ".mgt") continue;
        std::ifstream in(it->path(), std::ios::binary);
        const std::string text{std::istreambuf_iterator<char>(in), {}};
        collect_values(text, "RE", results);
        collect_values(text, "KM", komis);
    }
    REQUIRE(results.size() > 10000);
    REQUIRE(komis.size() > 10000);

    std::map<ResultKind, std::size_t> kinds;
    for (const std::string& raw : results) {
        CAPTURE(raw);
        ValueIssues issues;
        const GameResult result = sgfaudit::sgf::parse_result(raw, issues);
        ++kinds[result.kind];
        CHECK(result.text == sgfaudit::sgf::unescape_simple_text(raw));
        const bool flagged_free_text = std::any_of(issues.begin(), issues.end(),
                                                   [](const auto& i) { return i.code == "S220"; });
        CHECK(flagged_free_text == (result.kind == ResultKind::free_text));
        CHECK(result.winner.has_value() ==
              (result.kind == ResultKind::score || result.kind == ResultKind::win ||
               result.kind == ResultKind::resign || result.kind == ResultKind::time ||
               result.kind == ResultKind::forfeit));
    }
    // Free text is the exception in real archives (GNU Go comments, "W+J", "B+R (152 moves)").
    CHECK(kinds[ResultKind::free_text] * 100 < results.size());
    CHECK(kinds[ResultKind::resign] > 0);
    CHECK(kinds[ResultKind::time] > 0);
    CHECK(kinds[ResultKind::score] > 0);
    CHECK(kinds[ResultKind::draw] > 0);
    CHECK(kinds[ResultKind::void_game] > 0);
    CHECK(kinds[ResultKind::unknown] > 0);
    CHECK(kinds[ResultKind::win] > 0);
    CHECK(kinds[ResultKind::forfeit] > 0);

    std::map<std::string_view, std::size_t> komi_codes;
    for (const std::string& raw : komis) {
        CAPTURE(raw);
        ValueIssues issues;
        const auto komi = sgfaudit::sgf::parse_komi(raw, issues);
        REQUIRE(issues.size() <= 1);
        if (!issues.empty()) ++komi_codes[issues[0].code];
        if (!komi) {
            REQUIRE(issues.size() == 1);
            CHECK((issues[0].code == "S210" || issues[0].code == "S214"));
        } else {
            // R3: under 100 once read, or as written (a real archive has KM[9999]).
            CHECK((std::fabs(komi->value) < 100 ||
                   (!komi->adjusted && komi->value == sgfaudit::sgf::parse_real(raw))));
            CHECK(komi->adjusted == !issues.empty());
            // Real komi are whole, half or (kept as written, R3) quarter points once read.
            CHECK(std::floor(komi->value * 4) == komi->value * 4);
        }
    }
    CHECK(komi_codes["S211"] > 0);  // Fox KM[650], KM[750]
    CHECK(komi_codes["S212"] > 0);  // Fox KM[375]
}
