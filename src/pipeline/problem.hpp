#pragma once
// A problem of the walk or of reading a file (F-codes, docs/diagnostics.md): an error that names
// the file and no place in it. Internal to the pipeline module.

#include <string>
#include <string_view>
#include <utility>

#include "sgfaudit/sgf/diagnostic.hpp"

namespace sgfaudit::pipeline::detail {

inline sgf::Diagnostic problem(std::string_view code, std::string path, std::string message) {
    return sgf::Diagnostic{sgf::Severity::error, code, std::move(path), sgf::Location{},
                           std::move(message),   -1};
}

}  // namespace sgfaudit::pipeline::detail
