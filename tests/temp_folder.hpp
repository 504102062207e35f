#pragma once
// A temporary folder for a test, removed with everything in it when the test ends.

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

class TempFolder {
  public:
    // A new empty folder under the system's temporary folder, named after `prefix`, this
    // process and a counter.
    explicit TempFolder(std::string_view prefix = "sgfaudit-test") {
        static int counter = 0;
        path_ = std::filesystem::temp_directory_path() /
                (std::string(prefix) + "-" + std::to_string(::getpid()) + "-" +
                 std::to_string(++counter));
        std::filesystem::create_directories(path_);
    }
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
