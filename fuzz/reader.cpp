// libFuzzer target: the SGF reader. Any bytes -> sgf::read_document (decoding, tree, limits)
// -> sgf::read_record for every game, touching every result so that the sanitizers see every
// read, and the Document compared with the reader's general path (fast paths off), under these
// limits and under tight ones. Limits are tighter than the defaults so that an input is fast and
// its allocations small.

#include "sgfaudit/sgf/reader.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

#include "sgfaudit/sgf/record.hpp"
#include "utf8_check.hpp"

namespace {

// Folds everything a result holds into a number the optimiser cannot drop.
std::size_t touch(const sgfaudit::sgf::Document& doc) {
    std::size_t h = doc.text().size() + doc.node_count();
    for (const auto& d : doc.diagnostics()) {
        const std::string line = sgfaudit::sgf::format(d);
        if (!sgfaudit::fuzz::valid_utf8(line)) __builtin_trap();
        h += line.size() + d.where.line + d.where.column;
    }
    for (std::size_t n = 0; n < doc.node_count(); ++n) {
        const auto& node = doc.node(static_cast<std::uint32_t>(n));
        for (std::uint32_t p = 0; p < node.property_count; ++p) {
            const auto& prop = doc.property(node.first_property + p);
            h += doc.id(prop).size();
            for (std::uint32_t v = 0; v < prop.value_count; ++v) {
                h += doc.value(prop.first_value + v).size();
                h += doc.locate(doc.value_offset(prop.first_value + v)).column;
            }
        }
    }
    return h;
}

std::size_t touch(const sgfaudit::sgf::GameRecord& r) {
    std::size_t h = static_cast<std::size_t>(r.size.width + r.size.height) + r.moves + r.passes;
    h += r.events.size() + r.territory_black.size() + r.territory_white.size();
    for (const auto& e : r.events) h += e.point.x + e.point.y + e.depth;
    if (r.komi) h += static_cast<std::size_t>(r.komi->value != 0);
    if (r.handicap) h += static_cast<std::size_t>(*r.handicap);
    if (r.result) h += r.result->text.size();
    h += r.rules.size() + r.black_name.size() + r.white_name.size();
    for (const auto& d : r.diagnostics) {
        const std::string line = sgfaudit::sgf::format(d);
        if (!sgfaudit::fuzz::valid_utf8(line)) __builtin_trap();
        h += line.size();
    }
    return h;
}

// Whether two records of one game are the same: the main line (every event, whole), the
// territory markup and the diagnostics.
bool same_record(const sgfaudit::sgf::GameRecord& a, const sgfaudit::sgf::GameRecord& b) {
    if (a.main_line_nodes != b.main_line_nodes || a.moves != b.moves || a.passes != b.passes ||
        a.events.size() != b.events.size() || a.territory_black != b.territory_black ||
        a.territory_white != b.territory_white || a.diagnostics.size() != b.diagnostics.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.events.size(); ++i) {
        const auto& x = a.events[i];
        const auto& y = b.events[i];
        if (x.kind != y.kind || x.color != y.color || x.pass != y.pass || x.forced != y.forced ||
            x.off_board != y.off_board || !(x.point == y.point) || x.depth != y.depth ||
            x.offset != y.offset) {
            return false;
        }
    }
    for (std::size_t i = 0; i < a.diagnostics.size(); ++i) {
        if (sgfaudit::sgf::format(a.diagnostics[i]) != sgfaudit::sgf::format(b.diagnostics[i])) {
            return false;
        }
    }
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    sgfaudit::sgf::ReadLimits limits;
    limits.max_file_bytes = 1u << 20;
    limits.max_nodes_per_game = 4096;
    limits.max_depth = 1024;
    limits.max_values_per_property = 1024;
    limits.max_values_per_node = 2048;
    limits.max_properties_per_node = 256;
    limits.max_diagnostics = 100;
    limits.max_value_bytes = 64u << 10;
    limits.max_games = 64;
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    const sgfaudit::sgf::Document doc = sgfaudit::sgf::read_document("fuzz.sgf", bytes, limits);
    // The fast paths must give what the general path gives (ReadPath), under these limits and
    // under limits tight enough that the fast paths meet them (record_property reports them),
    // and read_record the same records of both (the fast path's runs of move nodes,
    // Document::plain_runs, read without their properties), whole and cut by the limit on
    // positions.
    const sgfaudit::sgf::Document general =
        sgfaudit::sgf::read_document("fuzz.sgf", bytes, limits, sgfaudit::sgf::ReadPath::general);
    if (!doc.same_as(general)) __builtin_trap();
    sgfaudit::sgf::ReadLimits cut = limits;
    cut.max_positions = 7;
    for (std::size_t g = 0; g < doc.games().size(); ++g) {
        for (const auto& l : {limits, cut}) {
            if (!same_record(sgfaudit::sgf::read_record(doc, g, l),
                             sgfaudit::sgf::read_record(general, g, l))) {
                __builtin_trap();
            }
        }
    }
    sgfaudit::sgf::ReadLimits tight = limits;
    tight.max_nodes_per_game = 40;
    tight.max_depth = 3;
    tight.max_values_per_property = 2;
    tight.max_values_per_node = 4;
    tight.max_properties_per_node = 3;
    tight.max_value_bytes = 8;
    if (!sgfaudit::sgf::read_document("fuzz.sgf", bytes, tight)
             .same_as(sgfaudit::sgf::read_document("fuzz.sgf", bytes, tight,
                                                   sgfaudit::sgf::ReadPath::general))) {
        __builtin_trap();
    }
    volatile std::size_t sink = touch(doc);
    for (std::size_t g = 0; g < doc.games().size(); ++g) {
        sink = sink + touch(sgfaudit::sgf::read_record(doc, g));
    }
    (void)sink;
    return 0;
}
