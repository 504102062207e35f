#pragma once
// Typed view of one game of a Document: the game-info properties the audit needs and the main
// line (the first child at every fork) as a flat list of setup and move events. No board, no
// rules: a point is only checked against the board size.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sgfaudit/sgf/diagnostic.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/values.hpp"

namespace sgfaudit::sgf {

enum class EventKind : std::uint8_t {
    add_black,  // AB
    add_white,  // AW
    add_empty,  // AE
    move,       // B[] or W[]
};

// One step of the main line, in file order: in each node, setup (AB, AW, AE) comes before its
// move, as FF[4] executes them.
struct Event {
    EventKind kind = EventKind::move;
    Color color = Color::black;  // for moves
    bool pass = false;           // for moves
    bool forced = false;         // KO[] in the node: "execute the move even if illegal"
    Point point;                 // for setup and non-pass moves
    std::uint32_t depth = 0;     // node depth in the main line: 0 is the root
    std::uint32_t offset = 0;    // of the value in Document::text(), for locations
};

struct GameRecord {
    int index = 0;          // 0-based game index in the file
    bool auditable = true;  // false: not a Go game (GM), or an error made the record unusable

    // Game info (from the root; FF[4] places it there).
    int ff = 1;  // FF, default 1
    int gm = 1;  // GM, default 1 (Go)
    BoardSize size;
    bool size_given = false;
    std::optional<Komi> komi;      // KM as read (with Fox/quarter adjustments), nullopt if absent
    bool komi_given = false;       // a KM property exists (even if unreadable or empty)
    std::string komi_text;         // KM verbatim
    std::optional<int> handicap;   // HA
    std::optional<Color> to_play;  // PL of the root
    std::optional<GameResult> result;  // RE
    std::string rules;                 // RU verbatim (SimpleText)
    std::string charset;               // CA verbatim
    std::string black_name, white_name, black_rank, white_rank;
    std::string date;  // DT

    // Main line.
    std::uint32_t main_line_nodes = 0;
    std::uint32_t moves = 0;  // B/W events, passes included
    std::uint32_t passes = 0;
    std::vector<Event> events;
    // TB/TW of the last node of the main line (territory markup, for dead stones).
    std::vector<Point> territory_black, territory_white;

    std::vector<Diagnostic> diagnostics;  // S2xx/S3xx found while typing this game
    bool has_errors() const noexcept;
};

// Reads game `index` of `doc` (0 <= index < doc.games().size()). Never throws. At most
// `limits.max_diagnostics` diagnostics are listed; the rest are counted in one S128.
GameRecord read_record(const Document& doc, std::size_t index, const ReadLimits& limits = {});

}  // namespace sgfaudit::sgf
