#pragma once
// Internal: a minimal JSON writer for one line of output, appending to a string. Strings are
// escaped as report::json_string does, numbers written as report::json_number. No pretty
// printing, no validation beyond placing commas: callers nest begin/end correctly. Small and
// inline: the game objects of a whole archive go through it.

#include <array>
#include <cassert>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sgfaudit::report::detail {

// Appends `s` as a JSON string literal (see report::json_string).
void append_json_string(std::string& out, std::string_view s);
// Appends `v` as report::json_number writes it.
void append_json_number(std::string& out, double v);

class JsonWriter {
  public:
    // Writes to the end of `out`, which must outlive the writer.
    explicit JsonWriter(std::string& out) : out_(out) {}

    void begin_object() { open('{'); }
    void end_object() { close('}'); }
    void begin_array() { open('['); }
    void end_array() { close(']'); }
    // The key of the next value inside an object. Keys are plain ASCII names (no character
    // that needs an escape), written as they are.
    JsonWriter& key(std::string_view k) {
        separate();
        out_ += '"';
        out_ += k;
        out_ += "\":";
        after_key_ = true;
        return *this;
    }

    void str(std::string_view s) {
        separate();
        append_json_string(out_, s);
    }
    void opt_str(const std::optional<std::string_view>& s) {
        if (s) {
            str(*s);
        } else {
            null();
        }
    }
    void num(double v) {
        separate();
        append_json_number(out_, v);
    }
    void integer(std::int64_t v) {
        separate();
        char buffer[24];
        const auto r = std::to_chars(buffer, buffer + sizeof buffer, v);
        out_.append(buffer, r.ptr);
    }
    void opt_integer(const std::optional<std::int64_t>& v) {
        if (v) {
            integer(*v);
        } else {
            null();
        }
    }
    void boolean(bool b) {
        separate();
        out_ += b ? std::string_view("true") : std::string_view("false");
    }
    void null() {
        separate();
        out_ += "null";
    }

  private:
    static constexpr std::size_t kMaxDepth = 32;

    void separate() {
        if (after_key_) {
            after_key_ = false;
            return;
        }
        if (depth_ > 0) {
            if (!first_[depth_ - 1]) out_ += ',';
            first_[depth_ - 1] = false;
        }
    }
    void open(char bracket) {
        separate();
        out_ += bracket;
        assert(depth_ < kMaxDepth);
        first_[depth_++] = true;
    }
    void close(char bracket) {
        out_ += bracket;
        --depth_;
    }

    std::string& out_;
    std::array<bool, kMaxDepth> first_{};  // per open container: no element written yet
    std::size_t depth_ = 0;
    bool after_key_ = false;
};

}  // namespace sgfaudit::report::detail
