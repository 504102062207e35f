#pragma once
// `sgfaudit check`'s file work: every game of the walk audited on the run's threads (run_files)
// and written in input order on `out` as text, HTML or JSON lines, with the files' diagnostics
// on `err` in text and HTML; a file's output past 4 MiB is set aside in an unnamed temporary
// file until its turn, so a file of millions of games is not held in memory.

#include <cstddef>
#include <iosfwd>
#include <stdexcept>

#include "sgfaudit/pipeline/audit_file.hpp"
#include "sgfaudit/pipeline/inputs.hpp"
#include "sgfaudit/pipeline/run.hpp"
#include "sgfaudit/report/check.hpp"
#include "sgfaudit/report/ignore.hpp"

namespace sgfaudit::pipeline {

enum class CheckFormat { text, json, html };

struct CheckTotals {
    bool findings = false;  // an error of a file or a folder entry, or a game with findings
    std::size_t files = 0, games = 0, games_with_findings = 0;
    report::IgnoredCounts ignored;  // --ignore: set aside, by code
};

// `out` or `err` failed (a full disk, a closed pipe): the run stops at once. The message names
// the stream ("cannot write to standard output: ...").
class StreamError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Checks the files of `walk` with `settings` on `run`'s threads and writes each game as
// `format` says (JSON in `form`). Throws StreamError when a stream fails, ResourceError when
// the machine runs out of descriptors.
CheckTotals check_files(FileWalk& walk, const AuditSettings& settings, CheckFormat format,
                        report::GameJson form, const RunOptions& run, std::ostream& out,
                        std::ostream& err);

}  // namespace sgfaudit::pipeline
