#pragma once
// The whole of a file as bytes (empty when it cannot be read): what the tests compare reports
// and outputs with.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace sgfaudit_test {

inline std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace sgfaudit_test
