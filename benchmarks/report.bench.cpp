// The report writers and the per-file stage of `sgfaudit audit`.
//
// append_game_json: one games.jsonl line (bytes = bytes written). file_stage: what the parallel
// stage of the audit pipeline does for one file held in memory: pipeline::audit_file (read,
// type, audit under the three presets) and, per game, the JSON line, the divergence rows, the
// summary facts and the HTML section (diagrams drawn), then the diagnostic rows; no disk, no
// threads (bytes = bytes of the file). summary_add_game: the serial in-order stage's work per
// game. items = moves, "games/s" = games.

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "samples.hpp"
#include "sgfaudit/pipeline/audit_file.hpp"
#include "sgfaudit/report/folder.hpp"

namespace sgfaudit::bench {
namespace {

void append_game_json(benchmark::State& state, SampleId id) {
    const Sample& s = sample(id);
    const report::CheckInput& input = audited(id).input;
    std::string out;
    std::size_t bytes = 0;
    for (auto _ : state) {
        out.clear();
        report::append_game_json(out, input);
        bytes = out.size();
        benchmark::DoNotOptimize(out.data());
    }
    set_rates(state, s.moves, bytes);
}
BENCHMARK_CAPTURE(append_game_json, kgs19, SampleId::kgs19);
BENCHMARK_CAPTURE(append_game_json, ogs9_nested, SampleId::ogs9_nested);
BENCHMARK_CAPTURE(append_game_json, kofight19, SampleId::kofight19);

void file_stage(benchmark::State& state, SampleId id) {
    const Sample& s = sample(id);
    pipeline::AuditSettings settings;
    settings.rulesets.assign(three_presets().begin(), three_presets().end());
    const std::string path = std::string(s.name) + ".sgf";
    for (auto _ : state) {
        std::string jsonl, divergences_csv, diagnostics_csv;
        std::vector<report::HtmlPiece> html;
        std::vector<report::GameFacts> facts;
        pipeline::FileInput input;
        input.path = path;
        input.bytes.ok = true;
        input.bytes.bytes = s.sgf;
        const pipeline::FileAudit file =
            pipeline::audit_file(input, settings, [&](const pipeline::AuditedGame& g) {
                report::append_game_json(jsonl, g.input);
                report::append_divergence_rows(divergences_csv, g.input);
                report::GameFacts f = report::game_facts(g.input);
                if (!g.audit.divergences.empty()) {
                    f.anchor = "f1-g";
                    f.anchor += std::to_string(g.input.game + 1);
                    report::append_html_game(html, g.input, f.anchor, true);
                }
                facts.push_back(std::move(f));
            });
        report::append_diagnostic_rows(diagnostics_csv, file.diagnostics);
        benchmark::DoNotOptimize(jsonl.data());
        benchmark::DoNotOptimize(facts.data());
    }
    set_rates(state, s.moves, s.sgf.size());
}
BENCHMARK_CAPTURE(file_stage, kgs19, SampleId::kgs19);
BENCHMARK_CAPTURE(file_stage, ogs9_nested, SampleId::ogs9_nested);
BENCHMARK_CAPTURE(file_stage, kofight19, SampleId::kofight19);

void summary_add_game(benchmark::State& state, SampleId id) {
    const Sample& s = sample(id);
    const report::GameFacts facts = report::game_facts(audited(id).input);
    report::Summary summary(report::RunDescription{
        {"bench"}, {"tromp-taylor", "aga", "french"}, "none", "as-it-stands", 1000});
    for (auto _ : state) summary.add_game(facts);
    benchmark::DoNotOptimize(summary.games());
    set_rates(state, s.moves, 0);
}
BENCHMARK_CAPTURE(summary_add_game, kgs19, SampleId::kgs19);
BENCHMARK_CAPTURE(summary_add_game, kofight19, SampleId::kofight19);

}  // namespace
}  // namespace sgfaudit::bench
