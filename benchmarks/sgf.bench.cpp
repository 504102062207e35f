// The SGF reader: tokenizing and building the tree (sgf::read_document), typing the main line
// (sgf::read_record). items = moves of the game, bytes = bytes of the file.

#include <benchmark/benchmark.h>

#include "samples.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"

namespace sgfaudit::bench {
namespace {

// read_document takes the bytes by value: the copy of the file (a few KB) is inside the loop,
// where the pipeline moves the bytes it has read.
void read_document(benchmark::State& state, SampleId id) {
    const Sample& s = sample(id);
    const std::string file = std::string(s.name) + ".sgf";
    for (auto _ : state) {
        sgf::Document doc = sgf::read_document(file, s.sgf);
        benchmark::DoNotOptimize(doc.node_count());
    }
    set_rates(state, s.moves, s.sgf.size());
}
BENCHMARK_CAPTURE(read_document, kgs19, SampleId::kgs19);
BENCHMARK_CAPTURE(read_document, kgs19_nested, SampleId::kgs19_nested);
BENCHMARK_CAPTURE(read_document, ogs9_nested, SampleId::ogs9_nested);
BENCHMARK_CAPTURE(read_document, finished19, SampleId::finished19);

void read_record(benchmark::State& state, SampleId id) {
    const Sample& s = sample(id);
    const sgf::Document& doc = audited(id).doc;
    for (auto _ : state) {
        sgf::GameRecord record = sgf::read_record(doc, 0);
        benchmark::DoNotOptimize(record.moves);
    }
    set_rates(state, s.moves, s.sgf.size());
}
BENCHMARK_CAPTURE(read_record, kgs19, SampleId::kgs19);
BENCHMARK_CAPTURE(read_record, kgs19_nested, SampleId::kgs19_nested);
BENCHMARK_CAPTURE(read_record, ogs9_nested, SampleId::ogs9_nested);
BENCHMARK_CAPTURE(read_record, finished19, SampleId::finished19);

}  // namespace
}  // namespace sgfaudit::bench
