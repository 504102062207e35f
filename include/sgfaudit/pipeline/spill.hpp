#pragma once
// A part of one output stream set aside in an unnamed temporary file while the rest is made
// so that a file of many games does not hold its whole report or output in memory. Used by
// `audit` (the staging folder) and `check` (the temporary folder).

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/types.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "sgfaudit/pipeline/inputs.hpp"

namespace sgfaudit::pipeline {

// The part of one output stream of a file that was spilled: an unnamed file of `folder` (the
// staging folder, the temporary folder), copied in order by the writer.
class Spill {
  public:
    Spill() = default;
    Spill(const Spill&) = delete;
    Spill& operator=(const Spill&) = delete;
    ~Spill() {
        if (fd_ >= 0) ::close(fd_);
    }

    // Appends `text` to the file (made in `folder` on first use) and empties it. Throws
    // ResourceError when it cannot (a full disk fails the run, exit 2).
    void add(std::string& text, const std::string& folder) {
        if (fd_ < 0) {
            fd_ = ::open(folder.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
            if (fd_ < 0) {
                // No O_TMPFILE here: a named file, unlinked at once.
                std::string name = folder + "/.spill-XXXXXX";
                fd_ = ::mkostemp(name.data(), O_CLOEXEC);
                if (fd_ >= 0) ::unlink(name.c_str());
            }
            if (fd_ < 0) fail(folder);
        }
        for (std::size_t done = 0; done < text.size();) {
            const ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) fail(folder);
            done += static_cast<std::size_t>(n);
        }
        text.clear();
    }

    // Writes what was spilled to `out` (anything with write(std::string_view)), in order.
    template <class Out>
    void copy_to(Out& out) const {
        if (fd_ < 0) return;
        std::string buffer(std::size_t{1} << 20, '\0');
        for (off_t at = 0;;) {
            const ssize_t n = ::pread(fd_, buffer.data(), buffer.size(), at);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) {
                throw ResourceError(
                    fmt::format("cannot read a temporary file: {}", std::strerror(errno)));
            }
            if (n == 0) return;
            out.write(std::string_view(buffer.data(), static_cast<std::size_t>(n)));
            at += n;
        }
    }

  private:
    [[noreturn]] static void fail(const std::string& folder) {
        throw ResourceError(
            fmt::format("cannot write a temporary file in {}: {}", folder, std::strerror(errno)));
    }
    int fd_ = -1;
};

// The folder for temporary files: $TMPDIR, else /tmp.
inline std::string temporary_folder() {
    const char* dir = std::getenv("TMPDIR");
    return dir != nullptr && *dir != '\0' ? std::string(dir) : std::string("/tmp");
}

}  // namespace sgfaudit::pipeline
