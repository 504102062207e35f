#pragma once
// Internal to the pipeline: the report folder a run replaces (--out) and the staging folder it
// writes first, beside it; the marker's manifest; the atomic commit. Used by write_report_folder
// (report_run.cpp).

#include <unistd.h>

#include <boost/filesystem.hpp>
#include <string>

#include "sgfaudit/report/files.hpp"

namespace sgfaudit::pipeline::detail {

// The staging folder of a run, beside the target: ".NAME.partial-PID" (".NAME.partial-PID-N"
// when a run of another PID namespace holds that name). It is owned by an exclusive flock on
// its descriptor, held until the run ends (the kernel drops it when the process dies): a run
// never removes a folder another live run holds, whatever their process ids.
struct Staging {
    boost::filesystem::path path;
    int fd = -1;  // the folder, open and locked
    Staging() = default;
    Staging(const Staging&) = delete;
    Staging& operator=(const Staging&) = delete;
    ~Staging() {
        if (fd >= 0) ::close(fd);
    }
};

// The lock of a report folder: an exclusive flock on ".NAME.lock" beside the
// target, held from before the target is checked until the report is in place (or the run
// gives up), so two runs with one --out never both replace it. The holder removes the file
// before it lets the lock go; a run that locked a file removed meanwhile (its inode is no
// longer at the path) tries again, so no two runs ever hold locks on different files.
struct OutLock {
    int fd = -1;
    boost::filesystem::path path;
    OutLock() = default;
    OutLock(const OutLock&) = delete;
    OutLock& operator=(const OutLock&) = delete;
    ~OutLock() {
        if (fd < 0) return;
        ::unlink(path.c_str());
        ::close(fd);
    }
};

// The folder a run replaces, held from before it is checked until the report is in place (or
// the run gives up), and this run's staging folder beside it. The staging folder is let go
// before the lock (the members' order).
struct ReportTarget {
    boost::filesystem::path path;  // --out, absolute, through a symbolic link it names
    bool previous = false;         // it held a report before the run
    OutLock lock;
    Staging staging;
};

// Resolves `out_dir`, locks it, checks that it may be replaced (ReportTarget::previous when it
// holds an earlier report), removes the staging folders killed runs left and makes this run's.
// False (and `error`) when the report cannot be written there; `target` then holds what was
// done so far (the lock; `previous` once known).
bool prepare_target(const std::string& out_dir, ReportTarget& target, std::string& error);

// The marker's text: the files this run wrote (report::folder_entries: report.sqlite with
// --sqlite, shard.chunks in a shard's report, the folder pages/ when index.html's groups went to
// pages of their own), the marker itself left out.
std::string report_manifest(const report::FolderSelection& selection);

// Puts the complete staging folder, its entries made durable, in place of the target, and
// makes the renames durable too. False (and `error`) when it cannot: the staging folder is
// then still there (the caller removes it).
bool put_in_place(const ReportTarget& target, std::string& error);

}  // namespace sgfaudit::pipeline::detail
