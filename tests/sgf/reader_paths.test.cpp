// The reader's fast paths switched off (ReadPath::general) against on (ReadPath::fast): every file
// of corpus/, every saved input of the reader fuzz target and, when it is beside the repository,
// every file of ../shared/corpus, read under the default limits and under limits tight enough to
// cut nodes, values and properties short, must give the same Document (tree, properties, values,
// identifiers, diagnostics: Document::same_as). plain_nodes.test.cpp checks the same promise
// on crafted shapes by spacing the text off the fast paths; this test needs no such trick.

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"
#include "skip.hpp"
#include "slurp.hpp"

namespace fs = std::filesystem;
using namespace sgfaudit::sgf;

namespace {

using sgfaudit_test::slurp;

std::vector<fs::path> files_under(const fs::path& root) {
    std::vector<fs::path> out;
    if (!fs::is_directory(root)) return out;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        if (e.is_regular_file()) out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

// The limit sets: the defaults, tight ones that make the general path report S121-S127, and each
// of those limits alone at its least.
std::vector<ReadLimits> limit_sets() {
    std::vector<ReadLimits> sets(11);
    sets[1].max_nodes_per_game = 7;
    sets[1].max_depth = 2;
    sets[1].max_diagnostics = 5;
    sets[2].max_properties_per_node = 2;
    sets[2].max_values_per_node = 3;
    sets[2].max_values_per_property = 2;
    sets[2].max_value_bytes = 8;
    sets[3].max_properties_per_node = 1;  // tighter than a move node: plain_nodes is off
    sets[3].max_values_per_node = 1;
    sets[3].max_value_bytes = 1;
    // Each limit at its least, where the fast paths themselves meet it (record_property reports
    // it, or plain_nodes leaves the node to the general path).
    sets[4].max_properties_per_node = 0;
    sets[5].max_values_per_property = 0;
    sets[6].max_values_per_node = 0;
    sets[7].max_value_bytes = 0;
    sets[8].max_depth = 1;  // not 0: see ReadPath (reader.hpp)
    sets[9].max_nodes_per_game = 0;
    sets[9].max_games = 1;
    sets[10].max_depth = 3;
    sets[10].max_nodes_per_game = 40;
    sets[10].max_properties_per_node = 3;
    sets[10].max_values_per_node = 4;
    sets[10].max_values_per_property = 1;
    // The main line cut by the limit on positions (read_record, S129), inside runs of moves.
    sets.emplace_back().max_positions = 5;
    sets.emplace_back().max_positions = 300;
    return sets;
}

// What read_record gives for a game, as text: the main line (every event, whole), the
// territory markup and the diagnostics.
std::string record_text(const GameRecord& r) {
    std::ostringstream out;
    out << "nodes " << r.main_line_nodes << " moves " << r.moves << " passes " << r.passes
        << " size " << r.size.width << "x" << r.size.height << "\n";
    for (const Event& e : r.events) {
        out << static_cast<int>(e.kind) << " " << static_cast<int>(e.color) << " " << e.pass
            << e.forced << e.off_board << " " << int{e.point.x} << "," << int{e.point.y} << " @"
            << e.depth << " +" << e.offset << "\n";
    }
    for (const auto* points : {&r.territory_black, &r.territory_white}) {
        for (const Point& p : *points) out << int{p.x} << "," << int{p.y} << " ";
        out << "\n";
    }
    for (const Diagnostic& d : r.diagnostics) {
        out << d.code << " " << d.where.line << ":" << d.where.column << " " << d.message << "\n";
    }
    return out.str();
}

// read_record on both Documents gives the same record for every game (the fast path's plain
// runs, Document::plain_runs, read without their properties): false with the first game that
// differs in `why`.
bool same_records(const Document& fast, const Document& general, const ReadLimits& limits,
                  std::string& why) {
    for (std::size_t g = 0; g < fast.games().size(); ++g) {
        const std::string a = record_text(read_record(fast, g, limits));
        const std::string b = record_text(read_record(general, g, limits));
        if (a != b) {
            why = "game " + std::to_string(g + 1) + ":\n" + a + "against\n" + b;
            return false;
        }
    }
    return true;
}

// Reads every file both ways under every limit set; returns the files compared.
std::size_t compare_all(const std::vector<fs::path>& files) {
    const std::vector<ReadLimits> sets = limit_sets();
    std::size_t compared = 0;
    for (const fs::path& f : files) {
        const std::string bytes = slurp(f);
        for (std::size_t k = 0; k < sets.size(); ++k) {
            const Document fast = read_document(f.string(), bytes, sets[k], ReadPath::fast);
            const Document general = read_document(f.string(), bytes, sets[k], ReadPath::general);
            std::string why;
            const bool same = fast.same_as(general, &why);
            INFO(f.string() << ", limit set " << k << ": " << why);
            CHECK(same);
            if (same) {
                const bool same_games = same_records(fast, general, sets[k], why);
                INFO(why);
                CHECK(same_games);
            }
        }
        ++compared;
    }
    return compared;
}

}  // namespace

TEST_CASE("same_as sees a difference in the tree, the values and the diagnostics",
          "[sgf][reader][paths]") {
    const auto read = [](std::string text) { return read_document("a.sgf", std::move(text)); };
    std::string why;
    CHECK(read("(;B[aa];W[bb])").same_as(read("(;B[aa];W[bb])"), &why));
    CHECK(why.empty());
    CHECK_FALSE(read("(;B[aa];W[bb])").same_as(read("(;B[aa];W[bc])"), &why));
    CHECK(why == "text");
    // Another tree of the same moves.
    CHECK_FALSE(read("(;B[aa](;W[bb]))").same_as(read("(;B[aa];W[bb]())"), &why));
    CHECK_FALSE(why.empty());
    // The same text with other limits: fewer nodes, a diagnostic.
    ReadLimits tight;
    tight.max_nodes_per_game = 1;
    CHECK_FALSE(
        read("(;B[aa];W[bb])").same_as(read_document("a.sgf", "(;B[aa];W[bb])", tight), &why));
    CHECK_FALSE(why.empty());
}

TEST_CASE("The fast paths give the general path's Document: corpus/ and the reader fuzz corpus",
          "[sgf][reader][paths]") {
    std::vector<fs::path> files = files_under(fs::path(SGFAUDIT_SOURCE_DIR) / "corpus");
    const std::vector<fs::path> fuzz =
        files_under(fs::path(SGFAUDIT_SOURCE_DIR) / "fuzz" / "corpus" / "reader");
    REQUIRE(files.size() > 50);
    REQUIRE(fuzz.size() > 500);
    files.insert(files.end(), fuzz.begin(), fuzz.end());
    CHECK(compare_all(files) == files.size());
}

TEST_CASE("The fast paths give the general path's Document: ../shared/corpus",
          "[sgf][reader][paths][shared]") {
    const fs::path shared = fs::path(SGFAUDIT_SHARED_DIR) / "corpus";
    if (!fs::is_directory(shared)) SGFAUDIT_SKIP(shared.string() << " is absent");
    const std::vector<fs::path> files = files_under(shared);
    REQUIRE(files.size() > 1000);
    CHECK(compare_all(files) == files.size());
}

TEST_CASE("Each limit met on a fast path gives the general path's Document and diagnostic",
          "[sgf][reader][paths][limits]") {
    // Shapes each fast path takes: a root of simple properties (simple_property), a move node
    // first in a game (plain_move), runs of move nodes and variations opened after them
    // (plain_nodes), and what only parse_property reads (several values, lower case, text).
    const std::vector<std::string> texts = {
        "(;GM[1]PB[Black]PW[White]KM[6.5];B[pd];W[dp];B[pp](;W[dd];B[qc])(;W[dc]))",
        "(;B[aa];W[bb]BL[12]WL[30];B[cc]C[a comment])",
        "(;AB[aa][bb][cc]AW[dd];B[ee];W[ff];B[gg];W[hh])",
        "(;GM[1];B[pd](;W[dp](;B[pp](;W[dd]))))",
        "(;GM[1]PB[x]PB[y]C[see [1\\]]]addBlack[aa][bb])",
    };
    struct Case {
        const char* code;
        void (*tighten)(ReadLimits&);
    };
    const std::vector<Case> cases = {
        {"S127", [](ReadLimits& l) { l.max_properties_per_node = 0; }},
        {"S127", [](ReadLimits& l) { l.max_properties_per_node = 1; }},
        {"S123", [](ReadLimits& l) { l.max_values_per_property = 0; }},
        {"S123", [](ReadLimits& l) { l.max_values_per_property = 1; }},
        {"S126", [](ReadLimits& l) { l.max_values_per_node = 0; }},
        {"S126", [](ReadLimits& l) { l.max_values_per_node = 2; }},
        {"S124", [](ReadLimits& l) { l.max_value_bytes = 0; }},
        {"S124", [](ReadLimits& l) { l.max_value_bytes = 2; }},
        {"S121", [](ReadLimits& l) { l.max_depth = 1; }},
        {"S121", [](ReadLimits& l) { l.max_depth = 2; }},
        {"S122", [](ReadLimits& l) { l.max_nodes_per_game = 0; }},
        {"S122", [](ReadLimits& l) { l.max_nodes_per_game = 3; }},
    };
    for (const Case& c : cases) {
        ReadLimits limits;
        c.tighten(limits);
        bool met = false;
        for (const std::string& text : texts) {
            const Document fast = read_document("a.sgf", text, limits, ReadPath::fast);
            const Document general = read_document("a.sgf", text, limits, ReadPath::general);
            std::string why;
            const bool same = fast.same_as(general, &why);
            INFO(c.code << " on " << text << ": " << why);
            CHECK(same);
            for (const Diagnostic& d : general.diagnostics()) met = met || d.code == c.code;
        }
        INFO(c.code);
        CHECK(met);  // the case is met, not only compared
    }
}

TEST_CASE("A Document read into the spare of another is the Document read afresh",
          "[sgf][reader][paths][spare]") {
    // File after file, each read into what is left of the one before (spare_of), as a worker
    // thread reads them: under the default limits and under tight ones (diagnostics).
    std::vector<fs::path> files = files_under(fs::path(SGFAUDIT_SOURCE_DIR) / "corpus");
    const std::vector<fs::path> fuzz =
        files_under(fs::path(SGFAUDIT_SOURCE_DIR) / "fuzz" / "corpus" / "reader");
    files.insert(files.end(), fuzz.begin(), fuzz.end());
    REQUIRE(files.size() > 550);
    for (const ReadLimits& limits : {limit_sets()[0], limit_sets()[1]}) {
        Document previous;
        for (const fs::path& f : files) {
            const std::string bytes = slurp(f);
            const Document fresh = read_document(f.string(), bytes, limits, ReadPath::fast);
            Document reused =
                read_document(f.string(), bytes, limits, ReadPath::fast, std::move(previous));
            std::string why;
            const bool same = reused.same_as(fresh, &why);
            INFO(f.string() << ": " << why);
            CHECK(same);
            previous = std::move(reused);
        }
    }
    // What spare_of leaves holds nothing of the document it was.
    const Document spare = spare_of(read_document("a.sgf", "(;GM[1]C[x]XX[y];B[aa];W[bb])"));
    CHECK(spare.games().empty());
    CHECK(spare.node_count() == 0);
    CHECK(spare.text().empty());
    CHECK(spare.file().empty());
    CHECK(spare.diagnostics().empty());
}

TEST_CASE("read_record takes a run of move nodes as it takes each of them alone",
          "[sgf][reader][paths][record]") {
    // Runs with what leaves the run's shortcut to the node-by-node reading: a move off the
    // board, "tt", a run's last node given more properties, variations after moves (OGS), a
    // game that is not Go, runs longer than the reader's chunk of nodes; and the main line cut
    // by the limit on positions at every place of a run.
    std::string long_game = "(;GM[1]SZ[19]";
    for (int i = 0; i < 700; ++i) {
        long_game += i % 2 == 0 ? ";B[" : ";W[";
        long_game += static_cast<char>('a' + i % 19);
        long_game += static_cast<char>('a' + (i / 19) % 19);
        long_game += ']';
        if (i == 400) long_game += "C[a comment]";
    }
    long_game += ")";
    const std::vector<std::string> texts = {
        "(;SZ[9];B[aa];W[zz];B[tt];W[bb];B[cc]C[x];W[dd];B[ee])",
        "(;SZ[19];B[pd];W[tt];B[dd];W[ss];B[TT];W[pp])",
        "(;GM[1];B[pd](;W[dp](;B[pp](;W[dd];B[qq];W[cc]))))",
        "(;GM[1];B[pd];W[dp](;B[pp];W[dd];B[cc])(;B[qq];W[qr]))",
        "(;GM[2];B[aa];W[bb];B[cc])",
        "(;B[aa];W[bb])(;SZ[5];B[aa];W[ee];B[ff];W[bb])",
        long_game,
    };
    std::vector<ReadLimits> limits(1);
    for (const std::uint32_t p : {0u, 1u, 2u, 3u, 4u, 5u, 254u, 255u, 256u, 257u, 401u, 402u}) {
        limits.emplace_back().max_positions = p;
    }
    limits.emplace_back().max_nodes_per_game = 300;
    for (const std::string& text : texts) {
        for (const ReadLimits& l : limits) {
            const Document fast = read_document("a.sgf", text, l, ReadPath::fast);
            const Document general = read_document("a.sgf", text, l, ReadPath::general);
            CHECK(general.plain_runs().empty());
            std::string why;
            const bool same = same_records(fast, general, l, why);
            INFO(text.substr(0, 60) << ", positions " << l.max_positions << ": " << why);
            CHECK(same);
        }
    }
    // The shortcut is taken: the long game's moves are in runs.
    const Document fast = read_document("a.sgf", long_game);
    std::uint32_t in_runs = 0;
    for (const Document::PlainRun& r : fast.plain_runs()) in_runs += r.count;
    CHECK(in_runs > 600);
}
