#include "batch_read.hpp"

#include <fcntl.h>
#include <liburing.h>

#include <array>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <memory>

namespace sgfaudit::pipeline::detail {
namespace {

constexpr unsigned kSlots = static_cast<unsigned>(kBatchFiles);

// A thread's io_uring: a submission queue for three operations per file, a file table of one
// slot per file of a batch, and one read buffer per slot. Set up on the thread's first batch;
// `ok` false when the kernel refuses (then every file is read by read_file).
struct Ring {
    io_uring ring{};
    bool ok = false;
    std::unique_ptr<char[]> buffers;

    Ring() {
        if (std::getenv("SGFAUDIT_NO_IO_URING") != nullptr) return;
        if (io_uring_queue_init(4 * kSlots, &ring, 0) != 0) return;
        if (io_uring_register_files_sparse(&ring, kSlots) != 0) {
            io_uring_queue_exit(&ring);
            return;
        }
        buffers.reset(new char[kSlots * kBatchReadBytes]);  // not zero-filled: only read into
        ok = true;
    }
    ~Ring() {
        if (ok) io_uring_queue_exit(&ring);
    }
    Ring(const Ring&) = delete;
    Ring& operator=(const Ring&) = delete;

    char* buffer(unsigned slot) const { return buffers.get() + slot * kBatchReadBytes; }
};

Ring& thread_ring() {
    thread_local Ring ring;
    return ring;
}

// user_data of a completion: the operation and the slot.
enum Op : std::uint64_t { open_op = 0, read_op = 1, close_op = 2 };
constexpr std::uint64_t tag(Op op, unsigned slot) {
    return (static_cast<std::uint64_t>(slot) << 2) | op;
}

bool read_directly(const FileInput& input) {
    return !input.walk_problem && input.folder != nullptr && input.name_at < input.path.size();
}

// Opens, reads and closes up to kSlots files through the ring. results[i] is the read's result
// for files[i] (bytes read, or -errno; the open's error when it failed). False when the ring
// itself failed (nothing can be said of any file: they all go to read_file).
bool submit(Ring& r, std::span<FileInput* const> files, std::array<int, kSlots>& results) {
    // No O_CLOEXEC: a slot of the ring's file table is no descriptor of the process (the kernel
    // refuses the flag there). O_NONBLOCK: opening a FIFO must not wait for a writer, and a
    // read must not wait for the disk (the file goes to read_rest instead).
    constexpr int flags = O_RDONLY | O_NONBLOCK | O_NOCTTY;
    unsigned ops = 0;
    for (unsigned slot = 0; slot < files.size(); ++slot) {
        const FileInput& in = *files[slot];
        io_uring_sqe* open = io_uring_get_sqe(&r.ring);
        io_uring_sqe* read = io_uring_get_sqe(&r.ring);
        io_uring_sqe* close = io_uring_get_sqe(&r.ring);
        if (open == nullptr || read == nullptr || close == nullptr) return false;
        io_uring_prep_openat_direct(open, in.folder->fd(), in.path.c_str() + in.name_at, flags, 0,
                                    slot);
        open->user_data = tag(open_op, slot);
        // Hard links: the read and the close run whatever the step before gave (a short read
        // breaks an ordinary link), so every slot is closed again.
        open->flags |= IOSQE_IO_HARDLINK;
        io_uring_prep_read(read, static_cast<int>(slot), r.buffer(slot),
                           static_cast<unsigned>(kBatchReadBytes), 0);
        read->flags |= IOSQE_FIXED_FILE | IOSQE_IO_HARDLINK;
        read->user_data = tag(read_op, slot);
        io_uring_prep_close_direct(close, slot);
        close->user_data = tag(close_op, slot);
        ops += 3;
        results[slot] = 0;
    }
    std::array<int, kSlots> open_results{};
    if (io_uring_submit(&r.ring) != static_cast<int>(ops)) {
        // The kernel took some operations or none: drop the completions at hand and give up on
        // the batch; the caller stops using this ring, so late completions are never read.
        io_uring_cqe* cqe = nullptr;
        while (io_uring_peek_cqe(&r.ring, &cqe) == 0) io_uring_cqe_seen(&r.ring, cqe);
        return false;
    }
    for (unsigned done = 0; done < ops;) {
        io_uring_cqe* cqe = nullptr;
        const int waited = io_uring_wait_cqe(&r.ring, &cqe);
        if (waited == -EINTR) continue;
        if (waited != 0) return false;
        unsigned head = 0, seen = 0;
        io_uring_for_each_cqe(&r.ring, head, cqe) {
            const auto slot = static_cast<unsigned>(cqe->user_data >> 2);
            switch (static_cast<Op>(cqe->user_data & 3)) {
                case open_op:
                    open_results[slot] = cqe->res;
                    break;
                case read_op:
                    results[slot] = cqe->res;
                    break;
                case close_op:
                    break;
            }
            ++seen;
        }
        io_uring_cq_advance(&r.ring, seen);
        done += seen;
    }
    for (unsigned slot = 0; slot < files.size(); ++slot) {
        if (open_results[slot] < 0) results[slot] = open_results[slot];
    }
    return true;
}

}  // namespace

bool batch_reads_use_io_uring() {
    return thread_ring().ok;
}

std::size_t read_batch(std::span<FileInput> inputs, std::size_t max_bytes) {
    Ring& r = thread_ring();
    if (!r.ok) return 0;
    std::array<FileInput*, kSlots> direct{};
    std::array<int, kSlots> results{};
    unsigned count = 0;
    for (FileInput& in : inputs) {
        if (count < kSlots && read_directly(in)) direct[count++] = &in;
    }
    if (count == 0) return 0;
    if (!submit(r, std::span<FileInput* const>(direct.data(), count), results)) {
        // The ring failed as a whole (not a file): this thread reads one by one from now on.
        r.ok = false;
        return 0;
    }
    std::size_t settled = 0;
    for (unsigned slot = 0; slot < count; ++slot) {
        const int got = results[slot];
        if (got <= 0 || static_cast<std::size_t>(got) >= kBatchReadBytes ||
            static_cast<std::size_t>(got) > max_bytes) {
            continue;  // left to read_rest
        }
        FileInput& in = *direct[slot];
        in.bytes.bytes.assign(r.buffer(slot), static_cast<std::size_t>(got));
        in.bytes.ok = true;
        ++settled;
    }
    return settled;
}

void read_rest(FileInput& input, std::size_t max_bytes) {
    if (input.walk_problem || input.in_archive || input.bytes.ok) return;
    input.bytes = read_file(input.path, max_bytes, input.folder.get(), input.name_at);
}

}  // namespace sgfaudit::pipeline::detail
