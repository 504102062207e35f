#pragma once
// A temporary folder for a test, removed with everything in it when the test ends.

#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>

// Makes a new, empty folder under the system's temporary folder ($TMPDIR, else /tmp) named
// after `prefix` with a unique suffix (mkdtemp): never one that exists already, whatever ran
// before with the same process id (another PID namespace, a killed test).
inline std::filesystem::path make_temp_folder(std::string_view prefix) {
    std::string pattern =
        (std::filesystem::temp_directory_path() / (std::string(prefix) + ".XXXXXX")).string();
    if (::mkdtemp(pattern.data()) == nullptr)
        throw std::filesystem::filesystem_error("mkdtemp", pattern,
                                                std::error_code(errno, std::generic_category()));
    return pattern;
}

class TempFolder {
  public:
    // A new empty folder (make_temp_folder).
    explicit TempFolder(std::string_view prefix = "sgfaudit-test")
        : path_(make_temp_folder(prefix)) {}
    ~TempFolder() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempFolder(const TempFolder&) = delete;
    TempFolder& operator=(const TempFolder&) = delete;

    const std::filesystem::path& path() const noexcept { return path_; }
    // Writes `content` to the file `name` (a relative path; folders are made as needed) and
    // returns its full path.
    std::string add(const std::string& name, const std::string& content) const {
        const std::filesystem::path p = path_ / name;
        std::filesystem::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << content;
        return p.string();
    }

  private:
    std::filesystem::path path_;
};
