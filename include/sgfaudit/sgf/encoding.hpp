#pragma once
// Decoding of SGF bytes into UTF-8 at the edge of the reader. The parser only ever sees UTF-8, in
// which no byte of a multi-byte character can be taken for '\\' or ']' (the Shift_JIS/GBK/Big5
// trail-byte trap of a byte scanner).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/sgf/diagnostic.hpp"
#include "sgfaudit/text/text.hpp"

namespace sgfaudit::sgf {

// How the encoding of a file was decided.
enum class EncodingSource : std::uint8_t {
    bom,       // a UTF-8 / UTF-16 / UTF-32 byte-order mark
    declared,  // the CA[] property
    utf8,      // no usable CA[], and the bytes are valid UTF-8 (or ASCII), or mostly UTF-8 with
               // damaged sequences (replaced by U+FFFD)
    detected,  // no usable CA[], not UTF-8: UTF-16 without a mark, uchardet, or byte structure
               // named a supported encoding
    fallback,  // no usable CA[] and nothing recognised: ISO-8859-1 (as windows-1252), as FF[4]
               // specifies
};

std::string_view to_string(EncodingSource source) noexcept;

// A problem met while decoding; `offset` is a byte offset into the decoded UTF-8 text.
struct DecodeNote {
    Severity severity = Severity::warning;
    std::string_view code;
    std::string message;
    std::uint32_t offset = 0;
};

struct DecodeResult {
    // Set when the input had to be converted; otherwise the input itself is the UTF-8 text,
    // after skipping `skip` bytes (a UTF-8 byte-order mark).
    bool converted = false;
    std::string utf8;
    std::size_t skip = 0;
    std::string encoding;  // canonical name of the encoding read, e.g. "UTF-8", "Shift_JIS"
    EncodingSource source = EncodingSource::utf8;
    std::vector<DecodeNote> notes;

    // The UTF-8 text: `utf8` when converted, else `input` minus the skipped bytes.
    std::string_view text(std::string_view input) const noexcept {
        return converted ? std::string_view(utf8) : input.substr(skip);
    }
};

// Text made safe for any output: text::append_printable and text::printable_text (the one
// escaping helper, in the text module; docs/robustness.md, "Escaping per medium").
using text::append_printable;
using text::printable_text;

// The value of the first CA[] property in the raw bytes (found by an ASCII scan that needs no
// decoding), trimmed; nullopt when there is none.
std::optional<std::string> find_declared_charset(std::string_view bytes);

// True when decode_to_utf8 takes `bytes` for UTF-16 or UTF-32: a UTF-16/32 byte-order mark, or
// NUL bytes alternating with ASCII (UTF-16 without a mark, S004), or units of 4 bytes that are
// all characters, most of them ASCII (UTF-32 without a mark, S004). Such a file is full of NUL
// bytes and must not be judged binary before it is decoded.
bool is_wide_unicode(std::string_view bytes) noexcept;

// True when the first CA[] names a stateful charset (ISO-2022-JP, -KR, -CN), whose shift
// bytes SO and SI are control characters: such a file is judged binary or not (S113) on its
// decoded text, as UTF-16/32 files are.
bool declares_stateful_charset(std::string_view bytes);

// Decodes a whole SGF file to UTF-8 following the rules in docs/diagnostics.md ("Encodings", kept
// at the top of src/sgf/encoding.cpp): BOM, else UTF-16 without BOM, else CA[], else valid UTF-8,
// else detection, else ISO-8859-1. ASCII bytes always decode to themselves. Invalid sequences
// become U+FFFD with one note. Never throws.
DecodeResult decode_to_utf8(std::string_view bytes);

}  // namespace sgfaudit::sgf
