#pragma once
// An input with nothing to audit: paths under which the walk finds no SGF file, no archive
// named by the user and no entry it could not take. `audit`, `check` and `parse` stop on it
// (cli: exit 2) rather than report nothing as clean, and name what the walk passed over.

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace sgfaudit::pipeline {

struct NothingToAudit {
    bool nothing = false;  // the walk of the paths yields no file and no problem
    // When `nothing`: the files under the paths the walk passed over (not *.sgf or *.mgt, an
    // archive inside a folder among them), the first few of them (at most 3, in sorted order
    // within each folder), and the folders walked.
    std::size_t skipped_files = 0;
    std::vector<std::string> examples;
    std::size_t folders = 0;
};

// Walks `paths` (as FileWalk does, without opening any archive) only until the first file or
// problem (FileWalk::any): cheap when there is something to audit. Paths that do not exist are the
// caller's (FileWalk::missing). A shard's share is not looked at: an empty shard of a non-empty
// input is something to audit.
NothingToAudit nothing_to_audit(std::span<const std::string> paths);

}  // namespace sgfaudit::pipeline
