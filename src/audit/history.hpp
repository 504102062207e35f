#pragma once
// Internal: the exact position history of one game (rules.md 2). Every position is kept
// with its compact snapshot; a lookup confirms each hash hit by comparing the board, so a Zobrist
// collision can never produce a false repetition. No look-back window, never cleared.
//
// Storage is by distinct position: each colouring is kept once, with the
// earliest of its occurrences in each list the superko rules read (any, after a turn of each
// colour, after a board play of each colour), so a ko repeated N times holds one entry per
// colouring, not N, and a lookup compares one snapshot, whatever the number of repetitions
// (before, every earlier occurrence with the same hash was walked: O(N^2) for N repetitions).
// An open-addressing table maps a hash to the first distinct position with it; positions whose
// hashes collide are chained, each confirmed on its snapshot. reset() keeps the memory, so one
// History could serve game after game (the audit makes one per game).

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <vector>

#include "sgfaudit/game/board.hpp"

namespace sgfaudit::audit::detail {

// Who made a position: a turn of Black or White, or setup after the start (nobody's turn).
enum class Maker : std::uint8_t { black, white, setup };

inline Maker maker_of(game::Color c) {
    return c == game::Color::black ? Maker::black : Maker::white;
}

// The earliest earlier occurrences of one position, by the lists the three superko rules use.
struct Repeats {
    std::optional<std::uint32_t> any;            // psk: any earlier position (TT 6)
    std::optional<std::uint32_t> after_turn[2];  // ssk: after a turn (play or pass) of colour i
    std::optional<std::uint32_t> after_play[2];  // nssk: after a board play of colour i
    bool operator==(const Repeats&) const = default;
};

class History {
  public:
    // Forgets everything; the next add() is the start position. Room for `expected` distinct
    // positions is reserved, up to kReservedPositions (more may be added: a long game of one
    // repeated ko needs few).
    void reset(std::size_t snapshot_bytes, std::size_t expected = 0) {
        expected = std::min(expected, kReservedPositions);
        count_ = 0;
        positions_.clear();
        positions_.reserve(expected);
        lists_.clear();
        // Snapshot bytes in use are counted apart: the vector only grows (never zero-filled again).
        snapshots_used_ = 0;
        if (snapshots_.size() < expected * snapshot_bytes)
            snapshots_.resize(expected * snapshot_bytes);
        std::size_t capacity = 64;
        while (capacity < 2 * expected) capacity *= 2;
        if (slots_.size() < capacity) slots_.resize(capacity);
        // Slots of earlier games are stale, not cleared: they carry an older generation.
        if (++generation_ == 0) {
            for (Slot& s : slots_) s.generation = 0;
            generation_ = 1;
        }
        mask_ = slots_.size() - 1;
        used_ = 0;
    }

    // Records the position of `board` as it stands right after move `move` (0: the start),
    // made by `maker`, by a board play (true) or a pass or setup (false). Returns true when an
    // earlier position has the same hash (a candidate repetition: find(board, size() - 1) tells).
    bool add(const game::Board& board, std::uint32_t move, Maker maker, bool by_play) {
        const Occurrence now{count_++, move};
        const std::span<const std::uint8_t> snap = board.snapshot();
        const std::uint64_t hash = board.hash();
        Slot& slot = lookup(hash);
        if (slot.generation == generation_) {
            std::uint32_t p = slot.position;
            for (;;) {
                if (same(positions_[p], snap)) {
                    note(p, now, maker, by_play);
                    return true;
                }
                if (positions_[p].next == kNone) break;
                p = positions_[p].next;
            }
            // A hash collision: another colouring, chained after the others with this hash.
            const std::uint32_t fresh = store(snap, now, maker, by_play);
            positions_[p].next = fresh;
            return true;
        }
        slot = Slot{hash, store(snap, now, maker, by_play), generation_};
        if (++used_ * 2 > mask_ + 1) grow();
        return false;
    }

    // The earliest occurrences of `board`'s position among the first `limit` entries (all when
    // limit is size()), every hit confirmed on the board.
    Repeats find(const game::Board& board, std::size_t limit) const {
        Repeats r;
        const Slot& slot = lookup(board.hash());
        if (slot.generation != generation_) return r;
        const std::span<const std::uint8_t> now = board.snapshot();
        for (std::uint32_t p = slot.position; p != kNone; p = positions_[p].next) {
            const Position& pos = positions_[p];
            // A hash collision, not a repeat, unless the colourings are equal.
            if (!same(pos, now)) continue;
            // Each list's earliest occurrence has the list's lowest index: when it is not
            // among the first `limit` entries, none of the list is.
            const auto take = [limit](const Occurrence& o, std::optional<std::uint32_t>& to) {
                if (o.index != kNone && o.index < limit) to = o.move;
            };
            take(pos.first, r.any);
            if (pos.lists == kNone) {
                if (pos.first_maker != Maker::setup) {
                    const auto c = static_cast<int>(pos.first_maker);
                    take(pos.first, r.after_turn[c]);
                    if (pos.first_by_play) take(pos.first, r.after_play[c]);
                }
            } else {
                const Lists& l = lists_[pos.lists];
                for (int c = 0; c < 2; ++c) {
                    take(l.after_turn[c], r.after_turn[c]);
                    take(l.after_play[c], r.after_play[c]);
                }
            }
            return r;  // colourings are stored once: no other position can match
        }
        return r;
    }

    // Positions added since reset() (occurrences, repeated ones included).
    std::size_t size() const { return count_; }

    // Distinct colourings among them.
    std::size_t distinct() const { return positions_.size(); }

    // Frees the memory when it holds more than `bytes` (positions, snapshots and the table).
    void release_if_above(std::size_t bytes) {
        const std::size_t held = positions_.capacity() * sizeof(Position) +
                                 lists_.capacity() * sizeof(Lists) + snapshots_.capacity() +
                                 slots_.capacity() * sizeof(Slot);
        if (held <= bytes) return;
        *this = History{};
    }

  private:
    static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
    // Reserved at reset() at most (the table, positions and snapshots grow past it).
    static constexpr std::size_t kReservedPositions = std::size_t{1} << 16;
    static constexpr std::size_t kShortCopy = 96;
    static_assert((game::kMaxPoints + 3) / 4 >= kShortCopy, "store reads kShortCopy bytes");

    struct Occurrence {
        std::uint32_t index = kNone;  // the order of add() since reset()
        std::uint32_t move = 0;
    };
    // The earliest occurrence after a turn and after a board play of each colour, kept once a
    // colouring has occurred twice.
    struct Lists {
        Occurrence after_turn[2];
        Occurrence after_play[2];
    };
    struct Position {
        std::uint32_t snapshot;  // offset into snapshots_
        std::uint32_t next;      // the next distinct position with the same hash, or kNone
        Occurrence first;        // the earliest occurrence (psk's list)
        std::uint32_t lists;     // into lists_, or kNone while it occurred once (see first_*)
        Maker first_maker;
        bool first_by_play;
    };
    struct Slot {
        std::uint64_t hash = 0;
        std::uint32_t position = 0;    // the first distinct position with this hash
        std::uint32_t generation = 0;  // the slot is in use when it equals generation_
    };

    static void note_in(Lists& l, const Occurrence& o, Maker maker, bool by_play) {
        if (maker == Maker::setup) return;
        const auto c = static_cast<int>(maker);
        if (l.after_turn[c].index == kNone) l.after_turn[c] = o;
        if (by_play && l.after_play[c].index == kNone) l.after_play[c] = o;
    }

    // A later occurrence of position p: only the earliest of each list is kept.
    void note(std::uint32_t p, const Occurrence& o, Maker maker, bool by_play) {
        if (positions_[p].lists == kNone) {
            Lists l;
            note_in(l, positions_[p].first, positions_[p].first_maker, positions_[p].first_by_play);
            positions_[p].lists = static_cast<std::uint32_t>(lists_.size());
            lists_.push_back(l);
        }
        note_in(lists_[positions_[p].lists], o, maker, by_play);
    }

    // A new distinct position; returns its index.
    std::uint32_t store(std::span<const std::uint8_t> snap, const Occurrence& o, Maker maker,
                        bool by_play) {
        const auto offset = static_cast<std::uint32_t>(snapshots_used_);
        // A snapshot of up to kShortCopy bytes (a 19x19 board's is 91) is copied as kShortCopy
        // bytes, a copy of constant size that the compiler makes inline: the bytes past it are
        // room the next snapshot writes over, and the board's own array (a snapshot of the
        // largest board) is longer than kShortCopy.
        const std::size_t room = std::max(snap.size(), kShortCopy);
        if (snapshots_used_ + room > snapshots_.size()) {
            snapshots_.resize(std::max(2 * snapshots_.size(), snapshots_used_ + room));
        }
        if (snap.size() <= kShortCopy) {
            std::memcpy(snapshots_.data() + snapshots_used_, snap.data(), kShortCopy);
        } else {
            std::memcpy(snapshots_.data() + snapshots_used_, snap.data(), snap.size());
        }
        snapshots_used_ += snap.size();
        positions_.push_back({offset, kNone, o, kNone, maker, by_play});
        return static_cast<std::uint32_t>(positions_.size() - 1);
    }

    bool same(const Position& p, std::span<const std::uint8_t> snap) const {
        return std::memcmp(snapshots_.data() + p.snapshot, snap.data(), snap.size()) == 0;
    }

    // The slot of `hash`, or the free slot where it would go (linear probing).
    Slot& lookup(std::uint64_t hash) {
        std::size_t i = static_cast<std::size_t>(hash ^ (hash >> 32)) & mask_;
        while (slots_[i].generation == generation_ && slots_[i].hash != hash) i = (i + 1) & mask_;
        return slots_[i];
    }
    const Slot& lookup(std::uint64_t hash) const {
        return const_cast<History*>(this)->lookup(hash);
    }

    void grow() {
        std::vector<Slot> old;
        old.swap(slots_);
        const std::uint32_t generation = generation_;
        slots_.assign(old.size() * 2, Slot{});
        mask_ = slots_.size() - 1;
        generation_ = 1;
        for (const Slot& s : old) {
            if (s.generation != generation) continue;
            Slot& slot = lookup(s.hash);
            slot = s;
            slot.generation = generation_;
        }
    }

    std::uint32_t count_ = 0;  // add() calls since reset()
    std::vector<Position> positions_;
    std::vector<Lists> lists_;
    std::vector<std::uint8_t> snapshots_;  // the first snapshots_used_ bytes are in use
    std::size_t snapshots_used_ = 0;
    std::vector<Slot> slots_;
    std::size_t mask_ = 0;
    std::size_t used_ = 0;
    std::uint32_t generation_ = 0;
};

}  // namespace sgfaudit::audit::detail
