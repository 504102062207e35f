// audit_file: one file's games, parsed, typed and audited, handed on one by one.

#include "sgfaudit/pipeline/audit_file.hpp"

#include <algorithm>
#include <iterator>
#include <utility>

namespace sgfaudit::pipeline {

FileAudit audit_file(FileInput& input, const AuditSettings& settings, FileScratch& scratch,
                     const std::function<void(const AuditedGame&)>& on_game) {
    FileAudit result;
    if (!input.bytes.ok) {
        result.errors = true;
        result.diagnostics.push_back(input.bytes.problem);
        return result;
    }
    result.read = true;
    // A cancelled run does not read the rest of its files in flight: the other files of a batch
    // (up to 15) would each be parsed before the first look at the flag, 0.4 s for a 6 MB file
    // (SIGTERM took 2.5 s among files of a 10^6-move ko).
    if (settings.cancel != nullptr && settings.cancel->load(std::memory_order_relaxed) != 0)
        return result;
    sgf::Document doc =
        sgf::read_document(input.path, std::move(input.bytes.bytes), settings.limits,
                           sgf::ReadPath::fast, std::move(scratch.spare));
    result.games = doc.games().size();
    result.errors = doc.has_errors();

    // The reader's diagnostics by game; those of the file as a whole (or of a game index out of
    // range) go with the first game. Most files have none: then nothing is built.
    std::vector<std::vector<sgf::Diagnostic>> by_game;
    if (!doc.diagnostics().empty()) {
        by_game.resize(std::max<std::size_t>(result.games, 1));
        result.diagnostics.reserve(doc.diagnostics().size());
        for (const sgf::Diagnostic& d : doc.diagnostics()) {
            result.diagnostics.push_back(d);
            const bool own = d.game >= 0 && static_cast<std::size_t>(d.game) < result.games;
            by_game[own ? static_cast<std::size_t>(d.game) : 0].push_back(d);
        }
    }

    for (std::size_t g = 0; g < result.games; ++g) {
        if (settings.cancel != nullptr && settings.cancel->load(std::memory_order_relaxed) != 0)
            break;
        sgf::GameRecord record = sgf::read_record(doc, g, settings.limits);
        if (record.has_errors()) result.errors = true;
        const audit::GameAudit a =
            audit::audit_game(record, settings.rulesets, settings.options, scratch.audit);
        // A replay cut short by the cancel flag (AuditOptions::cancel) is not reported.
        if (settings.cancel != nullptr && settings.cancel->load(std::memory_order_relaxed) != 0)
            break;

        const std::vector<sgf::Location> locations = report::locate_issues(doc, a);
        report::CheckInput in = report::check_input(input.path, record, a);
        in.options = settings.options;
        in.issue_locations = locations;
        in.ignore = settings.ignore;
        // The game's diagnostics: the reader's for it, then its record's (the record's alone
        // when the reader has none for it: no copy).
        if (g < by_game.size() && !by_game[g].empty()) {
            std::vector<sgf::Diagnostic>& diagnostics = by_game[g];
            diagnostics.insert(diagnostics.end(), record.diagnostics.begin(),
                               record.diagnostics.end());
            in.diagnostics = diagnostics;
            on_game(AuditedGame{record, a, in});
            diagnostics = {};  // release as we go
        } else {
            in.diagnostics = record.diagnostics;
            on_game(AuditedGame{record, a, in});
        }
        // The record is done with: its diagnostics move to the file's.
        result.diagnostics.insert(result.diagnostics.end(),
                                  std::make_move_iterator(record.diagnostics.begin()),
                                  std::make_move_iterator(record.diagnostics.end()));
    }
    scratch.spare = sgf::spare_of(std::move(doc));
    return result;
}

FileAudit audit_file(FileInput& input, const AuditSettings& settings,
                     const std::function<void(const AuditedGame&)>& on_game) {
    FileScratch scratch;
    return audit_file(input, settings, scratch, on_game);
}

}  // namespace sgfaudit::pipeline
