#pragma once
// Typed SGF property values (FF[4] "Value types"). Pure functions on the raw value text as it
// stands between '[' and ']' in the decoded file (escapes still in place). They know nothing of
// files, trees or boards beyond the board size needed to read a point. None of them throws; any
// byte string (NULs, invalid UTF-8) is accepted, and values quoted in issue messages are cut after
// 40 code points with control characters and invalid bytes written as \xNN.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/sgf/diagnostic.hpp"

namespace sgfaudit::sgf {

// A problem with one value; the caller attaches the file and location.
struct ValueIssue {
    Severity severity = Severity::warning;
    std::string_view code;  // stable code from docs/diagnostics.md (S2xx)
    std::string message;
};
using ValueIssues = std::vector<ValueIssue>;

enum class Color : std::uint8_t { black, white };

struct BoardSize {
    int width = 19;
    int height = 19;
    friend bool operator==(const BoardSize&, const BoardSize&) = default;
};

// SGF coordinates: x is the column from the left, y the row from the top, both 0-based
// ('a' = 0 .. 'z' = 25, 'A' = 26 .. 'Z' = 51).
struct Point {
    std::uint8_t x = 0;
    std::uint8_t y = 0;
    friend bool operator==(const Point&, const Point&) = default;
};

// A B[] or W[] value: a pass, or a point.
struct MoveValue {
    bool pass = false;
    Point point;
};

// Text (FF[4]): escapes removed, a soft line break ('\' + newline) removed, other white space
// than line breaks turned into spaces. Line breaks are normalised to '\n'.
// A line break is "\n", "\r", "\r\n" or "\n\r". White space stays white space when escaped
// ("\\\t" gives ' '). A lone '\' at the very end escapes nothing and is dropped. Other bytes pass
// through unchanged. The result is never longer than `raw`.
std::string unescape_text(std::string_view raw);
// SimpleText (FF[4]): as Text, but line breaks become spaces too ("\r\n" is one space). Used for
// names, RE, RU, ...
std::string unescape_simple_text(std::string_view raw);

// Number: optional sign ('+' or '-') and digits, surrounding ASCII white space ignored. nullopt
// for anything else, for values outside long long, and for texts over 128 characters.
std::optional<long long> parse_number(std::string_view raw);
// Real: a Number with an optional fraction ("6.5", "-0.50", "7.500000", "+3"). Leniently also
// ".5" and "5." (no digit on one side of the point). No exponent, hex, "inf" or "nan"; "6,5" is
// not a Real. "-0" reads as +0. Same white space and length rules as parse_number.
std::optional<double> parse_real(std::string_view raw);

// SZ: "19" or "19:13" (width:height); each side 1..52. Errors (S201, error: malformed or out of
// range) give nullopt. White space around either number is ignored.
std::optional<BoardSize> parse_size(std::string_view raw, ValueIssues& issues);

// One point on a board of `size`; nullopt (with S202, error) when malformed, empty or off the
// board (x >= width or y >= height). Surrounding white space is ignored.
std::optional<Point> parse_point(std::string_view raw, BoardSize size, ValueIssues& issues);

// B[]/W[]: "" (or white space only) is a pass; "tt" (lower case) is a pass (S203, info) when
// both sides are at most 19, otherwise the point (19, 19). Anything else as parse_point.
std::optional<MoveValue> parse_move(std::string_view raw, BoardSize size, ValueIssues& issues);

// A value of a point list (AB, AW, AE, TB, TW): one point or a compressed rectangle "aa:cc"
// (either corner order is accepted, with a note S204). Appends the points to `out`.
// Returns false (with S202, error) when the value is malformed (more than one ':', a corner that
// is not a point or off the board); `out` is then left unchanged. The rectangle is appended row by
// row, top to bottom, left to right. "aa:aa" (FF[4] wants "aa") gives the point, with S204 (info).
bool expand_point_list_value(std::string_view raw, BoardSize size, std::vector<Point>& out,
                             ValueIssues& issues);

// KM as rules.md 7 R3 reads it: as written, with the quirks of real archives reported:
//   empty value: nullopt, S210 (the ruleset's default komi applies);
//   a decimal comma: KM[6,5] = 6.5, S215;
//   Fox x100: an integer with |v| >= 100 that is a multiple of 50 -> v/100 (KM[650] = 6.5), S211;
//   Fox x50: an integer with |v| >= 100 that is a multiple of 25 but not of 50 -> v/50
//     (KM[375] = 7.5: 3.75 stones, a count in stones), S212;
//   not a number (or larger than any count, |v| > 10^6): nullopt, S214.
// Every issue is a warning; the message quotes the value written and the value used. Anything
// else is kept as written without an issue: quarter komi (KM[2.75]), KM[101], KM[650.5],
// KM[2704].
struct Komi {
    double value = 0;
    bool adjusted = false;  // read by a quirk (S211, S212, S215): not the number as written
};
std::optional<Komi> parse_komi(std::string_view raw, ValueIssues& issues);

// RE (rules.md 6.5): "B+3.5", "W+R"/"W+Resign", "B+T"/"B+Time", "B+F"/"B+Forfeit",
// "0"/"Draw"/"Jigo", "Void", "?", "B+"/"B" (winner, no margin). Case-insensitive. Anything else
// is kept verbatim as free text (S220, info).
// The value is unescaped, then read with surrounding white space trimmed. A margin is digits with
// an optional fraction (as parse_real, but no sign, no white space after '+'): "B+ 3", "B+-3",
// "B+1e3" are free text. Reasons are whole words only ("W+R (152 moves)", "B+R.", "W+J",
// "W+Jigo", "B+Illegal" are free text). "0" is a draw, "0.0" is free text. An empty value is
// free text. A winner with margin 0 ("B+0", "W+0.0") is a score with margin 0 and S221 (warning).
enum class ResultKind : std::uint8_t {
    score,  // winner and margin
    win,    // winner, no margin or reason given ("B+", "B")
    resign,
    time,
    forfeit,
    draw,
    void_game,
    unknown,    // "?"
    free_text,  // not one of the forms above; see `text`
};
std::string_view to_string(ResultKind kind) noexcept;

struct GameResult {
    ResultKind kind = ResultKind::free_text;
    std::optional<Color> winner;
    std::optional<double> margin;
    std::string text;  // the value verbatim (unescaped SimpleText, not trimmed)
};
GameResult parse_result(std::string_view raw, ValueIssues& issues);

// DT (FF[4]): one date or more, separated by commas without spaces. The first is YYYY-MM-DD,
// YYYY-MM or YYYY; a later one may be any of those, or a shortcut that takes the year (and month)
// of the date before it: MM-DD after a date with a month, and a lone two-digit MM after a
// YYYY-MM or MM, or DD after a date with a day. Months 01-12, days 01-31. The value is unescaped
// first (SimpleText). False for anything else (S230, info: the value is kept as text).
bool is_sgf_date(std::string_view raw);

// "dd" / "D16" style names for reports: the SGF letters of a point ('?' for a coordinate > 51).
std::string sgf_coordinates(Point p);

}  // namespace sgfaudit::sgf
