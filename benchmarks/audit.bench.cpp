// The audit: one replay judged under the three presets (audit::audit_game with
// "tromp-taylor,aga,french"), exact superko histories, scoring and divergences. items = moves.
//
// The superko history and the scoring are internal (src/audit/history.hpp, scoring.hpp: no
// public header), so they are measured through crafted games: kofight19, where every play after
// the first repeats an earlier position (each lookup finds its hash and confirms it by comparing
// boards; each play is illegal under all three presets, so the figure also carries the cost of
// writing those verdicts), and finished19, a finished position given as setup and ended by two
// passes (setup, then the counts of the three presets: mostly scoring).

#include "sgfaudit/audit/audit.hpp"

#include <benchmark/benchmark.h>

#include "samples.hpp"

namespace sgfaudit::bench {
namespace {

void audit_game(benchmark::State& state, SampleId id) {
    const Sample& s = sample(id);
    const sgf::GameRecord& record = audited(id).record;
    const std::span<const audit::Ruleset> rulesets = three_presets();
    for (auto _ : state) {
        audit::GameAudit a = audit::audit_game(record, rulesets);
        benchmark::DoNotOptimize(a.results.data());
    }
    set_rates(state, s.moves, 0);
}
BENCHMARK_CAPTURE(audit_game, kgs19, SampleId::kgs19);
BENCHMARK_CAPTURE(audit_game, ogs9_nested, SampleId::ogs9_nested);
BENCHMARK_CAPTURE(audit_game, playout19, SampleId::playout19);
BENCHMARK_CAPTURE(audit_game, finished19, SampleId::finished19);
BENCHMARK_CAPTURE(audit_game, kofight19, SampleId::kofight19);

// The same game under tromp-taylor alone: what the two other presets add.
void audit_game_one_ruleset(benchmark::State& state, SampleId id) {
    const Sample& s = sample(id);
    const sgf::GameRecord& record = audited(id).record;
    const std::span<const audit::Ruleset> one = three_presets().first(1);
    for (auto _ : state) {
        audit::GameAudit a = audit::audit_game(record, one);
        benchmark::DoNotOptimize(a.results.data());
    }
    set_rates(state, s.moves, 0);
}
BENCHMARK_CAPTURE(audit_game_one_ruleset, kgs19, SampleId::kgs19);
BENCHMARK_CAPTURE(audit_game_one_ruleset, playout19, SampleId::playout19);

}  // namespace
}  // namespace sgfaudit::bench
