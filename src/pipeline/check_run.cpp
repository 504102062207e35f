// check_files (check_run.hpp): `sgfaudit check`'s work per file and its in-order writer.

#include "sgfaudit/pipeline/check_run.hpp"

#include <fmt/format.h>
#include <tbb/enumerable_thread_specific.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <ostream>
#include <span>
#include <string>
#include <utility>

#include "sgfaudit/pipeline/spill.hpp"
#include "sgfaudit/report/folder.hpp"
#include "sgfaudit/sgf/encoding.hpp"

namespace sgfaudit::pipeline {

namespace {

// Throws StreamError when `stream` has failed.
void check_stream(const std::ostream& stream, const char* name) {
    if (stream) return;
    const int error = errno;
    throw StreamError(fmt::format("cannot write to {}{}", name,
                                  error != 0 ? fmt::format(": {}", std::strerror(error)) : ""));
}

// Past this many bytes, a file's text for stdout (or stderr) goes to an unnamed temporary file
// while its games are checked, and is copied out in order: a file of millions of games does not
// hold its whole output in memory.
constexpr std::size_t kSpillBytes = std::size_t{4} << 20;

// What the parallel stage makes of one file: its text for stdout and stderr, and counts.
struct CheckedFile : FileWork::Result {
    Spill out_spill, err_spill;  // what came before `out`, `err`
    std::string out, err;
    bool file = false;  // a file was taken (not a walk problem)
    bool findings = false;
    std::size_t games = 0, games_with_findings = 0;
    report::IgnoredCounts ignored;  // --ignore: set aside, by code
};

class CheckWork : public FileWork {
  public:
    CheckWork(const AuditSettings& settings, bool json, bool html, report::GameJson form,
              std::ostream& out, std::ostream& err)
        : settings_(settings), json_(json), html_(html), form_(form), out_(out), err_(err) {}

    std::unique_ptr<Result> process(FileInput& input) const override {
        auto r = std::make_unique<CheckedFile>();
        if (input.walk_problem) {
            // A folder entry that could not be taken: a finding, not a file.
            const sgf::Diagnostic& p = input.bytes.problem;
            r->findings = p.severity == sgf::Severity::error;
            report::count_ignored(r->ignored, settings_.ignore, std::span(&p, 1));
            if (json_) {
                report::append_file_json(r->out, p.file, std::span(&p, 1), form_, settings_.ignore);
            } else if (!report::is_ignored(settings_.ignore, p.code)) {
                r->err = sgf::format(p) + "\n";
            }
            return r;
        }
        r->file = true;
        const FileAudit file =
            audit_file(input, settings_, scratch_.local(), [&](const AuditedGame& g) {
                ++r->games;
                if (audit::has_findings(g.audit)) ++r->games_with_findings;
                report::count_ignored(r->ignored, settings_.ignore, g.input.diagnostics, &g.audit);
                if (json_) {
                    report::append_game_json(r->out, g.input, form_);
                    spill(*r);
                    return;
                }
                for (const sgf::Diagnostic& d : g.input.diagnostics) {
                    if (report::is_ignored(settings_.ignore, d.code)) continue;
                    r->err += sgf::format(d);
                    r->err += '\n';
                }
                if (html_) {
                    report::append_check_html(r->out, g.input);
                } else {
                    report::append_check_text(r->out, g.input);
                }
                spill(*r);
            });
        r->findings = file.errors || r->games_with_findings > 0;
        if (file.games == 0) {
            report::count_ignored(r->ignored, settings_.ignore, file.diagnostics);
            if (json_) {
                report::append_file_json(r->out, input.path, file.diagnostics, form_,
                                         settings_.ignore);
            } else {
                for (const sgf::Diagnostic& d : file.diagnostics) {
                    if (report::is_ignored(settings_.ignore, d.code)) continue;
                    r->err += sgf::format(d);
                    r->err += '\n';
                }
                if (file.read && html_) {
                    r->out += fmt::format("<p>{}: no game to check</p>\n",
                                          report::html_escape_text(input.path));
                } else if (file.read) {
                    r->out +=
                        fmt::format("{}: no game to check\n\n", sgf::printable_text(input.path));
                }
            }
        }
        return r;
    }

    void consume(std::unique_ptr<Result> result) override {
        const auto& r = static_cast<const CheckedFile&>(*result);
        StreamOut err_stream{err_, "standard error"}, out_stream{out_, "standard output"};
        r.err_spill.copy_to(err_stream);
        err_ << r.err;
        r.out_spill.copy_to(out_stream);
        // Text for a terminal: names and file names carry no control character (JSON is
        // escaped by its writer).
        if (json_ || html_) {
            out_ << r.out;  // escaped by its writer
        } else {
            out_ << sgf::printable_text(r.out, "\n");
        }
        check_stream(out_, "standard output");  // stops the run at once
        findings_ = findings_ || r.findings;
        files_ += r.file ? 1 : 0;
        games_ += r.games;
        games_with_findings_ += r.games_with_findings;
        for (const auto& [code, n] : r.ignored) ignored_[code] += n;
    }

    bool findings() const { return findings_; }
    std::size_t files() const { return files_; }
    std::size_t games() const { return games_; }
    std::size_t games_with_findings() const { return games_with_findings_; }
    const report::IgnoredCounts& ignored() const { return ignored_; }

  private:
    // Spill::copy_to's sink.
    struct StreamOut {
        std::ostream& os;
        const char* name;
        void write(std::string_view text) {
            os.write(text.data(), static_cast<std::streamsize>(text.size()));
            check_stream(os, name);
        }
    };

    // Sets a large text aside (at a game's end: the text is whole lines, so escaping it for the
    // terminal now gives what escaping the whole would).
    void spill(CheckedFile& r) const {
        if (r.out.size() > kSpillBytes) {
            if (!json_ && !html_) r.out = sgf::printable_text(r.out, "\n");
            r.out_spill.add(r.out, temp_);
        }
        if (r.err.size() > kSpillBytes) r.err_spill.add(r.err, temp_);
    }

    const std::string temp_ = temporary_folder();
    const AuditSettings& settings_;
    // The reader's and the audit's memory, one per worker thread (process() runs on any).
    mutable tbb::enumerable_thread_specific<FileScratch> scratch_;
    const bool json_, html_;
    const report::GameJson form_;
    std::ostream &out_, &err_;
    bool findings_ = false;
    std::size_t files_ = 0, games_ = 0, games_with_findings_ = 0;
    report::IgnoredCounts ignored_;
};

}  // namespace

CheckTotals check_files(FileWalk& walk, const AuditSettings& settings, CheckFormat format,
                        report::GameJson form, const RunOptions& run, std::ostream& out,
                        std::ostream& err) {
    CheckWork work(settings, format == CheckFormat::json, format == CheckFormat::html, form, out,
                   err);
    run_files(walk, work, run);
    CheckTotals totals;
    totals.findings = work.findings();
    totals.files = work.files();
    totals.games = work.games();
    totals.games_with_findings = work.games_with_findings();
    totals.ignored = work.ignored();
    return totals;
}

}  // namespace sgfaudit::pipeline
