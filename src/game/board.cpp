#include "sgfaudit/game/board.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace sgfaudit::game {
namespace {

static_assert(kCells <= 65535, "Vertex must index the padded grid");
static_assert(std::is_trivially_copyable_v<Board>, "a Board is copied as plain memory");

// splitmix64 (Steele, Lea, Flood), evaluated at compile time: no initialisation call, no race.
constexpr std::uint64_t splitmix64(std::uint64_t index) {
    std::uint64_t z = 0x5367666175646974ULL + (index + 1) * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// Keys indexed by vertex * 2 + colour. The key of a point depends only on (x, y) and the colour
// (splitmix64 of (y * 52 + x) * 2 + colour); cells outside a 52x52 board have key 0.
struct ZobristTable {
    std::array<std::uint64_t, 2 * kCells> keys{};
    constexpr ZobristTable() {
        for (int y = 0; y < kMaxSide; ++y) {
            for (int x = 0; x < kMaxSide; ++x) {
                const auto point = static_cast<std::uint64_t>(y * kMaxSide + x);
                const int v = to_vertex(x, y);
                keys[2 * v] = splitmix64(2 * point);
                keys[2 * v + 1] = splitmix64(2 * point + 1);
            }
        }
    }
};

constexpr ZobristTable kZobrist{};

constexpr bool all_point_keys_nonzero() {
    for (int y = 0; y < kMaxSide; ++y) {
        for (int x = 0; x < kMaxSide; ++x) {
            const int v = to_vertex(x, y);
            if (kZobrist.keys[2 * v] == 0 || kZobrist.keys[2 * v + 1] == 0) return false;
        }
    }
    return true;
}
static_assert(all_point_keys_nonzero());

inline std::uint64_t key(Vertex v, Color c) {
    return kZobrist.keys[2 * static_cast<std::size_t>(v) + static_cast<std::size_t>(c)];
}

// The distinct strings around a point (at most four), each with how many of the point's
// neighbours belong to it and the first such neighbour in neighbours() order.
struct Around {
    std::array<Vertex, 4> heads{};
    std::array<Vertex, 4> first{};
    std::array<std::uint16_t, 4> touching{};
    int size = 0;
    void add(Vertex h, Vertex n) {
        for (int i = 0; i < size; ++i) {
            if (heads[i] == h) {
                ++touching[i];
                return;
            }
        }
        heads[size] = h;
        first[size] = n;
        touching[size] = 1;
        ++size;
    }
};

}  // namespace

Board::Board(int width, int height) {
    assert(width >= 1 && width <= kMaxSide && height >= 1 && height <= kMaxSide);
    width_ = static_cast<std::uint8_t>(width);
    height_ = static_cast<std::uint8_t>(height);
    // head_, next_, chain_stones_ and pseudo_libs_ are read only at stones (their entries are
    // written when a stone is placed), so they are left as they are: a new board costs the
    // 3 KB of cells, not the 27 KB of the whole value.
    // Every row of the board is the same padded row: made once, then copied whole (a copy of a
    // fixed size is a few vector moves; std::fill_n on an enum stores byte by byte).
    std::array<Cell, kStride> row;
    std::memset(row.data(), static_cast<int>(Cell::border), row.size());
    std::memset(row.data() + 1, static_cast<int>(Cell::empty), static_cast<std::size_t>(width));
    std::memset(cells_.data(), static_cast<int>(Cell::border), cells_.size());
    for (int y = 0; y < height; ++y) {
        std::memcpy(cells_.data() + static_cast<std::size_t>(y + 1) * kStride, row.data(),
                    row.size());
    }
}

Board Board::from_ascii(std::initializer_list<std::string_view> rows) {
    return from_ascii(std::span<const std::string_view>(rows.begin(), rows.size()));
}

Board Board::from_ascii(std::span<const std::string_view> rows) {
    std::vector<std::string> cleaned;
    cleaned.reserve(rows.size());
    for (std::string_view row : rows) {
        std::string r;
        for (char ch : row) {
            if (ch != ' ') r += ch;
        }
        cleaned.push_back(std::move(r));
    }
    if (cleaned.empty() || cleaned.size() > static_cast<std::size_t>(kMaxSide)) {
        throw std::invalid_argument("Board::from_ascii: need 1..52 rows");
    }
    const std::size_t width = cleaned.front().size();
    if (width == 0 || width > static_cast<std::size_t>(kMaxSide)) {
        throw std::invalid_argument("Board::from_ascii: rows must have 1..52 points");
    }
    Board board(static_cast<int>(width), static_cast<int>(cleaned.size()));
    for (std::size_t y = 0; y < cleaned.size(); ++y) {
        if (cleaned[y].size() != width) {
            throw std::invalid_argument("Board::from_ascii: rows of different widths");
        }
        for (std::size_t x = 0; x < width; ++x) {
            const Vertex v = to_vertex(static_cast<int>(x), static_cast<int>(y));
            switch (cleaned[y][x]) {
                case '.':
                case '+':
                    break;
                case 'X':
                case 'x':
                    board.set_stone(v, Color::black);
                    break;
                case 'O':
                case 'o':
                    board.set_stone(v, Color::white);
                    break;
                default:
                    throw std::invalid_argument("Board::from_ascii: unknown point character");
            }
        }
    }
    return board;
}

std::string Board::to_ascii() const {
    std::string out;
    out.reserve(static_cast<std::size_t>(width_ + 1) * height_);
    for (int y = 0; y < height_; ++y) {
        for (int x = 0; x < width_; ++x) {
            switch (cells_[to_vertex(x, y)]) {
                case Cell::black:
                    out += 'X';
                    break;
                case Cell::white:
                    out += 'O';
                    break;
                default:
                    out += '.';
                    break;
            }
        }
        out += '\n';
    }
    return out;
}

std::uint64_t Board::zobrist_key(Vertex v, Color c) {
    return key(v, c);
}

// Column and row of each vertex of the padded grid (0 off a 52x52 board): pack() needs no division.
struct VertexXY {
    std::array<std::uint8_t, kCells> x{};
    std::array<std::uint8_t, kCells> y{};
    constexpr VertexXY() {
        for (int row = 0; row < kMaxSide; ++row) {
            for (int col = 0; col < kMaxSide; ++col) {
                x[to_vertex(col, row)] = static_cast<std::uint8_t>(col);
                y[to_vertex(col, row)] = static_cast<std::uint8_t>(row);
            }
        }
    }
};
constexpr VertexXY kVertexXY{};

// Keeps packed_ and rows_ in step with cells_[v] = cell. A stone is only ever put on an empty
// point, so its row mask gains a bit and the other colour's mask already lacks it.
inline void Board::pack(Vertex v, Cell cell) {
    const int x = kVertexXY.x[v], y = kVertexXY.y[v];
    const int point = (y * width_ + x) * 2;
    std::uint8_t& byte = packed_[static_cast<std::size_t>(point >> 3)];
    const int shift = point & 7;
    byte = static_cast<std::uint8_t>((byte & ~(3 << shift)) | static_cast<int>(cell) << shift);
    const std::uint64_t bit = std::uint64_t{1} << x;
    auto& black = rows_[0][static_cast<std::size_t>(y)];
    auto& white = rows_[1][static_cast<std::size_t>(y)];
    if (cell == Cell::empty) {
        black &= ~bit;
        white &= ~bit;
    } else {
        (cell == Cell::black ? black : white) |= bit;
    }
}

int Board::chain_liberties(Vertex v) const {
    return chain_liberties(v, kMaxPoints);
}

int Board::chain_liberties(Vertex v, int limit) const {
    assert(limit >= 1);
    const Vertex h = head_[v];
    // No pseudo-liberty, no liberty; a one-stone string counts each empty neighbour once.
    if (pseudo_libs_[h] == 0 || chain_stones_[h] == 1) return std::min<int>(pseudo_libs_[h], limit);
    std::array<std::uint64_t, (kCells + 63) / 64> seen{};
    int libs = 0;
    Vertex s = v;
    do {
        for (Vertex n : neighbours(s)) {
            if (cells_[n] != Cell::empty) continue;
            std::uint64_t& word = seen[n >> 6];
            const std::uint64_t bit = std::uint64_t{1} << (n & 63);
            if ((word & bit) == 0) {
                word |= bit;
                if (++libs == limit) return libs;
            }
        }
        s = next_[s];
    } while (s != v);
    return libs;
}

void Board::assign(const Board& other) {
    // The per-string arrays are read at stones only (their header comment): the rows up to the
    // last point of `other` are enough. The colouring, its packed and row forms and the counts
    // are copied whole (a few KB), so cells outside `other`'s board read as its borders.
    const std::size_t used =
        static_cast<std::size_t>(to_vertex(other.width_ - 1, other.height_ - 1)) + 1;
    cells_ = other.cells_;
    std::memcpy(head_.data(), other.head_.data(), used * sizeof(Vertex));
    std::memcpy(next_.data(), other.next_.data(), used * sizeof(Vertex));
    std::memcpy(chain_stones_.data(), other.chain_stones_.data(), used * sizeof(std::uint16_t));
    std::memcpy(pseudo_libs_.data(), other.pseudo_libs_.data(), used * sizeof(std::uint16_t));
    packed_ = other.packed_;
    rows_ = other.rows_;
    hash_ = other.hash_;
    stone_count_ = other.stone_count_;
    width_ = other.width_;
    height_ = other.height_;
}

Board Board::copy() const {
    Board out(width_, height_);
    out.assign(*this);
    return out;
}

int Board::liberties_after(Vertex v, Color c, int limit) const {
    assert(on_board(v) && cells_[v] == Cell::empty && limit >= 1);
    const Cell own = to_cell(c);
    Around around;
    int pseudo = 0;
    for (const Vertex n : neighbours(v)) {
        if (cells_[n] == Cell::empty) {
            ++pseudo;
        } else if (cells_[n] == own) {
            around.add(head_[n], n);
        }
    }
    // v's empty neighbours are distinct liberties of the string (v is none of them).
    if (pseudo >= limit) return limit;
    // The joined string's pseudo-liberties: its parts' adjacencies to empty points but those to
    // v, and v's own empty neighbours. A liberty counts at most four times.
    for (int i = 0; i < around.size; ++i)
        pseudo += pseudo_libs_[around.heads[i]] - around.touching[i];
    if (pseudo > 4 * (limit - 1)) return limit;
    std::array<std::uint64_t, (kCells + 63) / 64> seen{};
    int libs = 0;
    // Counts n when it is a liberty not yet seen; true once `limit` are counted (the walk
    // stops there).
    const auto count = [&](Vertex n) {
        if (n == v || cells_[n] != Cell::empty) return false;
        std::uint64_t& word = seen[n >> 6];
        const std::uint64_t bit = std::uint64_t{1} << (n & 63);
        if ((word & bit) != 0) return false;
        word |= bit;
        return ++libs == limit;
    };
    for (const Vertex n : neighbours(v)) {
        if (count(n)) return limit;
    }
    for (int i = 0; i < around.size; ++i) {
        const Vertex head = around.heads[i];
        Vertex s = head;
        do {
            for (const Vertex n : neighbours(s)) {
                if (count(n)) return limit;
            }
            s = next_[s];
        } while (s != head);
    }
    return libs;
}

// Merges the strings with heads a and b (same colour, distinct) into one: the stones of the
// smaller are relabelled and the pseudo-liberties add up (each adjacency still counts once).
void Board::merge_chains(Vertex a, Vertex b) {
    if (chain_stones_[a] < chain_stones_[b]) std::swap(a, b);
    Vertex s = b;
    do {
        head_[s] = a;
        s = next_[s];
    } while (s != b);
    std::swap(next_[a], next_[b]);  // splice the two circular lists
    chain_stones_[a] = static_cast<std::uint16_t>(chain_stones_[a] + chain_stones_[b]);
    pseudo_libs_[a] = static_cast<std::uint16_t>(pseudo_libs_[a] + pseudo_libs_[b]);
}

[[gnu::always_inline]] inline void Board::place_stone(Vertex v, Color c) {
    const Cell own = to_cell(c);
    cells_[v] = own;
    pack(v, own);
    hash_ ^= key(v, c);
    ++stone_count_[static_cast<int>(c)];

    // Each adjacency of v to a stone was one pseudo-liberty of that stone's string.
    const std::array<Vertex, 4> around = neighbours(v);
    std::uint16_t empties = 0;
    unsigned own_neighbours = 0;  // bit i: around[i] holds an own stone
    for (unsigned i = 0; i < 4; ++i) {
        const Cell cell = cells_[around[i]];
        if (cell == Cell::empty) {
            ++empties;
        } else if (is_stone(cell)) {
            --pseudo_libs_[head_[around[i]]];
            if (cell == own) own_neighbours |= 1u << i;
        }
    }
    head_[v] = v;
    next_[v] = v;
    chain_stones_[v] = 1;
    pseudo_libs_[v] = empties;
    for (; own_neighbours != 0; own_neighbours &= own_neighbours - 1) {
        const Vertex n = around[static_cast<unsigned>(std::countr_zero(own_neighbours))];
        if (head_[n] != head_[v]) merge_chains(head_[n], head_[v]);
    }
}

std::uint16_t Board::remove_chain(Vertex head, std::vector<Vertex>* removed) {
    const Color c = to_color(cells_[head]);
    const Cell other = to_cell(opponent(c));
    const std::uint16_t count = chain_stones_[head];
    Vertex s = head;
    do {
        if (removed != nullptr) removed->push_back(s);
        cells_[s] = Cell::empty;
        pack(s, Cell::empty);
        hash_ ^= key(s, c);
        // Each adjacency of s to a stone of the other colour becomes a pseudo-liberty of that
        // stone's string (a string is maximal: its other neighbouring stones are its own).
        for (Vertex n : neighbours(s)) {
            if (cells_[n] == other) ++pseudo_libs_[head_[n]];
        }
        s = next_[s];
    } while (s != head);
    stone_count_[static_cast<int>(c)] =
        static_cast<std::uint16_t>(stone_count_[static_cast<int>(c)] - count);
    return count;
}

PlayEffect Board::preview(Vertex v, Color c) const {
    assert(on_board(v) && cells_[v] == Cell::empty);
    const Cell own = to_cell(c);
    PlayEffect e;
    std::uint64_t captured_hash = 0;
    int empties = 0;
    Around around;
    for (Vertex n : neighbours(v)) {
        const Cell cell = cells_[n];
        if (cell == Cell::empty) {
            ++empties;
        } else if (is_stone(cell)) {
            around.add(head_[n], n);
        }
    }
    // v is the last liberty of a neighbouring string exactly when all its pseudo-liberties are
    // adjacencies to v.
    bool own_has_other_liberty = false;
    std::uint16_t string_stones = 1;
    Vertex single_capture = kNoVertex;
    for (int i = 0; i < around.size; ++i) {
        const Vertex h = around.heads[i];
        const bool last_liberty = pseudo_libs_[h] == around.touching[i];
        if (cells_[h] == own) {
            string_stones = static_cast<std::uint16_t>(string_stones + chain_stones_[h]);
            if (!last_liberty) own_has_other_liberty = true;
        } else if (last_liberty) {
            const Vertex n = around.first[i];
            e.captured_at[e.captured_strings++] = n;
            e.captured_stones = static_cast<std::uint16_t>(e.captured_stones + chain_stones_[h]);
            single_capture = n;
            for_each_chain_stone(n, [&](Vertex s) { captured_hash ^= key(s, opponent(c)); });
        }
    }
    e.string_stones = string_stones;
    // After captures the new string has a liberty iff v has an empty neighbour, a capture freed a
    // neighbour of v, or a joined string has a liberty other than v.
    e.suicide = empties == 0 && e.captured_stones == 0 && !own_has_other_liberty;
    e.hash_own_kept = hash_ ^ key(v, c) ^ captured_hash;
    if (e.suicide) {
        e.suicide_stones = string_stones;
        std::uint64_t own_hash = 0;
        for (int i = 0; i < around.size; ++i) {
            if (cells_[around.heads[i]] != own) continue;
            for_each_chain_stone(around.heads[i], [&](Vertex s) { own_hash ^= key(s, c); });
        }
        e.hash_after = hash_ ^ own_hash;  // the new stone comes and goes
    } else {
        e.hash_after = e.hash_own_kept;
    }
    if (e.captured_stones == 1 && string_stones == 1 && empties == 0) e.ko_point = single_capture;
    return e;
}

PlayEffect Board::play(Vertex v, Color c, bool remove_own_if_no_liberties,
                       std::vector<Vertex>* removed) {
    assert(on_board(v) && cells_[v] == Cell::empty);
    const Cell opp = to_cell(opponent(c));
    PlayEffect e;
    place_stone(v, c);
    // TT 7 / AGA order: clear the opponent first.
    for (Vertex n : neighbours(v)) {
        if (cells_[n] == opp && pseudo_libs_[head_[n]] == 0) {
            e.captured_at[e.captured_strings++] = n;
            e.captured_stones =
                static_cast<std::uint16_t>(e.captured_stones + remove_chain(head_[n], removed));
        }
    }
    const Vertex h = head_[v];
    e.string_stones = chain_stones_[h];
    e.suicide = pseudo_libs_[h] == 0;
    e.hash_own_kept = hash_;
    e.hash_after = hash_;
    if (e.suicide) {
        e.suicide_stones = e.string_stones;
        if (remove_own_if_no_liberties) {
            remove_chain(h, removed);
            e.hash_after = hash_;
        } else {
            for_each_chain_stone(v, [&](Vertex s) { e.hash_after ^= key(s, c); });
        }
    } else if (e.captured_stones == 1 && e.string_stones == 1 && pseudo_libs_[h] == 1) {
        // A one-stone string's pseudo-liberties are its distinct liberties.
        e.ko_point = e.captured_at[0];
    }
    return e;
}

void Board::undo_play(Vertex v, Color c, const PlayEffect& effect,
                      std::span<const Vertex> removed) {
    assert(removed.size() == static_cast<std::size_t>(effect.captured_stones) +
                                 (is_stone(cells_[v]) ? 0u : effect.suicide_stones));
    // The mover's own stones removed by a suicide come back first (they include v), then v goes,
    // then the captured stones come back.
    const std::span<const Vertex> captured = removed.first(effect.captured_stones);
    for (Vertex s : removed.subspan(effect.captured_stones)) place_stone(s, c);
    clear(v);
    for (Vertex s : captured) place_stone(s, opponent(c));
}

void Board::set_stone(Vertex v, Color c) {
    assert(on_board(v));
    if (cells_[v] == to_cell(c)) return;
    if (cells_[v] != Cell::empty) clear(v);
    place_stone(v, c);
}

// Flood-fills the string of same-coloured stones at start, whose stones are unlinked (head_ is
// kNoVertex: clear() unlinks the string it breaks), links it as one string and counts its
// pseudo-liberties.
void Board::rebuild_chain(Vertex start) {
    const Cell colour = cells_[start];
    std::array<Vertex, kMaxPoints> stack;
    int top = 0;
    std::uint16_t stones = 0;
    std::uint16_t libs = 0;
    Vertex prev = start;
    head_[start] = start;
    stack[top++] = start;
    while (top > 0) {
        const Vertex s = stack[--top];
        next_[prev] = s;
        prev = s;
        ++stones;
        for (Vertex n : neighbours(s)) {
            if (cells_[n] == colour && head_[n] == kNoVertex) {
                head_[n] = start;
                stack[top++] = n;
            } else if (cells_[n] == Cell::empty) {
                ++libs;
            }
        }
    }
    next_[prev] = start;
    chain_stones_[start] = stones;
    pseudo_libs_[start] = libs;
}

void Board::clear(Vertex v) {
    assert(on_board(v));
    const Cell cell = cells_[v];
    if (!is_stone(cell)) return;
    const Color c = to_color(cell);
    const bool alone = chain_stones_[head_[v]] == 1;
    cells_[v] = Cell::empty;
    pack(v, Cell::empty);
    hash_ ^= key(v, c);
    --stone_count_[static_cast<int>(c)];
    // Each adjacency of v to a stone of the other colour becomes a pseudo-liberty.
    const Cell other = to_cell(opponent(c));
    for (Vertex n : neighbours(v)) {
        if (cells_[n] == other) ++pseudo_libs_[head_[n]];
    }
    if (alone) return;
    // The rest of v's string may fall apart: unlink its stones (v is empty now, still in the
    // circular list), then rebuild each piece touching v.
    for (Vertex s = next_[v]; s != v; s = next_[s]) head_[s] = kNoVertex;
    for (Vertex n : neighbours(v)) {
        if (cells_[n] == cell && head_[n] == kNoVertex) rebuild_chain(n);
    }
}

int Board::remove_string(Vertex v) {
    assert(on_board(v) && is_stone(cells_[v]));
    return remove_chain(head_[v]);
}

Vertex Board::find_string_without_liberties() const {
    // Only stones can be in such a string: visit the stones of each row through the row masks,
    // low bits first, so in row-major order.
    for (int y = 0; y < height_; ++y) {
        std::uint64_t stones =
            rows_[0][static_cast<std::size_t>(y)] | rows_[1][static_cast<std::size_t>(y)];
        while (stones != 0) {
            const Vertex v = to_vertex(std::countr_zero(stones), y);
            if (pseudo_libs_[head_[v]] == 0) return v;
            stones &= stones - 1;
        }
    }
    return kNoVertex;
}

bool Board::same_position(const Board& other) const {
    if (width_ != other.width_ || height_ != other.height_) return false;
    return std::memcmp(packed_.data(), other.packed_.data(), snapshot_size()) == 0;
}

std::span<const std::uint8_t> Board::cells() const {
    return {reinterpret_cast<const std::uint8_t*>(cells_.data()), cells_.size()};
}

void Board::append_snapshot(std::vector<std::uint8_t>& out) const {
    const std::span<const std::uint8_t> s = snapshot();
    out.insert(out.end(), s.begin(), s.end());
}

bool Board::matches_snapshot(std::span<const std::uint8_t> snapshot) const {
    return snapshot.size() == snapshot_size() &&
           std::memcmp(snapshot.data(), packed_.data(), snapshot.size()) == 0;
}

}  // namespace sgfaudit::game
