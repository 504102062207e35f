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
// byte-wise sorted order of entry names, taking files ending in .sgf or .mgt (any case).
// Symbolic links to folders are followed once: a link back to a folder already being walked is
// a loop (F003), reported and skipped. Unreadable folders are reported (F002) and skipped.
InputList collect_inputs(std::span<const std::string> paths);

// True when a folder walk takes this file name (".sgf" or ".mgt", any case).
bool is_sgf_name(std::string_view name) noexcept;

struct FileBytes {
    bool ok = false;
    std::string bytes;
    sgf::Diagnostic problem;  // when !ok: F004 (cannot read) or F005 (over max_bytes)
};

// Reads a whole file, refusing one larger than `max_bytes`. Never throws.
FileBytes read_file(const std::string& path, std::size_t max_bytes);

}  // namespace sgfaudit::pipeline
