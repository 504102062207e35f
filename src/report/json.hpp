#pragma once
// Internal: a minimal JSON writer for one line of output. Keys and strings are escaped by
// report::json_string; numbers by report::json_number. No pretty printing, no validation beyond
// placing commas: callers nest begin/end correctly.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sgfaudit::report::detail {

class JsonWriter {
  public:
    // Writes to the end of `out`, which must outlive the writer.
    explicit JsonWriter(std::string& out) : out_(out) {}

    void begin_object();
    void end_object();
    void begin_array();
    void end_array();
    // The key of the next value inside an object.
    JsonWriter& key(std::string_view k);

    void str(std::string_view s);
    void opt_str(const std::optional<std::string_view>& s);
    void num(double v);
    void integer(std::int64_t v);
    void opt_integer(const std::optional<std::int64_t>& v);
    void boolean(bool b);
    void null();

  private:
    void separate();

    std::string& out_;
    std::vector<bool> first_;  // per open container: no element written yet
    bool after_key_ = false;
};

}  // namespace sgfaudit::report::detail
