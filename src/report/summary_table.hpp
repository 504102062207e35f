#pragma once
// Internal: a table of the summary (summary.md and index.html are both rendered from one list
// of them, so that the two always say the same).

#include <string>
#include <vector>

#include "sgfaudit/report/folder.hpp"

namespace sgfaudit::report {

struct Cell {
    std::string text;
    std::string link;  // a URL relative to the report folder, or ""
};

struct Summary::Table {
    int level = 2;
    std::string id;  // of the heading in index.html ("" for none)
    std::string heading;
    std::string note;  // a paragraph before the table
    std::vector<std::string> header;
    std::vector<bool> numeric;  // right-aligned columns
    std::vector<std::vector<Cell>> rows;
    std::string when_empty;   // said instead of an empty table
    bool omit_zeros = false;  // rows whose figures are all 0 are left out (counted in the note)
};

namespace detail {

// summary.cpp: the name a summary gives an RU value ("(no RU)" for none).
std::string ru_name(const std::string& ru);
// summary.cpp: where a file lies below what was named on the command line: an archive member's
// path, or the path below the named folder.
std::string relative_path(const std::string& file, const std::vector<std::string>& paths);

}  // namespace detail

}  // namespace sgfaudit::report
