// sgf::printable_text: the text every output medium starts from (docs/robustness.md,
// "Escaping per medium").

#include <catch2/catch.hpp>
#include <string>

#include "sgfaudit/sgf/encoding.hpp"

using sgfaudit::sgf::printable_text;

TEST_CASE("printable_text writes control characters and bytes that are not UTF-8 as escapes",
          "[sgf][escape]") {
    using namespace std::string_literals;
    // C0 and DEL as \xNN: a terminal never sees ESC, BEL or NUL.
    CHECK(printable_text("\x1b[2Jname\x07") == "\\x1b[2Jname\\x07");
    CHECK(printable_text("a\0b"s) == "a\\x00b");
    CHECK(printable_text("del\x7f") == "del\\x7f");
    CHECK(printable_text("two\nlines\ttab") == "two\\x0alines\\x09tab");
    // Kept when asked.
    CHECK(printable_text("two\nlines\ttab", "\n") == "two\nlines\\x09tab");
    // C1 controls (U+0080-U+009F, CSI is U+009B) as \u00NN.
    CHECK(printable_text("a\xc2\x9b"
                         "31mb") == "a\\u009b31mb");
    // Valid UTF-8 as it is (U+00A0 and above, CJK, emoji).
    CHECK(printable_text("\xc2\xa0\xe6\x9c\xac\xe5\x9b\xa0\xe5\x9d\x8a \xf0\x9f\x98\x80") ==
          "\xc2\xa0\xe6\x9c\xac\xe5\x9b\xa0\xe5\x9d\x8a \xf0\x9f\x98\x80");
    // Bytes that are not UTF-8 (a windows-1252 file name; a cut sequence; an overlong form).
    CHECK(printable_text("caf\xe9.sgf") == "caf\\xe9.sgf");
    CHECK(printable_text("\xe6\x9c") == "\\xe6\\x9c");
    CHECK(printable_text("\xc0\xaf") == "\\xc0\\xaf");
    CHECK(printable_text("\xff") == "\\xff");
    CHECK(printable_text("plain ASCII") == "plain ASCII");
}
