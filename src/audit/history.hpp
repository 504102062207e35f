#pragma once
// Internal: the exact position history of one game (rules-model.md 2). Every position is kept
// with its compact snapshot; a lookup confirms each hash hit by comparing the board, so a Zobrist
// collision can never produce a false repetition. No look-back window, never cleared.
//
// Storage is flat: entries and snapshots in two vectors, and an open-addressing table from a
// position's hash to the first and last entry with that hash (entries with equal hashes are
// chained in game order). reset() keeps the memory, so one History could serve game after game
// (the audit makes one per game).

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
    // Forgets everything; the next add() is the start position. `expected` positions are
    // reserved (more may be added).
    void reset(std::size_t snapshot_bytes, std::size_t expected = 0) {
        entries_.clear();
        entries_.reserve(expected);
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
        mask_ = capacity - 1;
        used_ = 0;
    }

    // Records the position of `board` as it stands right after move `move` (0: the start),
    // made by `maker`, by a board play (true) or a pass or setup (false). Returns true when an
    // earlier position has the same hash (a candidate repetition: find(board, size() - 1) tells).
    bool add(const game::Board& board, std::uint32_t move, Maker maker, bool by_play) {
        const auto index = static_cast<std::uint32_t>(entries_.size());
        const std::span<const std::uint8_t> snap = board.snapshot();
        const auto offset = static_cast<std::uint32_t>(snapshots_used_);
        if (snapshots_used_ + snap.size() > snapshots_.size()) {
            snapshots_.resize(std::max(2 * snapshots_.size(), snapshots_used_ + snap.size()));
        }
        std::memcpy(snapshots_.data() + snapshots_used_, snap.data(), snap.size());
        snapshots_used_ += snap.size();
        const std::uint64_t hash = board.hash();
        entries_.push_back({offset, move, kNone, maker, by_play});
        Slot& slot = lookup(hash);
        if (slot.generation == generation_) {
            entries_[slot.last].next = index;
            slot.last = index;
            return true;
        }
        slot = Slot{hash, index, index, generation_};
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
        for (std::uint32_t i = slot.first; i != kNone && i < limit; i = entries_[i].next) {
            const Entry& e = entries_[i];
            // A hash collision, not a repeat, unless the colourings are equal.
            if (std::memcmp(snapshots_.data() + e.snapshot, now.data(), now.size()) != 0) continue;
            if (!r.any) r.any = e.move;
            if (e.maker != Maker::setup) {
                const auto c = static_cast<int>(e.maker);
                if (!r.after_turn[c]) r.after_turn[c] = e.move;
                if (e.by_play && !r.after_play[c]) r.after_play[c] = e.move;
            }
        }
        return r;
    }

    std::size_t size() const { return entries_.size(); }

    // Frees the memory when it holds more than `bytes` (entries, snapshots and the table).
    void release_if_above(std::size_t bytes) {
        const std::size_t held = entries_.capacity() * sizeof(Entry) + snapshots_.capacity() +
                                 slots_.capacity() * sizeof(Slot);
        if (held <= bytes) return;
        *this = History{};
    }

  private:
    static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
    struct Entry {
        std::uint32_t snapshot;  // offset into snapshots_
        std::uint32_t move;
        std::uint32_t next;  // next entry with the same hash, in game order
        Maker maker;
        bool by_play;
    };
    struct Slot {
        std::uint64_t hash = 0;
        std::uint32_t first = 0, last = 0;  // entries with this hash
        std::uint32_t generation = 0;       // the slot is in use when it equals generation_
    };

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

    std::vector<Entry> entries_;
    std::vector<std::uint8_t> snapshots_;  // the first snapshots_used_ bytes are in use
    std::size_t snapshots_used_ = 0;
    std::vector<Slot> slots_;
    std::size_t mask_ = 0;
    std::size_t used_ = 0;
    std::uint32_t generation_ = 0;
};

}  // namespace sgfaudit::audit::detail
