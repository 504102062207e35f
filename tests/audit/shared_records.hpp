#pragma once
// The real records of a folder of ../shared/corpus, for the tests that run on them: the *.sgf
// files below it in name order, and each file's first game read as the pipeline reads it.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"

namespace sgfaudit_test {

// The *.sgf files below `dir`, sorted.
inline std::vector<std::filesystem::path> sgf_files_below(const std::filesystem::path& dir) {
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
        if (e.is_regular_file() && e.path().extension() == ".sgf") files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

// The first game of the file at `p` when it has one and it can be audited, else nullopt.
inline std::optional<sgfaudit::sgf::GameRecord> first_auditable_record(
    const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), {});
    const sgfaudit::sgf::Document doc = sgfaudit::sgf::read_document(p.string(), bytes);
    if (doc.games().empty()) return std::nullopt;
    sgfaudit::sgf::GameRecord rec = sgfaudit::sgf::read_record(doc, 0);
    if (!rec.auditable) return std::nullopt;
    return rec;
}

}  // namespace sgfaudit_test
