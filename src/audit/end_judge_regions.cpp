#include "end_judge_regions.hpp"

#include <array>
#include <bit>
#include <cstddef>

namespace sgfaudit::audit::detail::judge {

void current_stone_rows(const game::Board& board, std::span<const std::int8_t> colour, Scratch& s) {
    const int width = board.width(), height = board.height();
    for (int y = 0; y < height; ++y) {
        std::array<std::uint64_t, 2> row{};
        for (int x = 0; x < width; ++x) {
            const int c = colour[game::to_vertex(x, y)];
            if (c != kNone) row[static_cast<std::size_t>(c)] |= std::uint64_t{1} << x;
        }
        s.stone_rows[0][static_cast<std::size_t>(y)] = row[0];
        s.stone_rows[1][static_cast<std::size_t>(y)] = row[1];
    }
}

void enclosed_regions(const game::Board& board, int col, Scratch& s) {
    std::vector<int>& label = s.region[static_cast<std::size_t>(col)];
    std::vector<Region>& regions = s.regions[static_cast<std::size_t>(col)];
    reset_cells(label, board, kNone);
    regions.clear();
    const auto height = static_cast<std::size_t>(board.height());
    const std::uint64_t full = ~std::uint64_t{0} >> (64 - board.width());
    const auto& own = s.stone_rows[static_cast<std::size_t>(col)];
    const auto& other = s.stone_rows[static_cast<std::size_t>(1 - col)];
    for (std::size_t y = 0; y < height; ++y) s.open_rows[y] = full & ~own[y];
    RowRuns& runs = s.runs;
    runs.label(std::span<const std::uint64_t>(s.open_rows.data(), height));
    regions.resize(runs.number_sets(s.region_of_run));
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const int id = s.region_of_run[i];
        const int y = runs.row(i);
        const std::uint64_t mask = runs.mask(i);
        if ((mask & other[static_cast<std::size_t>(y)]) != 0) {
            regions[static_cast<std::size_t>(id)].has_stones = true;
        }
        const game::Vertex row_start = game::to_vertex(0, y);
        for (std::uint64_t m = mask; m != 0; m &= m - 1) {
            label[row_start + static_cast<unsigned>(std::countr_zero(m))] = id;
        }
    }
}

}  // namespace sgfaudit::audit::detail::judge
