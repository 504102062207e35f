// The parser's recovery and its reports out of the way of the reading: stray text outside game
// trees, unexpected text inside one, a game cut at a limit and skipped to its end, an empty
// game tree, and the messages of record_property's limits. None of it runs for a well-formed
// record (but finish_game, once a game). See parser.hpp.

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "parser.hpp"
#include "sgfaudit/sgf/codes.hpp"
#include "sgfaudit/text/text.hpp"

namespace sgfaudit::sgf {

std::string printable(std::string_view text) {
    return text::escaped_prefix(text, 40, text::Utf8Check::none);
}

// `quote`: the file holds a game tree (an SGF file), so its stray text may be quoted. A
// file with none is not SGF (a link to /etc/passwd, a note named *.sgf): nothing of it is
// quoted into a report (docs/robustness.md, "Links").
void Parser::flush_junk(std::size_t& junk_begin, bool seen_game, bool quote) {
    if (junk_begin == std::string::npos) return;
    if (!quote) {
        doc_.add(Severity::warning, codes::junk_before, off(junk_begin),
                 "text before the first game tree ignored (not quoted: the file holds no "
                 "game tree)");
        junk_begin = std::string::npos;
        return;
    }
    // 41 code points at most (printable() quotes 40 and marks the rest).
    const std::size_t end = std::min(t_.size(), junk_begin + 4 * 41);
    if (seen_game) {
        doc_.add(Severity::warning, codes::text_after, off(junk_begin),
                 fmt::format("text outside any game tree ignored: \"{}\"",
                             printable(t_.substr(junk_begin, end - junk_begin))));
    } else {
        doc_.add(Severity::warning, codes::junk_before, off(junk_begin),
                 fmt::format("text before the first game tree ignored: \"{}\"",
                             printable(t_.substr(junk_begin, end - junk_begin))));
    }
    junk_begin = std::string::npos;
}

void Parser::too_deep() {
    doc_.add(Severity::error, codes::limit_depth, off(pos_),
             fmt::format("variations nested deeper than {}; the rest of this game is not read",
                         limits_.max_depth),
             game_index());
    skip_rest_of_game();
}

void Parser::skip_unexpected() {
    const std::size_t begin = pos_;
    while (pos_ < t_.size()) {
        const char c = t_[pos_];
        if (is_space(c) || c == ';' || c == '(' || c == ')' || c == '[' || is_letter(c)) break;
        ++pos_;
    }
    doc_.add(Severity::warning, codes::unexpected_char, off(begin),
             fmt::format("unexpected text in the game tree skipped: \"{}\"",
                         printable(t_.substr(begin, pos_ - begin))),
             game_index());
}

void Parser::finish_game() {
    GameTree& game = doc_.games_.back();
    if (game.root == kNone) {
        doc_.add(Severity::warning, codes::empty_tree, game.offset,
                 "empty game tree (no node) ignored", game_index());
        doc_.games_.pop_back();
    }
}

// After a limit error: mark the game incomplete and skip to its closing ')', keeping
// values opaque so brackets inside them do not count.
void Parser::skip_rest_of_game() {
    doc_.games_.back().complete = false;
    std::size_t depth = stack_.size();
    while (pos_ < t_.size() && depth > 0) {
        const char c = t_[pos_];
        if (c == '[') {
            std::size_t end = 0;
            scan_value(pos_ + 1, false, end);
            pos_ = end < t_.size() ? end + 1 : t_.size();
            continue;
        }
        if (c == '(') ++depth;
        if (c == ')') --depth;
        ++pos_;
    }
    stack_.clear();
    finish_game();
}

void Parser::skip_values() {
    while (pos_ < t_.size() && t_[pos_] == '[') {
        std::size_t end = 0;
        scan_value(pos_ + 1, false, end);
        pos_ = end < t_.size() ? end + 1 : t_.size();
        pos_ = skip_space(pos_);
    }
}

void Parser::report(Problem problem, std::string_view id, std::size_t at) {
    switch (problem) {
        case Problem::properties:
            doc_.add(Severity::error, codes::limit_properties, off(at),
                     fmt::format("more than {} properties in one node; the rest of this "
                                 "game is not read",
                                 limits_.max_properties_per_node),
                     game_index());
            return;  // skip_rest_of_game marks the game incomplete
        case Problem::unclosed:
            doc_.add(Severity::error, codes::unclosed_value, off(at),
                     fmt::format("value of {} is not closed before the end of the file", id),
                     game_index());
            break;
        case Problem::bracket:
            doc_.add(Severity::warning, codes::unescaped_bracket, off(at),
                     fmt::format("unescaped ']' taken as part of the {} value", id), game_index());
            return;
        case Problem::value_bytes:
            doc_.add(
                Severity::error, codes::limit_value_bytes, off(at),
                fmt::format("value of {} is longer than {} bytes", id, limits_.max_value_bytes),
                game_index());
            break;
        case Problem::values:
            doc_.add(Severity::error, codes::limit_values, off(at),
                     fmt::format("property {} has more than {} values", id,
                                 limits_.max_values_per_property),
                     game_index());
            break;
        case Problem::node_values:
            doc_.add(Severity::error, codes::limit_node_values, off(at),
                     fmt::format("more than {} property values in one node; the rest of "
                                 "this game is not read",
                                 limits_.max_values_per_node),
                     game_index());
            break;
    }
    doc_.games_.back().complete = false;
}

}  // namespace sgfaudit::sgf
