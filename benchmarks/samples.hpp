#pragma once
// The games the micro-benchmarks measure, generated in memory (deterministic: a fixed seed and
// our own generator, the same bytes on every machine). Nothing is read from disk.

#include <benchmark/benchmark.h>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/report/check.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"

namespace sgfaudit::bench {

enum class SampleId {
    kgs19,         // 19x19, 250 random legal moves, one node per line as KGS writes, RE[B+Resign]
    kgs19_nested,  // the same moves nested one variation per move, as OGS exports
    ogs9_nested,   // 9x9, 60 moves, OGS header and nesting
    playout19,     // 19x19 random game played to the end (no legal non-eye point): ends B[] W[]
    finished19,    // the final position of playout19 as AB/AW setup, then B[] W[]: scoring
    kofight19,     // a ko taken back 250 times: every play repeats an earlier position
};

struct Sample {
    std::string_view name;
    std::string sgf;             // the file's bytes
    std::uint32_t moves = 0;     // B/W events of the main line, passes counted
    std::uint32_t setup = 0;     // AB/AW stones
    std::uint32_t captures = 0;  // stones captured while the generator played the moves
};

// The sample (built on first use).
const Sample& sample(SampleId id);

// "tromp-taylor,aga,french", parsed with audit::parse_ruleset_list.
std::span<const audit::Ruleset> three_presets();

// A sample read, typed and audited under the three presets, and its report::CheckInput as the
// pipeline builds it (built on first use; the views of `input` point into this object).
struct Audited {
    sgf::Document doc;
    sgf::GameRecord record;
    audit::GameAudit audit;
    std::vector<sgf::Location> issue_locations;
    report::CheckInput input;
};
const Audited& audited(SampleId id);

// The CheckInput of one audited game, as pipeline::audit_file fills it.
report::CheckInput check_input(std::string_view file, const sgf::Document& doc,
                               const sgf::GameRecord& record, const audit::GameAudit& audit,
                               std::vector<sgf::Location>& issue_locations);

// Throughput of a benchmark that handled `moves` moves and `bytes` bytes of one game per
// iteration: items_per_second counts moves, bytes_per_second bytes, and "games/s" iterations.
inline void set_rates(benchmark::State& state, std::uint64_t moves, std::uint64_t bytes) {
    const auto n = static_cast<std::uint64_t>(state.iterations());
    if (moves > 0) state.SetItemsProcessed(static_cast<std::int64_t>(n * moves));
    if (bytes > 0) state.SetBytesProcessed(static_cast<std::int64_t>(n * bytes));
    state.counters["games/s"] =
        benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsRate);
}

}  // namespace sgfaudit::bench
