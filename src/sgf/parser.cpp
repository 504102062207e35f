// The SGF tree reader's grammar (FF[4], with SGFC-style recovery): the state machine over game
// trees, nodes and variations, the general and fast paths that read properties, and the one
// primitive that records a property under the limits. See parser.hpp, reader.hpp and
// docs/diagnostics.md for the codes S1xx used here.
//
// The per-byte loops and every function they call per node or per property are in this file
// and `inline` (or in parser.hpp), so that the compiler may inline them into one another as it
// did when the parser was one class body; recovery.cpp holds only what a well-formed record
// never reaches.

#include "parser.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <span>
#include <string>

#include "sgfaudit/sgf/codes.hpp"

namespace sgfaudit::sgf {

namespace {

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

}  // namespace

void Parser::run() {
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

// '(' then white space then ';' starts a game. So does '(' followed by a property
// identifier and '[' (the ';' is missing: recovered with S105).
inline bool Parser::starts_game(std::size_t p) const noexcept {
    p = skip_space(p + 1);
    if (p >= t_.size()) return false;
    if (t_[p] == ';') return true;
    return starts_property(p);
}

// '(' then white space then ')'.
inline bool Parser::empty_tree(std::size_t p) const noexcept {
    p = skip_space(p + 1);
    return p < t_.size() && t_[p] == ')';
}

// Parses one game tree starting at the '(' at pos_ (`missing_open`: at its first ';', R17).
inline void Parser::parse_game(bool missing_open) {
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

inline bool Parser::new_node(std::size_t at) {
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

inline void Parser::link_child(std::uint32_t parent, std::uint32_t child) {
    Node& p = doc_.nodes_[parent];
    doc_.nodes_[child].parent = parent;
    if (p.first_child == kNone) {
        p.first_child = child;
    } else {
        doc_.nodes_[p.last_child].next_sibling = child;
    }
    p.last_child = child;
}

inline void Parser::open_variation() {
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
inline bool Parser::close_variation() {
    open_node_ = kNone;
    const Frame inner = stack_.back();
    stack_.pop_back();
    if (stack_.empty()) return true;
    if (inner.transparent) stack_.back().last = inner.last;
    return false;
}

inline bool Parser::parse_property() {
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
inline Parser::Taken Parser::plain_move() {
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
inline bool Parser::plain_nodes() {
    if (node_ids_filled_) return false;
    GameTree& game = doc_.games_.back();
    PlainRun run{pos_, &stack_.back(), game_nodes_};
    const std::uint32_t first_count = run.game_nodes;
    bool read = false;
    // The run is read in chunks: first the text is scanned (the ';' of each node noted,
    // the frames of the variations opened), then the nodes, properties, values and
    // identifiers of the chunk are appended, each array in a loop of its own. In a run,
    // the parent of every node but the first is the node before it.
    PlainChunk at;  // offset of each node's ';'
    bool more = true;
    while (more) {
        const auto base = static_cast<std::uint32_t>(doc_.nodes_.size());
        const std::uint32_t first_parent = run.f->last != kNone ? run.f->last : run.f->parent;
        if (first_parent == kNone) break;
        const std::size_t count = scan_plain_chunk(run, base, at, more);
        if (count == 0) break;
        read = true;
        append_plain_chunk(at, count, base, first_parent);
    }
    if (!read) return false;
    game.node_count += run.game_nodes - first_count;
    game_nodes_ = run.game_nodes;
    open_node_ = run.in_variation ? kNone : run.f->last;
    node_keys_ = key_bit(run.last_letter == 'B' ? id_key("B") : id_key("W"));
    node_values_ = 1;
    recovered_brackets_ = 0;
    pos_ = run.q;
    return true;
}

// plain_nodes' scan of one chunk from run.q: each node ";B[pd]" that plain_move would take and
// the limit on nodes admits, its ';' noted in `at` and its index (base + its place in the
// chunk) made the last of its frame, and a '(' right after a node opened as open_variation
// would. Stops at anything else, or with `more` set when the chunk is full. Returns the
// number of nodes noted.
[[gnu::always_inline]] inline std::size_t Parser::scan_plain_chunk(PlainRun& run,
                                                                   std::uint32_t base,
                                                                   PlainChunk& at, bool& more) {
    const char* const s = t_.data();
    const std::size_t n = t_.size();
    std::size_t q = run.q;
    Frame* f = run.f;
    std::uint32_t game_nodes = run.game_nodes;
    std::size_t count = 0;
    more = false;
    while (q + 6 <= n && s[q] == ';') {
        if (count == kPlainChunk) {
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
        run.last_letter = letter;
        q = after;
        run.in_variation = false;
        // open_variation() for a '(' right after the node, unless it would go too
        // deep (the general path reports that).
        if (q < n && s[q] == '(' && !depth_over(stack_.size() + 1)) {
            stack_.push_back(Frame{index, kNone, false});
            f = &stack_.back();
            run.in_variation = true;
            ++q;
            while (q < n && is_space(s[q])) ++q;
        }
    }
    run.q = q;
    run.f = f;
    run.game_nodes = game_nodes;
    return count;
}

// plain_nodes' appending of a scanned chunk of `count` nodes (the first of index `base`, a
// child of `first_parent`): what new_node and plain_move give for each. Each array is grown
// once (its new elements default-made), then filled in place in a loop of its own.
[[gnu::always_inline]] inline void Parser::append_plain_chunk(const PlainChunk& at,
                                                              std::size_t count, std::uint32_t base,
                                                              std::uint32_t first_parent) {
    const char* const s = t_.data();
    const auto first_property = static_cast<std::uint32_t>(doc_.properties_.size());
    const auto first_value = static_cast<std::uint32_t>(doc_.values_.size());
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
    // The chunk's last node gets its children from the next chunk's link_child, and may get
    // more properties from the general path: the run noted for readers ends before it.
    link_child(first_parent, base);
    if (count > 1) {
        doc_.plain_runs_.push_back({base, static_cast<std::uint32_t>(count - 1)});
    }
    doc_.properties_.resize(first_property + count);
    Property* const properties = doc_.properties_.data() + first_property;
    for (std::size_t i = 0; i < count; ++i) {
        Property& prop = properties[i];
        const bool black = s[at[i] + 1] == 'B';
        prop.key = black ? id_key("B") : id_key("W");
        prop.id_begin = black ? 0u : 1u;  // "BW" begins the identifiers (record_property)
        prop.id_length = 1;
        prop.offset = at[i] + 1;
        prop.first_value = static_cast<std::uint32_t>(first_value + i);
        prop.value_count = 1;
    }
    doc_.values_.resize(first_value + count);
    Value* const values = doc_.values_.data() + first_value;
    for (std::size_t i = 0; i < count; ++i) values[i] = Value{at[i] + 3, at[i] + 5};
}

// The common property "PB[Fuego]" at pos_ in an open node: an identifier of one to six
// upper-case letters, '[' right after it, one value holding no '\', '[' or ']', not followed
// by another value. It is recorded here through record_property, as parse_property would
// record it (no diagnostic of the text can arise); Taken::no for anything else, with
// nothing read or changed, which parse_property then reads.
inline Parser::Taken Parser::simple_property() {
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
inline bool Parser::record_property(std::uint32_t key, std::string_view id, std::size_t id_at,
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
    // The identifiers B and W are the first two characters of the document's identifiers
    // (read_document puts them there); every other identifier is appended.
    const bool move_id = key == id_key("B") || key == id_key("W");
    prop.id_begin =
        move_id ? (key == id_key("B") ? 0u : 1u) : static_cast<std::uint32_t>(doc_.ids_.size());
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
    if (!move_id) doc_.ids_ += id;
    doc_.properties_.push_back(prop);
    ++node.property_count;
    return true;
}

inline bool Parser::repeated_in_node(std::string_view id, std::uint32_t key) {
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
inline void Parser::note_if_repeated(std::string_view id, std::uint32_t key, std::size_t id_begin) {
    if (!repeated_in_node(id, key)) return;
    doc_.add(Severity::warning, codes::repeated_property, off(id_begin),
             fmt::format("property {} repeated in one node; the first one is used where one "
                         "value is expected",
                         id),
             game_index());
}

}  // namespace sgfaudit::sgf
