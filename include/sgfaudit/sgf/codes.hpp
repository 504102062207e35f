#pragma once
// The registry of diagnostic codes: every code a Diagnostic can carry (the encodings', the
// reader's, the values', the record's, and the files' and archives' of `pipeline`), each defined
// once here with its severity and what it means in one line. docs/diagnostics.md documents each
// in full; tests/sgf/codes.test.cpp checks that its tables list exactly these codes, with these
// severities. Code never writes a code's text: it names the entry (codes::file_too_large), which
// converts to the code's text where a std::string_view is expected. A new code is one constant
// here, one line of kDiagnosticCodes and one row of docs/diagnostics.md.

#include <array>
#include <cstddef>
#include <string_view>

#include "sgfaudit/sgf/diagnostic.hpp"

namespace sgfaudit::sgf {

// One diagnostic code.
struct DiagnosticCode {
    std::string_view code;  // "S101": stable, never given another meaning
    // The severity a diagnostic of this code has (S128 alone is raised to error when an error is
    // among those it counts).
    Severity severity = Severity::error;
    std::string_view summary;  // what it means, in one line (docs/diagnostics.md: in full)
    bool retired = false;      // no longer given (docs/diagnostics.md: severity "-")

    constexpr operator std::string_view() const noexcept { return code; }
};

namespace codes {

// Files and archives (F0xx, pipeline)
inline constexpr DiagnosticCode missing_path{"F001", Severity::error,
                                             "a path named on the command line does not exist"};
inline constexpr DiagnosticCode unreadable_folder{"F002", Severity::error,
                                                  "a folder or a folder entry could not be read"};
inline constexpr DiagnosticCode symlink_loop{"F003", Severity::error, "a symbolic link loop"};
inline constexpr DiagnosticCode unreadable_file{"F004", Severity::error,
                                                "a file could not be opened or read"};
// Files, and archive members alike (pipeline's inputs and packed archives).
inline constexpr DiagnosticCode file_too_large{"F005", Severity::error,
                                               "a file is larger than the file-size limit"};
inline constexpr DiagnosticCode not_a_file{
    "F006", Severity::error, "a path named on the command line is neither a file nor a folder"};
inline constexpr DiagnosticCode changed_while_read{"F007", Severity::error,
                                                   "a file changed while it was read"};
inline constexpr DiagnosticCode not_regular{"F008", Severity::error,
                                            "a file is not a regular file (FIFO, socket, device)"};
inline constexpr DiagnosticCode link_outside{
    "F009", Severity::error,
    "a symbolic link leads outside every folder named on the command line"};
inline constexpr DiagnosticCode neither_sgf_nor_archive{
    "F020", Severity::error, "a file named on the command line is neither SGF nor an archive"};
inline constexpr DiagnosticCode not_an_archive{
    "F021", Severity::error, "a file named like an archive cannot be opened as one"};
inline constexpr DiagnosticCode damaged_archive{"F022", Severity::error,
                                                "an archive is damaged or truncated"};
inline constexpr DiagnosticCode encrypted_member{"F023", Severity::error,
                                                 "an archive member is encrypted"};
inline constexpr DiagnosticCode unsafe_member_path{
    "F024", Severity::error, "an archive member's path is absolute or has a '..' component"};
inline constexpr DiagnosticCode archive_bomb{"F025", Severity::error,
                                             "an archive inflates past 100 times its size"};
inline constexpr DiagnosticCode damaged_header{"F026", Severity::error,
                                               "a damaged archive member header"};
inline constexpr DiagnosticCode damaged_stream{"F027", Severity::error,
                                               "a gzip stream fails its check"};
inline constexpr DiagnosticCode archive_warning{"F028", Severity::warning,
                                                "a warning of the archive reader on a member"};
inline constexpr DiagnosticCode not_regular_member{
    "F029", Severity::error, "an archive member named like SGF is a link, folder, FIFO or device"};

// Encodings (S0xx, decoding to UTF-8)
inline constexpr DiagnosticCode unknown_charset{
    "S001", Severity::warning,
    "CA[] names an unknown charset, or one that cannot describe the file"};
inline constexpr DiagnosticCode charset_detected{"S002", Severity::info,
                                                 "no usable CA[]: the charset was detected"};
inline constexpr DiagnosticCode invalid_sequences{"S003", Severity::warning,
                                                  "invalid byte sequences replaced with U+FFFD"};
inline constexpr DiagnosticCode no_byte_order_mark{
    "S004", Severity::warning, "UTF-16 or UTF-32 without a byte-order mark assumed"};
inline constexpr DiagnosticCode read_as_latin1{
    "S005", Severity::warning, "nothing detected: read as ISO-8859-1 (windows-1252)"};
inline constexpr DiagnosticCode declared_charset_fails{
    "S006", Severity::warning, "the declared charset does not decode the file, which is UTF-8"};

// Syntax (S1xx, the SGF reader)
inline constexpr DiagnosticCode junk_before{"S100", Severity::warning,
                                            "text before the first game tree ignored"};
inline constexpr DiagnosticCode missing_close{"S101", Severity::warning,
                                              "end of file inside a game tree"};
inline constexpr DiagnosticCode lowercase_id{"S102", Severity::warning,
                                             "lower-case letters in a property identifier"};
inline constexpr DiagnosticCode repeated_property{"S103", Severity::warning,
                                                  "a property repeated in one node"};
inline constexpr DiagnosticCode unescaped_bracket{"S104", Severity::warning,
                                                  "an unescaped ']' inside a text value"};
inline constexpr DiagnosticCode missing_semicolon{"S105", Severity::warning,
                                                  "properties right after '(' or ')'"};
inline constexpr DiagnosticCode unclosed_value{"S106", Severity::error,
                                               "a value is not closed before the end of the file"};
inline constexpr DiagnosticCode no_game_tree{"S107", Severity::error, "no game tree in the file"};
inline constexpr DiagnosticCode unexpected_char{"S108", Severity::warning,
                                                "unexpected text inside a game tree skipped"};
inline constexpr DiagnosticCode text_after{"S109", Severity::warning,
                                           "text after a game tree ignored"};
inline constexpr DiagnosticCode no_value{"S110", Severity::warning,
                                         "a property identifier without a value ignored"};
inline constexpr DiagnosticCode empty_tree{"S111", Severity::warning,
                                           "an empty game tree () ignored"};
inline constexpr DiagnosticCode empty_file{"S112", Severity::error,
                                           "the file is empty or holds only white space"};
inline constexpr DiagnosticCode binary_file{"S113", Severity::error, "the file is not text"};
inline constexpr DiagnosticCode empty_variation{"S114", Severity::warning,
                                                "a '(' with no node before it"};
inline constexpr DiagnosticCode nul_bytes{"S115", Severity::warning, "NUL bytes in a text file"};
inline constexpr DiagnosticCode missing_open{"S116", Severity::warning,
                                             "the file starts with ';': the '(' is assumed"};
inline constexpr DiagnosticCode limit_file{"S120", Severity::error,
                                           "the file is larger than the limit"};
inline constexpr DiagnosticCode limit_depth{"S121", Severity::error,
                                            "variations nested deeper than the limit"};
inline constexpr DiagnosticCode limit_nodes{"S122", Severity::error,
                                            "more nodes in one game than the limit"};
inline constexpr DiagnosticCode limit_values{"S123", Severity::error,
                                             "more values in one property than the limit"};
inline constexpr DiagnosticCode limit_value_bytes{"S124", Severity::error,
                                                  "one value longer than the limit"};
inline constexpr DiagnosticCode limit_games{"S125", Severity::error,
                                            "more game trees in one file than the limit"};
inline constexpr DiagnosticCode limit_node_values{
    "S126", Severity::error, "more property values in one node than the limit"};
inline constexpr DiagnosticCode limit_properties{"S127", Severity::error,
                                                 "more properties in one node than the limit"};
// The reader's (per file) and the record's (per game) alike.
inline constexpr DiagnosticCode limit_diagnostics{
    "S128", Severity::warning, "more diagnostics than the limit: the rest are counted in this one"};
inline constexpr DiagnosticCode limit_positions{
    "S129", Severity::error, "more positions in the main line of one game than the limit"};
inline constexpr DiagnosticCode limit_setup_points{
    "S130", Severity::error, "more setup points in the main line of one game than the limit"};

// Values (S2xx, typed property values)
inline constexpr DiagnosticCode bad_size_value{"S201", Severity::error,
                                               "SZ is malformed or a side is outside 1..52"};
inline constexpr DiagnosticCode bad_point{
    "S202", Severity::error, "a setup or markup point is empty, malformed or off the board"};
inline constexpr DiagnosticCode tt_pass{"S203", Severity::info, "B[tt]/W[tt] read as a pass"};
inline constexpr DiagnosticCode odd_compressed_list{
    "S204", Severity::info, "a compressed point list with swapped corners or a single point"};
inline constexpr DiagnosticCode empty_komi{"S210", Severity::warning, "KM[] is empty"};
inline constexpr DiagnosticCode fox_komi_x100{"S211", Severity::warning,
                                              "Fox x100 komi read divided by 100"};
inline constexpr DiagnosticCode fox_komi_x50{"S212", Severity::warning,
                                             "Fox komi in stones x100 read divided by 50"};
inline constexpr DiagnosticCode quarter_komi{"S213", Severity::info,
                                             "retired: a quarter komi is kept as written", true};
inline constexpr DiagnosticCode bad_komi{"S214", Severity::warning,
                                         "komi that is not a number, or larger than any count"};
inline constexpr DiagnosticCode decimal_comma_komi{"S215", Severity::warning,
                                                   "a decimal comma in KM read as a point"};
inline constexpr DiagnosticCode free_text_result{"S220", Severity::info,
                                                 "RE is not a standard form: kept as free text"};
inline constexpr DiagnosticCode zero_margin_result{"S221", Severity::warning,
                                                   "RE names a winner with margin 0"};
inline constexpr DiagnosticCode nonstandard_date{
    "S230", Severity::info, "DT is not an SGF date (YYYY-MM-DD and its shortcuts): kept as text"};

// Game records (S3xx)
inline constexpr DiagnosticCode not_go{"S300", Severity::error, "GM is not 1: not a game of Go"};
inline constexpr DiagnosticCode bad_size{"S301", Severity::error, "SZ is unusable"};
inline constexpr DiagnosticCode size_not_in_root{"S302", Severity::warning,
                                                 "SZ outside the root node ignored"};
inline constexpr DiagnosticCode two_moves{"S303", Severity::warning,
                                          "a node holds both a B and a W move"};
inline constexpr DiagnosticCode bad_player{"S305", Severity::warning, "PL is neither B nor W"};
inline constexpr DiagnosticCode bad_handicap{
    "S306", Severity::warning, "HA is not a number between 0 and the number of points"};
inline constexpr DiagnosticCode bad_ff{"S307", Severity::warning, "FF is not 1 to 4"};
inline constexpr DiagnosticCode info_not_in_root{"S308", Severity::info,
                                                 "game info outside the root node ignored"};
inline constexpr DiagnosticCode bad_number{"S309", Severity::warning,
                                           "a property that must be a number is not"};
inline constexpr DiagnosticCode empty_setup{"S310", Severity::warning,
                                            "a setup property with one empty value ignored"};
inline constexpr DiagnosticCode bad_move_number{"S311", Severity::warning,
                                                "MN is not a whole number from 0 to 1,048,576"};
inline constexpr DiagnosticCode off_board_move{
    "S312", Severity::warning, "a move value that is neither a pass nor a point of the board"};

}  // namespace codes

// Every code, in the order of docs/diagnostics.md.
inline constexpr std::array kDiagnosticCodes{
    codes::missing_path,
    codes::unreadable_folder,
    codes::symlink_loop,
    codes::unreadable_file,
    codes::file_too_large,
    codes::not_a_file,
    codes::changed_while_read,
    codes::not_regular,
    codes::link_outside,
    codes::neither_sgf_nor_archive,
    codes::not_an_archive,
    codes::damaged_archive,
    codes::encrypted_member,
    codes::unsafe_member_path,
    codes::archive_bomb,
    codes::damaged_header,
    codes::damaged_stream,
    codes::archive_warning,
    codes::not_regular_member,
    codes::unknown_charset,
    codes::charset_detected,
    codes::invalid_sequences,
    codes::no_byte_order_mark,
    codes::read_as_latin1,
    codes::declared_charset_fails,
    codes::junk_before,
    codes::missing_close,
    codes::lowercase_id,
    codes::repeated_property,
    codes::unescaped_bracket,
    codes::missing_semicolon,
    codes::unclosed_value,
    codes::no_game_tree,
    codes::unexpected_char,
    codes::text_after,
    codes::no_value,
    codes::empty_tree,
    codes::empty_file,
    codes::binary_file,
    codes::empty_variation,
    codes::nul_bytes,
    codes::missing_open,
    codes::limit_file,
    codes::limit_depth,
    codes::limit_nodes,
    codes::limit_values,
    codes::limit_value_bytes,
    codes::limit_games,
    codes::limit_node_values,
    codes::limit_properties,
    codes::limit_diagnostics,
    codes::limit_positions,
    codes::limit_setup_points,
    codes::bad_size_value,
    codes::bad_point,
    codes::tt_pass,
    codes::odd_compressed_list,
    codes::empty_komi,
    codes::fox_komi_x100,
    codes::fox_komi_x50,
    codes::quarter_komi,
    codes::bad_komi,
    codes::decimal_comma_komi,
    codes::free_text_result,
    codes::zero_margin_result,
    codes::nonstandard_date,
    codes::not_go,
    codes::bad_size,
    codes::size_not_in_root,
    codes::two_moves,
    codes::bad_player,
    codes::bad_handicap,
    codes::bad_ff,
    codes::info_not_in_root,
    codes::bad_number,
    codes::empty_setup,
    codes::bad_move_number,
    codes::off_board_move,
};

// Each code once, in ascending order (so the table is the documentation's order as well).
constexpr bool codes_ascending() {
    for (std::size_t i = 1; i < kDiagnosticCodes.size(); ++i) {
        if (!(kDiagnosticCodes[i - 1].code < kDiagnosticCodes[i].code)) return false;
    }
    return true;
}
static_assert(codes_ascending());

// The registry's entry of `code` ("S101"), or nullptr.
constexpr const DiagnosticCode* find_diagnostic_code(std::string_view code) noexcept {
    for (const DiagnosticCode& c : kDiagnosticCodes) {
        if (c.code == code) return &c;
    }
    return nullptr;
}

}  // namespace sgfaudit::sgf
