// Archives and compressed files read in place through libarchive (packed.hpp).

#include "packed.hpp"

#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>

namespace sgfaudit::pipeline::detail {

namespace codes {
constexpr std::string_view file_too_large = "F005";
constexpr std::string_view not_an_archive = "F021";
constexpr std::string_view damaged_archive = "F022";
constexpr std::string_view encrypted_member = "F023";
constexpr std::string_view unsafe_member_path = "F024";
constexpr std::string_view archive_bomb = "F025";
}  // namespace codes

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

sgf::Diagnostic problem(std::string_view code, std::string path, std::string message) {
    return sgf::Diagnostic{sgf::Severity::error, code, std::move(path), sgf::Location{},
                           std::move(message),   -1};
}

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
}

bool ArchiveStream::fail(WalkItem& item, std::string_view code, std::string name,
                         std::string message) {
    item.path = std::move(name);
    item.is_problem = true;
    item.problem = problem(code, item.path, std::move(message));
    return true;
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
    for (;;) {
        const la_ssize_t n = archive_read_data(a_, chunk, kChunk);
        if (n == 0) return true;
        if (n < 0) {
            if (n == ARCHIVE_WARN || n == ARCHIVE_RETRY) continue;
            error_ = error_of(a_);
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
    item.is_problem = false;
    item.has_bytes = false;
    item.bytes = FileBytes{};
    item.folder.reset();
    item.name_at = 0;
    if (done_) return false;
    if (a_ == nullptr) {
        a_ = new_reader(packing_);
        if (a_ == nullptr) throw std::bad_alloc();
        if (archive_read_open_filename(a_, path_.c_str(), 1 << 16) != ARCHIVE_OK) {
            done_ = true;
            return fail(
                item, codes::not_an_archive, path_,
                fmt::format("cannot be read as {}: {}; nothing read from it",
                            packing_ == Packing::compressed ? "a compressed file" : "an archive",
                            error_of(a_)));
        }
    }
    for (;;) {
        archive_entry* entry = nullptr;
        const int r = archive_read_next_header(a_, &entry);
        if (r == ARCHIVE_EOF) {
            done_ = true;
            return false;
        }
        if (r == ARCHIVE_RETRY) continue;
        if (r != ARCHIVE_OK && r != ARCHIVE_WARN) {
            done_ = true;
            if (members_ == 0 && packing_ == Packing::archive && archive_format(a_) == 0) {
                return fail(item, codes::not_an_archive, path_,
                            fmt::format("cannot be read as an archive: {}; nothing read from it",
                                        error_of(a_)));
            }
            return fail(item, codes::damaged_archive, path_,
                        fmt::format("damaged or truncated archive: after {} member{} ({} bytes "
                                    "unpacked): {}; the rest is not read",
                                    members_, members_ == 1 ? "" : "s", archive_filter_bytes(a_, 0),
                                    error_of(a_)));
        }
        ++members_;
        // Where the member's header starts, in the unpacked stream (for the diagnostics).
        const la_int64_t at = archive_read_header_position(a_);
        const bool single = packing_ == Packing::compressed;
        const char* raw_name = archive_entry_pathname(entry);
        if (raw_name == nullptr) raw_name = archive_entry_pathname_utf8(entry);
        const std::string member =
            raw_name != nullptr ? std::string(raw_name) : fmt::format("member {}", members_);
        std::string name = single ? path_ : path_ + "!/" + clean_name(member);
        const bool regular = single || archive_entry_filetype(entry) == AE_IFREG;
        const bool take = regular && (single || is_sgf_name(member));
        if (take && unsafe_name(member)) {
            std::size_t ignored = 0;
            if (!read_data(nullptr, ignored) && bomb_) done_ = true;
            return fail(item, codes::unsafe_member_path, std::move(name),
                        fmt::format("member {} at byte {} has an absolute path or a '..' "
                                    "component; not read",
                                    members_, at));
        }
        if (take && archive_entry_is_encrypted(entry) != 0) {
            archive_read_data_skip(a_);
            return fail(item, codes::encrypted_member, std::move(name),
                        fmt::format("member {} at byte {} is encrypted; not read", members_, at));
        }
        std::size_t total = 0;
        std::string bytes;
        if (take && archive_entry_size_is_set(entry) != 0 && archive_entry_size(entry) > 0) {
            bytes.reserve(std::min(static_cast<std::size_t>(archive_entry_size(entry)),
                                   max_member_bytes_ + 1));
        }
        const bool ok = read_data(take ? &bytes : nullptr, total);
        if (!ok && bomb_) {
            done_ = true;
            return fail(item, codes::archive_bomb, std::move(name),
                        fmt::format("member {} at byte {}: the archive inflates past {} bytes "
                                    "({} times its size): a zip bomb? The rest is not read",
                                    members_, at, budget_, kMaxInflationRatio));
        }
        if (!ok) {
            done_ = true;
            if (take && archive_entry_is_encrypted(entry) == 0 &&
                archive_read_has_encrypted_entries(a_) > 0) {
                return fail(item, codes::encrypted_member, std::move(name),
                            fmt::format("member {} at byte {} is encrypted ({}); not read",
                                        members_, at, error_));
            }
            return fail(item, codes::damaged_archive, std::move(name),
                        fmt::format("damaged or truncated archive: member {} at byte {}: {}; it "
                                    "and the rest are not read",
                                    members_, at, error_));
        }
        if (!take) continue;
        item.path = std::move(name);
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
        return true;
    }
}

}  // namespace sgfaudit::pipeline::detail
