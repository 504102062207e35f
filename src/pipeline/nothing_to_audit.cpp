// An input with nothing to audit (include/sgfaudit/pipeline/nothing_to_audit.hpp).

#include "sgfaudit/pipeline/nothing_to_audit.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "sgfaudit/pipeline/inputs.hpp"

namespace sgfaudit::pipeline {

namespace {

namespace fs = std::filesystem;

// The entries of `folder`, in byte-wise sorted order of their names (as the walk takes them).
std::vector<fs::directory_entry> sorted_entries(const fs::path& folder) {
    std::error_code ec;
    std::vector<fs::directory_entry> entries;
    for (fs::directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::directory_iterator(); it.increment(ec)) {
        entries.push_back(*it);
    }
    std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
        return a.path().filename().string() < b.path().filename().string();
    });
    return entries;
}

// Counts the files and folders under `root` in the walk's order (symbolic links to folders
// not followed: the walk found nothing through them either), keeping the first few file names.
void count_skipped(const fs::path& root, NothingToAudit& out) {
    struct Open {
        std::vector<fs::directory_entry> entries;
        std::size_t next = 0;
    };
    std::vector<Open> stack;
    stack.push_back({sorted_entries(root)});
    ++out.folders;
    while (!stack.empty()) {
        Open& top = stack.back();
        if (top.next >= top.entries.size()) {
            stack.pop_back();
            continue;
        }
        const fs::directory_entry e = top.entries[top.next++];
        std::error_code ec;
        if (e.is_directory(ec) && !e.is_symlink(ec)) {
            ++out.folders;
            stack.push_back({sorted_entries(e.path())});  // `top` is not used after this
            continue;
        }
        ++out.skipped_files;
        if (out.examples.size() < 3) out.examples.push_back(e.path().string());
    }
}

}  // namespace

NothingToAudit nothing_to_audit(std::span<const std::string> paths) {
    NothingToAudit out;
    FileWalk walk(paths, std::size_t{64} << 20, false);
    if (walk.missing_argument() || walk.has_archives()) return out;
    if (walk.any()) return out;
    out.nothing = true;
    for (const std::string& p : paths) {
        std::error_code ec;
        if (fs::is_directory(p, ec)) {
            count_skipped(p, out);
        } else {
            ++out.skipped_files;
            if (out.examples.size() < 3) out.examples.push_back(p);
        }
    }
    return out;
}

}  // namespace sgfaudit::pipeline
