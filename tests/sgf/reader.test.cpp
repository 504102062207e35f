// The SGF tree reader: one test per grammar feature and per diagnostic code, on the files of
// corpus/syntax/ (written for these tests) and on strings built here.

#include "sgfaudit/sgf/reader.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "sgfaudit/sgf/record.hpp"
#include "sgfaudit/sgf/values.hpp"

using namespace sgfaudit::sgf;

namespace {

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in.good());
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

Document read_corpus(const std::string& name) {
    const std::string path = std::string(SGFAUDIT_SOURCE_DIR) + "/corpus/syntax/" + name;
    return read_document("corpus/syntax/" + name, slurp(path));
}

Document read_text(std::string text) {
    return read_document("test.sgf", std::move(text));
}

std::size_t count_code(const Document& doc, std::string_view code) {
    std::size_t n = 0;
    for (const auto& d : doc.diagnostics()) n += d.code == code ? 1 : 0;
    return n;
}

const Diagnostic& first_with(const Document& doc, std::string_view code) {
    for (const auto& d : doc.diagnostics()) {
        if (d.code == code) return d;
    }
    FAIL("no diagnostic " << code);
    throw std::logic_error("unreachable");
}

// The main line of game `g` as "B[ee] W[cc] ..." (moves only).
std::string main_line(const Document& doc, std::size_t g = 0) {
    std::string out;
    for (std::uint32_t n = doc.games()[g].root; n != kNone; n = doc.node(n).first_child) {
        const Node& node = doc.node(n);
        for (std::uint32_t i = 0; i < node.property_count; ++i) {
            const Property& p = doc.property(node.first_property + i);
            if (doc.id(p) != "B" && doc.id(p) != "W") continue;
            if (!out.empty()) out += ' ';
            out += std::string(doc.id(p)) + "[" + std::string(doc.value(p.first_value)) + "]";
        }
    }
    return out;
}

std::string root_value(const Document& doc, std::string_view id, std::size_t g = 0) {
    std::string_view v;
    if (!doc.first_value(doc.node(doc.games()[g].root), id, v)) return "<absent>";
    return std::string(v);
}

}  // namespace

TEST_CASE("A plain game has one tree, its root properties and a main line", "[sgf][reader]") {
    const Document doc = read_corpus("basic.sgf");
    REQUIRE(doc.games().size() == 1);
    CHECK(doc.diagnostics().empty());
    CHECK(root_value(doc, "PB") == "Alice");
    CHECK(root_value(doc, "KM") == "7.5");
    CHECK(main_line(doc) == "B[ee] W[gc] B[cg] W[gg] B[] W[]");
    CHECK(doc.games()[0].node_count == 7);
}

TEST_CASE("A collection holds several game trees", "[sgf][reader]") {
    const Document doc = read_corpus("collection.sgf");
    REQUIRE(doc.games().size() == 3);
    CHECK(root_value(doc, "PB", 0) == "One");
    CHECK(root_value(doc, "SZ", 1) == "13");
    CHECK(main_line(doc, 2) == "B[dd] W[pp] B[dp]");
    CHECK(doc.diagnostics().empty());
}

TEST_CASE("Variations are kept as a tree and the main line is the first child", "[sgf][reader]") {
    const Document doc = read_corpus("variations.sgf");
    REQUIRE(doc.games().size() == 1);
    CHECK(main_line(doc) == "B[ee] W[cc] B[gg] W[gc]");
    // B[ee] has two children: W[cc] and W[gg].
    const Node& root = doc.node(doc.games()[0].root);
    const Node& ee = doc.node(root.first_child);
    REQUIRE(ee.first_child != kNone);
    const Node& first = doc.node(ee.first_child);
    REQUIRE(first.next_sibling != kNone);
    const Node& second = doc.node(first.next_sibling);
    CHECK(doc.value(doc.property(second.first_property).first_value) == "gg");
    CHECK(second.parent == root.first_child);
    CHECK(doc.games()[0].node_count == 8);
}

TEST_CASE("Escaped brackets and backslashes stay inside their value", "[sgf][reader]") {
    const Document doc = read_corpus("escapes.sgf");
    REQUIRE(doc.games().size() == 1);
    CHECK(doc.diagnostics().empty());
    CHECK(unescape_text(root_value(doc, "C")) ==
          "a ] bracket, a \\ backslash, a softbreak and\na hard one");
    CHECK(unescape_simple_text(root_value(doc, "PB")) == "Name with ]");
    CHECK(main_line(doc) == "B[aa]");
}

TEST_CASE("A property may have many values, including composed ones", "[sgf][reader]") {
    const Document doc = read_corpus("composed.sgf");
    const Node& root = doc.node(doc.games()[0].root);
    const Property* lb = doc.find(root, "LB");
    REQUIRE(lb != nullptr);
    REQUIRE(lb->value_count == 2);
    CHECK(doc.value(lb->first_value) == "ee:centre");
    CHECK(doc.value(lb->first_value + 1) == "aa:corner");
    CHECK(root_value(doc, "AP") == "sgfaudit-tests:1.0");
}

TEST_CASE("S100: text before the first game tree is skipped with a warning", "[sgf][reader]") {
    const Document doc = read_corpus("junk-before.sgf");
    REQUIRE(doc.games().size() == 1);
    CHECK(main_line(doc) == "B[ee] W[cc]");
    const Diagnostic& d = first_with(doc, "S100");
    CHECK(d.severity == Severity::warning);
    CHECK(d.where == Location{1, 1});
    CHECK_FALSE(doc.has_errors());
}

TEST_CASE("S101: a missing final ')' is recovered with a warning", "[sgf][reader]") {
    const Document doc = read_corpus("missing-close.sgf");
    REQUIRE(doc.games().size() == 1);
    CHECK(main_line(doc) == "B[ee] W[cc] B[gg]");
    CHECK(count_code(doc, "S101") == 1);
    CHECK_FALSE(doc.has_errors());
}

TEST_CASE("S102: lower-case letters in identifiers are dropped, FF3 style", "[sgf][reader]") {
    const Document doc = read_corpus("mixed-case.sgf");
    REQUIRE(doc.games().size() == 1);
    CHECK(root_value(doc, "SZ") == "9");
    CHECK(root_value(doc, "AB") == "aa");
    CHECK(root_value(doc, "PB") == "Old Timer");
    CHECK(main_line(doc) == "B[ee] W[cc]");
    // One warning per distinct identifier as written.
    CHECK(count_code(doc, "S102") == 6);
    CHECK(first_with(doc, "S102").where == Location{1, 8});
}

TEST_CASE("S102: an all-lower-case identifier is ignored with its values", "[sgf][reader]") {
    const Document doc = read_text("(;GM[1]SZ[9];b[ee];W[cc])");
    CHECK(main_line(doc) == "W[cc]");
    CHECK(count_code(doc, "S102") == 1);
}

TEST_CASE("S103: a property repeated in a node is kept with a warning", "[sgf][reader]") {
    const Document doc = read_corpus("repeated-property.sgf");
    CHECK(count_code(doc, "S103") == 2);
    CHECK(root_value(doc, "AP") == "first");
    std::size_t ab = 0;
    doc.for_each_property(doc.node(doc.games()[0].root), "AB", [&](const Property&) { ++ab; });
    CHECK(ab == 2);
}

TEST_CASE("S104: an unescaped closing bracket inside a comment is recovered", "[sgf][reader]") {
    const Document doc = read_corpus("unescaped-bracket.sgf");
    REQUIRE(doc.games().size() == 1);
    CHECK(root_value(doc, "C") == "see diagram [1] below");
    CHECK(main_line(doc) == "B[ee] W[cc]");
    CHECK(count_code(doc, "S104") == 1);
}

TEST_CASE("S104 never applies to a move: a closing bracket always ends a point value",
          "[sgf][reader]") {
    const Document doc = read_text("(;GM[1]SZ[9];B[ee]x];W[cc])");
    CHECK(main_line(doc) == "B[ee] W[cc]");
    CHECK(count_code(doc, "S104") == 0);
    CHECK(count_code(doc, "S108") == 1);
}

TEST_CASE("S105: properties right after '(' get a node of their own", "[sgf][reader]") {
    const Document doc = read_corpus("missing-semicolon.sgf");
    REQUIRE(doc.games().size() == 1);
    CHECK(root_value(doc, "PB") == "No Semicolon");
    CHECK(main_line(doc) == "B[ee] W[cc]");
    CHECK(first_with(doc, "S105").where == Location{2, 1});
}

TEST_CASE("S106: a value open at the end of the file is an error for its game", "[sgf][reader]") {
    const Document doc = read_corpus("unclosed-value.sgf");
    REQUIRE(doc.games().size() == 1);
    const Diagnostic& d = first_with(doc, "S106");
    CHECK(d.severity == Severity::error);
    CHECK(d.where == Location{1, 26});
    CHECK(d.game == 0);
    CHECK_FALSE(doc.games()[0].complete);
    CHECK(main_line(doc) == "B[ee] W[cc]");
}

TEST_CASE("S107: a file without a game tree is an error", "[sgf][reader]") {
    const Document doc = read_corpus("no-game.sgf");
    CHECK(doc.games().empty());
    CHECK(first_with(doc, "S107").severity == Severity::error);
}

TEST_CASE("S108: unexpected text between nodes is skipped", "[sgf][reader]") {
    const Document doc = read_corpus("unexpected-text.sgf");
    CHECK(main_line(doc) == "B[ee] W[cc]");
    CHECK(first_with(doc, "S108").where == Location{1, 20});
}

TEST_CASE("S109: text after the last game tree is ignored with a warning", "[sgf][reader]") {
    const Document doc = read_corpus("text-after.sgf");
    REQUIRE(doc.games().size() == 1);
    CHECK(first_with(doc, "S109").where == Location{3, 1});
}

TEST_CASE("S110: an identifier without a value is ignored", "[sgf][reader]") {
    const Document doc = read_corpus("no-value.sgf");
    CHECK(main_line(doc) == "B[ee]");
    CHECK(count_code(doc, "S110") == 1);
}

TEST_CASE("S111: an empty game tree is dropped with a warning", "[sgf][reader]") {
    const Document doc = read_corpus("empty-tree.sgf");
    REQUIRE(doc.games().size() == 1);
    CHECK(count_code(doc, "S111") == 1);
}

TEST_CASE("S112: an empty file is an error", "[sgf][reader]") {
    const Document doc = read_corpus("empty.sgf");
    CHECK(doc.games().empty());
    CHECK(first_with(doc, "S112").severity == Severity::error);
    CHECK(count_code(read_text("  \n\t "), "S112") == 1);
}

TEST_CASE("S113: a binary file is not read as SGF", "[sgf][reader]") {
    std::string bytes = "(;GM[1]";
    for (int i = 0; i < 200; ++i) bytes += static_cast<char>(i % 8);
    const Document doc = read_text(bytes);
    CHECK(doc.games().empty());
    CHECK(first_with(doc, "S113").severity == Severity::error);
}

TEST_CASE("S114: a variation with no node before it continues the sequence", "[sgf][reader]") {
    const Document doc = read_corpus("empty-variation.sgf");
    REQUIRE(doc.games().size() == 1);
    CHECK(count_code(doc, "S114") == 1);
    CHECK(main_line(doc) == "B[ee] W[cc]");
    // A '(' right after the opening '(' of a file is not a game tree: the two trees inside
    // are a collection, and the stray parentheses are reported.
    const Document nested = read_text("((;B[aa])(;B[bb]))");
    REQUIRE(nested.games().size() == 2);
    CHECK(count_code(nested, "S100") == 1);
    CHECK(count_code(nested, "S109") == 1);
}

TEST_CASE("Lines and columns count line breaks of every convention", "[sgf][reader]") {
    const Document doc = read_corpus("crlf.sgf");
    const Node& second = doc.node(doc.node(doc.games()[0].root).first_child);
    CHECK(doc.locate(second.offset) == Location{3, 1});
    const Document cr = read_text("(;GM[1]\r;B[aa]\r;W[bb] ?? )");
    CHECK(first_with(cr, "S108").where == Location{3, 8});
}

TEST_CASE("Columns count characters, not bytes", "[sgf][reader]") {
    const Document doc = read_text("(;PB[\xC3\xA9\xC3\xA9] ## ;B[aa])");
    CHECK(first_with(doc, "S108").where == Location{1, 10});
}

TEST_CASE("Deep nesting is read without recursion", "[sgf][reader]") {
    // One variation per move, 50,000 deep, as OGS exports nest them.
    std::string text = "(;GM[1]SZ[19]";
    const int depth = 50000;
    for (int i = 0; i < depth; ++i) {
        text += "(;";
        text += (i % 2 == 0) ? "B[" : "W[";
        text += static_cast<char>('a' + i % 19);
        text += static_cast<char>('a' + (i / 19) % 19);
        text += ']';
    }
    text += std::string(depth, ')') + ")";
    const Document doc = read_text(text);
    REQUIRE(doc.games().size() == 1);
    CHECK(doc.games()[0].node_count == depth + 1);
    CHECK(doc.diagnostics().empty());
}

TEST_CASE("S121/S122/S123/S124/S125/S120: limits give errors, not crashes", "[sgf][reader]") {
    ReadLimits limits;
    limits.max_depth = 10;
    limits.max_nodes_per_game = 20;
    limits.max_values_per_property = 5;
    limits.max_value_bytes = 16;
    limits.max_games = 2;
    limits.max_file_bytes = 4096;

    std::string deep =
        "(;GM[1]" + std::string(30, '(') + ";B[aa]" + std::string(30, ')') + ")(;GM[1];B[bb])";
    Document doc = read_document("deep.sgf", deep, limits);
    CHECK(count_code(doc, "S121") == 1);
    REQUIRE(doc.games().size() == 2);
    CHECK_FALSE(doc.games()[0].complete);
    CHECK(main_line(doc, 1) == "B[bb]");  // the next game is still read

    std::string many = "(;GM[1]";
    for (int i = 0; i < 40; ++i) many += ";B[aa]";
    many += ")";
    CHECK(count_code(read_document("many.sgf", many, limits), "S122") == 1);
    CHECK(count_code(read_document("vals.sgf", "(;AB[aa][bb][cc][dd][ee][ff][gg])", limits),
                     "S123") == 1);
    CHECK(count_code(read_document("long.sgf", "(;C[" + std::string(40, 'x') + "])", limits),
                     "S124") == 1);
    Document games = read_document("games.sgf", "(;B[aa])(;B[bb])(;B[cc])", limits);
    CHECK(games.games().size() == 2);
    CHECK(count_code(games, "S125") == 1);
    CHECK(count_code(read_document("big.sgf", std::string(5000, ' '), limits), "S120") == 1);
}

TEST_CASE("Any prefix of a valid file is read without a crash", "[sgf][reader]") {
    const std::string text =
        "(;GM[1]FF[4]SZ[19]C[a \\] b]PB[x];B[pd](;W[dp];B[]TB[aa:bb])(;W[dd]LB[aa:x]))";
    for (std::size_t n = 0; n <= text.size(); ++n) {
        const Document doc = read_text(text.substr(0, n));
        CHECK(doc.games().size() <= 1);
    }
}

TEST_CASE("A Shift_JIS trail byte 0x5C does not swallow the closing bracket",
          "[sgf][reader][encoding]") {
    for (const char* name : {"shift-jis-declared.sgf", "shift-jis-undeclared.sgf"}) {
        INFO(name);
        const Document doc = read_corpus(name);
        REQUIRE(doc.games().size() == 1);
        CHECK(main_line(doc).substr(0, 11) == "B[ee] W[cc]");
        CHECK_FALSE(doc.has_errors());
    }
    CHECK(root_value(read_corpus("shift-jis-declared.sgf"), "PB") == "\xE8\xA1\xA8");  // 表
    CHECK(root_value(read_corpus("shift-jis-declared.sgf"), "PW") ==
          "\xE3\x82\xBD\xE8\x83\xBD");  // ソ能
    CHECK(root_value(read_corpus("shift-jis-undeclared.sgf"), "PB") ==
          "\xE8\xA1\xA8\xE7\xA4\xBA");  // 表示
}

TEST_CASE("Declared Latin-1, GB2312 and UTF-16 files are decoded to UTF-8",
          "[sgf][reader][encoding]") {
    CHECK(root_value(read_corpus("latin1-declared.sgf"), "PB") == "J\xC3\xBCrgen M\xC3\xBCller");
    CHECK(root_value(read_corpus("gb2312-declared.sgf"), "PB") == "\xE6\x9F\xAF\xE6\xB4\x81");
    const Document utf16 = read_corpus("utf16-bom.sgf");
    REQUIRE(utf16.games().size() == 1);
    CHECK(root_value(utf16, "PB") == "\xE6\x9D\x8E\xE4\xB8\x96\xE4\xB9\xAD");  // 李世乭
    CHECK(main_line(utf16) == "B[ee]");
}

namespace {

// Every node of every game as "id[value][value] id[...] ; ..." with the offsets of values, and
// the diagnostics as "code@line:col": the whole of what the reader recorded.
std::string dump(const Document& doc) {
    std::string out;
    for (std::uint32_t n = 0; n < doc.node_count(); ++n) {
        const Node& node = doc.node(n);
        out += "; parent " + std::to_string(node.parent) + " ";
        for (std::uint32_t i = 0; i < node.property_count; ++i) {
            const Property& p = doc.property(node.first_property + i);
            CHECK(p.key == sgfaudit::sgf::id_key(doc.id(p)));
            out += std::string(doc.id(p));
            for (std::uint32_t v = 0; v < p.value_count; ++v) {
                out += "[" + std::string(doc.value(p.first_value + v)) + "]";
            }
            out += ' ';
        }
    }
    for (const auto& d : doc.diagnostics()) {
        out += " " + std::string(d.code);
    }
    return out;
}

}  // namespace

TEST_CASE("Plain move nodes and their near misses read as the general reader reads them",
          "[sgf][reader]") {
    // A space after each ';' keeps every node off the fast path for plain moves; the reading
    // must be the same either way.
    const char* const texts[] = {
        "(;GM[1]SZ[19];B[pd];W[dp];B[pp];W[dd])",
        "(;B[aa];W[bb]C[x];B[cc][dd];W[d\\]];B[ee]  ;W[ff])",
        "(;W[];B[tt];W[a];B[abc];W[aa]B[bb];B[AB];W[ee]\n[ff];B[b\\\\];W[)",
        "(;B[aa](;W[bb];B[cc])(;W[cc]))(;B[dd];b[ee];B[ff]W[gg])",
        "(;KO[];B[aa];MN[3]W[bb];B[cc]\n)",
    };
    for (const char* text : texts) {
        std::string spaced;
        for (const char* c = text; *c != '\0'; ++c) {
            spaced += *c;
            if (*c == ';') spaced += ' ';
        }
        CAPTURE(text);
        const Document plain = read_text(text);
        const Document general = read_text(spaced);
        CHECK(dump(plain) == dump(general));
        REQUIRE(plain.games().size() == general.games().size());
        for (std::size_t g = 0; g < plain.games().size(); ++g) {
            const auto a = sgfaudit::sgf::read_record(plain, g);
            const auto b = sgfaudit::sgf::read_record(general, g);
            REQUIRE(a.events.size() == b.events.size());
            for (std::size_t i = 0; i < a.events.size(); ++i) {
                CHECK(a.events[i].kind == b.events[i].kind);
                CHECK(a.events[i].color == b.events[i].color);
                CHECK(a.events[i].pass == b.events[i].pass);
                CHECK(a.events[i].forced == b.events[i].forced);
                CHECK(a.events[i].point == b.events[i].point);
                CHECK(a.events[i].depth == b.events[i].depth);
            }
            CHECK(a.moves == b.moves);
            CHECK(a.passes == b.passes);
            CHECK(a.diagnostics.size() == b.diagnostics.size());
        }
    }
}

TEST_CASE("S100: a file with no game tree is not quoted (a link to /etc/passwd named like SGF)",
          "[sgf][reader][hostile]") {
    const Document doc = read_document("leak.sgf", "root:x:0:0:root:/root:/bin/bash\n");
    const Diagnostic& d = first_with(doc, "S100");
    CHECK(d.message.find("root") == std::string::npos);
    CHECK(d.message.find("not quoted") != std::string::npos);
    CHECK(count_code(doc, "S107") == 1);
    for (const Diagnostic& e : doc.diagnostics())
        CHECK(e.message.find("/bin/bash") == std::string::npos);
    // With a game tree after it the text is SGF's own junk: quoted as before.
    const Document sgf = read_document("mail.sgf", "From: a friend\n(;GM[1])");
    CHECK(first_with(sgf, "S100").message.find("From: a friend") != std::string::npos);
}
