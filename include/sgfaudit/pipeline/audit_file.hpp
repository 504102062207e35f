#pragma once
// Auditing one file: its bytes -> SGF document -> every game's typed record -> audit under every
// chosen ruleset, handed game by game to the caller as a report::CheckInput. `check` and
// `audit` both go through here, so the referee's one-game view and the archive report always
// say the same.

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/pipeline/run.hpp"
#include "sgfaudit/report/check.hpp"
#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"

namespace sgfaudit::pipeline {

// What every file of a run is audited with.
struct AuditSettings {
    std::vector<audit::Ruleset> rulesets;  // at least one
    audit::AuditOptions options;
    sgf::ReadLimits limits;
    // --ignore: codes set aside, sorted (report/ignore.hpp); every CheckInput carries them.
    std::vector<std::string> ignore;
    // Non-zero: stop (a signal came). Checked before a file is parsed (the file is then not
    // read: games 0) and between the games of a file, so a file of many
    // games does not hold a cancelled run up; the games not audited are not reported, and the
    // run that set it keeps nothing of the file (the report is abandoned). Set options.cancel
    // to the same flag to have it checked inside a long game's replay too.
    const std::atomic<int>* cancel = nullptr;
};

// One audited game, valid during the callback only. `input.diagnostics` holds the game's own
// diagnostics: the reader's for this game (those about the file as a whole go with the first
// game) and its record typing's.
struct AuditedGame {
    const sgf::GameRecord& record;
    const audit::GameAudit& audit;
    const report::CheckInput& input;
};

// What the file as a whole gave.
struct FileAudit {
    bool read = false;      // the bytes could be read
    std::size_t games = 0;  // game trees in the file
    bool errors = false;    // some diagnostic of the file or of a record is an error
    // Every diagnostic of the file: the reading problem, or the reader's and every record's.
    std::vector<sgf::Diagnostic> diagnostics;
};

// A worker thread's memory from file to file, kept by the caller (one per worker thread): the
// audit's scratch, and the last file's Document, whose tree's containers the next file is read
// into (sgf::read_document with a spare).
struct FileScratch {
    audit::AuditScratch audit;
    sgf::Document spare;
};

// Audits every game of `input` in file order, calling `on_game` for each, with the calling
// thread's `scratch`. Never throws for bad input.
FileAudit audit_file(FileInput& input, const AuditSettings& settings, FileScratch& scratch,
                     const std::function<void(const AuditedGame&)>& on_game);
// The same with a scratch of its own (tests, one-off files).
FileAudit audit_file(FileInput& input, const AuditSettings& settings,
                     const std::function<void(const AuditedGame&)>& on_game);

}  // namespace sgfaudit::pipeline
