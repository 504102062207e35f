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
    to_play,    // PL in a node after the root: `color` moves next (rules.md 7 R1)
};

// One step of the main line, in file order: in each node, setup (AB, AW, AE, PL) comes before its
// move, as FF[4] executes them. Every B/W property of the main line is a move (rules.md 7
// R2): a value that is neither a pass nor a point of the board is a move with `off_board` set.
struct Event {
    EventKind kind = EventKind::move;
    Color color = Color::black;  // for moves and to_play
    bool pass = false;           // for moves
    bool forced = false;         // KO[] in the node: "execute the move even if illegal"
    bool off_board = false;      // for moves: the value is not a point of the board (R2)
    // For setup and non-pass moves. For an off-board move: the letters as written when the value
    // is two letters a-z/A-Z (x, y up to 51, past the board), else kNoPoint.
    Point point;
    std::uint32_t depth = 0;   // node depth in the main line: 0 is the root
    std::uint32_t offset = 0;  // of the value in Document::text(), for locations
};

// Event::point of an off-board move whose value is not two letters.
inline constexpr Point kNoPoint{255, 255};

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
    std::optional<Color> to_play;  // PL of the root (PL in later nodes: EventKind::to_play)
    std::optional<GameResult> result;  // RE
    std::string rules;                 // RU verbatim (SimpleText)
    std::string charset;               // CA verbatim
    std::string black_name, white_name, black_rank, white_rank;
    std::string date;   // DT
    std::string place;  // PC (the server that wrote the record: audit::server_convention)
    // AP of the root, each value (SimpleText), in order: some servers write several (Fox:
    // AP[GNU Go:3.8] and AP[foxwq]); audit::fox_record reads them.
    std::vector<std::string> applications;
    // TC and TT both in the root: not SGF properties, Fox's byo-yomi (periods, seconds each).
    // Fox's 2015 records name no AP[foxwq], only AP[GNU Go:3.8]; audit::fox_record reads this.
    bool tc_and_tt = false;

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
