// Text helpers the modules share: white space, UTF-8 sequences, text quoted in messages. Each
// helper once, named for what it does exactly where the modules' needs differ (which white
// space is trimmed, how much of a UTF-8 sequence is checked), so that no output changes with
// where it is called from. Depends on nothing of the project (ARCHITECTURE.md).

#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace sgfaudit::text {

// ' ', '\t', '\n', '\v', '\f', '\r': the white space of the C locale's isspace.
constexpr bool is_ascii_whitespace(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

// `s` less the ASCII white space (is_ascii_whitespace) at both ends.
constexpr std::string_view trim_ascii_whitespace(std::string_view s) noexcept {
    while (!s.empty() && is_ascii_whitespace(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_ascii_whitespace(s.back())) s.remove_suffix(1);
    return s;
}

// `s` less the spaces and tabs at both ends (line breaks kept).
constexpr std::string_view trim_space_tab(std::string_view s) noexcept {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// `c` with the ASCII capitals A-Z made a-z; any other byte (UTF-8 included) as it is.
constexpr char to_lower_ascii(char c) noexcept {
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// `s` with to_lower_ascii applied to every byte.
inline std::string lower_ascii(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = to_lower_ascii(c);
    return out;
}

// True when `a` and `b` are the same once to_lower_ascii is applied to both (ASCII case only).
constexpr bool iequals_ascii(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (to_lower_ascii(a[i]) != to_lower_ascii(b[i])) return false;
    }
    return true;
}

// The length of the well-formed UTF-8 sequence that starts at s[i] (1 for an ASCII byte), or 0
// when none does (a stray continuation byte, an overlong form, a surrogate, beyond U+10FFFF, a
// truncated sequence). Then `subpart` is the length of its maximal ill-formed subpart (at least
// 1: how many bytes one U+FFFD replaces, as the Unicode standard recommends). i < s.size().
inline std::size_t utf8_sequence(std::string_view s, std::size_t i, std::size_t& subpart) noexcept {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) return 1;
    std::size_t length = 0;
    unsigned char lo = 0x80;
    unsigned char hi = 0xBF;  // the range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
        length = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        length = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        length = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else {
        subpart = 1;
        return 0;
    }
    for (std::size_t k = 1; k < length; ++k) {
        if (i + k >= s.size()) {
            subpart = k;
            return 0;
        }
        const auto d = static_cast<unsigned char>(s[i + k]);
        const unsigned char low = k == 1 ? lo : static_cast<unsigned char>(0x80);
        const unsigned char high = k == 1 ? hi : static_cast<unsigned char>(0xBF);
        if (d < low || d > high) {
            subpart = k;
            return 0;
        }
    }
    return length;
}

// The same, without the subpart.
inline std::size_t utf8_sequence(std::string_view s, std::size_t i) noexcept {
    std::size_t subpart = 0;
    return utf8_sequence(s, i, subpart);
}

// How escaped_prefix tells a character from bytes to escape.
enum class Utf8Check {
    // `s` is taken for UTF-8 (decoded text): a code point starts at each byte that is not a
    // continuation byte (10xxxxxx), and every byte of 0x80 and above is kept.
    none,
    // Well-formed sequences only (utf8_sequence); any other byte is escaped.
    well_formed,
    // A lead byte C2-F4 followed by as many continuation bytes as it announces, whatever their
    // values (overlong forms and surrogates pass); any other byte is escaped.
    lead_and_continuation,
};

// The first `max_code_points` code points of `s` for a message, with "..." when more follow
// (then `*cut` is set, when given): never cut inside a character; control characters (below
// 0x20) and DEL as \xNN (upper-case hex), and so is each byte that `check` does not take for part
// of a character (an escaped byte counts as one code point). No quotes around it.
std::string escaped_prefix(std::string_view s, std::size_t max_code_points,
                           Utf8Check check = Utf8Check::well_formed, bool* cut = nullptr);

// True for the Unicode bidirectional controls, which reorder how text around them is shown: a
// name holding one can be made to look like another ("gpj.sgf" shown for "fgs.jpg"). U+061C,
// U+200E-U+200F, U+202A-U+202E, U+2066-U+2069.
constexpr bool is_bidi_control(char32_t c) noexcept {
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) ||
           (c >= 0x2066 && c <= 0x2069);
}

// Text made safe for any output (a terminal, CSV, Markdown, HTML, JSON), before the medium's own
// escaping: valid UTF-8 is kept as it is except control characters and bidirectional controls,
// written as visible escapes: C0 and DEL as \xNN, C1 (U+0080-U+009F) and the bidirectional
// controls (is_bidi_control) as \uNNNN (lower-case hex), but the ASCII bytes listed in `keep`
// (such as "\n") kept; each byte that is not part of valid UTF-8 (a file name in another
// encoding) is written \xNN. The result is valid UTF-8 with no control character outside
// `keep`, and shows what it holds in the order it holds it. Every output of a name or value
// goes through it (docs/robustness.md, "Escaping per medium").
void append_printable(std::string& out, std::string_view s, std::string_view keep = {});
std::string printable_text(std::string_view s, std::string_view keep = {});

// The first `max_bytes` bytes of `s` with every byte that is not printable ASCII (0x20-0x7E)
// written '?', and "..." when `s` is longer.
std::string printable_ascii_prefix(std::string_view s, std::size_t max_bytes);

}  // namespace sgfaudit::text
