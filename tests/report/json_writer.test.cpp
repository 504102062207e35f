// The JSON writer behind games.jsonl (through append_file_json): strings escaped exactly as
// json_string escapes them whatever their length and wherever the characters to escape fall
// (the writer checks eight bytes at a time and writes into a scratch buffer that grows).

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "sgfaudit/report/check.hpp"
#include "sgfaudit/report/folder.hpp"

using namespace sgfaudit;

namespace {

// The games.jsonl line of a file without games, named `file`.
std::string line_for(std::string_view file) {
    return R"({"schema":"sgfaudit-game/3","form":"compact","file":)" + report::json_string(file) +
           R"(,"game":null,"findings":false,"diagnostics":[]})" + "\n";
}

std::string written(std::string_view file) {
    std::string out;
    report::append_file_json(out, file, {});
    return out;
}

}  // namespace

TEST_CASE("JsonWriter strings: every byte that needs an escape, at every place in a word",
          "[report][json]") {
    const std::vector<std::string> specials = {
        "\"", "\\", std::string(1, '\0'), "\x01", "\x1f", "\x7f", "\n", "\t", "\r", "\b", "\f"};
    for (const std::string& special : specials) {
        for (std::size_t length = 1; length <= 20; ++length) {
            for (std::size_t at = 0; at < length; ++at) {
                std::string s(length, 'a');
                s.replace(at, 1, special);
                INFO("length " << length << ", at " << at);
                CHECK(written(s) == line_for(s));
            }
        }
    }
}

TEST_CASE("JsonWriter strings: clean text of every length, UTF-8 and odd bytes as they are",
          "[report][json]") {
    for (std::size_t length = 0; length <= 40; ++length) {
        const std::string s(length, 'x');
        CHECK(written(s) == line_for(s));
    }
    // Bytes next to the ones escaped, and high bytes whose low seven bits are '"', '\\', 0x7f
    // or control characters: none is taken for one of those (the bytes that are not UTF-8 are
    // written \xNN, both ways alike).
    std::string odd;
    for (int c : {0x20, 0x21, 0x23, 0x5b, 0x5d, 0x7e, 0x80, 0x81, 0x9f, 0xa2, 0xdc, 0xff, 0xc3,
                  0xfe, 0xa0, 0x9c})
        odd += static_cast<char>(c);
    for (std::size_t from = 0; from < odd.size(); ++from) {
        const std::string s = odd.substr(from) + odd.substr(0, from);
        CHECK(written(s) == line_for(s));
        CHECK(written(s).find("\\\\x") != std::string::npos);
    }
    const std::string utf8 = "本因坊 é \xf0\x9f\x98\x80 (valid) \xc3\x28 \xe2\x82 (invalid)";
    CHECK(written(utf8) == line_for(utf8));
}

TEST_CASE("JsonWriter strings: long strings across the growth of the buffer", "[report][json]") {
    for (std::size_t length : {4000u, 4095u, 4096u, 4097u, 9000u, 100000u}) {
        std::string clean(length, 'y');
        CHECK(written(clean) == line_for(clean));
        std::string late = clean;
        late[length - 1] = '"';
        CHECK(written(late) == line_for(late));
        std::string early = clean;
        early[3] = '\x02';
        CHECK(written(early) == line_for(early));
    }
    // One line after another on the same string: earlier lines are kept as they were.
    std::string out = "before\n";
    std::string expected = out;
    for (std::size_t length : {10u, 5000u, 3u, 70000u, 0u}) {
        const std::string s(length, 'z');
        report::append_file_json(out, s, {});
        expected += line_for(s);
    }
    CHECK(out == expected);
}

TEST_CASE("JsonWriter integers: one and two digits and beyond, as std::to_chars writes them",
          "[report][json]") {
    for (const std::uint32_t line :
         {0u, 1u, 9u, 10u, 11u, 42u, 99u, 100u, 101u, 999u, 1000u, 65535u, 4294967295u}) {
        sgf::Diagnostic d;
        d.severity = sgf::Severity::warning;
        d.code = "S101";
        d.file = "f.sgf";
        d.where = {line, line == 0 ? 0u : line - 1};
        d.message = "m";
        std::string out;
        report::append_file_json(out, "f.sgf", std::span(&d, 1), report::GameJson::full);
        const std::string expected = "\"line\":" + std::to_string(line) +
                                     ",\"column\":" + std::to_string(d.where.column) + ",";
        INFO("line " << line);
        CHECK(out.find(expected) != std::string::npos);
    }
}

TEST_CASE("A file name that is not UTF-8 still gives a valid games.jsonl line",
          "[report][json][escape]") {
    // A windows-1252 name (0xE9), a lone continuation byte, a C1 control, ESC.
    const std::string out = written("caf\xe9-\x80-\xc2\x9b-\x1b.sgf");
    CHECK(out.find(R"("file":"caf\\xe9-\\x80-\\u009b-\u001b.sgf")") != std::string::npos);
    CHECK(out == line_for("caf\xe9-\x80-\xc2\x9b-\x1b.sgf"));
    for (const char c : out) CHECK(static_cast<unsigned char>(c) < 0x80);
    // Valid UTF-8 is kept as it is.
    CHECK(written("\xe6\x9c\xac.sgf").find("\"\xe6\x9c\xac.sgf\"") != std::string::npos);
}
