#pragma once
// The pipeline owns files: which ones a run reads (folders walked in sorted order), and reading
// their bytes. Problems are diagnostics (codes F0xx, docs/diagnostics.md), never exceptions.

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "sgfaudit/sgf/diagnostic.hpp"

namespace sgfaudit::pipeline {

struct InputList {
    std::vector<std::string> files;         // in the order they are to be read and reported
    std::vector<sgf::Diagnostic> problems;  // entries that could not be listed
    bool missing_argument = false;          // a path named by the user does not exist: cannot run
};

// Files named directly are taken whatever their extension; folders are walked recursively in
// byte-wise sorted order of entry names, taking regular files ending in .sgf or .mgt (any case).
// A folder is walked whatever its name ("games.sgf/" too). Symbolic links to folders are
// followed once: a link back to a folder already being walked, or a link that leads to itself,
// is a loop (F003), reported and skipped. Unreadable folders are reported (F002) and skipped.
// FIFOs, sockets and devices (named on the command line, or named *.sgf in a folder) are
// reported (F006 on the command line, F008 in a folder) and never opened.
InputList collect_inputs(std::span<const std::string> paths);

// True when a folder walk takes this file name (".sgf" or ".mgt", any case).
bool is_sgf_name(std::string_view name) noexcept;

struct FileBytes {
    bool ok = false;
    std::string bytes;
    // When !ok: F003 (symbolic link loop), F004 (cannot open or read, a folder), F005 (over
    // max_bytes), F007 (changed while it was read), F008 (not a regular file).
    sgf::Diagnostic problem;
};

// Reads a whole file, refusing one larger than `max_bytes` (before reading when its size says
// so). Opens without blocking and reads only regular files: a FIFO or device is refused (F008).
// The file is stat'ed before and after reading; a size or modification time that changed, or a
// byte count that differs from the size, is F007 and the bytes are dropped. Never throws.
FileBytes read_file(const std::string& path, std::size_t max_bytes);

}  // namespace sgfaudit::pipeline
