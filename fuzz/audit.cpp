// libFuzzer target: one file read, typed, audited and reported, as `sgfaudit check` does, under
// the presets tromp-taylor, aga and french, with both illegal-play policies and the dead-stone
// policies none and markup; the text and JSON reports are written to a string and must be valid
// UTF-8 (fuzz/utf8_check.hpp).

#include "sgfaudit/audit/audit.hpp"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/report/check.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"
#include "utf8_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace sgfaudit;
    // Audits are quadratic in the worst case (exact superko history): keep inputs short.
    if (size > 16384) return 0;
    sgf::ReadLimits limits;
    limits.max_nodes_per_game = 2048;
    limits.max_depth = 512;
    limits.max_values_per_property = 512;
    limits.max_value_bytes = 4096;
    limits.max_games = 8;
    const sgf::Document doc = sgf::read_document(
        "fuzz.sgf", std::string(reinterpret_cast<const char*>(data), size), limits);
    const audit::RulesetListParse rulesets = audit::parse_ruleset_list("tromp-taylor,aga,french");
    if (!rulesets.ok()) __builtin_trap();

    std::ostringstream sink;
    for (std::size_t g = 0; g < doc.games().size(); ++g) {
        const sgf::GameRecord record = sgf::read_record(doc, g);
        for (const audit::IllegalPolicy on_illegal :
             {audit::IllegalPolicy::as_it_stands, audit::IllegalPolicy::stop}) {
            for (const audit::DeadPolicy dead :
                 {audit::DeadPolicy::none, audit::DeadPolicy::markup}) {
                audit::AuditOptions options;
                options.on_illegal = on_illegal;
                options.dead = dead;
                const audit::GameAudit a = audit::audit_game(record, rulesets.rulesets, options);
                const std::vector<sgf::Location> locations = report::locate_issues(doc, a);
                report::CheckInput in = report::check_input(doc.file(), record, a);
                in.options = options;
                in.issue_locations = locations;
                in.diagnostics = record.diagnostics;
                report::write_check_json(sink, in);
                report::write_check_text(sink, in);
                (void)audit::has_findings(a);
            }
        }
    }
    if (doc.games().empty()) report::write_check_json_file(sink, doc.file(), doc.diagnostics());
    if (!sgfaudit::fuzz::valid_utf8(sink.str())) __builtin_trap();
    return 0;
}
