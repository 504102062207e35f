// audit_archive: the parallel audit of a whole run, streamed into a report folder that is put in
// place only when complete.

#include "sgfaudit/pipeline/archive.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <stdio.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <boost/filesystem.hpp>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <sstream>

#include "gzip_stream.hpp"
#include "html_groups.hpp"
#include "sgfaudit/report/archive.hpp"
#include "sgfaudit/report/docs.hpp"

namespace sgfaudit::pipeline {

namespace fs = boost::filesystem;

namespace {

// One output file of the staging folder, written in large pieces (1 MiB at a time, one writev)
// through a buffer of its own. Write errors (a full disk) are remembered and reported at the
// end. Large pieces may be handed over (take): they are kept as they are until written, not
// copied into the buffer.
class OutFile {
  public:
    OutFile() = default;
    OutFile(const OutFile&) = delete;
    OutFile& operator=(const OutFile&) = delete;
    ~OutFile() {
        if (fd_ >= 0) ::close(fd_);
    }

    bool open(const fs::path& path) {
        path_ = path.string();
        fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd_ < 0) {
            error_ = fmt::format("cannot create {}: {}", path_, std::strerror(errno));
            return false;
        }
        buffer_.reserve(kBuffer);
        return true;
    }
    // Copies `s` into the buffer.
    void write(std::string_view s) {
        if (fd_ < 0 || !error_.empty()) return;
        buffer_ += s;
        pending_ += s.size();
        if (pending_ >= kBuffer) flush();
    }
    // Writes `s`, taking it over when it is large (no copy); `s` is left empty or as it was.
    void take(std::string&& s) {
        if (s.size() < kTakeOver) {
            write(s);
            return;
        }
        if (fd_ < 0 || !error_.empty()) return;
        mark();
        pending_ += s.size();
        segments_.push_back({held_.size(), 0, s.size()});
        held_.push_back(std::move(s));
        if (pending_ >= kBuffer) flush();
    }
    // Closes the file; false (and error()) when anything failed.
    bool close() {
        if (fd_ >= 0) {
            flush();
            if (::close(fd_) != 0 && error_.empty()) {
                error_ = fmt::format("cannot write {}: {}", path_, std::strerror(errno));
            }
            fd_ = -1;
        }
        return error_.empty();
    }
    const std::string& error() const { return error_; }

  private:
    static constexpr std::size_t kBuffer = 1 << 20;
    static constexpr std::size_t kTakeOver = 1024;  // smaller pieces are copied
    static constexpr std::size_t kInBuffer = static_cast<std::size_t>(-1);

    // A piece waiting to be written, in order: bytes of buffer_ or a string taken over.
    struct Segment {
        std::size_t held;  // index into held_, or kInBuffer
        std::size_t offset, length;
    };

    // Ends the current run of buffered bytes as a segment (offsets: buffer_ may grow).
    void mark() {
        if (buffer_.size() > marked_) {
            segments_.push_back({kInBuffer, marked_, buffer_.size() - marked_});
            marked_ = buffer_.size();
        }
    }

    void flush() {
        mark();
        iov_.clear();
        for (const Segment& seg : segments_) {
            char* const base =
                seg.held == kInBuffer ? buffer_.data() + seg.offset : held_[seg.held].data();
            if (seg.length > 0) iov_.push_back({base, seg.length});
        }
        std::size_t i = 0;
        while (i < iov_.size() && error_.empty()) {
            const int count = static_cast<int>(std::min<std::size_t>(iov_.size() - i, IOV_MAX));
            const ssize_t n = ::writev(fd_, iov_.data() + i, count);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                error_ = fmt::format("cannot write {}: {}", path_, std::strerror(errno));
                break;
            }
            // Past what was written: whole pieces, then into the next one.
            for (auto done = static_cast<std::size_t>(n); done > 0;) {
                iovec& v = iov_[i];
                if (done >= v.iov_len) {
                    done -= v.iov_len;
                    ++i;
                } else {
                    v.iov_base = static_cast<char*>(v.iov_base) + done;
                    v.iov_len -= done;
                    done = 0;
                }
            }
        }
        buffer_.clear();
        held_.clear();
        segments_.clear();
        marked_ = 0;
        pending_ = 0;
    }

    int fd_ = -1;
    std::string buffer_;
    std::size_t marked_ = 0;   // bytes of buffer_ already in segments_
    std::size_t pending_ = 0;  // bytes waiting: buffered and taken over
    std::vector<std::string> held_;
    std::vector<Segment> segments_;
    std::vector<iovec> iov_;
    std::string path_;
    std::string error_;
};

// The staging folder beside the target: ".NAME.partial-PID".
fs::path staging_path(const fs::path& target) {
    return target.parent_path() /
           fmt::format(".{}.partial-{}", target.filename().string(), ::getpid());
}

// Removes staging folders of the same target left by runs that were killed (their process is
// gone).
void remove_stale_staging(const fs::path& target) {
    const fs::path parent = target.parent_path().empty() ? fs::path(".") : target.parent_path();
    const std::string prefix = fmt::format(".{}.partial-", target.filename().string());
    boost::system::error_code ec;
    for (fs::directory_iterator it(parent, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.rfind(prefix, 0) != 0) continue;
        const std::string pid_text = name.substr(prefix.size());
        if (pid_text.empty() || pid_text.find_first_not_of("0123456789") != std::string::npos) {
            continue;
        }
        const long pid = std::strtol(pid_text.c_str(), nullptr, 10);
        if (pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) {
            boost::system::error_code rec;
            fs::remove_all(it->path(), rec);
        }
    }
}

// True when `dir` may be replaced by a new report: empty, or holding only report files.
bool replaceable(const fs::path& dir, std::string& why) {
    boost::system::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        bool known = false;
        for (const char* f : kReportFiles) known = known || name == f;
        known = known || name == "games.jsonl.gz";  // --gzip
        if (!known) {
            why = fmt::format(
                "{} exists and is not an sgfaudit report folder (it holds {}): not replaced; "
                "choose another --out or --name",
                dir.string(), name);
            return false;
        }
    }
    if (ec) {
        why = fmt::format("cannot read {}: {}", dir.string(), ec.message());
        return false;
    }
    return true;
}

// Puts the complete staging folder in place of `target`: an atomic exchange where the file
// system supports it, else two renames.
bool commit(const fs::path& staging, const fs::path& target, std::string& error) {
    boost::system::error_code ec;
    const fs::file_status st = fs::symlink_status(target, ec);
    if (!fs::exists(st)) {
        if (::rename(staging.c_str(), target.c_str()) != 0) {
            error = fmt::format("cannot rename {} to {}: {}", staging.string(), target.string(),
                                std::strerror(errno));
            return false;
        }
        return true;
    }
#ifdef RENAME_EXCHANGE
    if (::renameat2(AT_FDCWD, staging.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE) == 0) {
        fs::remove_all(staging, ec);  // now the previous report
        return true;
    }
#endif
    const fs::path old = fs::path(staging.string() + ".old");
    if (::rename(target.c_str(), old.c_str()) != 0 ||
        ::rename(staging.c_str(), target.c_str()) != 0) {
        error = fmt::format("cannot put the report in place at {}: {}", target.string(),
                            std::strerror(errno));
        return false;
    }
    fs::remove_all(old, ec);
    return true;
}

// Rows of the broken-records table in index.html (record_issues.csv has every issue).
constexpr std::uint64_t kMaxBrokenRows = 10000;

// What the parallel stage makes of one file.
struct Chunk : FileWork::Result {
    bool walk_problem = false;  // a folder entry the walk could not take, not a file
    sgf::Diagnostic problem;    // its diagnostic
    FileAudit file;
    std::string jsonl, divergences_csv, diagnostics_csv, record_issues_csv;
    std::vector<report::HtmlBlock> html;
    std::string broken;  // rows of the broken-records table
    std::size_t broken_rows = 0, broken_games = 0;
    std::vector<report::GameFacts> facts;
};

class ArchiveWork : public FileWork {
  public:
    ArchiveWork(const ArchiveOptions& options, report::Summary& summary, OutFile& jsonl,
                OutFile& divergences, OutFile& diagnostics, OutFile& record_issues,
                HtmlGroups& html, std::size_t files_total)
        : options_(options),
          summary_(summary),
          jsonl_(jsonl),
          divergences_(divergences),
          diagnostics_(diagnostics),
          record_issues_(record_issues),
          html_(html) {
        progress_.files_total = files_total;
    }

    std::unique_ptr<Result> process(FileInput& input) const override {
        auto chunk = std::make_unique<Chunk>();
        if (input.walk_problem) {
            chunk->walk_problem = true;
            chunk->problem = input.bytes.problem;
            if (options_.only == 0 &&
                (!options_.findings_only || chunk->problem.severity == sgf::Severity::error)) {
                report::append_file_json(chunk->jsonl, input.path, std::span(&chunk->problem, 1));
            }
            report::append_diagnostic_rows(chunk->diagnostics_csv, std::span(&chunk->problem, 1));
            return chunk;
        }
        const auto draw = [this](std::uint16_t group) { return html_.draw(group); };
        const std::size_t file_number = input.index + 1;
        chunk->file = audit_file(input, options_.settings, [&](const AuditedGame& g) {
            const report::CheckInput& in = g.input;
            if ((!options_.findings_only || report::has_findings(g.audit)) && selected(g.audit)) {
                report::append_game_json(chunk->jsonl, in);
            }
            report::append_divergence_rows(chunk->divergences_csv, in);
            report::append_record_issue_rows(chunk->record_issues_csv, in);
            report::GameFacts facts = report::game_facts(in);
            if (!g.audit.divergences.empty()) {
                facts.anchor = fmt::format("f{}-g{}", file_number, in.game + 1);
                report::append_html_blocks(chunk->html, in, facts.anchor, draw);
            }
            if (const std::size_t rows =
                    report::append_html_broken_rows(chunk->broken, in, facts.anchor)) {
                chunk->broken_rows += rows;
                ++chunk->broken_games;
            }
            chunk->facts.push_back(std::move(facts));
        });
        if (chunk->file.games == 0 && options_.only == 0 &&
            (!options_.findings_only ||
             std::any_of(
                 chunk->file.diagnostics.begin(), chunk->file.diagnostics.end(),
                 [](const sgf::Diagnostic& d) { return d.severity == sgf::Severity::error; }))) {
            report::append_file_json(chunk->jsonl, input.path, chunk->file.diagnostics);
        }
        report::append_diagnostic_rows(chunk->diagnostics_csv, chunk->file.diagnostics);
        return chunk;
    }

    void consume(std::unique_ptr<Result> result) override {
        auto& chunk = static_cast<Chunk&>(*result);
        if (chunk.walk_problem) {
            write_jsonl(chunk.jsonl);
            diagnostics_.write(chunk.diagnostics_csv);
            summary_.add_walk_problem(chunk.problem);
            return;
        }
        write_jsonl(chunk.jsonl);
        divergences_.take(std::move(chunk.divergences_csv));
        diagnostics_.take(std::move(chunk.diagnostics_csv));
        record_issues_.take(std::move(chunk.record_issues_csv));
        html_.add(chunk.html);
        html_.add_broken(chunk.broken, chunk.broken_rows, chunk.broken_games);
        summary_.add_file(chunk.file.read, chunk.file.games, chunk.file.diagnostics);
        for (const report::GameFacts& f : chunk.facts) summary_.add_game(f);

        ++progress_.files_done;
        progress_.games = summary_.games();
        progress_.divergences = summary_.divergences();
        if (options_.progress) options_.progress(progress_);
    }

    // games.jsonl goes through `gzip` (games.jsonl.gz) when it is given.
    void set_gzip(GzipStream* gzip) { gzip_ = gzip; }

  private:
    // The game is one --only asks for (every game without --only).
    bool selected(const audit::GameAudit& a) const {
        if (options_.only == 0) return true;
        for (const audit::Divergence& d : a.divergences) {
            if ((options_.only >> static_cast<unsigned>(d.kind)) & 1u) return true;
        }
        return (options_.only & kOnlyRecordErrors) != 0 &&
               std::any_of(a.record_issues.begin(), a.record_issues.end(),
                           [](const audit::RecordIssue& i) {
                               return i.severity == audit::IssueSeverity::error;
                           });
    }

    void write_jsonl(std::string& lines) {
        if (gzip_ != nullptr) {
            gzip_->write(lines);
        } else {
            jsonl_.take(std::move(lines));
        }
    }

    const ArchiveOptions& options_;
    report::Summary& summary_;
    GzipStream* gzip_ = nullptr;
    OutFile &jsonl_, &divergences_, &diagnostics_, &record_issues_;
    HtmlGroups& html_;
    ArchiveProgress progress_;
};

std::string dead_description(const audit::AuditOptions& o) {
    std::string s(audit::to_string(o.dead));
    if (o.dead == audit::DeadPolicy::list) {
        s += ":";
        for (std::size_t i = 0; i < o.dead_points.size(); ++i) {
            s += (i == 0 ? " " : ",") + o.dead_points[i];
        }
    }
    return s;
}

}  // namespace

ArchiveResult audit_archive(const ArchiveOptions& options) {
    ArchiveResult result;
    FileWalk walk(options.paths);
    if (walk.missing_argument()) {
        result.status = ArchiveStatus::missing_input;
        result.missing = walk.missing();
        return result;
    }
    // The number of files, for a progress display's ETA: a walk of its own, names only.
    std::size_t files_total = 0;
    if (options.progress && options.count_files) {
        FileWalk count(options.paths);
        WalkItem item;
        while (count.next(item)) files_total += item.is_problem ? 0 : 1;
    }

    // The staging folder beside the target.
    const fs::path target = fs::absolute(fs::path(options.out_dir)).lexically_normal();
    fs::path clean_target = target;
    if (clean_target.filename() == "." || clean_target.filename().empty()) {
        clean_target = clean_target.parent_path();
    }
    boost::system::error_code ec;
    fs::create_directories(clean_target.parent_path(), ec);
    if (ec) {
        result.message =
            fmt::format("cannot create {}: {}", clean_target.parent_path().string(), ec.message());
        return result;
    }
    const fs::file_status st = fs::status(clean_target, ec);
    if (fs::exists(st)) {
        if (!fs::is_directory(st)) {
            result.message =
                fmt::format("{} exists and is not a folder: not replaced", clean_target.string());
            return result;
        }
        if (!replaceable(clean_target, result.message)) return result;
        result.previous = true;
    }
    remove_stale_staging(clean_target);
    const fs::path staging = staging_path(clean_target);
    fs::remove_all(staging, ec);
    fs::create_directory(staging, ec);
    if (ec) {
        result.message = fmt::format("cannot create {}: {}", staging.string(), ec.message());
        return result;
    }
    auto abandon = [&](ArchiveStatus status, std::string message) {
        boost::system::error_code rec;
        fs::remove_all(staging, rec);
        result.status = status;
        result.message = std::move(message);
        return result;
    };

    OutFile jsonl, divergences, diagnostics, record_issues;
    HtmlGroups html(staging.string(), options.max_diagrams, kMaxBrokenRows);
    std::optional<GzipStream> gzip;
    if (options.gzip) gzip.emplace([&](std::string_view s) { jsonl.write(s); });
    if (!jsonl.open(staging / (options.gzip ? "games.jsonl.gz" : "games.jsonl")) ||
        !divergences.open(staging / "divergences.csv") ||
        !diagnostics.open(staging / "diagnostics.csv") ||
        !record_issues.open(staging / "record_issues.csv")) {
        std::string error =
            jsonl.error() + divergences.error() + diagnostics.error() + record_issues.error();
        return abandon(ArchiveStatus::failed, error);
    }
    diagnostics.write(report::kDiagnosticsCsvHeader);
    record_issues.write(report::kRecordIssuesCsvHeader);

    report::RunDescription run;
    run.paths = options.paths;
    for (const audit::Ruleset& r : options.settings.rulesets) {
        run.rulesets.push_back(r.spec.empty() ? r.name : r.spec);
    }
    run.dead = dead_description(options.settings.options);
    run.on_illegal = std::string(audit::to_string(options.settings.options.on_illegal));
    run.max_diagrams = options.max_diagrams;
    run.findings_only = options.findings_only;
    for (unsigned k = 0; k < 5; ++k) {
        if ((options.only >> k) & 1u) {
            run.only.emplace_back(audit::to_string(static_cast<audit::DivergenceKind>(k)));
        }
    }
    if (options.only & kOnlyRecordErrors) run.only.emplace_back("record_errors");
    divergences.write(report::divergences_csv_header(run.rulesets));
    report::Summary summary(run);

    ArchiveWork work(options, summary, jsonl, divergences, diagnostics, record_issues, html,
                     files_total);
    if (gzip) work.set_gzip(&*gzip);
    RunOptions run_options;
    run_options.jobs = options.jobs;
    run_options.max_file_bytes = options.settings.limits.max_file_bytes;
    run_options.cancel = options.cancel;
    const RunOutcome outcome = run_files(walk, work, run_options);
    if (outcome.cancelled) return abandon(ArchiveStatus::interrupted, "interrupted");

    // summary.md, summary.json, then index.html around the body written so far.
    OutFile summary_md, summary_json, index_html;
    bool ok = (!gzip || gzip->finish()) & jsonl.close() & divergences.close() &
              diagnostics.close() & record_issues.close();
    html.plan();
    summary.add_diagrams(html.drawn(), html.not_drawn());
    if (ok && summary_md.open(staging / "summary.md")) {
        std::ostringstream md;
        summary.write_markdown(md);
        summary_md.write(md.str());
        ok = summary_md.close();
    } else {
        ok = false;
    }
    if (ok && summary_json.open(staging / "summary.json")) {
        std::ostringstream json;
        summary.write_json(json);
        summary_json.write(json.str());
        ok = summary_json.close();
    } else {
        ok = false;
    }
    // The documents the report cites.
    OutFile rules_md, diagnostics_md;
    if (ok && rules_md.open(staging / "rules.md") &&
        diagnostics_md.open(staging / "diagnostics.md")) {
        rules_md.write(report::rules_markdown());
        diagnostics_md.write(report::diagnostics_markdown());
        ok = rules_md.close() && diagnostics_md.close();
    } else {
        ok = false;
    }
    if (ok && index_html.open(staging / "index.html")) {
        std::ostringstream head;
        summary.write_html_start(
            head, report::html_contents(html.order(), html.divergences(), html.broken_games()));
        index_html.write(head.str());
        const bool groups_ok = html.write([&](std::string_view s) { index_html.write(s); },
                                          [&] {
                                              std::ostringstream heading;
                                              summary.write_html_divergences(heading);
                                              index_html.write(heading.str());
                                          });
        ok = groups_ok;
        std::ostringstream end;
        report::Summary::write_html_end(end);
        index_html.write(end.str());
        ok = index_html.close() && ok;
    } else {
        ok = false;
    }
    if (!ok) {
        std::string error;
        for (const OutFile* f : {&jsonl, &divergences, &diagnostics, &record_issues, &summary_md,
                                 &summary_json, &rules_md, &diagnostics_md, &index_html}) {
            if (error.empty()) error = f->error();
        }
        if (error.empty()) error = html.error();
        if (error.empty() && gzip) error = gzip->error();
        return abandon(ArchiveStatus::failed,
                       error.empty() ? std::string("cannot write the report") : error);
    }
    html.remove();
    // A signal that came after the last file was read still means "stop": nothing replaced.
    if (options.cancel != nullptr && options.cancel->load() != 0) {
        return abandon(ArchiveStatus::interrupted, "interrupted");
    }
    std::string error;
    if (!commit(staging, clean_target, error)) {
        return abandon(ArchiveStatus::failed, error);
    }
    result.status = ArchiveStatus::complete;
    result.findings = summary.findings();
    result.files = summary.files();
    result.games = summary.games();
    result.games_with_findings = summary.games_with_findings();
    result.divergences = summary.divergences();
    result.moves = summary.moves();
    return result;
}

}  // namespace sgfaudit::pipeline
