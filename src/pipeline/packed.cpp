// Archives and compressed files read in place through libarchive (packed.hpp).

#include "packed.hpp"

#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <locale.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>

#include "problem.hpp"
#include "sgfaudit/sgf/codes.hpp"

namespace sgfaudit::pipeline::detail {

namespace codes = sgf::codes;

namespace {

char lower(char c) noexcept {
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;
}

bool ends_with_nocase(std::string_view s, std::string_view suffix) noexcept {
    if (s.size() < suffix.size()) return false;
    for (std::size_t i = 0; i < suffix.size(); ++i) {
        if (lower(s[s.size() - suffix.size() + i]) != suffix[i]) return false;
    }
    return true;
}

constexpr std::array<std::string_view, 12> kArchiveSuffixes{
    ".zip", ".tar",    ".tar.gz", ".tgz",     ".tar.bz2", ".tbz2",
    ".tbz", ".tar.xz", ".txz",    ".tar.zst", ".tzst",    ".7z"};
constexpr std::array<std::string_view, 4> kCompressionSuffixes{".gz", ".bz2", ".xz", ".zst"};

// A member's name as reported: "./" prefixes dropped.
std::string clean_name(std::string_view name) {
    while (name.size() >= 2 && name[0] == '.' && name[1] == '/') {
        name.remove_prefix(2);
        while (!name.empty() && name.front() == '/') name.remove_prefix(1);
    }
    return std::string(name);
}

// True when a member's name would lead out of the archive's folder if it were unpacked: an
// absolute path (also "C:..." or a leading backslash) or a ".." component.
bool unsafe_name(std::string_view name) noexcept {
    if (name.empty()) return false;
    if (name.front() == '/' || name.front() == '\\') return true;
    if (name.size() >= 2 && name[1] == ':') return true;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= name.size(); ++i) {
        if (i == name.size() || name[i] == '/' || name[i] == '\\') {
            if (name.substr(start, i - start) == "..") return true;
            start = i + 1;
        }
    }
    return false;
}

// A libarchive reader for `packing`: every filter, and the archive formats sgfaudit documents
// (zip, tar in all its dialects, 7z) or the raw one. Not format_all: its text formats (mtree)
// take an ordinary text file such as /etc/passwd for an empty archive, and the run would audit
// nothing without a word (F020 is the right answer there).
::archive* new_reader(Packing packing) {
    ::archive* a = archive_read_new();
    if (a == nullptr) return nullptr;
    archive_read_support_filter_all(a);
    if (packing == Packing::compressed) {
        archive_read_support_format_raw(a);
    } else {
        archive_read_support_format_zip(a);
        archive_read_support_format_tar(a);
        archive_read_support_format_gnutar(a);
        archive_read_support_format_7zip(a);
    }
    return a;
}

std::string error_of(::archive* a) {
    const char* s = archive_error_string(a);
    return s != nullptr && *s != '\0' ? std::string(s) : std::string("unknown error");
}

}  // namespace

Packing packing_of_name(std::string_view name) noexcept {
    for (std::string_view s : kArchiveSuffixes) {
        if (ends_with_nocase(name, s)) return Packing::archive;
    }
    for (std::string_view c : kCompressionSuffixes) {
        if (!ends_with_nocase(name, c)) continue;
        const std::string_view stem = name.substr(0, name.size() - c.size());
        if (ends_with_nocase(stem, ".sgf") || ends_with_nocase(stem, ".mgt")) {
            return Packing::compressed;
        }
    }
    return Packing::none;
}

Sniffed sniff_file(const std::string& path) {
    Sniffed result;
    // SGF text: the first byte that is not white space or a byte order mark is '('.
    {
        const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        if (fd < 0) return result;  // left to the read, which words the problem
        std::array<char, 4096> head{};
        ssize_t n = -1;
        do {
            n = ::read(fd, head.data(), head.size());
        } while (n < 0 && errno == EINTR);
        ::close(fd);
        if (n < 0) return result;
        std::string_view text(head.data(), static_cast<std::size_t>(n));
        if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
        const std::size_t first = text.find_first_not_of(" \t\r\n\f\v");
        if (first != std::string_view::npos && text[first] == '(') return result;
    }
    // An archive libarchive knows (not an empty file), else one compressed file.
    for (const Packing packing : {Packing::archive, Packing::compressed}) {
        ::archive* a = new_reader(packing);
        if (a == nullptr) return result;
        bool known = false;
        if (archive_read_open_filename(a, path.c_str(), 1 << 16) == ARCHIVE_OK) {
            archive_entry* entry = nullptr;
            const int r = archive_read_next_header(a, &entry);
            if (packing == Packing::archive) {
                known = (r == ARCHIVE_OK || r == ARCHIVE_WARN || r == ARCHIVE_EOF) &&
                        archive_format(a) != ARCHIVE_FORMAT_EMPTY;
            } else {
                known = (r == ARCHIVE_OK || r == ARCHIVE_WARN) && archive_filter_count(a) > 1;
            }
        }
        archive_read_free(a);
        if (known) {
            result.packing = packing;
            return result;
        }
    }
    result.neither = true;
    return result;
}

ArchiveStream::ArchiveStream(std::string path, Packing packing, std::size_t max_member_bytes)
    : path_(std::move(path)), packing_(packing), max_member_bytes_(max_member_bytes) {
    struct stat st {};
    const std::uint64_t size =
        ::stat(path_.c_str(), &st) == 0 ? static_cast<std::uint64_t>(st.st_size) : 0;
    budget_ = std::max<std::uint64_t>(size * kMaxInflationRatio,
                                      static_cast<std::uint64_t>(max_member_bytes) + (1u << 20));
}

ArchiveStream::~ArchiveStream() {
    if (a_ != nullptr) archive_read_free(a_);
    if (utf8_locale_ != nullptr) ::freelocale(static_cast<locale_t>(utf8_locale_));
}

namespace {

// libarchive converts member names to the charset of the calling thread's locale: in the C
// locale every non-ASCII name of a pax or zip archive is a warning ("Pathname can't be converted
// from UTF-8 to current locale"), which is F028 now, though nothing is wrong with the archive.
// Names are UTF-8 in every report, so the thread reads with the C.UTF-8 locale (uselocale:
// this thread only, no global state) and goes back to its own after.
class ThreadLocale {
  public:
    explicit ThreadLocale(void* locale) noexcept
        : old_(locale != nullptr ? ::uselocale(static_cast<locale_t>(locale)) : nullptr) {}
    ~ThreadLocale() {
        if (old_ != nullptr) ::uselocale(old_);
    }
    ThreadLocale(const ThreadLocale&) = delete;
    ThreadLocale& operator=(const ThreadLocale&) = delete;

  private:
    locale_t old_;
};

}  // namespace

void ArchiveStream::add_problem(std::string_view code, std::string name, std::string message,
                                sgf::Severity severity) {
    WalkItem item;
    item.path = std::move(name);
    item.is_problem = true;
    item.problem = problem(code, item.path, std::move(message));
    item.problem.severity = severity;
    queue_.push_back(std::move(item));
}

bool ArchiveStream::over_budget() const {
    const la_int64_t filtered = archive_filter_bytes(a_, 0);
    const std::uint64_t seen =
        std::max<std::uint64_t>(inflated_, filtered > 0 ? static_cast<std::uint64_t>(filtered) : 0);
    return seen > budget_;
}

bool ArchiveStream::read_data(std::string* out, std::size_t& total) {
    // Not zero-filled: only read into (a member of 1 KiB must not cost a 64 KiB memset).
    if (!chunk_) chunk_.reset(new char[kChunk]);
    char* const chunk = chunk_.get();
    total = 0;
    std::size_t retries = 0;
    for (;;) {
        const la_ssize_t n = archive_read_data(a_, chunk, kChunk);
        if (n == 0) return true;
        if (n < 0) {
            if (n == ARCHIVE_WARN || (n == ARCHIVE_RETRY && ++retries < 1000)) {
                // Recovered by libarchive, but said (F028 after the member).
                if (data_warning_.empty()) data_warning_ = error_of(a_);
                continue;
            }
            error_ = error_of(a_);
            // ARCHIVE_FAILED: this member cannot be unpacked (an unsupported compression
            // method), but the archive can be read on from the next header.
            member_failed_ = n == ARCHIVE_FAILED;
            return false;
        }
        const auto got = static_cast<std::size_t>(n);
        if (out != nullptr && total <= max_member_bytes_) {
            const std::size_t keep = std::min(got, max_member_bytes_ + 1 - total);
            out->append(chunk, keep);
        }
        total += got;
        inflated_ += got;
        if (over_budget()) {
            bomb_ = true;
            return false;
        }
    }
}

bool ArchiveStream::next(WalkItem& item) {
    if (!done_ && a_ == nullptr && utf8_locale_ == nullptr) {
        utf8_locale_ = ::newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr));
    }
    const ThreadLocale utf8(utf8_locale_);
    while (queue_.empty()) {
        if (done_) return false;
        step();
    }
    item = std::move(queue_.front());
    queue_.pop_front();
    return true;
}

namespace {

// What a member that is not a regular file is, for F029.
std::string_view kind_of_member(archive_entry* entry) noexcept {
    if (archive_entry_hardlink(entry) != nullptr) return "a hard link";
    switch (archive_entry_filetype(entry)) {
        case AE_IFLNK:
            return "a symbolic link";
        case AE_IFDIR:
            return "a folder";
        case AE_IFIFO:
            return "a FIFO (named pipe)";
        case AE_IFCHR:
            return "a character device";
        case AE_IFBLK:
            return "a block device";
        case AE_IFSOCK:
            return "a socket";
        default:
            return "not a regular file";
    }
}

// Checks a gzip file's every member to its end with zlib: libarchive's gzip reader does not
// check the CRC-32 and length of its trailer, so damage inside the deflate stream can unpack to
// wrong bytes (and a tar archive read on, or cut short) without a word. "" when it is whole,
// else what zlib says and where.
std::string gzip_damage(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return {};  // it was read a moment ago: nothing to add
    z_stream z{};
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) {
        ::close(fd);
        return {};
    }
    constexpr std::size_t kIn = std::size_t{1} << 16, kOut = std::size_t{1} << 16;
    const std::unique_ptr<unsigned char[]> in(new unsigned char[kIn]);
    const std::unique_ptr<unsigned char[]> out(new unsigned char[kOut]);
    std::uint64_t read_total = 0;  // compressed bytes given to zlib
    std::string damage;
    bool ended = false;  // at the end of a gzip member
    for (;;) {
        if (z.avail_in == 0) {
            ssize_t n = -1;
            do {
                n = ::read(fd, in.get(), kIn);
            } while (n < 0 && errno == EINTR);
            if (n < 0) break;
            if (n == 0) {
                if (!ended) damage = "the compressed stream ends before its gzip trailer";
                break;
            }
            read_total += static_cast<std::uint64_t>(n);
            z.next_in = in.get();
            z.avail_in = static_cast<uInt>(n);
        }
        if (ended) {
            // Another member follows only if it starts with the gzip magic: anything else is
            // padding libarchive ignores as well.
            if (z.avail_in >= 1 && z.next_in[0] != 0x1f) break;
            if (inflateReset(&z) != Z_OK) break;
            ended = false;
        }
        z.next_out = out.get();
        z.avail_out = static_cast<uInt>(kOut);
        const int r = inflate(&z, Z_NO_FLUSH);
        if (r == Z_STREAM_END) {
            ended = true;
            continue;
        }
        if (r != Z_OK && r != Z_BUF_ERROR) {
            damage =
                fmt::format("{} at about compressed byte {}",
                            z.msg != nullptr ? z.msg : "a data error", read_total - z.avail_in);
            break;
        }
    }
    inflateEnd(&z);
    ::close(fd);
    return damage;
}

}  // namespace

void ArchiveStream::flush_retries(std::string_view until) {
    if (retries_ == 0) return;
    add_problem(codes::damaged_header, path_,
                fmt::format("damaged member header at byte {} (after member {}{}): {}; {} "
                            "attempt{} to read a header failed, {}; the next members are read",
                            retry_at_, members_, last_member_.empty() ? "" : ", " + last_member_,
                            retry_error_, retries_, retries_ == 1 ? "" : "s", until));
    retries_ = 0;
}

void ArchiveStream::finish() {
    done_ = true;
    // gzip only: the other compressions check their own streams (bzip2's and xz's CRCs, zstd's
    // checksum when it has one), and libarchive reports their errors (F022).
    const int filters = archive_filter_count(a_);
    if (filters >= 2 && archive_filter_code(a_, filters - 2) == ARCHIVE_FILTER_GZIP) {
        const std::string damage = gzip_damage(path_);
        if (!damage.empty()) {
            add_problem(codes::damaged_stream, path_,
                        fmt::format("the gzip stream is damaged ({}); the {} member{} read from "
                                    "it may be wrong or incomplete, and members may be missing",
                                    damage, members_, members_ == 1 ? "" : "s"));
        }
    }
}

void ArchiveStream::step() {
    if (a_ == nullptr && !open()) return;
    archive_entry* entry = nullptr;
    const int r = archive_read_next_header(a_, &entry);
    if (r == ARCHIVE_RETRY) return note_damaged_header();
    if (r == ARCHIVE_EOF) {
        flush_retries("up to the end of the archive");
        finish();
        return;
    }
    if (r != ARCHIVE_OK && r != ARCHIVE_WARN) return stop_at_unreadable_header();
    // Where the member's header starts, in the unpacked stream (for the diagnostics).
    const la_int64_t at = archive_read_header_position(a_);
    flush_retries(fmt::format("up to the header of member {} at byte {}", members_ + 1, at));
    ++members_;
    Member m = name_member(entry, at, r == ARCHIVE_WARN);
    data_warning_.clear();
    if (pass_over(entry, m)) return;
    read_member(entry, m);
}

bool ArchiveStream::open() {
    a_ = new_reader(packing_);
    if (a_ == nullptr) throw std::bad_alloc();
    if (archive_read_open_filename(a_, path_.c_str(), 1 << 16) == ARCHIVE_OK) return true;
    done_ = true;
    add_problem(codes::not_an_archive, path_,
                fmt::format("cannot be read as {}: {}; nothing read from it",
                            packing_ == Packing::compressed ? "a compressed file" : "an archive",
                            error_of(a_)));
    return false;
}

void ArchiveStream::note_damaged_header() {
    // A damaged header (a tar header whose checksum fails): libarchive passes over it and
    // looks for the next one. Consecutive failures are one diagnostic (F026).
    const la_int64_t at = archive_read_header_position(a_);
    if (retries_ > 0 && at == last_retry_at_) {
        // No progress: the format cannot find a next header.
        flush_retries("no header could be found after it");
        done_ = true;
        add_problem(codes::damaged_archive, path_,
                    fmt::format("damaged archive: after {} member{}, no readable header "
                                "follows byte {}; the rest is not read",
                                members_, members_ == 1 ? "" : "s", at));
        return;
    }
    if (retries_ == 0) {
        retry_at_ = at;
        retry_error_ = error_of(a_);
    }
    last_retry_at_ = at;
    ++retries_;
}

void ArchiveStream::stop_at_unreadable_header() {
    flush_retries("then the archive could not be read on");
    done_ = true;
    if (members_ == 0 && packing_ == Packing::archive && archive_format(a_) == 0) {
        add_problem(
            codes::not_an_archive, path_,
            fmt::format("cannot be read as an archive: {}; nothing read from it", error_of(a_)));
        return;
    }
    add_problem(
        codes::damaged_archive, path_,
        fmt::format("damaged or truncated archive: after {} member{} ({} bytes "
                    "unpacked): {}; the rest is not read",
                    members_, members_ == 1 ? "" : "s", archive_filter_bytes(a_, 0), error_of(a_)));
}

ArchiveStream::Member ArchiveStream::name_member(archive_entry* entry, std::int64_t at,
                                                 bool warned) {
    Member m;
    m.at = at;
    const bool single = packing_ == Packing::compressed;
    const char* raw_name = archive_entry_pathname(entry);
    if (raw_name == nullptr) raw_name = archive_entry_pathname_utf8(entry);
    m.member = raw_name != nullptr ? std::string(raw_name) : fmt::format("member {}", members_);
    m.name = single ? path_ : path_ + "!/" + clean_name(m.member);
    last_member_ = m.name;
    if (warned) {
        // Read all the same, but said: a warning names its member (F028).
        add_problem(codes::archive_warning, m.name,
                    fmt::format("member {} at byte {}: {} (a warning of the archive reader; "
                                "the member is read)",
                                members_, at, error_of(a_)),
                    sgf::Severity::warning);
    }
    std::string_view base = m.member;
    while (base.size() > 1 && base.back() == '/') base.remove_suffix(1);
    m.regular = single || (archive_entry_filetype(entry) == AE_IFREG &&
                           archive_entry_hardlink(entry) == nullptr);
    m.named_sgf = single || is_sgf_name(base);
    m.take = m.regular && m.named_sgf;
    return m;
}

bool ArchiveStream::pass_over(archive_entry* entry, Member& m) {
    const la_int64_t at = m.at;
    if (m.named_sgf && !m.regular) {
        // A link, folder, FIFO or device named *.sgf: no game to read, but not passed over in
        // silence (F029). Its target is not followed (a link to /etc/passwd stays a name).
        if (archive_read_data_skip(a_) < ARCHIVE_WARN) {
            done_ = true;
            add_problem(codes::damaged_archive, std::move(m.name),
                        fmt::format("damaged or truncated archive: member {} at byte {}: {}; it "
                                    "and the rest are not read",
                                    members_, at, error_of(a_)));
            return true;
        }
        add_problem(codes::not_regular_member, std::move(m.name),
                    fmt::format("member {} at byte {} is {}, not a regular file; not read",
                                members_, at, kind_of_member(entry)));
        return true;
    }
    if (m.take && unsafe_name(m.member)) {
        std::size_t ignored = 0;
        if (!read_data(nullptr, ignored) && bomb_) done_ = true;
        add_problem(codes::unsafe_member_path, std::move(m.name),
                    fmt::format("member {} at byte {} has an absolute path or a '..' "
                                "component; not read",
                                members_, at));
        return true;
    }
    if (archive_entry_is_encrypted(entry) != 0) {
        // Whatever its name: what it holds cannot be known (F023); its data is passed over
        // unread, so the members after it are read.
        const int skipped = archive_read_data_skip(a_);
        add_problem(codes::encrypted_member, std::move(m.name),
                    fmt::format("member {} at byte {} is encrypted; not read", members_, at));
        if (skipped != ARCHIVE_OK && skipped != ARCHIVE_WARN) {
            done_ = true;
            add_problem(codes::damaged_archive, path_,
                        fmt::format("damaged archive: after the encrypted member {}: {}; the rest "
                                    "is not read",
                                    members_, error_of(a_)));
        }
        return true;
    }
    return false;
}

void ArchiveStream::read_member(archive_entry* entry, Member& m) {
    const la_int64_t at = m.at;
    std::size_t total = 0;
    std::string bytes;
    if (m.take && archive_entry_size_is_set(entry) != 0 && archive_entry_size(entry) > 0) {
        bytes.reserve(
            std::min(static_cast<std::size_t>(archive_entry_size(entry)), max_member_bytes_ + 1));
    }
    const bool ok = read_data(m.take ? &bytes : nullptr, total);
    if (!ok) return report_unread_member(m);
    if (!data_warning_.empty()) {
        add_problem(codes::archive_warning, m.name,
                    fmt::format("member {} at byte {}: {} (a warning of the archive reader while "
                                "unpacking; the member is read)",
                                members_, at, data_warning_),
                    sgf::Severity::warning);
    }
    if (!m.take) return;
    WalkItem item;
    item.path = std::move(m.name);
    item.has_bytes = true;
    if (total > max_member_bytes_) {
        item.bytes.ok = false;
        item.bytes.problem =
            problem(codes::file_too_large, item.path,
                    fmt::format("member {} at byte {} inflates to {} bytes, larger than the "
                                "limit of {}; not read",
                                members_, at, total, max_member_bytes_));
    } else {
        item.bytes.ok = true;
        item.bytes.bytes = std::move(bytes);
    }
    queue_.push_back(std::move(item));
}

void ArchiveStream::report_unread_member(Member& m) {
    const la_int64_t at = m.at;
    if (bomb_) {
        done_ = true;
        add_problem(codes::archive_bomb, std::move(m.name),
                    fmt::format("member {} at byte {}: the archive inflates past {} bytes "
                                "({} times its size): a zip bomb? The rest is not read",
                                members_, at, budget_, kMaxInflationRatio));
        return;
    }
    if (member_failed_) {
        member_failed_ = false;
        add_problem(codes::damaged_archive, std::move(m.name),
                    fmt::format("member {} at byte {} cannot be unpacked: {}; it is not read, the "
                                "next members are",
                                members_, at, error_));
        return;
    }
    done_ = true;
    if (archive_read_has_encrypted_entries(a_) > 0) {
        add_problem(codes::encrypted_member, std::move(m.name),
                    fmt::format("member {} at byte {} is encrypted ({}); not read, nor the "
                                "members after it",
                                members_, at, error_));
        return;
    }
    add_problem(codes::damaged_archive, std::move(m.name),
                fmt::format("damaged or truncated archive: member {} at byte {}: {}; it "
                            "and the rest are not read",
                            members_, at, error_));
}

}  // namespace sgfaudit::pipeline::detail
