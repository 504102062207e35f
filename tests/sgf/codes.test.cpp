// The registry of diagnostic codes (sgf/codes.hpp) against docs/diagnostics.md, and against the
// diagnostics the reader and the record give.

#include "sgfaudit/sgf/codes.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"

#ifndef SGFAUDIT_SOURCE_DIR
#define SGFAUDIT_SOURCE_DIR "."
#endif

using namespace sgfaudit::sgf;

namespace {

struct DocRow {
    std::string code;
    std::string severity;  // the severity cell as written
};

std::string trimmed(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return std::string(s);
}

// The rows of docs/diagnostics.md's code tables: "| F005 | error | ... |".
std::vector<DocRow> documented_codes() {
    std::ifstream in(std::string(SGFAUDIT_SOURCE_DIR) + "/docs/diagnostics.md");
    REQUIRE(in.good());
    std::vector<DocRow> rows;
    std::string line;
    while (std::getline(in, line)) {
        if (line.size() < 8 || line.rfind("| ", 0) != 0) continue;
        const std::string code = line.substr(2, 4);
        const bool is_code = (code[0] == 'F' || code[0] == 'S') && code[1] >= '0' &&
                             code[1] <= '9' && code[2] >= '0' && code[2] <= '9' && code[3] >= '0' &&
                             code[3] <= '9';
        if (!is_code) continue;
        const std::size_t cell = line.find('|', 1);
        const std::size_t cell_end = line.find('|', cell + 1);
        REQUIRE(cell_end != std::string::npos);
        rows.push_back(
            {code, trimmed(std::string_view(line).substr(cell + 1, cell_end - cell - 1))});
    }
    return rows;
}

// The severity cell of a registered code as docs/diagnostics.md writes it: its severity's name
// first ("warning (error when ...)" for S128), "-" for a retired code.
bool severity_matches(const DiagnosticCode& c, const std::string& cell) {
    if (c.retired) return cell == "-";
    const std::string_view name = to_string(c.severity);
    return cell == name || cell.rfind(std::string(name) + " (", 0) == 0;
}

}  // namespace

TEST_CASE("docs/diagnostics.md lists exactly the registry's codes in its order",
          "[sgf][codes][docs]") {
    const std::vector<DocRow> rows = documented_codes();
    REQUIRE(rows.size() == kDiagnosticCodes.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        INFO(rows[i].code);
        CHECK(rows[i].code == kDiagnosticCodes[i].code);
    }
}

TEST_CASE("docs/diagnostics.md gives each code the registry's severity", "[sgf][codes][docs]") {
    for (const DocRow& row : documented_codes()) {
        INFO(row.code << ": " << row.severity);
        const DiagnosticCode* c = find_diagnostic_code(row.code);
        REQUIRE(c != nullptr);
        CHECK(severity_matches(*c, row.severity));
    }
}

TEST_CASE("F005 is one code for files and archive members alike", "[sgf][codes]") {
    CHECK(std::string_view(codes::file_too_large) == "F005");
    CHECK(find_diagnostic_code("F005") == &kDiagnosticCodes[4]);
    CHECK(find_diagnostic_code("F999") == nullptr);
    CHECK(codes::limit_diagnostics.severity == Severity::warning);
}

TEST_CASE("every diagnostic the reader and the record give has a registered code and severity",
          "[sgf][codes]") {
    // Inputs that meet many codes of the reader (S1xx), the values (S2xx) and the record (S3xx).
    const std::vector<std::string> inputs = {
        "junk before (;GM[1]FF[9]SZ[5]KM[]HA[x]PL[Q];B[aa]W[bb];AddBlack[cc];B[zz]C[a]b])",
        "(;GM[2])",
        "(;SZ[0])",
        "(;SZ[19]KM[650]RE[B+0];B[tt]AB[aa:aa]AE[])",
        "(;SZ[9]KM[6,5]RE[something];MN[-5]B[aa];SZ[5]KM[1])",
        "(;SZ[9]KM[5 1/2]AB[]C[x]",
        ";B[aa]",
        "()",
        "",
        "(;FF[x]GM[1];B[aa]W[bb]) trailing",
        "(;B[aa]C[unclosed",
    };
    std::size_t seen = 0;
    for (const std::string& text : inputs) {
        const Document doc = read_document("t.sgf", text);
        std::vector<Diagnostic> all = doc.diagnostics();
        for (std::size_t g = 0; g < doc.games().size(); ++g) {
            const GameRecord rec = read_record(doc, g);
            all.insert(all.end(), rec.diagnostics.begin(), rec.diagnostics.end());
        }
        for (const Diagnostic& d : all) {
            INFO(text << " -> " << format(d));
            const DiagnosticCode* c = find_diagnostic_code(d.code);
            REQUIRE(c != nullptr);
            CHECK_FALSE(c->retired);
            if (d.code != "S128") CHECK(d.severity == c->severity);
            ++seen;
        }
    }
    CHECK(seen >= 15);
}
