// read_file: the bytes of one file on disk, in as few system calls as a small file allows, or the
// problem that keeps it from being read (F003, F004, F005, F007, F008). See inputs.hpp.

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <string>

#include "problem.hpp"
#include "sgfaudit/pipeline/inputs.hpp"
#include "sgfaudit/sgf/codes.hpp"

namespace sgfaudit::pipeline {

namespace codes = sgf::codes;
using detail::problem;

namespace {

std::string_view kind_of_mode(mode_t mode) noexcept {
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISCHR(mode)) return "a character device";
    return "not a regular file";
}

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
// read_file's answers other than the bytes: a problem, with no bytes.
FileBytes failed(const std::string& path, std::string_view code, std::string message) {
    FileBytes result;
    result.problem = problem(code, path, std::move(message));
    return result;
}
FileBytes too_large(const std::string& path, std::size_t size, std::size_t max_bytes) {
    return failed(path, codes::file_too_large,
                  fmt::format("file is {}{} bytes, larger than the limit of {}; not read",
                              size > max_bytes ? "" : "over ", size, max_bytes));
}
FileBytes changed(const std::string& path, std::size_t size_before, std::size_t got,
                  std::size_t size_after) {
    return failed(path, codes::changed_while_read,
                  fmt::format("the file changed while it was read ({} bytes before, {} read, {} "
                              "after); not read",
                              size_before, got, size_after));
}

// Opens the file `path` for reading (its name from `name_at` in `folder` when given). -1 with
// `failure` set when it cannot be opened.
int open_file(const std::string& path, const OpenFolder* folder, std::size_t name_at,
              FileBytes& failure) {
    // O_NONBLOCK: opening a FIFO that has no writer must not block (it is refused below); it has
    // no effect on regular files.
    constexpr int flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
    const int fd = folder != nullptr && name_at < path.size()
                       ? ::openat(folder->fd(), path.c_str() + name_at, flags)
                       : ::open(path.c_str(), flags);
    if (fd >= 0) return fd;
    const int error = errno;
    throw_if_resource(error, "cannot open", path);
    if (error == ELOOP) {
        failure = failed(path, codes::symlink_loop,
                         "symbolic link loop (too many levels of symbolic links); not read");
    } else {
        failure = failed(path, codes::unreadable_file,
                         fmt::format("cannot open: {}", std::strerror(error)));
    }
    return -1;
}

// The stat of the open file after its first read (`read_error`: that read's errno, 0 when it
// succeeded) into `before`: false with `failure` set when it fails, or the file is a folder or
// not a regular file, or the read failed.
bool stat_after_first_read(int fd, const std::string& path, int read_error, struct stat& before,
                           FileBytes& failure) {
    if (::fstat(fd, &before) != 0) {
        failure = failed(path, codes::unreadable_file,
                         fmt::format("cannot stat: {}", std::strerror(errno)));
        return false;
    }
    if (S_ISDIR(before.st_mode)) {
        failure = failed(path, codes::unreadable_file, "is a folder, not a file; not read");
        return false;
    }
    if (!S_ISREG(before.st_mode)) {
        // A FIFO (EAGAIN with no writer, or a writer's bytes) or a device: refused whatever the
        // read gave, and no more is read from it.
        failure =
            failed(path, codes::not_regular,
                   fmt::format("{} is not a regular file; not read", kind_of_mode(before.st_mode)));
        return false;
    }
    if (read_error != 0) {
        failure = failed(path, codes::unreadable_file,
                         fmt::format("read error: {}", std::strerror(read_error)));
        return false;
    }
    return true;
}

// Reads the rest of a file larger than its first read straight into `bytes` (which holds the
// `got` bytes read so far), asking for one byte more than the size: a regular file that gives
// exactly its size is at its end (a change is caught by the stat after). Otherwise it reads on
// in chunks until the end. False with `failure` set on a read error or past `max_bytes`.
bool read_rest(int fd, const std::string& path, std::size_t max_bytes, std::size_t size_before,
               std::string& bytes, std::size_t& got, FileBytes& failure) {
    std::size_t want = size_before >= got ? size_before - got + 1 : std::size_t{1} << 16;
    for (;;) {
        if (got + want > bytes.size()) bytes.resize(got + want);
        const ssize_t n = ::read(fd, bytes.data() + got, want);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw_if_resource(errno, "cannot read", path);
            failure = failed(path, codes::unreadable_file,
                             fmt::format("read error: {}", std::strerror(errno)));
            return false;
        }
        got += static_cast<std::size_t>(n);
        if (got > max_bytes) {
            failure = too_large(path, got, max_bytes);
            return false;
        }
        if (n == 0 || (got == size_before && static_cast<std::size_t>(n) < want)) break;
        want = std::size_t{1} << 16;
    }
    bytes.resize(got);
    return true;
}

}  // namespace
FileBytes read_file(const std::string& path, std::size_t max_bytes, const OpenFolder* folder,
                    std::size_t name_at) {
    FileBytes failure;
    Descriptor f;
    f.fd = open_file(path, folder, name_at, failure);
    if (f.fd < 0) return failure;
    // Every call on a small file costs a round trip into the kernel, which on a virtual machine
    // is most of the time a run spends on an archive of small files. So the file is read
    // first, into a per-thread buffer, and stat'ed once after: a file that fits the buffer is
    // open, read, fstat, close. A larger one is stat'ed after the first read and again at the
    // end (size and modification time compared).
    constexpr std::size_t kFirstRead = std::size_t{64} << 10;
    thread_local const std::unique_ptr<char[]> first_buffer(new char[kFirstRead]);
    const std::size_t first_want = std::min(kFirstRead, max_bytes + 1);
    ssize_t first = -1;
    int read_error = 0;
    do {
        first = ::read(f.fd, first_buffer.get(), first_want);
    } while (first < 0 && errno == EINTR);
    if (first < 0) read_error = errno;
    throw_if_resource(read_error, "cannot read", path);

    struct stat before {};
    if (!stat_after_first_read(f.fd, path, read_error, before, failure)) return failure;
    const auto size_before = static_cast<std::size_t>(before.st_size);
    if (size_before > max_bytes) return too_large(path, size_before, max_bytes);
    std::size_t got = static_cast<std::size_t>(first);
    if (got > max_bytes) return too_large(path, got, max_bytes);
    // Pseudo-files (/proc) stat as 0 bytes and read as more: not a change.
    const bool pseudo_before = size_before == 0;
    FileBytes result;
    if (got < first_want) {
        // A regular file that gives less than asked is at its end: the whole file was read in
        // one call, and the stat after it is the only one. Its size must be the bytes read.
        if (!pseudo_before && got != size_before) {
            return changed(path, size_before, got, size_before);
        }
        result.bytes.assign(first_buffer.get(), got);
        result.ok = true;
        return result;
    }
    result.bytes.reserve(std::max(size_before, got) + 1);
    result.bytes.assign(first_buffer.get(), got);
    if (!read_rest(f.fd, path, max_bytes, size_before, result.bytes, got, failure)) return failure;
    // Stat again: a file written to while it was read (a download, a server still logging the
    // game) gives bytes that are neither the old file nor the new one.
    struct stat after {};
    if (::fstat(f.fd, &after) != 0) {
        return failed(path, codes::unreadable_file,
                      fmt::format("cannot stat: {}", std::strerror(errno)));
    }
    const auto size_after = static_cast<std::size_t>(after.st_size);
    const bool pseudo = pseudo_before && size_after == 0;
    if (size_after != size_before || !same_time(before.st_mtim, after.st_mtim) ||
        (!pseudo && got != size_after)) {
        return changed(path, size_before, got, size_after);
    }
    result.ok = true;
    return result;
}

}  // namespace sgfaudit::pipeline
