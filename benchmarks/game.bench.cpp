// The board: replaying a game's main line on a game::Board, each play as the audit does it
// (preview, then play), setup stones with set_stone/clear. items = moves of the game (passes
// counted, though a pass costs nothing here).

#include <benchmark/benchmark.h>

#include "samples.hpp"
#include "sgfaudit/game/board.hpp"

namespace sgfaudit::bench {
namespace {

game::Color to_game(sgf::Color c) {
    return c == sgf::Color::black ? game::Color::black : game::Color::white;
}

void board_replay(benchmark::State& state, SampleId id) {
    const Sample& s = sample(id);
    const sgf::GameRecord& record = audited(id).record;
    for (auto _ : state) {
        game::Board board(record.size.width, record.size.height);
        for (const sgf::Event& e : record.events) {
            const game::Vertex v = game::to_vertex(e.point.x, e.point.y);
            switch (e.kind) {
                case sgf::EventKind::add_black:
                    board.set_stone(v, game::Color::black);
                    break;
                case sgf::EventKind::add_white:
                    board.set_stone(v, game::Color::white);
                    break;
                case sgf::EventKind::add_empty:
                    board.clear(v);
                    break;
                case sgf::EventKind::move:
                    if (e.pass || board.at(v) != game::Cell::empty) break;
                    benchmark::DoNotOptimize(board.preview(v, to_game(e.color)));
                    benchmark::DoNotOptimize(board.play(v, to_game(e.color), true));
                    break;
            }
        }
        benchmark::DoNotOptimize(board.hash());
    }
    set_rates(state, s.moves, 0);
}
BENCHMARK_CAPTURE(board_replay, kgs19, SampleId::kgs19);
BENCHMARK_CAPTURE(board_replay, ogs9_nested, SampleId::ogs9_nested);
BENCHMARK_CAPTURE(board_replay, playout19, SampleId::playout19);
BENCHMARK_CAPTURE(board_replay, finished19, SampleId::finished19);
BENCHMARK_CAPTURE(board_replay, kofight19, SampleId::kofight19);

// A new 19x19 board: every game of an audit starts with one.
void board_new(benchmark::State& state) {
    for (auto _ : state) {
        game::Board board(19);
        benchmark::DoNotOptimize(board);
    }
}
BENCHMARK(board_new);

}  // namespace
}  // namespace sgfaudit::bench
