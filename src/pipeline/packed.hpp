#pragma once
// Archives and compressed files read in place (libarchive): the members of a .zip, .tar(.gz,
// .bz2, .xz, .zst), .7z, ... streamed one after the other in the archive's own order, and the
// one file of a .sgf.gz (.bz2, .xz, .zst). Internal to the pipeline module: FileWalk hands the
// members on as WalkItems that carry their bytes.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>

#include "sgfaudit/pipeline/inputs.hpp"

struct archive;
struct archive_entry;

namespace sgfaudit::pipeline::detail {

enum class Packing : std::uint8_t {
    none,        // not an archive: an SGF file (or neither, see sniff)
    archive,     // members (.zip, .tar, .tar.gz, .tgz, .tar.bz2, .tar.xz, .tar.zst, .7z)
    compressed,  // one compressed file (.sgf.gz, .sgf.bz2, .sgf.xz, .sgf.zst, .mgt.*)
};

// What a file name says it is (ASCII case ignored).
Packing packing_of_name(std::string_view name) noexcept;

// What a regular file named on the command line, with a name that says neither SGF nor archive,
// holds: an archive, a compressed file, SGF text (its first byte other than white space and a
// byte order mark is '('), or none of these (`neither` true). Unreadable files are left to
// the read (`neither` false, Packing::none).
struct Sniffed {
    Packing packing = Packing::none;
    bool neither = false;
};
Sniffed sniff_file(const std::string& path);

// The archive's inflated bytes may be at most this many times its size on disk (and at least
// the member limit plus 1 MiB): past it the archive is a zip bomb (F025) and is read no more.
inline constexpr std::uint64_t kMaxInflationRatio = 100;

// The members of one archive, in its order. Every step gives a member with its bytes
// (item.has_bytes; bytes.ok false and F005 when it inflates past `max_member_bytes`) or a
// problem (F021-F029, docs/diagnostics.md): a damaged header is F026 and the members after it
// are read, a gzip stream that fails its check F027 (at the end), a warning of libarchive F028
// (severity warning, before its member), an encrypted member of any name F023, a link, folder,
// FIFO or device named *.sgf F029. Other members that are not *.sgf / *.mgt (any case) are
// passed over. Never throws for bad input.
class ArchiveStream {
  public:
    ArchiveStream(std::string path, Packing packing, std::size_t max_member_bytes);
    ~ArchiveStream();
    ArchiveStream(const ArchiveStream&) = delete;
    ArchiveStream& operator=(const ArchiveStream&) = delete;

    // The next member or problem; false when the archive has nothing more.
    bool next(WalkItem& item);

  private:
    // Reads one header and its member: adds what it gives to queue_ (or sets done_).
    void step();
    // step's parts. Opens the archive (false, with its problem, when it cannot be read).
    bool open();
    // A damaged header (ARCHIVE_RETRY): counted for one F026, or the end when no progress.
    void note_damaged_header();
    // A header that cannot be read: the end of the archive, said (F021 or F022).
    void stop_at_unreadable_header();
    // A member as its header names it: `member` as written, `name` as reported, where its
    // header starts, and whether it is read (`take`: a regular file named *.sgf / *.mgt).
    struct Member {
        std::string member;
        std::string name;
        std::int64_t at = 0;
        bool regular = false;
        bool named_sgf = false;
        bool take = false;
    };
    // Names the member of the header just read (its F028 when the header read `warned`).
    Member name_member(archive_entry* entry, std::int64_t at, bool warned);
    // A member passed over with a problem (F029, F024, F023): true when it is.
    bool pass_over(archive_entry* entry, Member& m);
    // Reads the member's data: a WalkItem to queue_ when taken, or its problem.
    void read_member(archive_entry* entry, Member& m);
    // Why read_data failed on the member: a bomb (F025), a member that cannot be unpacked, an
    // encrypted or damaged archive.
    void report_unread_member(Member& m);
    void add_problem(std::string_view code, std::string name, std::string message,
                     sgf::Severity severity = sgf::Severity::error);
    // The damaged headers met since the last good one, as one F026 ("until": what ended them).
    void flush_retries(std::string_view until);
    // At the end of the archive: the checks of the whole stream (a gzip's CRC, F027).
    void finish();
    bool over_budget() const;
    // Reads the current member's data into `out` (up to max+1 bytes, the rest read and dropped).
    // Returns false on a read error (error_ set) or when the budget is spent (bomb_ set).
    bool read_data(std::string* out, std::size_t& total);

    std::string path_;
    Packing packing_;
    std::size_t max_member_bytes_;
    ::archive* a_ = nullptr;
    bool done_ = false;
    std::deque<WalkItem> queue_;   // found, not yet handed on (a warning, then its member)
    void* utf8_locale_ = nullptr;  // locale_t of C.UTF-8 while libarchive reads (packed.cpp)
    std::uint64_t budget_ = 0;
    std::uint64_t inflated_ = 0;  // data bytes of the members read or passed over
    std::uint64_t members_ = 0;   // entries seen
    std::string last_member_;     // the last entry's name, for F026
    std::uint64_t retries_ = 0;   // damaged headers since the last good one
    std::int64_t retry_at_ = 0, last_retry_at_ = -1;
    std::string retry_error_;
    std::string data_warning_;  // the first warning while unpacking the current member
    std::string error_;
    bool bomb_ = false;
    bool member_failed_ = false;  // read_data: ARCHIVE_FAILED, the next members can be read
    static constexpr std::size_t kChunk = std::size_t{1} << 16;
    std::unique_ptr<char[]> chunk_;  // read buffer
};

}  // namespace sgfaudit::pipeline::detail
