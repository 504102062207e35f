#pragma once
// Reading the files of a batch with few calls into the kernel (the pipeline's parallel stage).
// Internal to the pipeline module.

#include <cstddef>
#include <span>

#include "sgfaudit/pipeline/run.hpp"

namespace sgfaudit::pipeline::detail {

// Files a batch holds at most: one io_uring submission opens, reads and closes them all.
inline constexpr std::size_t kBatchFiles = 16;
// The bytes one read of the batch takes per file: a file that gives fewer is read whole.
inline constexpr std::size_t kBatchReadBytes = std::size_t{64} << 10;

// Reads what it can of the batch's files with few calls into the kernel; read_rest then reads
// each file the batch left (just before it is worked on, so a thread holds one large file at a
// time, besides the batch's small ones). Together they give every input that is not a walk
// problem the bytes, or the problem, that read_file gives.
//
// Files found in a folder (input.folder set) go through an io_uring of the calling thread:
// for each, an open relative to its folder into a slot of the ring's file table, a read of up
// to kBatchReadBytes and a close, linked, all the batch's files in one submission and one wait
// (three system calls per file become one per batch; on a virtual machine each call costs a
// few microseconds, about as much as auditing a small game). A file whose read gives 1 byte to
// less than kBatchReadBytes, and no more than max_bytes, is taken as read: a regular file (the
// folder listing said so) that gives less than asked is at its end.
//
// Every other file, and every case the batch does not settle (an open or read that failed, an
// empty file, one that may be longer, one over the limit, a page not in memory: the ring reads
// without waiting for the disk), is left to read_rest, that is to read_file, which checks and
// words every problem (F003-F008). Only read_file's stat after the read is not made for a file
// the batch settles (the listing gave its type, and a short read its end). Without io_uring
// (an old kernel, a sandbox that forbids it, or the environment variable
// SGFAUDIT_NO_IO_URING set when the thread first reads) the batch settles nothing. Returns how
// many files the batch settled.
std::size_t read_batch(std::span<FileInput> inputs, std::size_t max_bytes);
void read_rest(FileInput& input, std::size_t max_bytes);

// True when this thread reads batches through io_uring (for tests and benchmarks).
bool batch_reads_use_io_uring();

}  // namespace sgfaudit::pipeline::detail
