#pragma once
// Internal to the pipeline: OutFile, one file of the report's staging folder (report_run.cpp).

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <boost/filesystem.hpp>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace sgfaudit::pipeline::detail {

// One output file of the staging folder, written in large pieces (1 MiB at a time, one writev)
// through a buffer of its own. Write errors (a full disk) are remembered and reported at the
// end. Large pieces may be handed over (take): they are kept as they are until written, not
// copied into the buffer.
class OutFile {
  public:
    OutFile() = default;
    OutFile(const OutFile&) = delete;
    OutFile& operator=(const OutFile&) = delete;
    ~OutFile() {
        if (fd_ >= 0) ::close(fd_);
    }

    bool open(const boost::filesystem::path& path) {
        path_ = path.string();
        fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd_ < 0) {
            error_ = fmt::format("cannot create {}: {}", path_, std::strerror(errno));
            return false;
        }
        buffer_.reserve(kBuffer);
        return true;
    }
    // Copies `s` into the buffer.
    void write(std::string_view s) {
        if (fd_ < 0 || finished_ || !error_.empty()) return;
        buffer_ += s;
        pending_ += s.size();
        if (pending_ >= kBuffer) flush();
    }
    // Writes `s`, taking it over when it is large (no copy); `s` is left empty or as it was.
    void take(std::string&& s) {
        if (s.size() < kTakeOver) {
            write(s);
            return;
        }
        if (fd_ < 0 || finished_ || !error_.empty()) return;
        mark();
        pending_ += s.size();
        segments_.push_back({held_.size(), 0, s.size()});
        held_.push_back(std::move(s));
        if (pending_ >= kBuffer) flush();
    }
    // Closes the file without writing what is buffered (the report is abandoned).
    void discard() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }
    // Writes what is buffered and asks the kernel to start writing the file to disk, without
    // waiting; the file stays open for close(). False (and error()) when anything failed.
    bool finish() {
        if (fd_ >= 0 && !finished_) {
            flush();
            finished_ = true;
            // Best effort (a file system may not support it): close() waits in any case.
            if (error_.empty()) ::sync_file_range(fd_, 0, 0, SYNC_FILE_RANGE_WRITE);
        }
        return error_.empty();
    }
    // Makes a finished file durable (fsync) ahead of close(), which then does not sync it
    // again. Another thread may call it while this one writes other files, but nothing else
    // of this file may be used meanwhile.
    void sync() {
        if (fd_ < 0 || !finished_ || durable_) return;
        durable_ = true;
        if (error_.empty() && ::fsync(fd_) != 0 && errno != EINVAL) {
            error_ = fmt::format("cannot write {}: {}", path_, std::strerror(errno));
        }
    }
    // Finishes the file, makes it durable (fsync, unless sync() did) and closes it; false (and
    // error()) when anything failed. Files finished early and closed together at the end share
    // the disk's work: one journal commit covers them all, and their data was written in the
    // meantime.
    bool close() {
        if (fd_ >= 0) {
            finish();
            // On disk before the swap: a crash after it must not leave an empty report.
            sync();
            if (::close(fd_) != 0 && error_.empty()) {
                error_ = fmt::format("cannot write {}: {}", path_, std::strerror(errno));
            }
            fd_ = -1;
        }
        return error_.empty();
    }
    const std::string& error() const { return error_; }

  private:
    static constexpr std::size_t kBuffer = 1 << 20;
    static constexpr std::uint64_t kWriteback = std::uint64_t{16} << 20;
    static constexpr std::size_t kTakeOver = 1024;  // smaller pieces are copied
    static constexpr std::size_t kInBuffer = static_cast<std::size_t>(-1);

    // A piece waiting to be written, in order: bytes of buffer_ or a string taken over.
    struct Segment {
        std::size_t held;  // index into held_, or kInBuffer
        std::size_t offset, length;
    };

    // Ends the current run of buffered bytes as a segment (offsets: buffer_ may grow).
    void mark() {
        if (buffer_.size() > marked_) {
            segments_.push_back({kInBuffer, marked_, buffer_.size() - marked_});
            marked_ = buffer_.size();
        }
    }

    void flush() {
        mark();
        iov_.clear();
        for (const Segment& seg : segments_) {
            char* const base =
                seg.held == kInBuffer ? buffer_.data() + seg.offset : held_[seg.held].data();
            if (seg.length > 0) iov_.push_back({base, seg.length});
        }
        std::size_t i = 0;
        while (i < iov_.size() && error_.empty()) {
            const int count = static_cast<int>(std::min<std::size_t>(iov_.size() - i, IOV_MAX));
            const ssize_t n = ::writev(fd_, iov_.data() + i, count);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                error_ = fmt::format("cannot write {}: {}", path_, std::strerror(errno));
                break;
            }
            written_ += static_cast<std::uint64_t>(n);
            // Past what was written: whole pieces, then into the next one.
            for (auto done = static_cast<std::size_t>(n); done > 0;) {
                iovec& v = iov_[i];
                if (done >= v.iov_len) {
                    done -= v.iov_len;
                    ++i;
                } else {
                    v.iov_base = static_cast<char*>(v.iov_base) + done;
                    v.iov_len -= done;
                    done = 0;
                }
            }
        }
        buffer_.clear();
        held_.clear();
        segments_.clear();
        marked_ = 0;
        pending_ = 0;
        start_writeback();
    }

    // Asks the kernel to start writing what is written so far to disk, every kWriteback bytes,
    // without waiting: the disk's work (and the file system's, placing the blocks) is spread
    // over the run instead of left to finish() at its end, where nothing else runs beside it.
    // Best effort, as in finish().
    void start_writeback() {
        if (!error_.empty() || written_ - synced_ < kWriteback) return;
        ::sync_file_range(fd_, static_cast<off_t>(synced_), static_cast<off_t>(written_ - synced_),
                          SYNC_FILE_RANGE_WRITE);
        synced_ = written_;
    }

    int fd_ = -1;
    bool finished_ = false;  // finish() was called: nothing more is written
    bool durable_ = false;   // sync() was called
    std::string buffer_;
    std::size_t marked_ = 0;     // bytes of buffer_ already in segments_
    std::size_t pending_ = 0;    // bytes waiting: buffered and taken over
    std::uint64_t written_ = 0;  // bytes written to the file
    std::uint64_t synced_ = 0;   // bytes whose writing to disk was started (start_writeback)
    std::vector<std::string> held_;
    std::vector<Segment> segments_;
    std::vector<iovec> iov_;
    std::string path_;
    std::string error_;
};

}  // namespace sgfaudit::pipeline::detail
