// The SGF tree reader (FF[4] grammar, with SGFC-style recovery). See reader.hpp and
// docs/diagnostics.md for the codes S1xx used here.

#include "sgfaudit/sgf/reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <span>
#include <string>
#include <unordered_set>

#include "sgfaudit/sgf/codes.hpp"
#include "sgfaudit/text/text.hpp"

namespace sgfaudit::sgf {

// ---------------------------------------------------------------------------------------------
// Document

bool Document::first_value(const Node& node, std::string_view id, std::string_view& out) const {
    const Property* p = find(node, id);
    if (p == nullptr || p->value_count == 0) return false;
    out = value(p->first_value);
    return true;
}

void Document::index_lines() const {
    lines_indexed_ = true;
    // Line starts: after "\n", after "\r" not followed by "\n". Column marks every
    // kColumnStep bytes.
    const std::string_view text = this->text();
    line_starts_.assign(1, 0);
    column_marks_.clear();
    column_marks_.reserve(text.size() / kColumnStep + 1);
    std::uint32_t column = 1;
    for (std::size_t step = 0; step < text.size(); step += kColumnStep) {
        column_marks_.push_back(column);
        const std::size_t step_end = std::min<std::size_t>(text.size(), step + kColumnStep);
        for (std::size_t i = step; i < step_end; ++i) {
            const auto u = static_cast<unsigned char>(text[i]);
            if (u > '\r') {  // no line break: a character unless a UTF-8 continuation byte
                column += (u & 0xC0u) != 0x80u;
            } else if (u == '\n' || (u == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'))) {
                line_starts_.push_back(static_cast<std::uint32_t>(i + 1));
                column = 1;
            } else {
                ++column;
            }
        }
    }
}

Location Document::locate(std::uint32_t offset) const {
    if (!lines_indexed_) index_lines();
    const std::string_view t = text();
    if (offset > t.size()) offset = static_cast<std::uint32_t>(t.size());
    // line_starts_ is sorted and starts with 0.
    auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    const std::size_t line_index = static_cast<std::size_t>(it - line_starts_.begin()) - 1;
    std::uint32_t start = line_starts_[line_index];
    std::uint32_t column = 1;
    // Start from the last column mark inside this line, if any.
    const std::size_t mark = offset / kColumnStep;
    if (mark < column_marks_.size() && mark * kColumnStep > start) {
        start = static_cast<std::uint32_t>(mark * kColumnStep);
        column = column_marks_[mark];
    }
    for (std::uint32_t i = start; i < offset; ++i) {
        // Count code points: every byte that is not a UTF-8 continuation byte.
        if ((static_cast<unsigned char>(t[i]) & 0xC0u) != 0x80u) ++column;
    }
    return Location{static_cast<std::uint32_t>(line_index + 1), column};
}

void Document::add(Severity severity, std::string_view code, std::uint32_t offset,
                   std::string message, int game) {
    // A diagnostic past the limit is only counted: no need to locate it.
    const bool listed = dropped_diagnostics_ == 0 && diagnostics_.size() < max_diagnostics_;
    add_at(severity, code, listed ? locate(offset) : Location{}, std::move(message), game);
}

void Document::add_at(Severity severity, std::string_view code, Location where, std::string message,
                      int game) {
    if (dropped_diagnostics_ == 0 && diagnostics_.size() < max_diagnostics_) {
        diagnostics_.push_back(Diagnostic{severity, code, file_, where, std::move(message), game});
        return;
    }
    // Past the limit: one S128 counts the rest (its message is completed by read_document).
    if (dropped_diagnostics_++ == 0) {
        summary_index_ = diagnostics_.size();
        diagnostics_.push_back(
            Diagnostic{Severity::warning, codes::limit_diagnostics, file_, Location{}, {}, -1});
    }
    if (severity == Severity::error) {
        dropped_error_ = true;
        diagnostics_[summary_index_].severity = Severity::error;
    }
    diagnostics_[summary_index_].message =
        fmt::format("more than {} diagnostics in this file: {} more not listed{}", max_diagnostics_,
                    dropped_diagnostics_, dropped_error_ ? " (errors among them)" : "");
}

bool Document::same_as(const Document& o, std::string* why) const {
    const auto differ = [&](std::string what) {
        if (why != nullptr) *why = std::move(what);
        return false;
    };
    if (text() != o.text()) return differ("text");
    if (games_ != o.games_) return differ("game trees");
    if (nodes_.size() != o.nodes_.size()) {
        return differ(fmt::format("{} nodes against {}", nodes_.size(), o.nodes_.size()));
    }
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
        if (!(nodes_[i] == o.nodes_[i])) return differ(fmt::format("node {}", i));
    }
    if (properties_.size() != o.properties_.size()) {
        return differ(
            fmt::format("{} properties against {}", properties_.size(), o.properties_.size()));
    }
    for (std::size_t i = 0; i < properties_.size(); ++i) {
        if (!(properties_[i] == o.properties_[i])) return differ(fmt::format("property {}", i));
    }
    if (ids_ != o.ids_) return differ("identifiers");
    if (values_ != o.values_) return differ("values");
    if (dropped_diagnostics_ != o.dropped_diagnostics_ || dropped_error_ != o.dropped_error_ ||
        diagnostics_.size() != o.diagnostics_.size()) {
        return differ(
            fmt::format("{} diagnostics against {}", diagnostics_.size(), o.diagnostics_.size()));
    }
    for (std::size_t i = 0; i < diagnostics_.size(); ++i) {
        const Diagnostic& a = diagnostics_[i];
        const Diagnostic& b = o.diagnostics_[i];
        if (a.severity != b.severity || a.code != b.code || a.file != b.file ||
            a.where.line != b.where.line || a.where.column != b.where.column ||
            a.message != b.message || a.game != b.game) {
            return differ(fmt::format("diagnostic {}: {} against {}", i, format(a), format(b)));
        }
    }
    return true;
}

bool Document::has_errors() const noexcept {
    return dropped_error_ ||
           std::any_of(diagnostics_.begin(), diagnostics_.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::error; });
}

// ---------------------------------------------------------------------------------------------
// Parser

namespace {

// Character classes, one table lookup each. White space between tokens: a NUL byte counts as
// white space there (reported once, S115); inside a value it is kept.
constexpr std::uint8_t kSpace = 1, kUpper = 2, kLower = 4;
struct CharClasses {
    std::array<std::uint8_t, 256> of{};
    constexpr CharClasses() {
        for (const char c : {' ', '\t', '\n', '\r', '\v', '\f', '\0'}) {
            of[static_cast<unsigned char>(c)] = kSpace;
        }
        for (int c = 'A'; c <= 'Z'; ++c) of[static_cast<std::size_t>(c)] = kUpper;
        for (int c = 'a'; c <= 'z'; ++c) of[static_cast<std::size_t>(c)] = kLower;
    }
};
constexpr CharClasses kClasses{};

bool is_space(char c) noexcept {
    return kClasses.of[static_cast<unsigned char>(c)] == kSpace;
}
bool is_upper(char c) noexcept {
    return kClasses.of[static_cast<unsigned char>(c)] == kUpper;
}
bool is_letter(char c) noexcept {
    return (kClasses.of[static_cast<unsigned char>(c)] & (kUpper | kLower)) != 0;
}

// The characters that matter inside a Text value: '\\', '[' and ']'.
struct TextStops {
    std::array<bool, 256> of{};
    constexpr TextStops() {
        for (const char c : {'\\', '[', ']'}) of[static_cast<unsigned char>(c)] = true;
    }
};
constexpr TextStops kTextStops{};

// Properties whose values are Text or SimpleText: only in these may an unescaped ']' be taken
// for part of the value (recovery S104). In a move or point value it always ends the value.
bool is_text_property(std::uint32_t key) noexcept {
    switch (key) {
        case id_key("C"):
        case id_key("GC"):
        case id_key("N"):
        case id_key("PB"):
        case id_key("PW"):
        case id_key("BR"):
        case id_key("WR"):
        case id_key("BT"):
        case id_key("WT"):
        case id_key("GN"):
        case id_key("EV"):
        case id_key("RO"):
        case id_key("PC"):
        case id_key("DT"):
        case id_key("SO"):
        case id_key("US"):
        case id_key("AN"):
        case id_key("CP"):
        case id_key("ON"):
        case id_key("OT"):
        case id_key("RE"):
        case id_key("RU"):
        case id_key("TE"):
        case id_key("LC"):
        case id_key("KO"):
            return true;
        default:
            return false;
    }
}

// Text quoted in a message: at most 40 code points (never cut inside a UTF-8 sequence, so the
// message stays valid UTF-8, as JSON output requires), control characters as \xNN.
std::string printable(std::string_view text) {
    return text::escaped_prefix(text, 40, text::Utf8Check::none);
}

}  // namespace

class Parser {
  public:
    Parser(Document& doc, const ReadLimits& limits, bool fast)
        : doc_(doc), limits_(limits), t_(doc.text()), fast_(fast) {
        stack_.reserve(64);  // an OGS record nests one variation per move
        // plain_nodes records nodes of one move in bulk: only where record_property would
        // report nothing for such a node (a first property, one value of two bytes), and where
        // a game is not cut at its first token (a depth limit of 0).
        plain_nodes_fit_ = fast_ && !properties_full(0) && !property_values_full(0) &&
                           !node_values_full(0) && !value_too_long(2) && !depth_over(1);
    }

    void run() {
        std::size_t junk_begin = std::string::npos;
        bool seen_game = false;
        // R17: a file whose first game tree lacks its opening '(' but starts with ';' is read as
        // that game tree (its main line starts at the first node), never as its variations.
        if (const std::size_t first = skip_space(0); first < t_.size() && t_[first] == ';') {
            pos_ = first;
            doc_.add(Severity::warning, codes::missing_open, off(first),
                     "the file starts with a node: the first game tree's '(' is missing and "
                     "assumed");
            parse_game(true);
            seen_game = true;
        }
        while (pos_ < t_.size()) {
            const char c = t_[pos_];
            if (c == '(' && empty_tree(pos_)) {
                flush_junk(junk_begin, seen_game, seen_game);
                doc_.add(Severity::warning, codes::empty_tree, off(pos_),
                         "empty game tree \"()\" ignored");
                pos_ = skip_space(pos_ + 1) + 1;
                continue;
            }
            if (c == '(' && starts_game(pos_)) {
                flush_junk(junk_begin, seen_game, true);
                if (games_full(doc_.games_.size())) {
                    doc_.add(Severity::error, codes::limit_games, off(pos_),
                             fmt::format("more than {} game trees in one file; the rest of the "
                                         "file is not read",
                                         limits_.max_games));
                    return;
                }
                parse_game();
                seen_game = true;
                continue;
            }
            if (!is_space(c) && junk_begin == std::string::npos) junk_begin = pos_;
            ++pos_;
        }
        flush_junk(junk_begin, seen_game, seen_game);
        if (!seen_game) {
            doc_.add_at(Severity::error, codes::no_game_tree, Location{},
                        "no SGF game tree found (expected \"(;\")");
        }
    }

  private:
    struct Frame {
        std::uint32_t parent;  // node the variation's first node hangs from (kNone: the root)
        std::uint32_t last;    // last node of this variation's sequence so far
        bool transparent;      // a '(' with no node before it: its nodes continue the sequence
    };

    // A value as scan_value found it: its '[' at `open`, its ']' at `end` (the end of the text
    // when not closed), and whether a ']' was taken for part of it (S104).
    struct ScannedValue {
        std::size_t open;
        std::size_t end;
        bool closed;
        bool recovered;
    };

    // What a fast path did: nothing (the general path reads it), read it, or read it and found
    // a limit that ends the game (record_property said so).
    enum class Taken : std::uint8_t { no, read, stop };

    std::uint32_t off(std::size_t p) const noexcept { return static_cast<std::uint32_t>(p); }
    int game_index() const noexcept { return static_cast<int>(doc_.games_.size()) - 1; }

    std::size_t skip_space(std::size_t p) const noexcept {
        while (p < t_.size() && is_space(t_[p])) ++p;
        return p;
    }

    // '(' then white space then ';' starts a game. So does '(' followed by a property
    // identifier and '[' (the ';' is missing: recovered with S105).
    bool starts_game(std::size_t p) const noexcept {
        p = skip_space(p + 1);
        if (p >= t_.size()) return false;
        if (t_[p] == ';') return true;
        return starts_property(p);
    }

    // '(' then white space then ')'.
    bool empty_tree(std::size_t p) const noexcept {
        p = skip_space(p + 1);
        return p < t_.size() && t_[p] == ')';
    }

    // Letters, optional white space, '['.
    bool starts_property(std::size_t p) const noexcept {
        if (p >= t_.size() || !is_letter(t_[p])) return false;
        while (p < t_.size() && is_letter(t_[p])) ++p;
        p = skip_space(p);
        return p < t_.size() && t_[p] == '[';
    }

    // `quote`: the file holds a game tree (an SGF file), so its stray text may be quoted. A
    // file with none is not SGF (a link to /etc/passwd, a note named *.sgf): nothing of it is
    // quoted into a report (docs/robustness.md, "Links").
    void flush_junk(std::size_t& junk_begin, bool seen_game, bool quote) {
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

    // Parses one game tree starting at the '(' at pos_ (`missing_open`: at its first ';', R17).
    void parse_game(bool missing_open = false) {
        GameTree game;
        game.offset = off(pos_);
        doc_.games_.push_back(game);
        game_nodes_ = 0;
        reported_ids_.clear();
        if (node_ids_filled_) {
            node_ids_.clear();
            node_ids_filled_ = false;
        }
        stack_.clear();
        stack_.push_back(Frame{kNone, kNone, false});
        open_node_ = kNone;
        if (!missing_open) ++pos_;  // '('

        while (pos_ < t_.size()) {
            const char c = t_[pos_];
            if (is_space(c)) {
                ++pos_;
            } else if (c == ';') {
                if (plain_nodes_fit_ && plain_nodes()) continue;
                if (!new_node(pos_)) return skip_rest_of_game();
                ++pos_;
                if (fast_ && plain_move() == Taken::stop) return skip_rest_of_game();
            } else if (c == '(') {
                open_variation();
                ++pos_;
                // Only a '(' makes the stack deeper.
                if (depth_over(stack_.size())) return too_deep();
            } else if (c == ')') {
                ++pos_;
                if (close_variation()) return finish_game();
            } else if (is_letter(c)) {
                const Taken taken = fast_ ? simple_property() : Taken::no;
                if (taken == Taken::stop || (taken == Taken::no && !parse_property())) {
                    return skip_rest_of_game();
                }
            } else if (c == '[') {
                // A value with no identifier before it: skip it whole.
                const std::size_t at = pos_;
                std::size_t end = 0;
                scan_value(pos_ + 1, false, end);
                doc_.add(Severity::warning, codes::unexpected_char, off(at),
                         "value without a property identifier skipped", game_index());
                pos_ = end < t_.size() ? end + 1 : t_.size();
            } else {
                skip_unexpected();
            }
            // A depth limit of 0: the game's own '(' is already too deep.
            if (depth_over(1)) return too_deep();
        }
        // End of file inside the game tree.
        doc_.add(Severity::warning, codes::missing_close, off(t_.size()),
                 fmt::format("end of file inside a game tree: {} ')' missing", stack_.size()),
                 game_index());
        finish_game();
    }

    void too_deep() {
        doc_.add(Severity::error, codes::limit_depth, off(pos_),
                 fmt::format("variations nested deeper than {}; the rest of this game is not read",
                             limits_.max_depth),
                 game_index());
        skip_rest_of_game();
    }

    void skip_unexpected() {
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

    bool new_node(std::size_t at) {
        if (nodes_full(game_nodes_)) {
            doc_.add(Severity::error, codes::limit_nodes, off(at),
                     fmt::format("more than {} nodes in one game; the rest of this game is not "
                                 "read",
                                 limits_.max_nodes_per_game),
                     game_index());
            return false;
        }
        ++game_nodes_;
        if (node_ids_filled_) {
            node_ids_.clear();
            node_ids_filled_ = false;
        }
        node_values_ = 0;
        node_keys_ = 0;
        Frame& f = stack_.back();
        const std::uint32_t parent = f.last != kNone ? f.last : f.parent;
        const auto index = static_cast<std::uint32_t>(doc_.nodes_.size());
        Node node;
        node.parent = parent;
        node.offset = off(at);
        node.first_property = static_cast<std::uint32_t>(doc_.properties_.size());
        doc_.nodes_.push_back(node);
        GameTree& game = doc_.games_.back();
        ++game.node_count;
        if (parent == kNone) {
            if (game.root == kNone) {
                game.root = index;
            } else {
                // Only reachable through transparent frames; keep the tree a tree.
                link_child(game.root, index);
            }
        } else {
            link_child(parent, index);
        }
        f.last = index;
        open_node_ = index;
        return true;
    }

    void link_child(std::uint32_t parent, std::uint32_t child) {
        Node& p = doc_.nodes_[parent];
        doc_.nodes_[child].parent = parent;
        if (p.first_child == kNone) {
            p.first_child = child;
        } else {
            doc_.nodes_[p.last_child].next_sibling = child;
        }
        p.last_child = child;
    }

    void open_variation() {
        const Frame& f = stack_.back();
        open_node_ = kNone;
        if (f.last == kNone) {
            // "((" or "(;a((": a variation with no node before it. Its nodes continue the
            // enclosing sequence.
            doc_.add(Severity::warning, codes::empty_variation, off(pos_),
                     "'(' with no node before it: its nodes continue the enclosing sequence",
                     game_index());
            stack_.push_back(Frame{f.parent, f.last, true});
        } else {
            stack_.push_back(Frame{f.last, kNone, false});
        }
    }

    // Returns true when the game tree is closed.
    bool close_variation() {
        open_node_ = kNone;
        const Frame inner = stack_.back();
        stack_.pop_back();
        if (stack_.empty()) return true;
        if (inner.transparent) stack_.back().last = inner.last;
        return false;
    }

    void finish_game() {
        GameTree& game = doc_.games_.back();
        if (game.root == kNone) {
            doc_.add(Severity::warning, codes::empty_tree, game.offset,
                     "empty game tree (no node) ignored", game_index());
            doc_.games_.pop_back();
        }
    }

    // After a limit error: mark the game incomplete and skip to its closing ')', keeping
    // values opaque so brackets inside them do not count.
    void skip_rest_of_game() {
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

    // Finds the ']' closing a value whose text starts at `begin`; `end` is its offset.
    // Returns false when the end of the file comes first (`end` is then t_.size()).
    // With `text` set (Text/SimpleText properties), an unescaped '[' opens a bracket pair
    // ("see diagram [1]"): a ']' that closes such a pair and is not followed by what may follow
    // a value is taken for part of the text (recovery S104, counted in recovered_brackets_).
    bool scan_value(std::size_t begin, bool text, std::size_t& end) {
        recovered_brackets_ = 0;
        std::size_t open_pairs = 0;
        std::size_t p = begin;
        const std::size_t n = t_.size();
        while (p < n) {
            // Fast path: jump to the next ']' or '\' (or '[' in text).
            if (!text) {
                while (p < n && t_[p] != ']' && t_[p] != '\\') ++p;
            } else {
                while (p < n && !kTextStops.of[static_cast<unsigned char>(t_[p])]) ++p;
            }
            if (p >= n) break;
            const char c = t_[p];
            if (c == '\\') {
                p += 2;  // the escaped character, whatever it is
                continue;
            }
            if (c == '[' && text) {
                ++open_pairs;
            } else if (c == ']') {
                if (open_pairs > 0 && !may_follow_value(p + 1)) {
                    --open_pairs;
                    ++recovered_brackets_;
                } else {
                    end = p;
                    return true;
                }
            }
            ++p;
        }
        end = n;
        return false;
    }

    // What may follow a value: another value, a node, a variation, its end, another
    // property, or the end of the file.
    bool may_follow_value(std::size_t p) const noexcept {
        p = skip_space(p);
        if (p >= t_.size()) return true;
        const char c = t_[p];
        if (c == '[' || c == ';' || c == '(' || c == ')') return true;
        return starts_property(p);
    }

    bool parse_property() {
        const std::size_t id_begin = pos_;
        bool lowercase = false;
        while (pos_ < t_.size() && is_letter(t_[pos_])) {
            lowercase = lowercase || !is_upper(t_[pos_]);
            ++pos_;
        }
        const std::string_view written = t_.substr(id_begin, pos_ - id_begin);
        // The identifier: what is written, less its lower-case letters.
        std::string_view id = written;
        if (lowercase) {
            id_scratch_.clear();
            for (const char c : written) {
                if (is_upper(c)) id_scratch_ += c;
            }
            id = id_scratch_;
        }
        pos_ = skip_space(pos_);
        if (pos_ >= t_.size() || t_[pos_] != '[') {
            doc_.add(Severity::warning, codes::no_value, off(id_begin),
                     fmt::format("property {} has no value; ignored", printable(written)),
                     game_index());
            return true;
        }
        if (id.empty()) {
            // All lower case (e.g. "b[aa]"): not a property FF[4] knows. Report and skip.
            doc_.add(Severity::warning, codes::lowercase_id, off(id_begin),
                     fmt::format("property identifier \"{}\" has no upper-case letter; ignored",
                                 printable(written)),
                     game_index());
            skip_values();
            return true;
        }
        if (lowercase && reported_ids_.emplace(written).second) {
            doc_.add(Severity::warning, codes::lowercase_id, off(id_begin),
                     fmt::format("property identifier \"{}\" read as \"{}\" (lower-case letters "
                                 "dropped, FF[3] style)",
                                 printable(written), id),
                     game_index());
        }
        if (open_node_ == kNone) {
            doc_.add(Severity::warning, codes::missing_semicolon, off(id_begin),
                     "properties without a node before them: ';' assumed", game_index());
            if (!new_node(id_begin)) return false;
        }
        const std::uint32_t key = id_key(id);
        const bool text = is_text_property(key);
        // The values, scanned up to the first one record_property stops at (so that the scan
        // holds no more values than the limits allow): the next value is scanned only while
        // the one before it fits the limits on values.
        scanned_.clear();
        while (pos_ < t_.size() && t_[pos_] == '[') {
            const auto count = static_cast<std::uint32_t>(scanned_.size());
            if (count > 0 &&
                (property_values_full(count - 1) || node_values_full(node_values_ + count - 1))) {
                break;
            }
            ScannedValue v{pos_, 0, false, false};
            v.closed = scan_value(pos_ + 1, text, v.end);
            v.recovered = recovered_brackets_ > 0;
            scanned_.push_back(v);
            pos_ = v.end < t_.size() ? v.end + 1 : t_.size();
            pos_ = skip_space(pos_);
        }
        std::size_t stopped_at = 0;
        if (!record_property(key, id, id_begin, scanned_, stopped_at)) {
            pos_ = stopped_at;
            return false;
        }
        return true;
    }

    // The common node ";B[pd]": right after the ';' of a new node, a move property of one
    // letter with one value of two characters that holds no '\\' or ']', not followed by another
    // value. It is recorded here through record_property, as parse_property would record it
    // (no diagnostic of the text can arise: no lower case, a first property, not a text
    // property); anything else is left to parse_property (Taken::no).
    Taken plain_move() {
        const std::size_t p = pos_;
        if (p + 5 > t_.size()) return Taken::no;
        const char letter = t_[p];
        if ((letter != 'B' && letter != 'W') || t_[p + 1] != '[' || t_[p + 4] != ']') {
            return Taken::no;
        }
        for (const char v : {t_[p + 2], t_[p + 3]}) {
            if (v == ']' || v == '\\') return Taken::no;
        }
        const std::size_t after = skip_space(p + 5);
        if (after < t_.size() && t_[after] == '[') return Taken::no;  // more values
        if (doc_.nodes_[open_node_].property_count != 0) return Taken::no;
        const std::string_view id(&t_[p], 1);
        const ScannedValue value{p + 1, p + 4, true, false};
        std::size_t stopped_at = 0;
        if (!record_property(id_key(id), id, p, {&value, 1}, stopped_at)) {
            pos_ = stopped_at;
            return Taken::stop;
        }
        recovered_brackets_ = 0;
        pos_ = after;
        return Taken::read;
    }

    // A run of common nodes ";B[pd]" at pos_ (a ';', then what plain_move takes, then no other
    // value), each the next node of the open sequence or the first node of a variation opened
    // right after the node before it ("(;W[gf]", as OGS writes records): read at once, giving
    // exactly what new_node, plain_move and open_variation give for each, one after the other.
    // False when not even the first node is such a node (or the limits, a first node of a game
    // or a node with many properties before it call for the general path): nothing read then.
    bool plain_nodes() {
        if (node_ids_filled_) return false;
        const char* const s = t_.data();
        const std::size_t n = t_.size();
        GameTree& game = doc_.games_.back();
        std::size_t q = pos_;
        bool read = false;
        bool in_variation = false;  // the last thing read is a '(', not a node
        char last_letter = 'B';
        std::uint32_t game_nodes = game_nodes_;
        const std::uint32_t first_count = game_nodes;
        Frame* f = &stack_.back();
        // The run is read in chunks: first the text is scanned (the ';' of each node noted,
        // the frames of the variations opened), then the nodes, properties, values and
        // identifiers of the chunk are appended, each array in a loop of its own. In a run,
        // the parent of every node but the first is the node before it.
        static constexpr std::size_t kChunk = 256;
        std::array<std::uint32_t, kChunk> at;  // offset of each node's ';'
        bool more = true;
        while (more) {
            std::size_t count = 0;
            const auto base = static_cast<std::uint32_t>(doc_.nodes_.size());
            const std::uint32_t first_parent = f->last != kNone ? f->last : f->parent;
            if (first_parent == kNone) break;
            more = false;
            while (q + 6 <= n && s[q] == ';') {
                if (count == kChunk) {
                    more = true;
                    break;
                }
                const char letter = s[q + 1];
                if ((letter != 'B' && letter != 'W') || s[q + 2] != '[' || s[q + 5] != ']') break;
                const char v0 = s[q + 3], v1 = s[q + 4];
                if (v0 == ']' || v0 == '\\' || v1 == ']' || v1 == '\\') break;
                std::size_t after = q + 6;
                while (after < n && is_space(s[after])) ++after;
                if (after < n && s[after] == '[') break;  // more values: the general path
                if (nodes_full(game_nodes)) break;
                ++game_nodes;
                const auto index = static_cast<std::uint32_t>(base + count);
                at[count++] = off(q);
                f->last = index;
                last_letter = letter;
                q = after;
                in_variation = false;
                // open_variation() for a '(' right after the node, unless it would go too
                // deep (the general path reports that).
                if (q < n && s[q] == '(' && !depth_over(stack_.size() + 1)) {
                    stack_.push_back(Frame{index, kNone, false});
                    f = &stack_.back();
                    in_variation = true;
                    ++q;
                    while (q < n && is_space(s[q])) ++q;
                }
            }
            if (count == 0) break;
            read = true;
            // new_node and plain_move for each node of the chunk.
            const auto first_property = static_cast<std::uint32_t>(doc_.properties_.size());
            const auto first_value = static_cast<std::uint32_t>(doc_.values_.size());
            const std::size_t first_id = doc_.ids_.size();
            // Each array grown once (its new elements default-made), then filled in place.
            doc_.nodes_.resize(base + count);
            Node* const nodes = doc_.nodes_.data() + base;
            for (std::size_t i = 0; i < count; ++i) {
                Node& node = nodes[i];
                node.parent = i == 0 ? first_parent : static_cast<std::uint32_t>(base + i - 1);
                node.offset = at[i];
                node.first_property = static_cast<std::uint32_t>(first_property + i);
                node.property_count = 1;
                if (i + 1 < count) {
                    node.first_child = node.last_child = static_cast<std::uint32_t>(base + i + 1);
                }
            }
            // The chunk's last node gets its children from the next chunk's link_child.
            link_child(first_parent, base);
            doc_.properties_.resize(first_property + count);
            Property* const properties = doc_.properties_.data() + first_property;
            for (std::size_t i = 0; i < count; ++i) {
                Property& prop = properties[i];
                prop.key = s[at[i] + 1] == 'B' ? id_key("B") : id_key("W");
                prop.id_begin = static_cast<std::uint32_t>(first_id + i);
                prop.id_length = 1;
                prop.offset = at[i] + 1;
                prop.first_value = static_cast<std::uint32_t>(first_value + i);
                prop.value_count = 1;
            }
            doc_.values_.resize(first_value + count);
            Value* const values = doc_.values_.data() + first_value;
            for (std::size_t i = 0; i < count; ++i) values[i] = Value{at[i] + 3, at[i] + 5};
            doc_.ids_.resize(first_id + count);
            char* const ids = doc_.ids_.data() + first_id;
            for (std::size_t i = 0; i < count; ++i) ids[i] = s[at[i] + 1];
        }
        if (!read) return false;
        game.node_count += game_nodes - first_count;
        game_nodes_ = game_nodes;
        open_node_ = in_variation ? kNone : f->last;
        node_keys_ = key_bit(last_letter == 'B' ? id_key("B") : id_key("W"));
        node_values_ = 1;
        recovered_brackets_ = 0;
        pos_ = q;
        return true;
    }

    // The common property "PB[Fuego]" at pos_ in an open node: an identifier of one to six
    // upper-case letters, '[' right after it, one value holding no '\', '[' or ']', not followed
    // by another value. It is recorded here through record_property, as parse_property would
    // record it (no diagnostic of the text can arise); Taken::no for anything else, with
    // nothing read or changed, which parse_property then reads.
    Taken simple_property() {
        const char* const s = t_.data();
        const std::size_t n = t_.size();
        const std::size_t id_begin = pos_;
        std::size_t p = id_begin;
        std::uint32_t key = 0;
        while (p < n && p - id_begin < 6 && is_upper(s[p])) {
            key = key << 5 | static_cast<std::uint32_t>(s[p] - 'A' + 1);
            ++p;
        }
        if (p == id_begin || p >= n || s[p] != '[' || open_node_ == kNone) return Taken::no;
        const std::size_t open = p;
        std::size_t end = open + 1;
        while (end < n && !kTextStops.of[static_cast<unsigned char>(s[end])]) ++end;
        if (end >= n || s[end] != ']') return Taken::no;
        std::size_t after = end + 1;
        while (after < n && is_space(s[after])) ++after;
        if (after < n && s[after] == '[') return Taken::no;  // more values: the general path
        const ScannedValue value{open, end, true, false};
        std::size_t stopped_at = 0;
        if (!record_property(key, t_.substr(id_begin, open - id_begin), id_begin, {&value, 1},
                             stopped_at)) {
            pos_ = stopped_at;
            return Taken::stop;
        }
        recovered_brackets_ = 0;
        pos_ = after;
        return Taken::read;
    }

    // The one way a property is recorded, whichever path read it: the property `id` (key
    // `key`, its first letter at `id_at`) with the values scanned for it, in the open node.
    // Every limit on properties and values is checked here and nowhere else (plain_nodes
    // records in bulk only where these checks pass for each of its nodes: plain_nodes_fit_),
    // in this order: the node's properties (S127), then S103, then for each value what its
    // scan found (S106, S104), its length (S124: kept all the same), the property's values
    // (S123) and the node's values (S126). False when the rest of the game is not to be read:
    // nothing of the property is kept then, and `stopped_at` is where the reading stopped
    // (the '[' of the value at fault).
    bool record_property(std::uint32_t key, std::string_view id, std::size_t id_at,
                         std::span<const ScannedValue> values, std::size_t& stopped_at) {
        Node& node = doc_.nodes_[open_node_];
        if (properties_full(node.property_count)) [[unlikely]] {
            report(Problem::properties, id, id_at);
            stopped_at = values.front().open;
            return false;
        }
        note_if_repeated(id, key, id_at);
        Property prop;
        prop.key = key;
        prop.id_begin = static_cast<std::uint32_t>(doc_.ids_.size());
        prop.id_length = static_cast<std::uint32_t>(id.size());
        prop.offset = off(id_at);
        prop.first_value = static_cast<std::uint32_t>(doc_.values_.size());
        for (const ScannedValue& v : values) {
            if (!v.closed) [[unlikely]] {
                report(Problem::unclosed, id, v.open);
            } else if (v.recovered) [[unlikely]] {
                report(Problem::bracket, id, v.open);
            }
            if (value_too_long(v.end - (v.open + 1))) [[unlikely]] {
                report(Problem::value_bytes, id, v.open);
            }
            if (property_values_full(prop.value_count)) [[unlikely]] {
                report(Problem::values, id, v.open);
                stopped_at = v.open;
                return false;
            }
            if (node_values_full(node_values_)) [[unlikely]] {
                report(Problem::node_values, id, v.open);
                stopped_at = v.open;
                return false;
            }
            doc_.values_.push_back(Value{off(v.open + 1), off(v.end)});
            ++prop.value_count;
            ++node_values_;
        }
        doc_.ids_ += id;
        doc_.properties_.push_back(prop);
        ++node.property_count;
        return true;
    }

    // What record_property reports, out of its way (the values of real records are seldom
    // reported). All but S104 mark the game incomplete.
    enum class Problem : std::uint8_t {
        properties,   // S127
        unclosed,     // S106
        bracket,      // S104
        value_bytes,  // S124
        values,       // S123
        node_values,  // S126
    };
    [[gnu::cold]] [[gnu::noinline]] void report(Problem problem, std::string_view id,
                                                std::size_t at) {
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
                         fmt::format("unescaped ']' taken as part of the {} value", id),
                         game_index());
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

    // The limits, each stated once: record_property, new_node, parse_game, run and the
    // gate of plain_nodes ask these.
    bool games_full(std::size_t games) const noexcept { return games >= limits_.max_games; }
    bool nodes_full(std::uint32_t nodes) const noexcept {
        return nodes >= limits_.max_nodes_per_game;
    }
    bool depth_over(std::size_t depth) const noexcept { return depth > limits_.max_depth; }
    bool properties_full(std::uint32_t properties) const noexcept {
        return properties >= limits_.max_properties_per_node;
    }
    bool value_too_long(std::size_t bytes) const noexcept {
        return bytes > limits_.max_value_bytes;
    }
    bool property_values_full(std::uint32_t values) const noexcept {
        return values >= limits_.max_values_per_property;
    }
    bool node_values_full(std::uint32_t values) const noexcept {
        return values >= limits_.max_values_per_node;
    }

    // One of 64 bits for a key, for node_keys_.
    static std::uint64_t key_bit(std::uint32_t key) noexcept {
        return std::uint64_t{1} << ((key * 0x9E3779B1u) >> 26);
    }

    // True when the open node already has a property `id`. The node's properties are compared
    // by key, and only when node_keys_ says a property may have the same key; past kScanned
    // properties a set of the identifiers takes over, so a node with thousands of properties
    // costs no quadratic scan.

    bool repeated_in_node(std::string_view id, std::uint32_t key) {
        const Node& node = doc_.nodes_[open_node_];
        static constexpr std::uint32_t kScanned = 64;
        if (node.property_count < kScanned) {
            if (key != 0) {
                // No property of the node has a key with this bit: not repeated, no scan.
                const std::uint64_t bit = key_bit(key);
                const bool maybe = (node_keys_ & bit) != 0;
                node_keys_ |= bit;
                if (!maybe) return false;
            }
            for (std::uint32_t i = 0; i < node.property_count; ++i) {
                const Property& p = doc_.properties_[node.first_property + i];
                if (key != 0 ? p.key == key : doc_.id(p) == id) return true;
            }
            return false;
        }
        if (!node_ids_filled_) {
            node_ids_filled_ = true;
            for (std::uint32_t i = 0; i < node.property_count; ++i) {
                node_ids_.emplace(doc_.id(doc_.properties_[node.first_property + i]));
            }
        }
        return !node_ids_.emplace(id).second;
    }

    // S103 when the open node already has a property `id` (identifier at id_begin).
    void note_if_repeated(std::string_view id, std::uint32_t key, std::size_t id_begin) {
        if (!repeated_in_node(id, key)) return;
        doc_.add(Severity::warning, codes::repeated_property, off(id_begin),
                 fmt::format("property {} repeated in one node; the first one is used where one "
                             "value is expected",
                             id),
                 game_index());
    }

    void skip_values() {
        while (pos_ < t_.size() && t_[pos_] == '[') {
            std::size_t end = 0;
            scan_value(pos_ + 1, false, end);
            pos_ = end < t_.size() ? end + 1 : t_.size();
            pos_ = skip_space(pos_);
        }
    }

    Document& doc_;
    const ReadLimits& limits_;
    std::string_view t_;
    std::size_t pos_ = 0;
    std::vector<Frame> stack_;
    std::uint32_t open_node_ = kNone;
    std::uint32_t game_nodes_ = 0;
    std::uint32_t recovered_brackets_ = 0;
    std::uint32_t node_values_ = 0;                 // values in the open node
    std::unordered_set<std::string> reported_ids_;  // lower-case identifiers reported (S102)
    std::unordered_set<std::string> node_ids_;      // identifiers of the open node (S103), once
    bool node_ids_filled_ = false;                  // it has many properties
    const bool fast_;                               // the fast paths are on (ReadPath::fast)
    bool plain_nodes_fit_ = false;                  // and the limits let plain_nodes record in bulk
    std::vector<ScannedValue> scanned_;  // parse_property's values (as many as the limits allow)
    std::string id_scratch_;             // an identifier less its lower-case letters
    // key_bit of the keys of the open node's properties (at least those: a filter that spares
    // repeated_in_node its scan when a key's bit is not set).
    std::uint64_t node_keys_ = 0;
};

namespace {

// A file is not text when more than one byte in twenty of its first 4 KiB is a control
// character other than NUL, or more than one in four is NUL, once NUL and Ctrl-Z padding at its
// end are set aside (a crash can leave a record followed by zeroed blocks; DOS editors end files
// with Ctrl-Z). Real records have neither; random or compressed data has about one control in
// ten, executables mostly NULs. A text file with a few NULs is text (S115).
struct ControlCount {
    std::size_t control = 0;  // other than NUL
    std::size_t nul = 0;
    std::size_t sample = 0;
    bool binary() const noexcept { return control * 20 > sample || nul * 4 > sample; }
};
ControlCount count_controls(std::string_view bytes) noexcept {
    ControlCount c;
    const std::size_t end = bytes.find_last_not_of(std::string_view("\0\x1A", 2));
    if (end == std::string_view::npos) {  // nothing but padding
        c.nul = c.sample = bytes.size();
        return c;
    }
    c.sample = std::min<std::size_t>(end + 1, 4096);
    // Control characters: C0 controls other than white space and the ESC of ISO-2022, NUL
    // counted apart. Counted with plain comparisons that the compiler turns into vector code,
    // in blocks whose byte-wide counts cannot overflow (240 bytes: whole vectors of 16).
    std::size_t control = 0, nul = 0;
    for (std::size_t block = 0; block < c.sample; block += 240) {
        const std::size_t block_end = std::min<std::size_t>(c.sample, block + 240);
        std::uint8_t block_control = 0, block_nul = 0;
        for (std::size_t i = block; i < block_end; ++i) {
            const auto u = static_cast<std::uint8_t>(bytes[i]);
            // Under 0x20, not NUL, not '\t' '\n' '\v' '\f' '\r' (9 to 13), not ESC.
            const bool control_byte =
                (u < 0x20) & (u != 0) & (static_cast<std::uint8_t>(u - 9) > 4) & (u != 0x1B);
            block_control = static_cast<std::uint8_t>(block_control + control_byte);
            block_nul = static_cast<std::uint8_t>(block_nul + (u == 0));
        }
        control += block_control;
        nul += block_nul;
    }
    c.nul = nul;
    c.control = control;
    return c;
}

}  // namespace

Document read_document(std::string file, std::string bytes, const ReadLimits& limits,
                       ReadPath path) {
    Document doc;
    doc.file_ = std::move(file);
    doc.bytes_ = std::move(bytes);
    doc.max_diagnostics_ = limits.max_diagnostics;
    const std::size_t max_bytes = std::min(limits.max_file_bytes, kMaxFileBytes);
    if (doc.bytes_.size() > max_bytes) {
        doc.add_at(Severity::error, codes::limit_file, Location{},
                   fmt::format("file is {} bytes, over the limit of {}; not read",
                               doc.bytes_.size(), max_bytes));
        doc.bytes_.clear();
        return doc;
    }
    if (doc.bytes_.find_first_not_of(" \t\r\n\v\f") == std::string::npos) {
        doc.add_at(Severity::error, codes::empty_file, Location{},
                   doc.bytes_.empty() ? "empty file" : "file holds only white space");
        return doc;
    }
    // Binary data is recognised before decoding (which would only turn it into replacement
    // characters and notes): one S113 and nothing else. UTF-16/32 files and the ISO-2022
    // charsets declared in CA[] are judged decoded (declares_stateful_charset).
    bool wide = is_wide_unicode(doc.bytes_);
    if (!wide) {
        const ControlCount c = count_controls(doc.bytes_);
        if (c.binary()) wide = declares_stateful_charset(doc.bytes_);  // only then looked for
        if (!wide && c.binary()) {
            doc.decoding_.encoding = "binary";
            doc.add_at(Severity::error, codes::binary_file, Location{},
                       fmt::format("not a text file ({} control characters and {} NUL bytes in "
                                   "its first {} bytes); not read as SGF",
                                   c.control, c.nul, c.sample));
            return doc;
        }
    }
    doc.decoding_ = decode_to_utf8(doc.bytes_);
    const std::string_view text = doc.text();
    if (text.size() >= kNone) {
        doc.add_at(Severity::error, codes::limit_file, Location{},
                   fmt::format("decoded text of {} bytes is too large to read", text.size()));
        return doc;
    }
    for (const DecodeNote& note : doc.decoding_.notes) {
        doc.add(note.severity, note.code, note.offset, note.message);
    }
    if (wide && count_controls(text).binary()) {
        doc.add_at(Severity::error, codes::binary_file, Location{},
                   "not a text file (control characters); not read as SGF");
        return doc;
    }
    if (const std::size_t first_nul = text.find('\0'); first_nul != std::string_view::npos) {
        const auto count = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\0'));
        doc.add(Severity::warning, codes::nul_bytes, static_cast<std::uint32_t>(first_nul),
                fmt::format("{} NUL byte{} in the file (the first here): read as white space "
                            "between values, kept inside values",
                            count, count == 1 ? "" : "s"));
    }
    // Room for the tree up front (a move node ";B[pd]" takes six bytes), bounded so that a
    // large file does not reserve more than it may need.
    const std::size_t expected = std::min<std::size_t>(text.size() / 6 + 16, 1u << 16);
    doc.nodes_.reserve(expected);
    doc.properties_.reserve(expected);
    doc.values_.reserve(expected);
    doc.ids_.reserve(expected * 2);
    Parser parser(doc, limits, path == ReadPath::fast);
    parser.run();
    return doc;
}

}  // namespace sgfaudit::sgf
