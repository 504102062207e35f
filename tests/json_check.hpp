#pragma once
// A strict JSON checker for tests (RFC 8259): json_valid(text) is true when `text` is one JSON
// value, with white space around it allowed and a last '\n'. Strings must be valid UTF-8 with
// no raw control character; numbers as the grammar says. Nesting is bounded (kMaxDepth) so a
// wrong test input cannot exhaust the stack.

#include <cstddef>
#include <string_view>

namespace sgfaudit_test {

class JsonChecker {
  public:
    explicit JsonChecker(std::string_view s) : s_(s) {}

    bool valid() {
        space();
        if (!value(0)) return false;
        space();
        return at_ == s_.size();
    }

  private:
    static constexpr int kMaxDepth = 64;

    bool more() const { return at_ < s_.size(); }
    char peek() const { return more() ? s_[at_] : '\0'; }
    void space() {
        while (more() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r'))
            ++at_;
    }
    bool literal(std::string_view word) {
        if (s_.substr(at_, word.size()) != word) return false;
        at_ += word.size();
        return true;
    }
    bool digits() {
        const std::size_t from = at_;
        while (more() && peek() >= '0' && peek() <= '9') ++at_;
        return at_ > from;
    }
    bool number() {
        if (peek() == '-') ++at_;
        if (peek() == '0') {
            ++at_;
        } else if (!digits()) {
            return false;
        }
        if (peek() == '.') {
            ++at_;
            if (!digits()) return false;
        }
        if (peek() == 'e' || peek() == 'E') {
            ++at_;
            if (peek() == '+' || peek() == '-') ++at_;
            if (!digits()) return false;
        }
        return true;
    }
    bool hex4() {
        for (int i = 0; i < 4; ++i) {
            const char c = peek();
            const bool hex =
                (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            if (!hex) return false;
            ++at_;
        }
        return true;
    }
    // One UTF-8 sequence of two to four bytes starting at a lead byte (no overlongs, no
    // surrogates, at most U+10FFFF).
    bool utf8() {
        const auto b = [&](std::size_t i) { return static_cast<unsigned char>(s_[at_ + i]); };
        const unsigned char lead = b(0);
        std::size_t n = 0;
        unsigned char lo = 0x80, hi = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) {
            n = 2;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            n = 3;
            if (lead == 0xE0) lo = 0xA0;
            if (lead == 0xED) hi = 0x9F;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            n = 4;
            if (lead == 0xF0) lo = 0x90;
            if (lead == 0xF4) hi = 0x8F;
        } else {
            return false;
        }
        if (at_ + n > s_.size()) return false;
        if (b(1) < lo || b(1) > hi) return false;
        for (std::size_t i = 2; i < n; ++i) {
            if (b(i) < 0x80 || b(i) > 0xBF) return false;
        }
        at_ += n;
        return true;
    }
    bool string() {
        if (peek() != '"') return false;
        ++at_;
        while (more()) {
            const auto c = static_cast<unsigned char>(peek());
            if (c == '"') {
                ++at_;
                return true;
            }
            if (c < 0x20) return false;
            if (c == '\\') {
                ++at_;
                const char e = peek();
                ++at_;
                if (e == 'u') {
                    if (!hex4()) return false;
                } else if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos) {
                    return false;
                }
            } else if (c >= 0x80) {
                if (!utf8()) return false;
            } else {
                ++at_;
            }
        }
        return false;
    }
    bool value(int depth) {
        if (depth > kMaxDepth) return false;
        switch (peek()) {
            case '{': {
                ++at_;
                space();
                if (peek() == '}') {
                    ++at_;
                    return true;
                }
                for (;;) {
                    space();
                    if (!string()) return false;
                    space();
                    if (peek() != ':') return false;
                    ++at_;
                    space();
                    if (!value(depth + 1)) return false;
                    space();
                    if (peek() == '}') {
                        ++at_;
                        return true;
                    }
                    if (peek() != ',') return false;
                    ++at_;
                }
            }
            case '[': {
                ++at_;
                space();
                if (peek() == ']') {
                    ++at_;
                    return true;
                }
                for (;;) {
                    space();
                    if (!value(depth + 1)) return false;
                    space();
                    if (peek() == ']') {
                        ++at_;
                        return true;
                    }
                    if (peek() != ',') return false;
                    ++at_;
                }
            }
            case '"':
                return string();
            case 't':
                return literal("true");
            case 'f':
                return literal("false");
            case 'n':
                return literal("null");
            default:
                return number();
        }
    }

    std::string_view s_;
    std::size_t at_ = 0;
};

inline bool json_valid(std::string_view text) {
    return JsonChecker(text).valid();
}

}  // namespace sgfaudit_test
