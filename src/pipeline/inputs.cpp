#include "sgfaudit/pipeline/inputs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/filesystem.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <set>

namespace sgfaudit::pipeline {

namespace fs = boost::filesystem;

namespace codes {
constexpr std::string_view missing_path = "F001";
constexpr std::string_view unreadable_folder = "F002";
constexpr std::string_view symlink_loop = "F003";
constexpr std::string_view unreadable_file = "F004";
constexpr std::string_view file_too_large = "F005";
constexpr std::string_view not_a_file = "F006";
}  // namespace codes

namespace {

sgf::Diagnostic problem(std::string_view code, const std::string& path, std::string message) {
    return sgf::Diagnostic{sgf::Severity::error, code, path, sgf::Location{},
                           std::move(message),   -1};
}

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
std::string join(const std::string& folder, const std::string& name) {
    if (!folder.empty() && folder.back() == '/') return folder + name;
    return folder + "/" + name;
}

class Walker {
  public:
    explicit Walker(InputList& out) : out_(out) {}

    void walk(const std::string& root) {
        // Explicit stack of folders still to list; each folder's entries are sorted and pushed
        // in reverse so they pop in order.
        struct Item {
            std::string path;
            bool is_folder;
        };
        std::vector<Item> stack{{root, true}};
        while (!stack.empty()) {
            Item item = std::move(stack.back());
            stack.pop_back();
            if (!item.is_folder) {
                out_.files.push_back(std::move(item.path));
                continue;
            }
            boost::system::error_code ec;
            const fs::path canonical = fs::canonical(item.path, ec);
            if (ec) {
                out_.problems.push_back(
                    problem(codes::unreadable_folder, item.path,
                            fmt::format("cannot resolve folder: {}", ec.message())));
                continue;
            }
            if (!active_.insert(canonical.string()).second) {
                out_.problems.push_back(
                    problem(codes::symlink_loop, item.path,
                            fmt::format("symbolic link loop: {} was already walked; skipped",
                                        canonical.string())));
                continue;
            }
            std::vector<std::pair<std::string, bool>> entries;
            fs::directory_iterator it(item.path, ec), end;
            if (ec) {
                out_.problems.push_back(
                    problem(codes::unreadable_folder, item.path,
                            fmt::format("cannot read folder: {}", ec.message())));
                continue;
            }
            for (; it != end; it.increment(ec)) {
                if (ec) {
                    out_.problems.push_back(
                        problem(codes::unreadable_folder, item.path,
                                fmt::format("error while reading folder: {}", ec.message())));
                    break;
                }
                const std::string name = it->path().filename().string();
                const std::string path = join(item.path, name);
                boost::system::error_code sec;
                const fs::file_status st = fs::status(it->path(), sec);  // follows links
                if (!fs::exists(st)) {
                    out_.problems.push_back(
                        problem(codes::unreadable_folder, path,
                                "broken symbolic link or vanished entry skipped"));
                    continue;
                }
                if (fs::is_directory(st)) {
                    entries.emplace_back(path, true);
                } else if (is_sgf_name(name)) {
                    entries.emplace_back(path, false);
                }
            }
            std::sort(entries.begin(), entries.end());
            for (auto e = entries.rbegin(); e != entries.rend(); ++e) {
                stack.push_back(Item{std::move(e->first), e->second});
            }
        }
    }

  private:
    InputList& out_;
    std::set<std::string> active_;  // canonical folders already walked
};

}  // namespace

bool is_sgf_name(std::string_view name) noexcept {
    return ends_with_nocase(name, ".sgf") || ends_with_nocase(name, ".mgt");
}

InputList collect_inputs(std::span<const std::string> paths) {
    InputList out;
    Walker walker(out);
    for (const std::string& path : paths) {
        boost::system::error_code ec;
        const fs::file_status st = fs::status(path, ec);
        if (!fs::exists(st)) {
            out.problems.push_back(problem(codes::missing_path, path, "no such file or folder"));
            out.missing_argument = true;
        } else if (fs::is_directory(st)) {
            walker.walk(path);
        } else if (fs::is_regular_file(st)) {
            out.files.push_back(path);
        } else {
            out.problems.push_back(
                problem(codes::not_a_file, path, "not a regular file or folder; skipped"));
        }
    }
    return out;
}

FileBytes read_file(const std::string& path, std::size_t max_bytes) {
    FileBytes result;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!f) {
        result.problem = problem(codes::unreadable_file, path,
                                 fmt::format("cannot open: {}", std::strerror(errno)));
        return result;
    }
    char buffer[1 << 16];
    for (;;) {
        const std::size_t n = std::fread(buffer, 1, sizeof buffer, f.get());
        if (n > 0) {
            if (result.bytes.size() + n > max_bytes) {
                result.bytes.clear();
                result.problem = problem(
                    codes::file_too_large, path,
                    fmt::format("file is larger than the limit of {} bytes; not read", max_bytes));
                return result;
            }
            result.bytes.append(buffer, n);
        }
        if (n < sizeof buffer) {
            if (std::ferror(f.get())) {
                result.bytes.clear();
                result.problem = problem(codes::unreadable_file, path,
                                         fmt::format("read error: {}", std::strerror(errno)));
                return result;
            }
            break;
        }
    }
    result.ok = true;
    return result;
}

}  // namespace sgfaudit::pipeline
