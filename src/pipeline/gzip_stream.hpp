#pragma once
// Internal: one gzip stream (RFC 1952, zlib's deflate) written in pieces, for games.jsonl.gz.
// The header carries no time and no name, so the same input gives the same bytes.

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace sgfaudit::pipeline {

class GzipStream {
  public:
    // Compressed bytes go to `out` as they come.
    explicit GzipStream(std::function<void(std::string_view)> out);
    ~GzipStream();
    GzipStream(const GzipStream&) = delete;
    GzipStream& operator=(const GzipStream&) = delete;

    void write(std::string_view bytes);
    // Ends the stream (writes the trailer); false when zlib failed (error()).
    bool finish();
    const std::string& error() const { return error_; }

  private:
    struct State;
    std::unique_ptr<State> state_;
    std::function<void(std::string_view)> out_;
    std::string error_;
    bool finished_ = false;
};

}  // namespace sgfaudit::pipeline
