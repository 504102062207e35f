// The report folder of a run: the target checked and locked, the staging folder beside it, the
// marker's manifest and the atomic commit (report_folder.hpp).

#include "report_folder.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <stdio.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string_view>
#include <vector>

#include "sgfaudit/pipeline/inputs.hpp"
#include "sgfaudit/report/files.hpp"

namespace sgfaudit::pipeline::detail {

namespace fs = boost::filesystem;

namespace {

using report::FolderFile;
// The marker of a report folder (docs/report-format.md): written last, it lists the files the
// run wrote (a manifest, the same bytes whatever the threads). A folder is replaced by a later
// run only when it holds this marker and nothing but the files it lists.
constexpr std::string_view kMarker = report::file_name(FolderFile::marker);
// The folder of index.html's pages (report::kMaxPageBytes), listed in the marker when written.
constexpr std::string_view kPages = report::file_name(FolderFile::pages);

// Opens the folder `path` and locks it; -1 when it cannot be opened or another run holds it.
int lock_folder(const fs::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return -1;
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

// True when `dir` is a folder (not a link) of pages a run writes: pages/g-KIND-CAUSE.html and
// pages/g-KIND-CAUSE-N.html files only.
bool only_pages(const fs::path& dir) {
    boost::system::error_code ec;
    if (!fs::is_directory(fs::symlink_status(dir, ec)) || ec) return false;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!fs::is_regular_file(it->symlink_status(ec)) || !name.starts_with("g-") ||
            !name.ends_with(".html") ||
            name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_-") != name.size() - 5)
            return false;
    }
    return !ec;
}

// True when `dir` holds nothing but files a run writes (a staging folder of sgfaudit's).
bool only_report_files(const fs::path& dir) {
    boost::system::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        // index.N.partial: the groups of index.html kept while the run goes (HtmlGroups).
        const bool known =
            (report::report_entry(name) && (name != kPages || only_pages(it->path()))) ||
            (name.starts_with("index.") && name.ends_with(".partial") &&
             name.find_first_not_of("0123456789", 6) == name.size() - 8);
        if (!known) return false;
    }
    return !ec;
}

// Removes the staging folders that runs left when they were killed: every ".*.partial-*" folder
// beside the target (for any --name: the default names differ from run to run) that no live run
// holds locked and that holds only report files (nothing of the user's is touched).
void remove_stale_staging(const fs::path& target) {
    const fs::path parent = target.parent_path().empty() ? fs::path(".") : target.parent_path();
    boost::system::error_code ec;
    for (fs::directory_iterator it(parent, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.size() < 2 || name[0] != '.' || name.find(".partial-", 1) == std::string::npos)
            continue;
        const int fd = lock_folder(it->path());
        if (fd < 0) continue;  // a live run's, or not a folder
        if (only_report_files(it->path())) {
            boost::system::error_code rec;
            fs::remove_all(it->path(), rec);
        }
        ::close(fd);
    }
}

// Makes and locks this run's staging folder for `target`.
bool make_staging(const fs::path& target, Staging& staging, std::string& error) {
    const std::string base = fmt::format(".{}.partial-{}", target.filename().string(), ::getpid());
    for (int n = 0; n < 100; ++n) {
        const fs::path path =
            target.parent_path() / (n == 0 ? base : fmt::format("{}-{}", base, n));
        if (::mkdir(path.c_str(), 0755) != 0) {
            if (errno != EEXIST) {
                error = fmt::format("cannot create {}: {}", path.string(), std::strerror(errno));
                return false;
            }
            continue;  // another run's (or a stale one, which the next run will remove)
        }
        staging.fd = lock_folder(path);
        if (staging.fd < 0) {
            error = fmt::format("cannot lock {}: {}", path.string(), std::strerror(errno));
            boost::system::error_code rec;
            fs::remove_all(path, rec);
            return false;
        }
        staging.path = path;
        return true;
    }
    error = fmt::format("cannot create a staging folder beside {}", target.string());
    return false;
}

// Makes what was written to the folder open as `fd` durable (its entries).
bool sync_folder(int fd) {
    return ::fsync(fd) == 0 || errno == EINVAL;  // a file system that cannot sync folders
}

// The first line of the marker (kMarker); the names of the files written follow, one a
// line.
constexpr std::string_view kMarkerMagic = "sgfaudit-report/1\n";

// True when `dir` may be replaced by a new report: empty, or holding the
// marker of a report of ours (a regular file, kMarkerMagic first) and nothing but the marker
// and the report files it lists. Names alone never make a folder ours: a web root holding
// index.html, or summary.md and games.jsonl without the marker, is refused, and `why` names
// its first foreign entry (in byte order).
bool replaceable(const fs::path& dir, std::string& why) {
    boost::system::error_code ec;
    std::vector<std::string> names;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        names.push_back(it->path().filename().string());
    }
    if (ec) {
        why = fmt::format("cannot read {}: {}", dir.string(), ec.message());
        return false;
    }
    if (names.empty()) return true;
    std::sort(names.begin(), names.end());
    // The manifest: read without following a link, a regular file of a sane size only.
    std::string manifest;
    const fs::path marker = dir / std::string(kMarker);
    if (const int fd = ::open(marker.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        fd >= 0) {
        struct stat st {};
        if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size < 4096) {
            manifest.resize(static_cast<std::size_t>(st.st_size));
            if (::read(fd, manifest.data(), manifest.size()) !=
                static_cast<ssize_t>(manifest.size()))
                manifest.clear();
        }
        ::close(fd);
    }
    const bool marked = manifest.starts_with(kMarkerMagic);
    const auto listed = [&](const std::string& name) {
        if (!report::report_entry(name)) return false;
        const std::string line = "\n" + name + "\n";
        return manifest.find(line, kMarkerMagic.size() - 1) != std::string::npos;
    };
    for (const std::string& name : names) {
        if (marked && (name == kMarker || listed(name)) &&
            (name != kPages || only_pages(dir / name)))
            continue;
        why = fmt::format(
            "{} exists and is not an sgfaudit report folder ({}; it holds {}): not replaced; "
            "choose another --out or --name, or remove the folder",
            dir.string(),
            marked ? "a file its marker does not list"
                   : fmt::format("no {} marker of an earlier report", kMarker),
            name);
        return false;
    }
    return true;
}

// Takes the lock of `target` without waiting: false (and `why`) when another run holds it.
bool lock_out(const fs::path& target, OutLock& lock, std::string& why) {
    const fs::path path = target.parent_path() / ("." + target.filename().string() + ".lock");
    for (int attempt = 0; attempt < 100; ++attempt) {
        const int fd =
            ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
        if (fd < 0) {
            const int error = errno;
            throw_if_resource(error, "cannot open", path.string());
            why = fmt::format("cannot open {}: {}", path.string(), std::strerror(error));
            return false;
        }
        if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
            ::close(fd);
            why = fmt::format(
                "another sgfaudit run is writing {} (it holds {}): not started; run again when "
                "it has finished, or choose another --out",
                target.string(), path.string());
            return false;
        }
        struct stat held {
        }, now{};
        if (::fstat(fd, &held) == 0 && ::stat(path.c_str(), &now) == 0 &&
            held.st_dev == now.st_dev && held.st_ino == now.st_ino) {
            lock.fd = fd;
            lock.path = path;
            return true;
        }
        ::close(fd);  // removed by the run that held it: lock the file at the path now
    }
    why = fmt::format("cannot lock {}", path.string());
    return false;
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

}  // namespace

// The marker's text: the files this run wrote (report.sqlite with --sqlite; the folder pages/
// when index.html's groups went to pages of their own).
std::string report_manifest(const report::FolderSelection& selection) {
    std::string text(kMarkerMagic);
    for (const std::string_view name : report::folder_entries(selection)) {
        if (name == kMarker) continue;
        text += name;
        text += '\n';
    }
    return text;
}

bool prepare_target(const std::string& out_dir, ReportTarget& target, std::string& error) {
    // The staging folder beside the target.
    fs::path& clean_target = target.path;
    clean_target = fs::absolute(fs::path(out_dir)).lexically_normal();
    if (clean_target.filename() == "." || clean_target.filename().empty()) {
        clean_target = clean_target.parent_path();
    }
    boost::system::error_code ec;
    // --out naming a symbolic link: the report replaces the folder it leads to, and the link
    // stays (it is never replaced by a folder).
    if (fs::is_symlink(fs::symlink_status(clean_target, ec))) {
        const fs::path real = fs::canonical(clean_target, ec);
        if (ec) {
            error = fmt::format("{} is a symbolic link that leads to no folder ({}): not replaced",
                                clean_target.string(), ec.message());
            return false;
        }
        clean_target = real;
    }
    fs::create_directories(clean_target.parent_path(), ec);
    if (ec) {
        error =
            fmt::format("cannot create {}: {}", clean_target.parent_path().string(), ec.message());
        return false;
    }
    if (!lock_out(clean_target, target.lock, error)) return false;
    const fs::file_status st = fs::status(clean_target, ec);
    if (fs::exists(st)) {
        if (!fs::is_directory(st)) {
            error =
                fmt::format("{} exists and is not a folder: not replaced", clean_target.string());
            return false;
        }
        if (!replaceable(clean_target, error)) return false;
        target.previous = true;
    }
    remove_stale_staging(clean_target);
    return make_staging(clean_target, target.staging, error);
}

bool put_in_place(const ReportTarget& target, std::string& error) {
    const fs::path& staging = target.staging.path;
    if (!sync_folder(target.staging.fd)) {
        error = fmt::format("cannot write {}: {}", staging.string(), std::strerror(errno));
        return false;
    }
    if (!commit(staging, target.path, error)) return false;
    // The renames durable too.
    if (const int parent =
            ::open(target.path.parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        parent >= 0) {
        sync_folder(parent);
        ::close(parent);
    }
    return true;
}

}  // namespace sgfaudit::pipeline::detail
