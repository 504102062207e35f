#pragma once
// Internal: connected sets of points found by runs, from a board's rows as bit masks (bit x of a
// row: column x). A run is a maximal set of adjacent set bits of one row; each run is joined to
// the runs of the row above that share a column with it (union-find, the runs of two rows
// walked in order: linear). No recursion, no stack of points, few branches. Shared by the
// count of empty regions (scoring.cpp) and Benson's regions (life.cpp).

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

#include "sgfaudit/game/board.hpp"

namespace sgfaudit::audit::detail {

class RowRuns {
  public:
    // At most 26 runs in a row of 52 points.
    static constexpr std::size_t kMaxRuns = game::kMaxSide * (game::kMaxSide / 2 + 1);

    // Labels the runs of `rows` (one mask per row, at most game::kMaxSide rows), numbered row by
    // row, low bits first. The root of each set is its first run. Each new run is told to
    // run(id, y, mask), and each join of two sets to joined(root, other): other's root is
    // root's now (what the caller keeps per set can be added up there).
    template <class Run, class Joined>
    void label(std::span<const std::uint64_t> rows, Run&& run_made, Joined&& joined) {
        count_ = 0;
        std::size_t above = 0, above_end = 0;  // the runs of the row above: [above, above_end)
        for (std::size_t y = 0; y < rows.size(); ++y) {
            const std::size_t first = count_;
            std::size_t q = above;
            for (std::uint64_t m = rows[y]; m != 0;) {
                const std::uint64_t low = m & (~m + 1);  // the run's first point
                const std::uint64_t run = m & ~(m + low);
                m &= ~run;
                const auto id = static_cast<std::uint16_t>(count_++);
                mask_[id] = run;
                row_[id] = static_cast<std::uint16_t>(y);
                parent_[id] = id;
                run_made(id, y, run);
                // The runs above are in order too: skip those that end before this run starts,
                // join those that share a column with it. The last one joined may also touch
                // the next run of this row, so q stays on it.
                while (q < above_end && mask_[q] < low) ++q;
                for (std::size_t k = q; k < above_end && (mask_[k] & run) != 0; ++k) {
                    const std::uint16_t a = root(static_cast<std::uint16_t>(k)), b = root(id);
                    if (a == b) continue;
                    const std::uint16_t kept = std::min(a, b), other = std::max(a, b);
                    parent_[other] = kept;
                    joined(kept, other);
                }
            }
            above = first;
            above_end = count_;
        }
    }
    void label(std::span<const std::uint64_t> rows) {
        label(
            rows, [](std::uint16_t, std::size_t, std::uint64_t) {},
            [](std::uint16_t, std::uint16_t) {});
    }

    std::size_t size() const noexcept { return count_; }
    std::uint64_t mask(std::size_t i) const noexcept { return mask_[i]; }
    int row(std::size_t i) const noexcept { return row_[i]; }
    // Whether run i is the first of its set (only after label()).
    bool is_root(std::size_t i) const noexcept { return parent_[i] == i; }
    // Numbers the sets (only after label()) in the order of their first run, so of their first
    // point, row by row: set_of[i] is run i's set. Returns how many sets there are.
    std::size_t number_sets(std::span<std::uint16_t, kMaxRuns> set_of) noexcept {
        std::uint16_t sets = 0;
        for (std::size_t i = 0; i < count_; ++i) {
            // A set's root is its first run, so it is numbered before the set's other runs.
            const std::uint16_t r = root(static_cast<std::uint16_t>(i));
            set_of[i] = r == i ? sets++ : set_of[r];
        }
        return sets;
    }
    // The first run of run i's set.
    std::uint16_t root(std::uint16_t i) noexcept {
        while (parent_[i] != i) {
            parent_[i] = parent_[parent_[i]];
            i = parent_[i];
        }
        return i;
    }

  private:
    std::size_t count_ = 0;
    std::array<std::uint64_t, kMaxRuns> mask_;
    std::array<std::uint16_t, kMaxRuns> row_, parent_;
};

// The empty regions of a w x h position given by the rows of its stones (bit x of a row:
// column x): the runs of its empty points joined into regions (RowRuns), each run noting
// whether a black or a white stone is next to it. Per region, at its first run: its points, and
// whom it reaches (1 a black stone next to it, 2 a white one, 3 both, 0 none).
struct EmptyRegionRuns {
    RowRuns runs;
    std::array<std::uint16_t, RowRuns::kMaxRuns> size;
    std::array<std::uint8_t, RowRuns::kMaxRuns> reach;

    // Precondition: 1 <= w, h <= game::kMaxSide; black and white hold h rows.
    void label(int w, int h, std::span<const std::uint64_t> black,
               std::span<const std::uint64_t> white) {
        std::array<std::uint64_t, game::kMaxSide> empty;
        const std::uint64_t full = (std::uint64_t{1} << w) - 1;  // w <= 52
        for (std::size_t row = 0; row < static_cast<std::size_t>(h); ++row) {
            empty[row] = full & ~(black[row] | white[row]);
        }
        const auto run_made = [&](std::uint16_t id, std::size_t row, std::uint64_t run) {
            const std::uint64_t low = run & (~run + 1);
            const std::uint64_t around = run << 1 | run >> 1;
            const bool top = row == 0, bottom = row + 1 == static_cast<std::size_t>(h);
            const std::uint64_t black_beside =
                (top ? 0 : black[row - 1]) | (bottom ? 0 : black[row + 1]);
            const std::uint64_t white_beside =
                (top ? 0 : white[row - 1]) | (bottom ? 0 : white[row + 1]);
            // The run's length: run + low is the point just after it (a row has at most 52
            // points: no overflow). Two bit scans, not a popcount call on plain x86-64.
            size[id] =
                static_cast<std::uint16_t>(std::countr_zero(run + low) - std::countr_zero(low));
            reach[id] = static_cast<std::uint8_t>(
                (((black[row] & around) | (black_beside & run)) != 0 ? 1 : 0) |
                (((white[row] & around) | (white_beside & run)) != 0 ? 2 : 0));
        };
        const auto joined = [&](std::uint16_t root, std::uint16_t other) {
            size[root] = static_cast<std::uint16_t>(size[root] + size[other]);
            reach[root] = static_cast<std::uint8_t>(reach[root] | reach[other]);
        };
        runs.label(std::span<const std::uint64_t>(empty.data(), static_cast<std::size_t>(h)),
                   run_made, joined);
    }
};

}  // namespace sgfaudit::audit::detail
