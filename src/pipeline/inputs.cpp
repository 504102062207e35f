#include "sgfaudit/pipeline/inputs.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <boost/filesystem.hpp>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <set>

#include "packed.hpp"
#include "problem.hpp"
#include "sgfaudit/sgf/codes.hpp"

namespace sgfaudit::pipeline {

namespace fs = boost::filesystem;

namespace codes = sgf::codes;
using detail::problem;

namespace {

char ascii_lower(char c) noexcept {
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;
}

bool ends_with_nocase(std::string_view s, std::string_view suffix) noexcept {
    if (s.size() < suffix.size()) return false;
    for (std::size_t i = 0; i < suffix.size(); ++i) {
        if (ascii_lower(s[s.size() - suffix.size() + i]) != suffix[i]) return false;
    }
    return true;
}

// Joins a folder and an entry name the way the user wrote the folder ("corpus/" + "a.sgf").
// One allocation: a path per file of the run goes through here.
std::string join(const std::string& folder, std::string_view name) {
    const bool slash = !folder.empty() && folder.back() == '/';
    std::string path;
    path.reserve(folder.size() + (slash ? 0 : 1) + name.size());
    path += folder;
    if (!slash) path += '/';
    path += name;
    return path;
}

// The canonical form of `path` (every link resolved, absolute), or "" when it cannot be had.
std::string real_path(const std::string& path) {
    char* resolved = ::realpath(path.c_str(), nullptr);
    if (resolved == nullptr) return {};
    std::string out(resolved);
    std::free(resolved);
    return out;
}

// True when the canonical path `path` is `folder` or lies under it (both canonical).
bool within(std::string_view path, std::string_view folder) noexcept {
    if (folder == "/") return true;
    return path.size() >= folder.size() && path.substr(0, folder.size()) == folder &&
           (path.size() == folder.size() || path[folder.size()] == '/');
}

}  // namespace

bool is_sgf_name(std::string_view name) noexcept {
    return ends_with_nocase(name, ".sgf") || ends_with_nocase(name, ".mgt");
}

// A folder being walked: its entries, sorted by name (byte-wise), and the next one to take.
// Names are kept in one buffer, so a folder of 100,000 files costs about 3 MB, not 10.
namespace {
struct EntryVerdict;  // defined with the walk's steps below
}  // namespace

struct FileWalk::Folder {
    enum class Kind : std::uint8_t { file, folder, problem };
    struct Entry {
        std::uint32_t name = 0, length = 0;  // in `names`
        Kind kind = Kind::file;
        std::uint32_t problem = 0;  // index into `problems`
        std::uint64_t key = 0;      // for sorting: up to 8 bytes of the name after the common stem
    };
    std::string path;
    std::shared_ptr<const OpenFolder> open;  // for openat of its files; null if dup failed
    std::string names;
    std::vector<Entry> entries;
    std::vector<std::pair<std::string_view, std::string>> problems;  // code, message
    std::size_t next = 0;

    std::string_view name(const Entry& e) const { return {names.data() + e.name, e.length}; }

    // Adds the listed entry `name` as the walk takes it (`verdict`: its type, a link followed,
    // and its problem if any): a folder, a *.sgf / *.mgt file, or a problem; others are passed
    // over.
    void add(std::string_view name, EntryVerdict verdict);
    // Adds the error that ended the listing, as a problem with an empty name.
    void add_listing_error(std::string message);
    // Sorts the entries in the byte order of their names.
    void sort_entries();
};

namespace {

std::string_view kind_of_type(unsigned char type) noexcept {
    switch (type) {
        case DT_FIFO:
            return "a FIFO (named pipe)";
        case DT_SOCK:
            return "a socket";
        case DT_BLK:
            return "a block device";
        case DT_CHR:
            return "a character device";
        default:
            return "this entry";
    }
}

unsigned char type_of_mode(mode_t mode) noexcept {
    if (S_ISREG(mode)) return DT_REG;
    if (S_ISDIR(mode)) return DT_DIR;
    if (S_ISFIFO(mode)) return DT_FIFO;
    if (S_ISSOCK(mode)) return DT_SOCK;
    if (S_ISBLK(mode)) return DT_BLK;
    if (S_ISCHR(mode)) return DT_CHR;
    return DT_UNKNOWN;
}

struct DirCloser {
    void operator()(DIR* d) const { ::closedir(d); }
};

}  // namespace

bool is_resource_errno(int error) noexcept {
    return error == EMFILE || error == ENFILE || error == ENOMEM || error == ENOBUFS;
}

void throw_if_resource(int error, std::string_view what, const std::string& path) {
    if (!is_resource_errno(error)) return;
    throw ResourceError(fmt::format("out of resources: {} {}: {} ({})", what, path,
                                    std::strerror(error),
                                    error == EMFILE   ? "EMFILE: raise the limit of open files, "
                                                        "ulimit -n"
                                    : error == ENFILE ? "ENFILE: the system's file table is full"
                                    : error == ENOMEM ? "ENOMEM"
                                                      : "ENOBUFS"));
}

FileWalk::FileWalk(std::span<const std::string> paths, std::size_t max_member_bytes,
                   bool read_archives, bool follow_links)
    : roots_(paths.begin(), paths.end()),
      max_member_bytes_(max_member_bytes),
      read_archives_(read_archives),
      follow_links_(follow_links),
      open_folders_(std::make_shared<std::atomic<std::size_t>>(0)) {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0) {
        max_open_folders_ = limit.rlim_cur == RLIM_INFINITY
                                ? std::size_t{1} << 16
                                : static_cast<std::size_t>(limit.rlim_cur) / 4;
    }
    packing_.assign(roots_.size(), static_cast<std::uint8_t>(detail::Packing::none));
    for (std::size_t i = 0; i < roots_.size(); ++i) {
        const std::string& path = roots_[i];
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0) {
            if (errno != ELOOP) {
                throw_if_resource(errno, "cannot stat", path);
                missing_.push_back(problem(codes::missing_path, path, "no such file or folder"));
            }
            continue;
        }
        if (S_ISDIR(st.st_mode)) {
            // The input tree a walk stays in (links out of it are F009, not followed).
            if (std::string real = real_path(path); !real.empty()) inside_.push_back(real);
        }
        if (!S_ISREG(st.st_mode) || is_sgf_name(path)) continue;
        detail::Packing packing = detail::packing_of_name(path);
        if (packing == detail::Packing::none) {
            // Neither name says what it is: its first bytes do.
            const detail::Sniffed sniffed = detail::sniff_file(path);
            if (sniffed.neither) {
                missing_.push_back(problem(
                    codes::neither_sgf_nor_archive, path,
                    "neither an SGF file nor an archive sgfaudit reads (.zip, .tar, .tar.gz, "
                    ".tar.bz2, .tar.xz, .tar.zst, .7z, .sgf.gz, .sgf.bz2, .sgf.xz)"));
                continue;
            }
            packing = sniffed.packing;
        }
        packing_[i] = static_cast<std::uint8_t>(packing);
    }
}

bool FileWalk::has_archives() const noexcept {
    return std::any_of(packing_.begin(), packing_.end(), [](std::uint8_t p) {
        return p != static_cast<std::uint8_t>(detail::Packing::none);
    });
}

FileWalk::~FileWalk() = default;

namespace {

// What the walk makes of one listed entry: its type (a link followed) and the problem (code and
// message) that keeps it from being walked or read, if any.
struct EntryVerdict {
    unsigned char type = DT_UNKNOWN;
    std::string_view code;
    std::string message;
};

// The type of the entry `e` of the folder `path` (descriptor `fd`), a link followed (`link`
// set): one stat, only for links and for entries whose type the file system does not say. A
// link that cannot be followed is a problem.
EntryVerdict type_of_entry(int fd, const struct dirent* e, const std::string& path,
                           std::string_view name, bool& link) {
    EntryVerdict v;
    unsigned char type = e->d_type;
    if (type == DT_UNKNOWN) {
        // The file system does not say: learn whether it is a link first.
        struct stat own {};
        if (::fstatat(fd, e->d_name, &own, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(own.st_mode)) {
            type = DT_LNK;
        }
    }
    link = type == DT_LNK;
    if (type == DT_LNK || type == DT_UNKNOWN) {
        // Follow the link (or learn the type): one stat, only for these entries.
        struct stat target {};
        if (::fstatat(fd, e->d_name, &target, 0) != 0) {
            throw_if_resource(errno, "cannot stat", path + "/" + std::string(name));
            if (errno == ELOOP) {
                v.code = codes::symlink_loop;
                v.message = "symbolic link loop (too many levels of symbolic links); skipped";
            } else {
                v.code = codes::unreadable_folder;
                v.message = "broken symbolic link or vanished entry skipped";
            }
        } else {
            type = type_of_mode(target.st_mode);
        }
    }
    v.type = type;
    return v;
}

// A link `name` in the folder `path` that the walk would take: where it leads decides
// (docs/robustness.md, "Links"): outside the folders named on the command line (`inside`) it is
// F009 unless `follow_links`, to a folder that holds it F003. `folder_real`: the folder's
// canonical path, found the first time a link needs it.
void judge_link(EntryVerdict& v, const std::string& path, std::string_view name,
                std::string& folder_real, const std::vector<std::string>& inside,
                bool follow_links) {
    const std::string full = join(path, name);
    const std::string target = real_path(full);
    if (target.empty()) {
        v.code = codes::unreadable_folder;
        v.message = "broken symbolic link or vanished entry skipped";
    } else if (!follow_links &&
               std::none_of(inside.begin(), inside.end(),
                            [&](const std::string& root) { return within(target, root); })) {
        // Not followed, and nothing of the target is read: a collection from elsewhere
        // must not publish the start of any file the user can read.
        v.code = codes::link_outside;
        v.message =
            "symbolic link leads outside the inputs named on the command line; not "
            "followed (--follow-links follows it)";
    } else if (v.type == DT_DIR) {
        if (folder_real.empty()) folder_real = real_path(path);
        if (!folder_real.empty() && within(folder_real, target)) {
            // A link to this folder or one that holds it ("/" holds every folder): it
            // would walk the tree again from above.
            v.code = codes::symlink_loop;
            v.message = "symbolic link loop: the link leads to a folder that holds it; skipped";
        }
    }
}

}  // namespace

void FileWalk::Folder::add(std::string_view name, EntryVerdict verdict) {
    Entry entry;
    if (!verdict.code.empty()) {
        entry.kind = Kind::problem;
    } else if (verdict.type == DT_DIR) {
        // Also a folder named like a file ("games.sgf/"): it is walked.
        entry.kind = Kind::folder;
    } else if (!is_sgf_name(name)) {
        return;
    } else if (verdict.type == DT_REG) {
        entry.kind = Kind::file;
    } else {
        // A FIFO, socket or device named *.sgf: reading it could block forever or never end.
        entry.kind = Kind::problem;
        verdict.code = codes::not_regular;
        verdict.message =
            fmt::format("{} is not a regular file; skipped", kind_of_type(verdict.type));
    }
    if (entry.kind == Kind::problem) {
        problems.emplace_back(verdict.code, std::move(verdict.message));
        entry.problem = static_cast<std::uint32_t>(problems.size() - 1);
    }
    entry.name = static_cast<std::uint32_t>(names.size());
    entry.length = static_cast<std::uint32_t>(name.size());
    names += name;
    entries.push_back(entry);
}

void FileWalk::Folder::add_listing_error(std::string message) {
    problems.emplace_back(codes::unreadable_folder, std::move(message));
    Entry entry;
    entry.kind = Kind::problem;
    entry.problem = static_cast<std::uint32_t>(problems.size() - 1);
    entry.name = static_cast<std::uint32_t>(names.size());
    entries.push_back(entry);  // an empty name: sorted first
}

void FileWalk::Folder::sort_entries() {
    // Names often share a long stem ("..._games_ogs_10009897.sgf"): every name has the first
    // `common` bytes of all, so the order of the rest is the order of the names.
    std::size_t common = entries.empty() ? 0 : entries.front().length;
    const std::string_view first = entries.empty() ? std::string_view() : name(entries.front());
    for (const Entry& e : entries) {
        const std::string_view n = name(e);
        if (n.size() >= common && std::memcmp(n.data(), first.data(), common) == 0) continue;
        std::size_t k = 0;
        const std::size_t limit = std::min(common, n.size());
        while (k < limit && n[k] == first[k]) ++k;
        common = k;
    }
    // The next 8 bytes as a big-endian number, 0 past the end: where two keys differ they order
    // the names as their bytes do (a name holds no NUL, so a shorter name is a prefix there).
    for (Entry& e : entries) {
        const std::string_view rest = name(e).substr(common);
        std::uint64_t key = 0;
        for (std::size_t i = 0; i < 8; ++i) {
            key = (key << 8) | (i < rest.size() ? static_cast<unsigned char>(rest[i]) : 0u);
        }
        e.key = key;
    }
    std::sort(entries.begin(), entries.end(), [&](const Entry& a, const Entry& b) {
        if (a.key != b.key) return a.key < b.key;
        return name(a).substr(common) < name(b).substr(common);
    });
}

// Lists the folder at `path` onto the stack. False (with `item` the problem) when it cannot
// be listed or was walked already (a symbolic link loop).
bool FileWalk::enter(const std::string& path, WalkItem& item) {
    const auto fail = [&](std::string_view code, std::string message) {
        item.path = path;
        item.is_problem = true;
        item.problem = problem(code, path, std::move(message));
        return false;
    };
    std::unique_ptr<DIR, DirCloser> dir(::opendir(path.c_str()));
    if (!dir) throw_if_resource(errno, "cannot open folder", path);
    if (!dir)
        return fail(codes::unreadable_folder,
                    fmt::format("cannot read folder: {}", std::strerror(errno)));
    struct stat st {};
    if (::fstat(::dirfd(dir.get()), &st) != 0) {
        return fail(codes::unreadable_folder,
                    fmt::format("cannot read folder: {}", std::strerror(errno)));
    }
    if (!walked_
             .emplace(static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino))
             .second) {
        boost::system::error_code ec;
        const fs::path canonical = fs::canonical(path, ec);
        return fail(codes::symlink_loop,
                    fmt::format("symbolic link loop: {} was already walked; skipped",
                                ec ? path : canonical.string()));
    }
    Folder folder;
    folder.path = path;
    const int fd = ::dirfd(dir.get());
    // The listing's descriptor is kept (a copy of it) for opening the folder's files, within
    // the budget; without one, files are opened by their whole path.
    if (open_folders_->load() < max_open_folders_) {
        if (const int kept = ::fcntl(fd, F_DUPFD_CLOEXEC, 0); kept >= 0) {
            open_folders_->fetch_add(1);
            folder.open = std::make_shared<const OpenFolder>(kept, open_folders_);
        }
    }
    std::string folder_real;  // this folder's canonical path, found when a link needs it
    for (errno = 0;; errno = 0) {
        const struct dirent* e = ::readdir(dir.get());
        if (e == nullptr) {
            if (errno != 0) {
                throw_if_resource(errno, "cannot read folder", path);
                folder.add_listing_error(
                    fmt::format("error while reading folder: {}", std::strerror(errno)));
            }
            break;
        }
        const std::string_view name = e->d_name;
        if (name == "." || name == "..") continue;
        bool link = false;
        EntryVerdict verdict = type_of_entry(fd, e, path, name, link);
        if (link && verdict.code.empty() && (verdict.type == DT_DIR || is_sgf_name(name))) {
            judge_link(verdict, path, name, folder_real, inside_, follow_links_);
        }
        folder.add(name, std::move(verdict));
        if (first_only_ && !folder.entries.empty() &&
            folder.entries.back().kind != Folder::Kind::folder) {
            break;
        }
    }
    folder.sort_entries();
    stack_.push_back(std::move(folder));
    return true;
}

bool FileWalk::next(WalkItem& item) {
    item.is_problem = false;
    item.folder.reset();
    item.name_at = 0;
    item.has_bytes = false;
    for (;;) {
        if (archive_) {
            if (archive_->next(item)) return true;
            archive_.reset();
            continue;
        }
        if (stack_.empty()) {
            if (next_root_ >= roots_.size()) return false;
            const auto packing = static_cast<detail::Packing>(packing_[next_root_]);
            const std::string& path = roots_[next_root_++];
            if (packing != detail::Packing::none) {
                if (read_archives_) {
                    archive_ =
                        std::make_unique<detail::ArchiveStream>(path, packing, max_member_bytes_);
                }
                continue;
            }
            struct stat st {};
            if (::stat(path.c_str(), &st) != 0) {
                if (errno != ELOOP) continue;  // missing: reported by the constructor
                item.path = path;
                item.is_problem = true;
                item.problem = problem(codes::symlink_loop, path,
                                       "symbolic link loop (too many levels of symbolic links); "
                                       "skipped");
                return true;
            }
            if (S_ISDIR(st.st_mode)) {
                if (!enter(path, item)) return true;
                continue;
            }
            item.path = path;
            if (S_ISREG(st.st_mode)) return true;
            item.is_problem = true;
            item.problem = problem(codes::not_a_file, path,
                                   fmt::format("{} is not a regular file or folder; skipped",
                                               kind_of_type(type_of_mode(st.st_mode))));
            return true;
        }
        Folder& folder = stack_.back();
        if (folder.next >= folder.entries.size()) {
            stack_.pop_back();
            continue;
        }
        const Folder::Entry entry = folder.entries[folder.next++];
        std::string path = join(folder.path, folder.name(entry));
        switch (entry.kind) {
            case Folder::Kind::file:
                item.path = std::move(path);
                if (folder.open) {
                    item.folder = folder.open;
                    item.name_at = item.path.size() - entry.length;
                }
                return true;
            case Folder::Kind::problem: {
                const auto& [code, message] = folder.problems[entry.problem];
                item.path = entry.length == 0 ? folder.path : path;
                item.is_problem = true;
                item.problem = problem(code, item.path, message);
                return true;
            }
            case Folder::Kind::folder:
                if (!enter(path, item)) return true;  // may move `folder`: not used after
                continue;
        }
    }
}

bool FileWalk::any() {
    first_only_ = true;
    WalkItem item;
    return next(item);
}

InputList collect_inputs(std::span<const std::string> paths) {
    InputList out;
    FileWalk walk(paths);
    if (walk.missing_argument()) {
        out.missing_argument = true;
        out.problems = walk.missing();
        return out;
    }
    WalkItem item;
    while (walk.next(item)) {
        if (item.is_problem) {
            out.problems.push_back(std::move(item.problem));
        } else {
            out.files.push_back(std::move(item.path));
        }
    }
    return out;
}

OpenFolder::~OpenFolder() {
    if (fd_ >= 0) ::close(fd_);
    if (open_) open_->fetch_sub(1);
}

}  // namespace sgfaudit::pipeline
