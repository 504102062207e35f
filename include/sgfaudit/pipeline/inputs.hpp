#pragma once
// The pipeline owns files: which ones a run reads (folders walked in sorted order), and reading
// their bytes. Problems are diagnostics (codes F0xx, docs/diagnostics.md), never exceptions.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "sgfaudit/sgf/diagnostic.hpp"

namespace sgfaudit::pipeline {

// The tool itself ran out of a resource while walking or reading (no file descriptor left,
// EMFILE or ENFILE; no kernel memory, ENOMEM or ENOBUFS): no fault of the input, and going on
// would give a report that silently leaves files out. The walk and read_file throw it; the run
// stops (cli: exit 2, the cause named, nothing replaced).
class ResourceError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// True for the errno values above.
bool is_resource_errno(int error) noexcept;

// Throws ResourceError for `what` on `path` when `error` is a resource errno.
void throw_if_resource(int error, std::string_view what, const std::string& path);

// A folder the walk has open. A file found in it is opened relative to it (openat), so the
// kernel resolves one name per file instead of every component of the path: on an archive of
// small files that lookup is a tenth of the run. The descriptor closes with the last holder.
class OpenFolder {
  public:
    explicit OpenFolder(int fd) noexcept : fd_(fd) {}
    // Counted in `open`: decremented when it closes (the walk's budget of descriptors).
    OpenFolder(int fd, std::shared_ptr<std::atomic<std::size_t>> open) noexcept
        : fd_(fd), open_(std::move(open)) {}
    ~OpenFolder();
    OpenFolder(const OpenFolder&) = delete;
    OpenFolder& operator=(const OpenFolder&) = delete;
    int fd() const noexcept { return fd_; }

  private:
    int fd_;
    std::shared_ptr<std::atomic<std::size_t>> open_;
};

struct FileBytes {
    bool ok = false;
    std::string bytes;
    // When !ok: F003 (symbolic link loop), F004 (cannot open or read, a folder), F005 (over
    // max_bytes), F007 (changed while it was read), F008 (not a regular file).
    sgf::Diagnostic problem;
};

// One step of a walk: a file to read, or an entry that could not be taken (a folder that
// cannot be listed, a link loop, a FIFO named *.sgf, ...).
struct WalkItem {
    std::string path;
    // For a file found in a folder: that folder, open, and where its entry name starts in
    // `path` (read_file opens path.substr(name_at) relative to it). Null for a path named by
    // the user, which is opened as it is.
    std::shared_ptr<const OpenFolder> folder;
    std::size_t name_at = 0;
    bool is_problem = false;
    sgf::Diagnostic problem;  // when is_problem
    // A member of an archive (or the one file of a compressed file), read by the walk: `bytes`
    // holds it, or its problem (F005), and `path` is "ARCHIVE!/MEMBER" (the compressed file's
    // own path for a single compressed file).
    bool has_bytes = false;
    FileBytes bytes;
};

namespace detail {
class ArchiveStream;
}

// The files of a run, found as they are needed: folders are listed one at a time, when the
// walk reaches them, so memory holds the names of the folders on the current path only, not of
// the whole archive. The order and the rules are those of collect_inputs below.
class FileWalk {
  public:
    // Checks every path named by the user first: one that does not exist is F001, a regular
    // file that is neither SGF nor an archive is F020, and the run cannot go on
    // (missing_argument()). Archives named by the user (.zip, .tar, .tar.gz, .tgz, .tar.bz2,
    // .tar.xz, .tar.zst, .7z, or a file libarchive recognises) are read in place: their *.sgf
    // and *.mgt members, in the archive's order, each bounded by `max_member_bytes` (F005), as
    // are single compressed files (.sgf.gz, .sgf.bz2, .sgf.xz, .sgf.zst). Problems of an
    // archive are F021-F025 (docs/diagnostics.md). With `read_archives` false, archives are
    // passed over (a walk of names that must not decompress).
    //
    // Symbolic links met in a walked folder are followed only where they stay inside the
    // folders named in `paths` (canonical paths compared); one that leads elsewhere is F009,
    // not followed and never opened, unless `follow_links`. Either way a link to a folder that
    // holds it (to "/", to its own folder) is a loop (F003), and no folder is walked twice.
    explicit FileWalk(std::span<const std::string> paths,
                      std::size_t max_member_bytes = std::size_t{64} << 20,
                      bool read_archives = true, bool follow_links = false);
    ~FileWalk();
    FileWalk(const FileWalk&) = delete;
    FileWalk& operator=(const FileWalk&) = delete;

    bool missing_argument() const noexcept { return !missing_.empty(); }
    const std::vector<sgf::Diagnostic>& missing() const noexcept { return missing_; }

    // The next file or problem, in run order; false at the end of the walk.
    bool next(WalkItem& item);

    // Whether the walk, not yet begun, has any file or problem to give: next() would return
    // true. Each folder's listing stops at its first entry that is a file or a problem (a
    // folder of 100,000 games is not listed in full and sorted only to learn that it holds
    // one). The walk is used up after it.
    bool any();

    // True when a path named by the user is an archive or a compressed file.
    bool has_archives() const noexcept;

  private:
    struct Folder;
    bool enter(const std::string& path, WalkItem& item);  // false: `item` is a problem

    std::vector<std::string> roots_;
    std::vector<std::uint8_t> packing_;  // per root: detail::Packing
    std::size_t max_member_bytes_;
    bool read_archives_;
    bool follow_links_;
    bool first_only_ = false;          // any(): a listing stops at its first file or problem
    std::vector<std::string> inside_;  // the canonical paths of the folders named in `paths`
    std::unique_ptr<detail::ArchiveStream> archive_;  // the archive being read
    std::size_t next_root_ = 0;
    std::vector<Folder> stack_;
    std::vector<sgf::Diagnostic> missing_;
    std::set<std::pair<std::uint64_t, std::uint64_t>> walked_;  // folders (device, inode)
    // Folders kept open (OpenFolder) and how many may be: a quarter of the descriptors the
    // process may open, so that a deep tree never leaves none for reading its files.
    std::shared_ptr<std::atomic<std::size_t>> open_folders_;
    std::size_t max_open_folders_ = 0;
};

struct InputList {
    // In the order they are to be read and reported. Archive members are named
    // "ARCHIVE!/MEMBER": read them through a FileWalk, not read_file.
    std::vector<std::string> files;
    std::vector<sgf::Diagnostic> problems;  // entries that could not be listed
    bool missing_argument = false;          // a path named by the user does not exist: cannot run
};

// Every file of `paths`, walked to the end (FileWalk), problems apart. Files named directly are
// taken whatever their extension if they hold SGF text (F020 otherwise); folders are walked
// recursively in byte-wise sorted order of entry names, taking regular files ending in .sgf or .mgt
// (any case). A folder is walked whatever its name ("games.sgf/" too). Symbolic links that stay
// inside the named folders are followed, a folder once: a link back to a folder already walked,
// to a folder that holds it, or a link that leads to itself, is a loop (F003), reported and
// skipped; a link that leads out of the named folders is F009, not followed (FileWalk). Unreadable
// folders are reported (F002) and skipped. FIFOs, sockets and devices (named on the command line,
// or named *.sgf in a folder) are reported (F006 on the command line, F008 in a folder) and never
// opened.
InputList collect_inputs(std::span<const std::string> paths);

// True when a folder walk takes this file name (".sgf" or ".mgt", any case).
bool is_sgf_name(std::string_view name) noexcept;

// Reads a whole file, refusing one larger than `max_bytes` (from its size, after a first read
// of at most 64 KiB). Opens without blocking and reads only regular files: a FIFO or device is
// refused (F008). A file that the first read gives whole is stat'ed once, after it: a size
// other than the bytes read is F007. A larger one is stat'ed after the first read and after
// the last: a size or modification time that changed, or a byte count that differs from the
// size, is F007. The bytes of an F007 file are dropped. Throws only ResourceError.
// With `folder`, the file is opened as path.substr(name_at) relative to it (a WalkItem's
// folder and name_at); `path` still names it in diagnostics.
FileBytes read_file(const std::string& path, std::size_t max_bytes,
                    const OpenFolder* folder = nullptr, std::size_t name_at = 0);

}  // namespace sgfaudit::pipeline
