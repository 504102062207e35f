#include "sgfaudit/text/text.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <iterator>

namespace sgfaudit::text {

namespace {

// The length of the character at s[i] under `check` (well_formed or lead_and_continuation; the
// byte there is 0x20 or above and not DEL), or 0 when the byte is to be escaped.
std::size_t character_length(std::string_view s, std::size_t i, Utf8Check check) noexcept {
    if (check == Utf8Check::well_formed) return utf8_sequence(s, i);
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t length = 0;
    if (b < 0x80) {
        length = 1;
    } else if (b >= 0xC2 && b <= 0xDF) {
        length = 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
        length = 3;
    } else if (b >= 0xF0 && b <= 0xF4) {
        length = 4;
    }
    if (length == 0 || i + length > s.size()) return 0;
    for (std::size_t k = 1; k < length; ++k) {
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0u) != 0x80u) return 0;
    }
    return length;
}

void escape_byte(std::string& out, unsigned char b) {
    out += fmt::format("\\x{:02X}", b);
}

}  // namespace

std::string escaped_prefix(std::string_view s, std::size_t max_code_points, Utf8Check check,
                           bool* cut) {
    std::string out;
    std::size_t i = 0;
    if (check == Utf8Check::none) {
        // Byte by byte: a code point starts at each byte that is not a continuation byte.
        std::size_t code_points = 0;
        for (; i < s.size(); ++i) {
            const auto b = static_cast<unsigned char>(s[i]);
            if ((b & 0xC0u) != 0x80u && code_points++ == max_code_points) break;
            if (b < 0x20 || b == 0x7F) {
                escape_byte(out, b);
            } else {
                out += s[i];
            }
        }
    } else {
        for (std::size_t code_points = 0; i < s.size(); ++code_points) {
            if (code_points == max_code_points) break;
            const auto b = static_cast<unsigned char>(s[i]);
            const std::size_t length = b < 0x20 || b == 0x7F ? 0 : character_length(s, i, check);
            if (length == 0) {
                escape_byte(out, b);
                ++i;
            } else {
                out.append(s.substr(i, length));
                i += length;
            }
        }
    }
    if (cut != nullptr) *cut = i < s.size();
    if (i < s.size()) out += "...";
    return out;
}

void append_printable(std::string& out, std::string_view s, std::string_view keep) {
    std::size_t plain = 0;  // start of the run of bytes kept as they are
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c < 0x7F) {
            ++i;
            continue;
        }
        std::size_t length = 1;
        bool escape = false;
        char32_t code_point = 0;  // of a sequence to write \uNNNN
        if (c < 0x80) {
            escape = keep.find(static_cast<char>(c)) == std::string_view::npos;
        } else {
            std::size_t subpart = 0;
            length = utf8_sequence(s, i, subpart);
            if (length == 0) {
                length = 1;
                escape = true;  // not UTF-8: \xNN
            } else if (length == 2 && c == 0xC2 && static_cast<unsigned char>(s[i + 1]) < 0xA0) {
                escape = true;  // C1 control
                code_point = static_cast<unsigned char>(s[i + 1]);
            } else if (length == 2 || length == 3) {
                // U+061C is D8 9C; the others are E2 80 8E-8F, E2 80 AA-AE, E2 81 A6-A9.
                code_point =
                    length == 2
                        ? ((c & 0x1Fu) << 6) | (static_cast<unsigned char>(s[i + 1]) & 0x3Fu)
                        : ((c & 0x0Fu) << 12) |
                              ((static_cast<unsigned char>(s[i + 1]) & 0x3Fu) << 6) |
                              (static_cast<unsigned char>(s[i + 2]) & 0x3Fu);
                escape = is_bidi_control(code_point);
            }
        }
        if (!escape) {
            i += length;
            continue;
        }
        out.append(s.data() + plain, i - plain);
        if (length > 1) {
            fmt::format_to(std::back_inserter(out), "\\u{:04x}",
                           static_cast<std::uint32_t>(code_point));
        } else {
            fmt::format_to(std::back_inserter(out), "\\x{:02x}", c);
        }
        i += length;
        plain = i;
    }
    out.append(s.data() + plain, s.size() - plain);
}

std::string printable_text(std::string_view s, std::string_view keep) {
    std::string out;
    out.reserve(s.size());
    append_printable(out, s, keep);
    return out;
}

std::string printable_ascii_prefix(std::string_view s, std::size_t max_bytes) {
    std::string out;
    for (const char ch : s.substr(0, max_bytes)) {
        const auto c = static_cast<unsigned char>(ch);
        out.push_back(c >= 0x20 && c < 0x7F ? ch : '?');
    }
    if (s.size() > max_bytes) out += "...";
    return out;
}

}  // namespace sgfaudit::text
