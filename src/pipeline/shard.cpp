// shard.chunks: a shard's chunks on disk (chunk.hpp). Little-endian 64-bit numbers and
// length-prefixed strings (report::ByteWriter); a record is its length, then its fields (each
// game's facts as report::write_game_facts encodes them: facts_codec.hpp). The file ends with
// an end record (a length of all ones, the record count, the inputs' fingerprint and a CRC-32 of
// the bytes before it). Every field read is checked against its range: nothing read from a shard
// indexes an array unchecked.

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "chunk.hpp"
#include "sgfaudit/report/facts_codec.hpp"

namespace sgfaudit::pipeline::detail {

namespace {

// 5: the header holds --ignore; the file ends with an end record (count, inputs' fingerprint,
// checksum). 6: the header holds --sqlite, a record results.csv's rows and report.sqlite's, and
// each game's margin bins (index.html's histograms). 7: each game's divergences on
// unsettled counts (their number by kind, pairs, causes and undecided strings) and the knobs that
// alone flip a divergence.
constexpr std::string_view kMagic = "sgfaudit-shard/8\n";
// The length field of the end record (never a record's length: those are below the file size).
constexpr std::uint64_t kEndMark = ~std::uint64_t{0};

class Writer : public report::ByteWriter {
  public:
    void diagnostic(const sgf::Diagnostic& d) {
        u(static_cast<std::uint64_t>(d.severity));
        s(d.code);
        s(d.file);
        u(d.where.line);
        u(d.where.column);
        s(d.message);
        u(static_cast<std::uint64_t>(static_cast<std::int64_t>(d.game)));
    }
};

class Reader : public report::ByteReader {
  public:
    Reader(std::string_view in, std::set<std::string, std::less<>>& codes)
        : ByteReader(in), codes_(codes) {}
    sgf::Diagnostic diagnostic() {
        sgf::Diagnostic d;
        d.severity = static_cast<sgf::Severity>(below_or_at(kMaxSeverity));
        d.code = *codes_.insert(s()).first;
        d.file = s();
        d.where.line = u32();
        d.where.column = u32();
        d.message = s();
        d.game = i32();
        return d;
    }

  private:
    static constexpr auto kMaxSeverity = static_cast<std::uint64_t>(sgf::Severity::error);
    std::set<std::string, std::less<>>& codes_;
};

// One block of the HTML report (report::HtmlBlock) of a shard record.
report::HtmlBlock read_html_block(Reader& r) {
    report::HtmlBlock b;
    b.group = static_cast<std::uint16_t>(r.below_or_at(report::kHtmlGroups - 1));
    b.has_board = r.flag();
    b.head = r.s();
    b.figure = r.s();
    b.tail = r.s();
    return b;
}

std::string framed(const std::string& body) {
    Writer w;
    w.s(body);
    return std::move(w.out);
}

}  // namespace

std::string shard_header(unsigned shard, unsigned shards, const report::RunDescription& run) {
    Writer w;
    w.u(shard);
    w.u(shards);
    w.u(run.paths.size());
    for (const std::string& p : run.paths) w.s(p);
    w.u(run.rulesets.size());
    for (const std::string& r : run.rulesets) w.s(r);
    w.s(run.dead);
    w.s(run.on_illegal);
    w.u(run.max_diagrams);
    w.u(run.findings_only ? 1 : 0);
    w.u(run.only.size());
    for (const std::string& k : run.only) w.s(k);
    w.u(run.full_json ? 1 : 0);
    w.u(run.max_listed);
    w.u(run.ignore.size());
    for (const std::string& c : run.ignore) w.s(c);
    w.u(run.sqlite ? 1 : 0);
    return std::string(kMagic) + framed(w.out);
}

std::string shard_record(const Chunk& c) {
    Writer w;
    w.u(c.index);
    w.u(c.walk_problem ? 1 : 0);
    w.diagnostic(c.problem);
    w.u(c.file.read ? 1 : 0);
    w.u(c.file.games);
    w.u(c.file.errors ? 1 : 0);
    w.u(c.file.diagnostics.size());
    for (const sgf::Diagnostic& d : c.file.diagnostics) w.diagnostic(d);
    w.s(c.jsonl);
    w.s(c.divergences_csv);
    w.s(c.diagnostics_csv);
    w.s(c.record_issues_csv);
    w.s(c.results_csv);
    w.s(c.sql);
    w.u(c.html.size());
    for (const report::HtmlBlock& b : c.html) {
        w.u(b.group);
        w.u(b.has_board ? 1 : 0);
        w.s(b.head);
        w.s(b.figure);
        w.s(b.tail);
    }
    w.s(c.broken);
    w.u(c.broken_rows);
    w.u(c.broken_games);
    w.u(c.facts.size());
    for (const report::GameFacts& f : c.facts) report::write_game_facts(w, f);
    return framed(w.out);
}

void ShardSeal::add(std::string_view bytes) {
    crc = static_cast<std::uint32_t>(
        ::crc32_z(crc, reinterpret_cast<const Bytef*>(bytes.data()), bytes.size()));
}

std::string shard_end(const ShardSeal& seal) {
    Writer w;
    w.u(kEndMark);
    w.u(seal.records);
    w.u(seal.fingerprint);
    w.u(seal.crc);
    return std::move(w.out);
}

bool ShardReader::fill(std::size_t n) {
    buffer_.resize(n);
    if (n != 0 && std::fread(buffer_.data(), 1, n, file_.get()) != n) return false;
    seen_.add(buffer_);
    offset_ += n;
    return true;
}

bool ShardReader::open(const std::string& folder) {
    folder_ = folder;
    const std::string path = fmt::format("{}/{}", folder, kShardChunks);
    // Without blocking (a FIFO in its place must not hang merge), and a regular file only.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        error_ = fmt::format("{}: cannot open {} ({}): not a shard report (sgfaudit audit --shard)",
                             folder, kShardChunks, std::strerror(errno));
        return false;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        error_ = fmt::format("{}/{}: not a regular file: not a shard report", folder, kShardChunks);
        return false;
    }
    file_.reset(::fdopen(fd, "rb"));
    if (!file_) {
        ::close(fd);
        error_ = fmt::format("{}/{}: cannot read ({})", folder, kShardChunks, std::strerror(errno));
        return false;
    }
    size_ = static_cast<std::uint64_t>(st.st_size);
    std::set<std::string, std::less<>> scratch;
    // The end record, read first: the shard's fingerprint is compared before any chunk is read.
    if (size_ >= kMagic.size() + 8 + kShardEndBytes) {
        std::string end(kShardEndBytes, '\0');
        if (::pread(fd, end.data(), end.size(), static_cast<off_t>(size_ - kShardEndBytes)) ==
            static_cast<ssize_t>(end.size())) {
            Reader r(end, scratch);
            if (r.u() == kEndMark) {
                end_.records = r.u();
                end_.fingerprint = r.u();
                const std::uint64_t crc = r.u();
                end_.crc = static_cast<std::uint32_t>(crc);
                if (crc <= 0xFFFFFFFFu) size_ -= kShardEndBytes;  // where the records end
            }
        }
    }
    if (!fill(kMagic.size()) || buffer_ != kMagic || !fill(8)) {
        error_ = fmt::format("{}/{}: not a chunks file of this version", folder, kShardChunks);
        return false;
    }
    if (size_ == static_cast<std::uint64_t>(st.st_size)) {
        error_ = fmt::format("{}/{}: truncated or damaged: no end record", folder, kShardChunks);
        return false;
    }
    Reader length(buffer_, scratch);
    const std::uint64_t n = length.u();
    if (n > size_ - offset_ || !fill(static_cast<std::size_t>(n))) {
        error_ = fmt::format("{}/{}: damaged header", folder, kShardChunks);
        return false;
    }
    Reader r(buffer_, scratch);
    shard_ = r.u32();
    shards_ = r.u32();
    const std::uint64_t paths = r.ok() ? r.u() : 0;
    for (std::uint64_t i = 0; i < paths && r.ok(); ++i) run_.paths.push_back(r.s());
    const std::uint64_t rulesets = r.ok() ? r.u() : 0;
    for (std::uint64_t i = 0; i < rulesets && r.ok(); ++i) run_.rulesets.push_back(r.s());
    run_.dead = r.s();
    run_.on_illegal = r.s();
    run_.max_diagrams = static_cast<std::size_t>(r.u());
    run_.findings_only = r.flag();
    const std::uint64_t only = r.ok() ? r.u() : 0;
    for (std::uint64_t i = 0; i < only && r.ok(); ++i) run_.only.push_back(r.s());
    run_.full_json = r.flag();
    run_.max_listed = r.u32();
    const std::uint64_t ignore = r.ok() ? r.u() : 0;
    for (std::uint64_t i = 0; i < ignore && r.ok(); ++i) run_.ignore.push_back(r.s());
    run_.sqlite = r.flag();
    if (!r.ok() || !r.done() || shards_ == 0 || shard_ == 0 || shard_ > shards_) {
        error_ = fmt::format("{}/{}: damaged header", folder, kShardChunks);
        return false;
    }
    return true;
}

bool ShardReader::next(Chunk& c) {
    if (!file_ || !error_.empty()) return false;
    if (offset_ == size_) {
        // Every record read: what was read must be what was written.
        if (seen_.crc != end_.crc || seen_.records != end_.records) {
            error_ = fmt::format(
                "{}/{}: edited or damaged: its checksum or record count does not match its end "
                "record (make shard {}/{} again)",
                folder_, kShardChunks, shard_, shards_);
        }
        return false;
    }
    std::set<std::string, std::less<>> scratch;
    if (size_ - offset_ < 8 || !fill(8)) {
        error_ = fmt::format("{}/{}: truncated", folder_, kShardChunks);
        return false;
    }
    const std::uint64_t n = Reader(buffer_, scratch).u();
    // A length past the records' end is damage: never allocated.
    if (n > size_ - offset_ || !fill(static_cast<std::size_t>(n))) {
        error_ = fmt::format("{}/{}: truncated", folder_, kShardChunks);
        return false;
    }
    ++seen_.records;
    const std::size_t rulesets = run_.rulesets.size();
    Reader r(buffer_, codes_);
    c.index = static_cast<std::size_t>(r.u());
    c.walk_problem = r.flag();
    c.problem = r.diagnostic();
    c.file.read = r.flag();
    c.file.games = static_cast<std::size_t>(r.u());
    c.file.errors = r.flag();
    const std::uint64_t diagnostics = r.ok() ? r.u() : 0;
    for (std::uint64_t i = 0; i < diagnostics && r.ok(); ++i) {
        c.file.diagnostics.push_back(r.diagnostic());
    }
    c.jsonl = r.s();
    c.divergences_csv = r.s();
    c.diagnostics_csv = r.s();
    c.record_issues_csv = r.s();
    c.results_csv = r.s();
    c.sql = r.s();
    const std::uint64_t blocks = r.ok() ? r.u() : 0;
    for (std::uint64_t i = 0; i < blocks && r.ok(); ++i) {
        c.html.push_back(read_html_block(r));
    }
    c.broken = r.s();
    c.broken_rows = static_cast<std::size_t>(r.u());
    c.broken_games = static_cast<std::size_t>(r.u());
    const std::uint64_t facts = r.ok() ? r.u() : 0;
    for (std::uint64_t i = 0; i < facts && r.ok(); ++i) {
        c.facts.push_back(report::read_game_facts(r, rulesets));
    }
    if (!r.ok() || !r.done()) {
        error_ = fmt::format("{}/{}: damaged record", folder_, kShardChunks);
        return false;
    }
    return true;
}

bool open_shards(const std::vector<std::string>& folders, std::vector<ShardReader>& shards,
                 std::string& error) {
    shards.resize(folders.size());
    for (std::size_t i = 0; i < shards.size(); ++i) {
        if (!shards[i].open(folders[i])) {
            error = shards[i].error();
            return false;
        }
    }
    if (shards.empty()) return true;
    std::sort(shards.begin(), shards.end(),
              [](const auto& a, const auto& b) { return a.shard() < b.shard(); });
    const report::RunDescription& first = shards.front().run();
    for (std::size_t i = 0; i < shards.size(); ++i) {
        const report::RunDescription& r = shards[i].run();
        if (shards[i].shards() != shards.size() || shards[i].shard() != i + 1) {
            error = fmt::format(
                "merge: the shards given are not 1/{n} to {n}/{n} once each (shard {}/{} "
                "where {}/{n} was expected)",
                shards[i].shard(), shards[i].shards(), i + 1, fmt::arg("n", shards.size()));
            return false;
        }
        if (r.paths != first.paths || r.rulesets != first.rulesets || r.dead != first.dead ||
            r.on_illegal != first.on_illegal || r.max_diagrams != first.max_diagrams ||
            r.findings_only != first.findings_only || r.only != first.only ||
            r.full_json != first.full_json || r.max_listed != first.max_listed ||
            r.ignore != first.ignore || r.sqlite != first.sqlite) {
            error = fmt::format("merge: shard {} was run with other inputs or options than shard 1",
                                shards[i].shard());
            return false;
        }
        if (shards[i].fingerprint() != shards.front().fingerprint()) {
            error = fmt::format(
                "merge: shard {} ({}) was made from other input files than shard 1 ({}): a "
                "file's size, modification time or list differs (an input changed between "
                "the shards, or was copied without its times): make the shards again",
                shards[i].shard(), shards[i].folder(), shards.front().folder());
            return false;
        }
    }
    return true;
}

}  // namespace sgfaudit::pipeline::detail
