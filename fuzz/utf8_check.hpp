#pragma once
// An oracle shared by the fuzz targets: everything sgfaudit writes (diagnostic messages, text and
// JSON reports) must be valid UTF-8 whatever the input, since the reader decodes every file to
// UTF-8 first; JSON (RFC 8259) requires it. A violation stops the fuzzer like a crash.

#include <cstddef>
#include <string_view>

namespace sgfaudit::fuzz {

// Strict UTF-8: no overlong forms, no surrogates, nothing beyond U+10FFFF, nothing truncated.
inline bool valid_utf8(std::string_view s) noexcept {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto b = static_cast<unsigned char>(s[i]);
        std::size_t n = 0;
        unsigned min = 0;
        unsigned cp = 0;
        if (b < 0x80) {
            ++i;
            continue;
        } else if ((b & 0xE0u) == 0xC0u) {
            n = 1, min = 0x80, cp = b & 0x1Fu;
        } else if ((b & 0xF0u) == 0xE0u) {
            n = 2, min = 0x800, cp = b & 0x0Fu;
        } else if ((b & 0xF8u) == 0xF0u) {
            n = 3, min = 0x10000, cp = b & 0x07u;
        } else {
            return false;
        }
        if (s.size() - i <= n) return false;  // truncated at the end
        for (std::size_t k = 1; k <= n; ++k) {
            const auto c = static_cast<unsigned char>(s[i + k]);
            if ((c & 0xC0u) != 0x80u) return false;
            cp = (cp << 6) | (c & 0x3Fu);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
        i += n + 1;
    }
    return true;
}

}  // namespace sgfaudit::fuzz
