// The text module: white space, UTF-8 sequences and text quoted in messages.

#include "sgfaudit/text/text.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace sgfaudit::text;
using namespace std::string_literals;

TEST_CASE("trim_ascii_whitespace takes the six ASCII white space characters off both ends",
          "[text]") {
    CHECK(trim_ascii_whitespace(" \t\n\v\f\rab c\r\n\t ") == "ab c");
    CHECK(trim_ascii_whitespace("") == "");
    CHECK(trim_ascii_whitespace(" \t\n") == "");
    CHECK(trim_ascii_whitespace("a") == "a");
    // Not NUL, not a no-break space.
    CHECK(trim_ascii_whitespace("\0a\0"s) == "\0a\0"s);
    CHECK(trim_ascii_whitespace("\xC2\xA0x\xC2\xA0") == "\xC2\xA0x\xC2\xA0");
    static_assert(trim_ascii_whitespace("  x ") == "x");
}

TEST_CASE("trim_space_tab takes only spaces and tabs off both ends", "[text]") {
    CHECK(trim_space_tab(" \t q16 \t") == "q16");
    CHECK(trim_space_tab("\nq16\r") == "\nq16\r");
    CHECK(trim_space_tab(" \t ") == "");
    static_assert(trim_space_tab("\t D4 ") == "D4");
}

TEST_CASE("utf8_sequence: the length of a well-formed sequence, else the ill-formed subpart",
          "[text]") {
    std::size_t subpart = 0;
    CHECK(utf8_sequence("a", 0) == 1);
    CHECK(utf8_sequence("\xC3\xA9", 0) == 2);          // é
    CHECK(utf8_sequence("\xE7\x99\xBD", 0) == 3);      // 白
    CHECK(utf8_sequence("\xF0\x9F\x98\x80", 0) == 4);  // U+1F600
    CHECK(utf8_sequence("x\xE7\x99\xBD", 1) == 3);     // from an offset
    CHECK(utf8_sequence("\x80", 0, subpart) == 0);     // a stray continuation byte
    CHECK(subpart == 1);
    CHECK(utf8_sequence("\xC0\xAF", 0, subpart) == 0);  // overlong
    CHECK(subpart == 1);
    CHECK(utf8_sequence("\xE0\x80\x80", 0, subpart) == 0);  // overlong three-byte form
    CHECK(subpart == 1);
    CHECK(utf8_sequence("\xED\xA0\x80", 0, subpart) == 0);  // a surrogate
    CHECK(subpart == 1);
    CHECK(utf8_sequence("\xF4\x90\x80\x80", 0, subpart) == 0);  // beyond U+10FFFF
    CHECK(subpart == 1);
    CHECK(utf8_sequence("\xE7\x99", 0, subpart) == 0);  // truncated at the end
    CHECK(subpart == 2);
    CHECK(utf8_sequence("\xE7\x99x", 0, subpart) == 0);  // cut by an ASCII byte
    CHECK(subpart == 2);
    CHECK(utf8_sequence("\xF5\x80", 0, subpart) == 0);
    CHECK(subpart == 1);
}

TEST_CASE("escaped_prefix, well_formed: controls and ill-formed bytes as hex escapes, cut at N",
          "[text]") {
    CHECK(escaped_prefix("abc", 40) == "abc");
    CHECK(escaped_prefix("a\tb\x7F", 40) == "a\\x09b\\x7F");
    CHECK(escaped_prefix("\xE7\x99\xBD\xE7\x9F\xB3", 40) == "\xE7\x99\xBD\xE7\x9F\xB3");
    CHECK(escaped_prefix("a\xFFz", 40) == "a\\xFFz");
    CHECK(escaped_prefix("\xED\xA0\x80", 40) == "\\xED\\xA0\\x80");  // a surrogate
    // Cut after N code points, never inside one; an escaped byte counts as one.
    CHECK(escaped_prefix("\xE7\x99\xBD\xE7\x9F\xB3x", 2) == "\xE7\x99\xBD\xE7\x9F\xB3...");
    CHECK(escaped_prefix("\x01\x02\x03", 2) == "\\x01\\x02...");
    CHECK(escaped_prefix("abc", 3) == "abc");
    bool cut = false;
    CHECK(escaped_prefix(std::string(41, 'x'), 40, Utf8Check::well_formed, &cut) ==
          std::string(40, 'x') + "...");
    CHECK(cut);
    CHECK(escaped_prefix(std::string(40, 'x'), 40, Utf8Check::well_formed, &cut) ==
          std::string(40, 'x'));
    CHECK_FALSE(cut);
}

TEST_CASE("escaped_prefix, lead_and_continuation: overlong forms and surrogates pass", "[text]") {
    const auto lax = [](std::string_view s, std::size_t n) {
        return escaped_prefix(s, n, Utf8Check::lead_and_continuation);
    };
    CHECK(lax("\xED\xA0\x80", 80) == "\xED\xA0\x80");
    CHECK(lax("\xE0\x80\x80", 80) == "\xE0\x80\x80");
    CHECK(lax("\xC0\xAF", 80) == "\\xC0\\xAF");  // C0 and C1 are never lead bytes
    CHECK(lax("\xE7\x99", 80) == "\\xE7\\x99");  // truncated
    CHECK(lax("a\nb", 80) == "a\\x0Ab");
    CHECK(lax("\xC3\xA9\xC3\xA9\xC3\xA9", 2) == "\xC3\xA9\xC3\xA9...");
}

TEST_CASE("escaped_prefix, none: decoded text, code points counted by their lead bytes", "[text]") {
    const auto decoded = [](std::string_view s, std::size_t n, bool* cut = nullptr) {
        return escaped_prefix(s, n, Utf8Check::none, cut);
    };
    CHECK(decoded("a\x01\xC3\xA9", 40) == "a\\x01\xC3\xA9");
    // Bytes of 0x80 and above are kept whatever they are; continuation bytes do not count.
    CHECK(decoded("\x80\x80"
                  "ab",
                  2) ==
          "\x80\x80"
          "ab");
    CHECK(decoded("\xFF"
                  "ab",
                  2) ==
          "\xFF"
          "a...");
    bool cut = false;
    CHECK(decoded("\xE7\x99\xBD\xE7\x9F\xB3", 1, &cut) == "\xE7\x99\xBD...");
    CHECK(cut);
    CHECK(decoded("ab", 2, &cut) == "ab");
    CHECK_FALSE(cut);
}

TEST_CASE("printable_ascii_prefix: printable ASCII kept, any other byte '?', cut at N bytes",
          "[text]") {
    CHECK(printable_ascii_prefix("UTF-8", 40) == "UTF-8");
    CHECK(printable_ascii_prefix("gb\xE7\x99\xBD\t2312", 40) ==
          "gb???"
          "?2312");
    CHECK(printable_ascii_prefix(std::string(41, 'a'), 40) == std::string(40, 'a') + "...");
    CHECK(printable_ascii_prefix(std::string(40, 'a'), 40) == std::string(40, 'a'));
}

TEST_CASE("to_lower_ascii, lower_ascii and iequals_ascii change the ASCII capitals only",
          "[text]") {
    CHECK(to_lower_ascii('A') == 'a');
    CHECK(to_lower_ascii('Z') == 'z');
    CHECK(to_lower_ascii('a') == 'a');
    CHECK(to_lower_ascii('@') == '@');
    CHECK(to_lower_ascii('[') == '[');
    CHECK(to_lower_ascii('\xC3') == '\xC3');
    CHECK(lower_ascii("Tromp-Taylor KO\xC3\x89") == "tromp-taylor ko\xC3\x89");
    CHECK(lower_ascii("") == "");
    CHECK(iequals_ascii("Resign", "rESIGN"));
    CHECK(iequals_ascii("", ""));
    CHECK_FALSE(iequals_ascii("draw", "draws"));
    CHECK_FALSE(iequals_ascii("\xC3\x89", "\xC3\xA9"));  // no case folding beyond ASCII
    static_assert(iequals_ascii("JIGO", "jigo"));
}

TEST_CASE("printable_text: bidirectional controls are shown as escapes and not obeyed", "[text]") {
    // U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069 (issue 30).
    CHECK(printable_text("evil\xE2\x80\xAEgpj.sgf") == "evil\\u202egpj.sgf");
    CHECK(printable_text("a\xD8\x9C"
                         "b") == "a\\u061cb");
    CHECK(printable_text("\xE2\x80\x8E\xE2\x80\x8F") == "\\u200e\\u200f");
    CHECK(printable_text("\xE2\x80\xAA\xE2\x80\xAB\xE2\x80\xAC\xE2\x80\xAD") ==
          "\\u202a\\u202b\\u202c\\u202d");
    CHECK(printable_text("\xE2\x81\xA6\xE2\x81\xA7\xE2\x81\xA8\xE2\x81\xA9") ==
          "\\u2066\\u2067\\u2068\\u2069");
    // Their neighbours are text: U+200D (zero-width joiner), U+202F, U+2065, U+206A, U+061B.
    for (const std::string& s : {"\xE2\x80\x8D"s, "\xE2\x80\xAF"s, "\xE2\x81\xA5"s, "\xE2\x81\xAA"s,
                                 "\xD8\x9B"s, "\xE5\x9B\xB4"s}) {
        CHECK(printable_text(s) == s);
    }
    // With the rest of the rule: C0 (a new line too, unless kept), DEL, C1, bytes not UTF-8.
    CHECK(printable_text("x\n\ny") == "x\\x0a\\x0ay");
    CHECK(printable_text("x\n\ny", "\n") == "x\n\ny");
    CHECK(printable_text("\x7F\xC2\x9B\xFF") == "\\x7f\\u009b\\xff");
    CHECK(is_bidi_control(0x202E));
    CHECK_FALSE(is_bidi_control(0x202F));
}
