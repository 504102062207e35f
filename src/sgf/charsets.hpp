#pragma once
// Charsets for decoding a whole SGF file to UTF-8 (encoding.cpp holds the rules, in its opening
// comment, and applies them): private to the sgf module. charsets.cpp: UTF-8 validation and
// repair, windows-1252, iconv, the names of charsets; charset_detect.cpp: detection (uchardet,
// byte structure, UTF-16/32 without a byte-order mark).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace sgfaudit::sgf::charsets {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD in UTF-8

inline unsigned char byte_at(std::string_view s, std::size_t i) noexcept {
    return static_cast<unsigned char>(s[i]);
}

inline bool is_ascii_letter(unsigned char c) noexcept {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

inline bool is_space(unsigned char c) noexcept {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

inline std::uint32_t clamp_offset(std::size_t offset) noexcept {
    return static_cast<std::uint32_t>(
        std::min<std::size_t>(offset, std::numeric_limits<std::uint32_t>::max()));
}

struct Decoded {
    std::string text;
    std::size_t errors = 0;
    std::size_t first_error = 0;  // offset in `text` of the first U+FFFD written for an error

    void error() {
        if (errors++ == 0) first_error = text.size();
        text.append(kReplacement);
    }
};

// Index of the first byte >= 0x80, or s.size(). Eight bytes at a time.
std::size_t ascii_prefix(std::string_view s) noexcept;
bool is_valid_utf8(std::string_view s) noexcept;
// UTF-8 with each maximal ill-formed subpart replaced by U+FFFD.
Decoded repair_utf8(std::string_view s);
// Rule 5b: "mostly UTF-8".
bool mostly_utf8(std::string_view s) noexcept;
Decoded decode_windows1252(std::string_view s);
// Decodes `in` with iconv (rule 6 on errors). `unit` is the code unit size of UTF-16/UTF-32
// (errors skip one unit), 1 otherwise. `secondary` decodes double-byte characters the main
// decoder rejects. nullopt when iconv does not know `from`.
std::optional<Decoded> iconv_decode(std::string_view in, const char* from, std::size_t unit = 1,
                                    const char* secondary = nullptr);

enum class Kind : std::uint8_t { utf8, windows1252, multibyte, single };

struct Charset {
    std::string canonical;   // reported name
    std::string iconv_name;  // empty for the built-in decoders
    Kind kind = Kind::single;
    const char* secondary = nullptr;  // iconv decoder for double-byte characters iconv_name lacks
};

// Labels are normalized: lower case, without '-', '_', ' ', '.'.
std::string normalize_label(std::string_view name);
// The decoder for a declared or detected name; nullopt when iconv does not know it.
std::optional<Charset> lookup_charset(std::string_view name);
// Decodes with a charset from lookup_charset (nullopt only if iconv fails to open).
std::optional<Decoded> decode_with(std::string_view bytes, const Charset& charset);
bool usable(const Charset& charset);

// Detection (charset_detect.cpp)
std::string uchardet_guess(std::string_view bytes);
struct StructureGuess {
    std::string_view canonical;  // the charset it reads as
    bool strong = false;         // enough pairs to overrule a single-byte guess of uchardet
    Decoded decoded;
};
// Rule 5c: a guess from byte structure, for the short texts (a few names) on which uchardet is
// unreliable.
std::optional<StructureGuess> structure_guess(std::string_view s);
// uchardet is reliable on Cyrillic: such a verdict is not overruled by structure.
bool is_cyrillic(const Charset& charset);
// UTF-16 without a byte-order mark (rule 2): "UTF-16BE", "UTF-16LE" or nullptr.
const char* sniff_utf16(std::string_view bytes) noexcept;
// UTF-32 without a byte-order mark (rule 2): "UTF-32BE", "UTF-32LE" or nullptr.
const char* sniff_utf32(std::string_view bytes) noexcept;

}  // namespace sgfaudit::sgf::charsets
