// The SGF tree reader's parser, private to the sgf module: the character classes and the value
// scanner (the lexer, inline here: every path calls them per byte), and the Parser class that
// read_document (reader.cpp) runs over a decoded text. Its grammar, fast paths and the recording
// of properties are in parser.cpp; recovery and the reports of limits in recovery.cpp.

#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "sgfaudit/sgf/reader.hpp"

namespace sgfaudit::sgf {

// Character classes, one table lookup each. White space between tokens: a NUL byte counts as
// white space there (reported once, S115); inside a value it is kept.
inline constexpr std::uint8_t kSpace = 1, kUpper = 2, kLower = 4;
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
inline constexpr CharClasses kClasses{};

inline bool is_space(char c) noexcept {
    return kClasses.of[static_cast<unsigned char>(c)] == kSpace;
}
inline bool is_upper(char c) noexcept {
    return kClasses.of[static_cast<unsigned char>(c)] == kUpper;
}
inline bool is_letter(char c) noexcept {
    return (kClasses.of[static_cast<unsigned char>(c)] & (kUpper | kLower)) != 0;
}

// The characters that matter inside a Text value: '\\', '[' and ']'.
struct TextStops {
    std::array<bool, 256> of{};
    constexpr TextStops() {
        for (const char c : {'\\', '[', ']'}) of[static_cast<unsigned char>(c)] = true;
    }
};
inline constexpr TextStops kTextStops{};

// Text quoted in a message: at most 40 code points (never cut inside a UTF-8 sequence, so the
// message stays valid UTF-8, as JSON output requires), control characters as \xNN.
std::string printable(std::string_view text);

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

    // Reads the whole text into the Document (parser.cpp).
    void run();

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

    // Letters, optional white space, '['.
    bool starts_property(std::size_t p) const noexcept {
        if (p >= t_.size() || !is_letter(t_[p])) return false;
        while (p < t_.size() && is_letter(t_[p])) ++p;
        p = skip_space(p);
        return p < t_.size() && t_[p] == '[';
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

    // Declared inline: defined in parser.cpp and called only there, each where the compiler
    // may inline it into its callers, as when the parser was one class body.

    // The grammar (parser.cpp): game trees, nodes and variations.
    inline bool starts_game(std::size_t p) const noexcept;
    inline bool empty_tree(std::size_t p) const noexcept;
    inline void parse_game(bool missing_open = false);
    inline bool new_node(std::size_t at);
    inline void link_child(std::uint32_t parent, std::uint32_t child);
    inline void open_variation();
    inline bool close_variation();

    // Properties (parser.cpp): the general path, the fast paths, and the one primitive that
    // records a property under the limits.
    inline bool parse_property();
    inline Taken plain_move();
    inline bool plain_nodes();
    // plain_nodes' progress through a run, and its chunks of nodes (the offset of each ';').
    struct PlainRun {
        std::size_t q;              // the next byte to read
        Frame* f;                   // the frame of the open sequence
        std::uint32_t game_nodes;   // nodes of the game so far
        bool in_variation = false;  // the last thing read is a '(', not a node
        char last_letter = 'B';     // of the last node read
    };
    static constexpr std::size_t kPlainChunk = 256;
    using PlainChunk = std::array<std::uint32_t, kPlainChunk>;
    inline std::size_t scan_plain_chunk(PlainRun& run, std::uint32_t base, PlainChunk& at,
                                        bool& more);
    inline void append_plain_chunk(const PlainChunk& at, std::size_t count, std::uint32_t base,
                                   std::uint32_t first_parent);
    inline Taken simple_property();
    inline bool record_property(std::uint32_t key, std::string_view id, std::size_t id_at,
                                std::span<const ScannedValue> values, std::size_t& stopped_at);
    inline bool repeated_in_node(std::string_view id, std::uint32_t key);
    inline void note_if_repeated(std::string_view id, std::uint32_t key, std::size_t id_begin);

    // Recovery (recovery.cpp): what a well-formed record never reaches, but finish_game.
    void flush_junk(std::size_t& junk_begin, bool seen_game, bool quote);
    void too_deep();
    void skip_unexpected();
    void finish_game();
    void skip_rest_of_game();
    void skip_values();

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
                                                std::size_t at);

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

}  // namespace sgfaudit::sgf
