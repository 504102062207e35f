#pragma once
// Internal: a minimal JSON writer for one line of output, appending to a string. Strings are
// escaped as report::json_string does, numbers written as report::json_number. No pretty
// printing, no validation beyond placing commas: callers nest begin/end correctly.
//
// The game objects of a whole archive go through it, so it writes through a pointer into room
// it makes at the end of the string (a few KB at a time) and gives the unused room back when it
// is destroyed: the string must not be touched while a writer on it is alive.

#include <array>
#include <cassert>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace sgfaudit::report::detail {

// Appends `s` as a JSON string literal (see report::json_string).
void append_json_string(std::string& out, std::string_view s);
// Appends `v` as report::json_number writes it.
void append_json_number(std::string& out, double v);
// Writes `v` as report::json_number does to `to` (room for 32 bytes); returns the end.
char* write_json_number(char* to, double v);

class JsonWriter {
  public:
    // Writes to the end of `out`, which must outlive the writer.
    explicit JsonWriter(std::string& out) : out_(out), used_(out.size()) { grow(0); }
    ~JsonWriter() { out_.resize(static_cast<std::size_t>(p_ - out_.data())); }
    JsonWriter(const JsonWriter&) = delete;
    JsonWriter& operator=(const JsonWriter&) = delete;

    void begin_object() { open('{'); }
    void end_object() { close('}'); }
    void begin_array() { open('['); }
    void end_array() { close(']'); }
    // The key of the next value inside an object. Keys are plain ASCII names (no character
    // that needs an escape), written as they are.
    JsonWriter& key(std::string_view k) {
        separate();
        room(k.size() + 3);
        *p_++ = '"';
        std::memcpy(p_, k.data(), k.size());
        p_ += k.size();
        *p_++ = '"';
        *p_++ = ':';
        after_key_ = true;
        return *this;
    }

    void str(std::string_view s) {
        separate();
        // The common case: nothing to escape, copied in one piece.
        room(s.size() + 2);
        char* const start = p_;
        *p_++ = '"';
        for (const char ch : s) {
            const auto c = static_cast<unsigned char>(ch);
            if (c < 0x20 || c == '"' || c == '\\' || c == 0x7f) {
                p_ = start;
                escaped(s);
                return;
            }
            *p_++ = ch;
        }
        *p_++ = '"';
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
        room(32);
        p_ = write_json_number(p_, v);
    }
    void integer(std::int64_t v) {
        separate();
        room(24);
        p_ = std::to_chars(p_, p_ + 24, v).ptr;
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
        raw(b ? std::string_view("true") : std::string_view("false"));
    }
    void null() {
        separate();
        raw("null");
    }
    // Text written as it is (a line end after the object).
    void raw(std::string_view s) {
        room(s.size());
        std::memcpy(p_, s.data(), s.size());
        p_ += s.size();
    }

  private:
    static constexpr std::size_t kMaxDepth = 32;

    void separate() {
        if (after_key_) {
            after_key_ = false;
            return;
        }
        if (depth_ > 0) {
            if (!first_[depth_ - 1]) {
                room(1);
                *p_++ = ',';
            }
            first_[depth_ - 1] = false;
        }
    }
    void open(char bracket) {
        separate();
        room(1);
        *p_++ = bracket;
        assert(depth_ < kMaxDepth);
        first_[depth_++] = true;
    }
    void close(char bracket) {
        room(1);
        *p_++ = bracket;
        --depth_;
    }
    void room(std::size_t n) {
        if (static_cast<std::size_t>(end_ - p_) < n) grow(n);
    }
    void grow(std::size_t n);
    void escaped(std::string_view s);  // a string with characters to escape

    std::string& out_;
    std::size_t used_;  // bytes of out_ in use when p_ is not yet set
    char* p_ = nullptr;
    char* end_ = nullptr;
    std::array<bool, kMaxDepth> first_{};  // per open container: no element written yet
    std::size_t depth_ = 0;
    bool after_key_ = false;
};

}  // namespace sgfaudit::report::detail
