#pragma once
// The Go board: stones, strings (chains) with their liberties, captures and a Zobrist hash.
// It knows no rules: no turn order, no ko or superko, no suicide policy, no scoring, no SGF and no
// I/O. A rules layer drives it, asking `preview` what a play would do and then calling `play`
// (rules.md section 3). Setup stones (`set_stone`, `clear`) never capture.
//
// Layout: a fixed padded grid of kStride x kStride cells (the largest board, 52x52, plus a border
// ring), so a Board is a plain trivially copyable value with no heap memory, and a Vertex means
// the same (x, y) on every board size. Cells outside the board's width x height are `border`.
//
// Liberties: each string stores its pseudo-liberty count (every adjacency of an empty point to a
// stone of the string counts once, so an empty point next to two of its stones counts twice).
// That is all a play needs: a string has no liberty exactly when it has no pseudo-liberty, a
// one-stone string's pseudo-liberties are its distinct liberties, and a point p is the last
// liberty of a string exactly when all its pseudo-liberties are adjacencies to p. Updates are
// cheap (a merge adds the counts, no deduplication). Exact distinct counts (chain_liberties)
// are computed on demand by walking the string.

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sgfaudit::game {

enum class Color : std::uint8_t { black, white };

// What a cell holds. The numeric values are part of the API (cells(), snapshots).
enum class Cell : std::uint8_t { empty = 0, black = 1, white = 2, border = 3 };

constexpr Color opponent(Color c) {
    return c == Color::black ? Color::white : Color::black;
}
constexpr Cell to_cell(Color c) {
    return c == Color::black ? Cell::black : Cell::white;
}
// Precondition: c is black or white.
constexpr Color to_color(Cell c) {
    return c == Cell::black ? Color::black : Color::white;
}
constexpr bool is_stone(Cell c) {
    return c == Cell::black || c == Cell::white;
}

inline constexpr int kMaxSide = 52;               // SGF's largest board side
inline constexpr int kStride = kMaxSide + 2;      // one border cell on each side
inline constexpr int kCells = kStride * kStride;  // size of every per-cell array
inline constexpr int kMaxPoints = kMaxSide * kMaxSide;

// A point: index into the padded grid, (x + 1) + (y + 1) * kStride.
using Vertex = std::uint16_t;
// Never a point of any board (it is a border corner): "no point" in results.
inline constexpr Vertex kNoVertex = 0;

// x = column from the left, y = row from the top, both 0-based (SGF orientation).
// Precondition: 0 <= x, y < kMaxSide.
constexpr Vertex to_vertex(int x, int y) {
    return static_cast<Vertex>((x + 1) + (y + 1) * kStride);
}
// Column of a vertex made by to_vertex.
constexpr int vertex_x(Vertex v) {
    return v % kStride - 1;
}
// Row of a vertex made by to_vertex.
constexpr int vertex_y(Vertex v) {
    return v / kStride - 1;
}

// The four orthogonal neighbours (up, left, right, down) of a point of the board; some may be
// border cells. Precondition: v was made by to_vertex (so all four lie inside the padded grid).
constexpr std::array<Vertex, 4> neighbours(Vertex v) {
    return {static_cast<Vertex>(v - kStride), static_cast<Vertex>(v - 1),
            static_cast<Vertex>(v + 1), static_cast<Vertex>(v + kStride)};
}

// What a board play of colour c at an empty point v does (rules.md section 3: place, remove
// opponent strings left without liberties, then judge the mover's own string). `preview` and
// `play` return identical values for the same board, point and colour, whatever `play`'s flag.
struct PlayEffect {
    std::uint16_t captured_stones = 0;    // opponent stones removed
    std::uint8_t captured_strings = 0;    // opponent strings removed (0..4)
    std::array<Vertex, 4> captured_at{};  // a stone of each removed string (neighbours of v in
                                          // neighbours() order); unused entries are kNoVertex
    bool suicide = false;                 // the mover's string has no liberty after the captures
    std::uint16_t string_stones = 0;   // stones of the mover's string after captures (v included)
    std::uint16_t suicide_stones = 0;  // own stones removed if a suicide string is removed
                                       // (string_stones when suicide, else 0)
    // Simple-ko shape: exactly one stone captured and the new stone is a one-stone string with
    // exactly one liberty (the captured point). ko_point is that captured point, else kNoVertex.
    Vertex ko_point = kNoVertex;
    std::uint64_t hash_after = 0;     // position hash after the play, a suicide string removed
    std::uint64_t hash_own_kept = 0;  // position hash if a suicide string stays on the board
                                      // (equals hash_after when not suicide)
    friend bool operator==(const PlayEffect&, const PlayEffect&) = default;
};

class Board {
  public:
    // An empty size x size board. Precondition: 1 <= size <= kMaxSide.
    explicit Board(int size = 19) : Board(size, size) {}
    // An empty width x height board. Precondition: 1 <= width, height <= kMaxSide.
    Board(int width, int height);

    // A board from a picture, rows top to bottom: '.' or '+' empty, 'X'/'x' black, 'O'/'o' white,
    // spaces ignored. Stones are setup stones (no captures). For tests and tools.
    // Throws std::invalid_argument unless there are 1..52 rows of equal width 1..52.
    static Board from_ascii(std::span<const std::string_view> rows);
    static Board from_ascii(std::initializer_list<std::string_view> rows);
    // Rows top to bottom, each ended by '\n': '.' empty, 'X' black, 'O' white.
    std::string to_ascii() const;

    int width() const { return width_; }
    int height() const { return height_; }
    // True when (x, y) lies on this board.
    bool contains(int x, int y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }
    // True when v is a point of this board (any Vertex value is accepted).
    bool on_board(Vertex v) const { return v < kCells && cells_[v] != Cell::border; }
    // Cell at v. Precondition: v < kCells.
    Cell at(Vertex v) const { return cells_[v]; }
    // Cell at (x, y). Precondition: contains(x, y).
    Cell at(int x, int y) const { return cells_[to_vertex(x, y)]; }

    // What playing c at v would do, without changing the board. Precondition: at(v) is empty.
    PlayEffect preview(Vertex v, Color c) const;
    // Board play (TT 7 physics when remove_own_if_no_liberties): place c at v, remove opponent
    // strings adjacent to v left without liberties, then if the mover's string has no liberty,
    // remove it when the flag is set (else it stays, with zero liberties). Strings without
    // liberties elsewhere (made by setup) are left alone. Returns preview(v, c) as it was before.
    // Precondition: at(v) is empty. When `removed` is given, every stone the play removed is
    // appended to it: first the captured_stones opponent stones, then the suicide_stones own
    // stones when the mover's string was removed (undo_play takes this list back).
    PlayEffect play(Vertex v, Color c, bool remove_own_if_no_liberties,
                    std::vector<Vertex>* removed = nullptr);
    // Takes back a play of c at v: the stones it removed (as play() listed them, with the effect
    // play() returned) come back and the played stone goes. The colouring, strings, liberties and
    // hash are those before the play.
    void undo_play(Vertex v, Color c, const PlayEffect& effect, std::span<const Vertex> removed);

    // Makes this board a copy of `other` (the same value as `*this = other`), copying of the
    // per-string arrays only the rows `other`'s points lie in: for a board kept as scratch and
    // overwritten again and again (a 19x19 board's strings use 40 % of the padded grid).
    void assign(const Board& other);
    // A board equal to this one, made as assign() makes it: for a copy changed and read for a
    // while, without copying the whole value (some 27 KB, most of it never read).
    Board copy() const;

    // Setup (AB/AW): put a c stone at v, replacing whatever stone is there, with no captures; the
    // stone's string may end with zero liberties. Precondition: on_board(v).
    void set_stone(Vertex v, Color c);
    // Setup (AE): make v empty (no-op when already empty); may split a string.
    // Precondition: on_board(v).
    void clear(Vertex v);
    // Remove the whole string containing v (dead stones at scoring); returns its stone count.
    // Precondition: is_stone(at(v)).
    int remove_string(Vertex v);

    // Zobrist hash of the colouring: XOR of zobrist_key over all stones; 0 for an empty board.
    std::uint64_t hash() const { return hash_; }
    // The key of a c stone at point v (independent of board size). Precondition: v is a point of
    // a kMaxSide board (made by to_vertex).
    static std::uint64_t zobrist_key(Vertex v, Color c);

    // Number of stones of colour c on the board.
    int stones(Color c) const { return stone_count_[static_cast<int>(c)]; }
    // Stones in the string containing v. Precondition: is_stone(at(v)).
    int chain_stones(Vertex v) const { return chain_stones_[head_[v]]; }
    // Distinct liberties (empty neighbours) of the string containing v; 0 is possible after
    // setup or a kept suicide. Computed by walking the string (O(stones)), not stored.
    // Precondition: is_stone(at(v)).
    int chain_liberties(Vertex v) const;
    // chain_liberties(v) counted up to `limit` (>= 1): min(chain_liberties(v), limit), the walk
    // stopping at the limit-th liberty found. Precondition: is_stone(at(v)).
    int chain_liberties(Vertex v, int limit) const;
    // The distinct liberties, counted up to `limit` (>= 1), that the string of a stone of
    // colour c played at v would have: v's empty neighbours and the liberties of the strings of
    // c it joins, v itself excluded; known from the pseudo-liberties when they suffice, else by
    // walking those strings. Answers without playing (and taking back) the stone. Precondition:
    // on_board(v), at(v) is empty, and the play captures nothing (preview(v, c).captured_stones
    // is 0: a capture would free more points).
    int liberties_after(Vertex v, Color c, int limit) const;
    // The string's pseudo-liberties (every adjacency of one of its stones to an empty point),
    // kept up to date: O(1). A liberty is counted at most four times, so the string has at least
    // ceil(pseudo / 4) distinct liberties. Precondition: is_stone(at(v)).
    int chain_pseudo_liberties(Vertex v) const { return pseudo_libs_[head_[v]]; }
    // An identifier of the string containing v, equal for all its stones; valid until the next
    // change to the board. Precondition: is_stone(at(v)).
    Vertex chain_id(Vertex v) const { return head_[v]; }
    // Calls f(Vertex) for each stone of the string containing v. Precondition: is_stone(at(v)).
    template <class F>
    void for_each_chain_stone(Vertex v, F&& f) const {
        Vertex s = v;
        do {
            f(s);
            s = next_[s];
        } while (s != v);
    }
    // A stone of some string with zero liberties (only setup or a kept suicide makes them), or
    // kNoVertex; the first such stone in row-major order. O(board height + stones).
    Vertex find_string_without_liberties() const;

    // True when both boards have the same size and the same colouring (exact, no hashing).
    bool same_position(const Board& other) const;
    // The whole padded grid, indexed by Vertex (Cell values as bytes).
    std::span<const std::uint8_t> cells() const;
    // Bytes of a compact snapshot: 2 bits per point (the Cell value), row-major from (0, 0),
    // four points per byte from the low bits; unused bits of the last byte are 0.
    std::size_t snapshot_size() const {
        return (static_cast<std::size_t>(width_) * height_ + 3) / 4;
    }
    // The stones of colour c in row y as a bit mask (bit x set when (x, y) holds one), kept up
    // to date with every change. Precondition: 0 <= y < height().
    std::uint64_t row_mask(Color c, int y) const {
        return rows_[static_cast<std::size_t>(c)][static_cast<std::size_t>(y)];
    }
    // The colouring as a snapshot, kept up to date with every change (no scan of the board).
    std::span<const std::uint8_t> snapshot() const { return {packed_.data(), snapshot_size()}; }
    // Appends snapshot() to out.
    void append_snapshot(std::vector<std::uint8_t>& out) const;
    // True when snapshot (made by append_snapshot on a board of this size) equals the colouring.
    bool matches_snapshot(std::span<const std::uint8_t> snapshot) const;

  private:
    // Keep packed_ and rows_ in step with cells_[v] = cell (v is a point of the board).
    void pack(Vertex v, Cell cell);
    void place_stone(Vertex v, Color c);  // add a stone, merge strings, no captures
    void merge_chains(Vertex a, Vertex b);
    // Empties the string, returns its stone count; appends its stones to `removed` if given.
    std::uint16_t remove_chain(Vertex head, std::vector<Vertex>* removed = nullptr);
    void rebuild_chain(Vertex start);

    std::array<Cell, kCells> cells_;
    // The next four are meaningful at stones only (indeterminate elsewhere, never read there).
    std::array<Vertex, kCells> head_;  // string head of each stone (stale on empty cells)
    std::array<Vertex, kCells> next_;  // circular list of the stones of each string
    std::array<std::uint16_t, kCells> chain_stones_;  // valid at heads
    std::array<std::uint16_t, kCells> pseudo_libs_;   // valid at heads: pseudo-liberties (above)
    std::array<std::uint8_t, (kMaxPoints + 3) / 4> packed_{};    // the colouring, see snapshot()
    std::array<std::array<std::uint64_t, kMaxSide>, 2> rows_{};  // see row_mask()
    std::uint64_t hash_ = 0;
    std::array<std::uint16_t, 2> stone_count_{};
    std::uint8_t width_ = 0;
    std::uint8_t height_ = 0;
};

}  // namespace sgfaudit::game
