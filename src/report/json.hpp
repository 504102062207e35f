#pragma once
// Internal: a minimal JSON writer for one line of output, appending to a string. Strings are
// escaped as report::json_string does, numbers written as report::json_number. No pretty
// printing, no validation beyond placing commas: callers nest begin/end correctly.
//
// The game objects of a whole archive go through it, so it writes through a pointer into a
// scratch buffer of its thread (kept from writer to writer: no allocation and no zero-filling per
// object) and appends what it wrote to the string when it is destroyed: the string must not be
// touched while a writer on it is alive.

#include <array>
#include <cassert>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <exception>
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

// Writes `v` in decimal to `to` (room for 20 bytes), as std::to_chars does; returns the end.
// Counts of a game are mostly below 100: those take a few stores.
inline char* write_integer(char* to, std::int64_t v) {
    if (static_cast<std::uint64_t>(v) < 10) {
        *to = static_cast<char>('0' + v);
        return to + 1;
    }
    if (static_cast<std::uint64_t>(v) < 100) {
        to[0] = static_cast<char>('0' + v / 10);
        to[1] = static_cast<char>('0' + v % 10);
        return to + 2;
    }
    return std::to_chars(to, to + 20, v).ptr;
}

// Pieces of JSON text written straight into room a JsonWriter made (JsonWriter::members):
// literal text, names that need no escape, numbers. The caller makes sure the room is enough.
class JsonPieces {
  public:
    explicit JsonPieces(char* p) : p_(p) {}
    // Literal JSON text, e.g. ",\"end_move\":".
    template <std::size_t N>
    JsonPieces& text(const char (&s)[N]) {
        std::memcpy(p_, s, N - 1);
        p_ += N - 1;
        return *this;
    }
    // A string with no character to escape (a stable name: "two_passes", "B", "area"...).
    JsonPieces& name(std::string_view s) {
        *p_++ = '"';
        std::memcpy(p_, s.data(), s.size());
        p_ += s.size();
        *p_++ = '"';
        return *this;
    }
    JsonPieces& integer(std::int64_t v) {
        p_ = write_integer(p_, v);
        return *this;
    }
    JsonPieces& num(double v) {
        p_ = write_json_number(p_, v);
        return *this;
    }
    JsonPieces& boolean(bool b) {
        if (b) {
            std::memcpy(p_, "true", 4);
            p_ += 4;
        } else {
            std::memcpy(p_, "false", 5);
            p_ += 5;
        }
        return *this;
    }
    char* end() const { return p_; }

  private:
    char* p_;
};

class JsonWriter {
  public:
    // Writes to the end of `out`, which must outlive the writer.
    explicit JsonWriter(std::string& out);
    // Appends what was written to `out`. May throw std::bad_alloc (out of memory), like any other
    // append: a destructor that flushes must not be noexcept, or an allocation failure here
    // terminates the process instead of reaching cli::run's "out of memory" (exit 2). When the
    // writer is destroyed by an exception already in flight, nothing is appended.
    ~JsonWriter() noexcept(false);
    JsonWriter(const JsonWriter&) = delete;
    JsonWriter& operator=(const JsonWriter&) = delete;

    void begin_object() { open('{'); }
    void end_object() { close('}'); }
    void begin_array() { open('['); }
    void end_array() { close(']'); }
    // The key of the next value inside an object. Keys are plain ASCII names (no character
    // that needs an escape), written as they are.
    JsonWriter& key(std::string_view k) {
        char* p = begin_value(k.size() + 3);
        *p++ = '"';
        std::memcpy(p, k.data(), k.size());
        p += k.size();
        *p++ = '"';
        *p++ = ':';
        p_ = p;
        after_key_ = true;
        return *this;
    }
    // The same for a literal: its length is known, so the copy is a few stores.
    template <std::size_t N>
    JsonWriter& key(const char (&k)[N]) {
        static_assert(N >= 1);
        char* const p = begin_value(N + 2);
        p[0] = '"';
        std::memcpy(p + 1, k, N - 1);
        p[N] = '"';
        p[N + 1] = ':';
        p_ = p + N + 2;
        after_key_ = true;
        return *this;
    }

    void str(std::string_view s) {
        // The common case: nothing to escape, copied in one piece while checked eight bytes at
        // a time (room for a whole last word).
        char* const start = begin_value(s.size() + 2 + 8);
        char* p = start;
        *p++ = '"';
        const char* from = s.data();
        std::size_t left = s.size();
        for (; left >= 8; left -= 8, from += 8, p += 8) {
            std::uint64_t w;
            std::memcpy(&w, from, 8);
            if (needs_escape(w)) {
                p_ = start;
                escaped(s);
                return;
            }
            std::memcpy(p, &w, 8);
        }
        if (left > 0) {
            std::uint64_t w = 0x2020202020202020u;  // the rest of the word: spaces
            std::memcpy(&w, from, left);
            if (needs_escape(w)) {
                p_ = start;
                escaped(s);
                return;
            }
            std::memcpy(p, &w, 8);
            p += left;
        }
        *p++ = '"';
        p_ = p;
    }
    void opt_str(const std::optional<std::string_view>& s) {
        if (s) {
            str(*s);
        } else {
            null();
        }
    }
    void num(double v) {
        char* const p = begin_value(32);
        p_ = write_json_number(p, v);
    }
    void integer(std::int64_t v) {
        char* const p = begin_value(24);
        p_ = write_integer(p, v);
    }
    void opt_integer(const std::optional<std::int64_t>& v) {
        if (v) {
            integer(*v);
        } else {
            null();
        }
    }
    void boolean(bool b) {
        char* const p = begin_value(5);
        if (b) {
            std::memcpy(p, "true", 4);
            p_ = p + 4;
        } else {
            std::memcpy(p, "false", 5);
            p_ = p + 5;
        }
    }
    void null() {
        char* const p = begin_value(4);
        std::memcpy(p, "null", 4);
        p_ = p + 4;
    }
    // One value, or one or more members of the current object, written as pieces into `n`
    // bytes of room (the separator before them is written here); finish with done().
    JsonPieces members(std::size_t n) { return JsonPieces(begin_value(n)); }
    void done(const JsonPieces& pieces) {
        assert(pieces.end() <= end_);
        p_ = pieces.end();
    }
    // Text written as it is (a line end after the object).
    void raw(std::string_view s) {
        room(s.size());
        std::memcpy(p_, s.data(), s.size());
        p_ += s.size();
    }

  private:
    static constexpr std::size_t kMaxDepth = 32;

    // True when some byte of w is below 0x20, '"', '\\' or 0x7f (exact: bytes of 0x80 and
    // above never count, so UTF-8 passes).
    static bool needs_escape(std::uint64_t w) {
        constexpr std::uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
        const auto zero_byte = [](std::uint64_t v) { return (v - ones) & ~v & highs; };
        const std::uint64_t control = (w - ones * 0x20) & ~w & highs;  // bytes below 0x20
        // Bytes of 0x80 and above too: escaped() checks that they are valid UTF-8.
        return (control | (w & highs) | zero_byte(w ^ (ones * '"')) | zero_byte(w ^ (ones * '\\')) |
                zero_byte(w ^ (ones * 0x7f))) != 0;
    }

    // Makes room for the separator and n more bytes, writes the separator the next value needs
    // (a comma after an earlier element, nothing after a key) and returns where the value goes.
    char* begin_value(std::size_t n) {
        room(n + 1);
        char* p = p_;
        if (after_key_) {
            after_key_ = false;
        } else if (depth_ > 0) {
            if (!first_[depth_ - 1]) *p++ = ',';
            first_[depth_ - 1] = false;
        }
        return p;
    }
    void open(char bracket) {
        char* const p = begin_value(1);
        *p = bracket;
        p_ = p + 1;
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
    std::string* scratch_;  // the thread's buffer, or own_ when another writer holds it
    std::string own_;
    int uncaught_ = std::uncaught_exceptions();  // exceptions in flight when it was made
    char* p_ = nullptr;
    char* end_ = nullptr;
    std::array<bool, kMaxDepth> first_{};  // per open container: no element written yet
    std::size_t depth_ = 0;
    bool after_key_ = false;
};

}  // namespace sgfaudit::report::detail
