#include "sgfaudit/pipeline/inputs.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <boost/filesystem.hpp>
#include <cerrno>
#include <cstring>
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
constexpr std::string_view changed_while_read = "F007";
constexpr std::string_view not_regular = "F008";
}  // namespace codes

namespace {

sgf::Diagnostic problem(std::string_view code, const std::string& path, std::string message) {
    return sgf::Diagnostic{sgf::Severity::error, code, path, sgf::Location{},
                           std::move(message),   -1};
}

std::string_view kind_of(const fs::file_status& st) noexcept {
    switch (st.type()) {
        case fs::fifo_file:
            return "a FIFO (named pipe)";
        case fs::socket_file:
            return "a socket";
        case fs::block_file:
            return "a block device";
        case fs::character_file:
            return "a character device";
        case fs::directory_file:
            return "a folder";
        default:
            return "this entry";
    }
}

std::string_view kind_of_mode(mode_t mode) noexcept {
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISCHR(mode)) return "a character device";
    return "not a regular file";
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
                if (sec.value() == ELOOP) {
                    out_.problems.push_back(problem(codes::symlink_loop, path,
                                                    "symbolic link loop (too many levels of "
                                                    "symbolic links); skipped"));
                    continue;
                }
                if (!fs::exists(st)) {
                    out_.problems.push_back(
                        problem(codes::unreadable_folder, path,
                                "broken symbolic link or vanished entry skipped"));
                    continue;
                }
                if (fs::is_directory(st)) {
                    // Also a folder named like a file ("games.sgf/"): it is walked.
                    entries.emplace_back(path, true);
                } else if (!is_sgf_name(name)) {
                    continue;
                } else if (fs::is_regular_file(st)) {
                    entries.emplace_back(path, false);
                } else {
                    // A FIFO, socket or device named *.sgf: reading it could block forever or
                    // never end.
                    out_.problems.push_back(
                        problem(codes::not_regular, path,
                                fmt::format("{} is not a regular file; skipped", kind_of(st))));
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
        if (ec.value() == ELOOP) {
            out.problems.push_back(
                problem(codes::symlink_loop, path,
                        "symbolic link loop (too many levels of symbolic links); skipped"));
        } else if (!fs::exists(st)) {
            out.problems.push_back(problem(codes::missing_path, path, "no such file or folder"));
            out.missing_argument = true;
        } else if (fs::is_directory(st)) {
            walker.walk(path);
        } else if (fs::is_regular_file(st)) {
            out.files.push_back(path);
        } else {
            out.problems.push_back(
                problem(codes::not_a_file, path,
                        fmt::format("{} is not a regular file or folder; skipped", kind_of(st))));
        }
    }
    return out;
}

namespace {

// Closes a file descriptor when it goes out of scope.
struct Descriptor {
    int fd = -1;
    ~Descriptor() {
        if (fd >= 0) ::close(fd);
    }
};

bool same_time(const struct timespec& a, const struct timespec& b) noexcept {
    return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

}  // namespace

FileBytes read_file(const std::string& path, std::size_t max_bytes) {
    FileBytes result;
    const auto fail = [&](std::string_view code, std::string message) {
        result.bytes.clear();
        result.bytes.shrink_to_fit();
        result.problem = problem(code, path, std::move(message));
        return std::move(result);
    };
    // O_NONBLOCK: opening a FIFO that has no writer must not block (it is refused below); it has
    // no effect on regular files.
    Descriptor f;
    f.fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (f.fd < 0) {
        const int error = errno;
        if (error == ELOOP) {
            return fail(codes::symlink_loop,
                        "symbolic link loop (too many levels of symbolic links); not read");
        }
        return fail(codes::unreadable_file, fmt::format("cannot open: {}", std::strerror(error)));
    }
    struct stat before {};
    if (::fstat(f.fd, &before) != 0) {
        return fail(codes::unreadable_file, fmt::format("cannot stat: {}", std::strerror(errno)));
    }
    if (S_ISDIR(before.st_mode)) {
        return fail(codes::unreadable_file, "is a folder, not a file; not read");
    }
    if (!S_ISREG(before.st_mode)) {
        return fail(codes::not_regular, fmt::format("{} is not a regular file; not read",
                                                    kind_of_mode(before.st_mode)));
    }
    const auto too_large = [&](std::size_t size) {
        return fail(codes::file_too_large,
                    fmt::format("file is {}{} bytes, larger than the limit of {}; not read",
                                size > max_bytes ? "" : "over ", size, max_bytes));
    };
    const auto size_before = static_cast<std::size_t>(before.st_size);
    if (size_before > max_bytes) return too_large(size_before);
    result.bytes.reserve(size_before);
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(f.fd, buffer, sizeof buffer);
        if (n < 0) {
            if (errno == EINTR) continue;
            return fail(codes::unreadable_file,
                        fmt::format("read error: {}", std::strerror(errno)));
        }
        if (n == 0) break;
        const auto got = static_cast<std::size_t>(n);
        if (result.bytes.size() + got > max_bytes) return too_large(result.bytes.size() + got);
        result.bytes.append(buffer, got);
    }
    // Stat again: a file written to while it was read (a download, a server still logging the
    // game) gives bytes that are neither the old file nor the new one.
    struct stat after {};
    if (::fstat(f.fd, &after) != 0) {
        return fail(codes::unreadable_file, fmt::format("cannot stat: {}", std::strerror(errno)));
    }
    const auto size_after = static_cast<std::size_t>(after.st_size);
    // Pseudo-files (/proc) stat as 0 bytes and read as more: not a change.
    const bool pseudo = size_before == 0 && size_after == 0;
    if (size_after != size_before || !same_time(before.st_mtim, after.st_mtim) ||
        (!pseudo && result.bytes.size() != size_after)) {
        return fail(codes::changed_while_read,
                    fmt::format("the file changed while it was read ({} bytes before, {} read, {} "
                                "after); not read",
                                size_before, result.bytes.size(), size_after));
    }
    result.ok = true;
    return result;
}

}  // namespace sgfaudit::pipeline
