#pragma once
// Internal: the exact position history of one game (rules-model.md 2). Every position is kept
// with its compact snapshot; a lookup confirms each hash hit by comparing the board, so a Zobrist
// collision can never produce a false repetition. No look-back window, never cleared.

#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
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
};

class History {
  public:
    // Forgets everything; the next add() is the start position.
    void reset(std::size_t snapshot_bytes) {
        entries_.clear();
        snapshots_.clear();
        heads_.clear();
        snapshot_bytes_ = snapshot_bytes;
    }

    // Records the position of `board` as it stands right after move `move` (0: the start),
    // made by `maker`, by a board play (true) or a pass or setup (false).
    void add(const game::Board& board, std::uint32_t move, Maker maker, bool by_play) {
        const auto index = static_cast<std::uint32_t>(entries_.size());
        const auto offset = static_cast<std::uint32_t>(snapshots_.size());
        board.append_snapshot(snapshots_);
        entries_.push_back({board.hash(), offset, move, kNone, maker, by_play});
        auto [it, inserted] = heads_.try_emplace(board.hash(), Chain{index, index});
        if (!inserted) {
            entries_[it->second.last].next = index;
            it->second.last = index;
        }
    }

    // True when some recorded position has the hash of `board` (a candidate repetition).
    bool may_contain(std::uint64_t hash) const { return heads_.find(hash) != heads_.end(); }

    // The earliest occurrences of `board`'s position, every hit confirmed on the board.
    Repeats find(const game::Board& board) const {
        Repeats r;
        const auto it = heads_.find(board.hash());
        if (it == heads_.end()) return r;
        for (std::uint32_t i = it->second.first; i != kNone; i = entries_[i].next) {
            const Entry& e = entries_[i];
            const std::span<const std::uint8_t> snap(snapshots_.data() + e.snapshot,
                                                     snapshot_bytes_);
            if (!board.matches_snapshot(snap)) continue;  // a hash collision, not a repeat
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

  private:
    static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
    struct Entry {
        std::uint64_t hash;
        std::uint32_t snapshot;  // offset into snapshots_
        std::uint32_t move;
        std::uint32_t next;  // next entry with the same hash, in game order
        Maker maker;
        bool by_play;
    };
    struct Chain {
        std::uint32_t first, last;
    };
    std::vector<Entry> entries_;
    std::vector<std::uint8_t> snapshots_;
    std::unordered_map<std::uint64_t, Chain> heads_;
    std::size_t snapshot_bytes_ = 0;
};

}  // namespace sgfaudit::audit::detail
