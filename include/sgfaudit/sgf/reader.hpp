#pragma once
// The SGF reader: bytes of one file -> decoded UTF-8 text -> a collection of game trees of nodes
// and raw properties. It knows nothing of boards or rules. Everything is stored flat (indices
// into vectors of one Document), values are spans of the decoded text, escapes still in place;
// typed access lives in values.hpp and record.hpp.
//
// The tree is built with an explicit stack, never recursion, so a record nested one variation per
// move (OGS exports) costs no stack. Limits turn absurd input into a diagnostic, not a crash.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/sgf/diagnostic.hpp"
#include "sgfaudit/sgf/encoding.hpp"

namespace sgfaudit::sgf {

inline constexpr std::uint32_t kNone = 0xFFFFFFFFu;

// A value: the raw text between '[' and ']' at [begin, end) of Document::text().
struct Value {
    std::uint32_t begin = 0;
    std::uint32_t end = 0;
    friend bool operator==(const Value&, const Value&) = default;
};

// A compact key for a property identifier of 1 to 6 upper-case letters: the letters packed
// five bits each (A = 1 ... Z = 26), so that equal keys mean equal identifiers; 0 for anything
// else (a longer identifier is compared by its text).
constexpr std::uint32_t id_key(std::string_view id) noexcept {
    if (id.empty() || id.size() > 6) return 0;
    std::uint32_t key = 0;
    for (const char c : id) {
        if (c < 'A' || c > 'Z') return 0;
        key = key << 5 | static_cast<std::uint32_t>(c - 'A' + 1);
    }
    return key;
}

// A property: its identifier (upper-case letters only: FF[3] lower-case letters are dropped, as
// in "AddBlack" -> "AB"), and its values, values_[first_value, first_value + value_count).
struct Property {
    std::uint32_t key = 0;       // id_key of the identifier
    std::uint32_t id_begin = 0;  // the identifier, in Document::ids() (see Document::id)
    std::uint32_t id_length = 0;
    std::uint32_t first_value = 0;
    std::uint32_t value_count = 0;
    std::uint32_t offset = 0;  // of the identifier's first letter in Document::text()
    friend bool operator==(const Property&, const Property&) = default;
};

struct Node {
    std::uint32_t first_property = 0;
    std::uint32_t property_count = 0;
    std::uint32_t parent = kNone;
    std::uint32_t first_child = kNone;  // the main line continues through the first child
    std::uint32_t last_child = kNone;
    std::uint32_t next_sibling = kNone;
    std::uint32_t offset = 0;  // of the ';' in Document::text()
    friend bool operator==(const Node&, const Node&) = default;
};

struct GameTree {
    std::uint32_t root = kNone;  // kNone when the tree holds no node at all: "(" ")"
    std::uint32_t node_count = 0;
    std::uint32_t offset = 0;  // of the opening '('
    bool complete = true;      // false when an error cut the tree short (a record error)
    friend bool operator==(const GameTree&, const GameTree&) = default;
};

// How the reader takes the text. `fast`: the common shapes (";B[pd]" nodes, runs of them, a
// one-value property such as "PB[Fuego]") are taken by fast paths that record exactly what the
// general path would; `general`: every property goes through the general path. Every path
// records a property through one primitive, where the limits on properties and values are
// checked (runs of ";B[pd]" nodes are appended in bulk only where it would report nothing). The
// Document is the same either way (tests/sgf/reader_paths.test.cpp and the reader fuzz target
// compare them); `general` exists to check that. One exception, kept as it always was
// (tests/sgf/depth.test.cpp): under a depth limit of 0, which cuts a game after its first token,
// `fast` reads a move property right after the first ';' (";B[aa]") before the cut, `general`
// does not.
enum class ReadPath : std::uint8_t { fast, general };

// Bounds on what one file may make the reader allocate. Defaults are far above any real record.
// Every limit has a code (docs/diagnostics.md) and a flag of `sgfaudit parse`
// (docs/robustness.md).
struct ReadLimits {
    std::size_t max_file_bytes = 64u << 20;       // 64 MiB (S120); never more than kMaxFileBytes
    std::uint32_t max_nodes_per_game = 1u << 20;  // 1,048,576 (S122)
    std::uint32_t max_depth = 1u << 20;           // nesting of variations (S121)
    std::uint32_t max_values_per_property = 1u << 16;  // 65,536 (S123)
    std::uint32_t max_values_per_node = 1u << 18;      // 262,144, all properties together (S126)
    std::uint32_t max_properties_per_node = 1u << 16;  // 65,536 (S127)
    std::size_t max_value_bytes = 1u << 20;            // 1 MiB of text in one value (S124)
    std::uint32_t max_games = 1u << 20;                // game trees in one file (S125)
    // Diagnostics listed for one file by the reader, and for one game by read_record; past it
    // they are counted in one S128 (the file still has errors when a dropped one was an error).
    std::uint32_t max_diagnostics = 10000;
    // What one game makes the replay hold (read_record, record.hpp): positions, one per move
    // and per node with setup after the root (S129), and setup points once compressed point
    // lists are expanded (S130). Past either, the rest of the game is skipped.
    std::uint32_t max_positions = 1u << 20;     // 1,048,576
    std::uint32_t max_setup_points = 1u << 20;  // 1,048,576
};

// The largest file the reader accepts whatever the limits say: decoding may triple its size
// (windows-1252 to UTF-8) and offsets into the decoded text are 32-bit.
inline constexpr std::size_t kMaxFileBytes = std::size_t{1} << 30;  // 1 GiB

class Document {
  public:
    std::string_view file() const noexcept { return file_; }
    // The decoded UTF-8 text the spans point into.
    std::string_view text() const noexcept { return decoding_.text(bytes_); }
    const DecodeResult& decoding() const noexcept { return decoding_; }

    const std::vector<GameTree>& games() const noexcept { return games_; }
    const Node& node(std::uint32_t index) const { return nodes_[index]; }
    std::size_t node_count() const noexcept { return nodes_.size(); }
    const Property& property(std::uint32_t index) const { return properties_[index]; }
    // A property's identifier ("B", "AB"; lower-case letters already dropped).
    std::string_view id(const Property& p) const {
        return std::string_view(ids_).substr(p.id_begin, p.id_length);
    }
    std::string_view value(std::uint32_t index) const {
        const Value& v = values_[index];
        return text().substr(v.begin, v.end - v.begin);
    }
    std::uint32_t value_offset(std::uint32_t index) const { return values_[index].begin; }
    // A value's place in text(), for readers that hold text() once (no bounds check).
    const Value& value_bounds(std::uint32_t index) const { return values_[index]; }

    // Runs of nodes the fast path (ReadPath::fast) appended as ";B[pd]": nodes [first, first +
    // count), each with one property, B or W, of one two-character value at the node's offset
    // + 3 (";B[" before it), each node after the first the first child of the node before it,
    // and none open to more properties. A hint for readers of the main line (read_record takes
    // such nodes without looking up their property and value); the tree is the same without
    // it, and ReadPath::general makes none (same_as does not compare them).
    struct PlainRun {
        std::uint32_t first = 0;
        std::uint32_t count = 0;
    };
    const std::vector<PlainRun>& plain_runs() const noexcept { return plain_runs_; }

    // The first property `id` of a node, or nullptr. (A repeated property is reported by the
    // reader; `for_each_property` visits every occurrence.)
    const Property* find(const Node& node, std::string_view id) const {
        const std::uint32_t key = id_key(id);
        for (std::uint32_t i = 0; i < node.property_count; ++i) {
            const Property& p = properties_[node.first_property + i];
            if (key != 0 ? p.key == key : this->id(p) == id) return &p;
        }
        return nullptr;
    }
    // The first value of the first property `id` of a node, or nullopt-like empty view + false.
    bool first_value(const Node& node, std::string_view id, std::string_view& out) const;
    template <class F>
    void for_each_property(const Node& node, std::string_view id, F&& f) const {
        const std::uint32_t key = id_key(id);
        for (std::uint32_t i = 0; i < node.property_count; ++i) {
            const Property& p = properties_[node.first_property + i];
            if (key != 0 ? p.key == key : this->id(p) == id) f(p);
        }
    }

    // Line and column (code points, 1-based) of a byte offset of text().
    Location locate(std::uint32_t offset) const;

    // Every diagnostic of this file, in the order found (reader, then typed layers may add), up
    // to ReadLimits::max_diagnostics; then one S128 that counts the rest.
    const std::vector<Diagnostic>& diagnostics() const noexcept { return diagnostics_; }
    void add(Severity severity, std::string_view code, std::uint32_t offset, std::string message,
             int game = -1);
    void add_at(Severity severity, std::string_view code, Location where, std::string message,
                int game = -1);
    // True when some diagnostic, listed or only counted, is an error.
    bool has_errors() const noexcept;

    // The same text read into the same tree, properties, values and diagnostics (what
    // ReadPath promises); otherwise false with the first difference in `why` when given.
    bool same_as(const Document& other, std::string* why = nullptr) const;

  private:
    friend class Parser;
    friend Document read_document(std::string file, std::string bytes, const ReadLimits& limits,
                                  ReadPath path, Document&& spare);
    friend Document spare_of(Document&& used);

    std::string file_;
    std::string bytes_;  // the file as read
    DecodeResult decoding_;
    // Line starts and column marks, made by locate() the first time a diagnostic needs a
    // location (most files never do).
    void index_lines() const;
    mutable bool lines_indexed_ = false;
    mutable std::vector<std::uint32_t> line_starts_;
    // Column (1-based, in code points) of the byte at offset k * kColumnStep, for every k: so
    // that locate() counts at most kColumnStep bytes whatever the length of the line.
    static constexpr std::uint32_t kColumnStep = 4096;
    mutable std::vector<std::uint32_t> column_marks_;
    std::uint32_t max_diagnostics_ = ReadLimits{}.max_diagnostics;
    std::size_t dropped_diagnostics_ = 0;  // past max_diagnostics_
    std::size_t summary_index_ = 0;        // of the S128 that counts them
    bool dropped_error_ = false;
    std::vector<GameTree> games_;
    std::vector<Node> nodes_;
    std::vector<Property> properties_;
    // The identifiers of properties_: "BW", shared by every B and W property, then the others
    // one after the other.
    std::string ids_;
    std::vector<Value> values_;
    std::vector<PlainRun> plain_runs_;  // in the order of their nodes
    std::vector<Diagnostic> diagnostics_;
};

// Reads one file's bytes (`file` is only the name used in diagnostics). Never throws for any
// input; problems become diagnostics (docs/diagnostics.md). The Document owns `bytes`.
Document read_document(std::string file, std::string bytes, const ReadLimits& limits = {},
                       ReadPath path = ReadPath::fast);
// A Document no longer needed, as storage for the next one read (read_document with a spare):
// the containers of its tree (games, nodes, properties, identifiers, values), emptied, keep their
// capacity when none has room for more than kSpareNodes entries (identifiers: twice that, as
// reserved for a large file); everything else of it (its bytes, its text, its diagnostics) is
// freed. For a caller that reads file after file on one thread: no allocation of the tree per
// file, and no more memory held between files than a tree of that size.
inline constexpr std::size_t kSpareNodes = std::size_t{1} << 16;
Document spare_of(Document&& used);
// read_document, into the storage of `spare` (spare_of).
Document read_document(std::string file, std::string bytes, const ReadLimits& limits, ReadPath path,
                       Document&& spare);

}  // namespace sgfaudit::sgf
