// Decoding of a whole SGF file to UTF-8, before tokenizing.
//
// Encodings: how the character set of a file is decided (the first rule that applies wins)
// ----------------------------------------------------------------------------------------
// Codes: S001 (warning) CA[] names an unknown or unusable charset; S002 (info) charset detected;
// S003 (warning) invalid byte sequences replaced by U+FFFD; S004 (warning) UTF-16 without a
// byte-order mark assumed; S005 (warning) read as ISO-8859-1 for want of anything better.
// Offsets in notes are byte offsets into the decoded UTF-8 text.
//
//  1. Byte-order mark. EF BB BF: UTF-8, used as is after the mark (skip = 3) when valid, else
//     rule 6. FF FE 00 00 / 00 00 FE FF: UTF-32LE / UTF-32BE. FF FE / FE FF: UTF-16LE /
//     UTF-16BE. The mark wins over CA[]. source = bom.
//  2. UTF-16 without a mark: in the first 512 bytes, taken as 16-bit units, at least a quarter of
//     the units have a NUL first (second) byte, and NUL second (first) bytes are at most an
//     eighth as many (SGF structure is ASCII: "(" is 00 28 or 28 00). Decoded as UTF-16BE
//     (UTF-16LE); source = detected; warning S004.
//  3. CA[]: the first "CA" property in the raw bytes ('C', 'A' not preceded by an ASCII letter,
//     optional whitespace, "[value]"; value trimmed; an empty value counts as no CA[]). The name
//     is matched ignoring case and "-", "_", ".", " ", and mapped to a superset decoder as
//     browsers do (WHATWG); the name reported is the human-readable one:
//       Shift_JIS, SJIS, MS_Kanji, Windows-31J, CP932       -> "Shift_JIS" (iconv CP932)
//       GB2312, EUC-CN, GBK, CP936, GB18030                 -> "GB18030"   (iconv GB18030)
//       Big5, Big5-HKSCS, CP950                             -> "Big5"      (iconv BIG5-HKSCS, and
//                                                 CP950 for the pairs HKSCS lacks, e.g. A3E1 euro)
//       EUC-KR, KS_C_5601-1987, UHC, CP949                  -> "EUC-KR"    (iconv CP949)
//       ISO-8859-1, Latin1, US-ASCII, Windows-1252, CP1252  -> "windows-1252" (built in; as in
//                                                 WHATWG every byte decodes, 81 8D 8F 90 9D to C1)
//       UTF-8, UTF8                                         -> "UTF-8" (validated; left as is
//                                                 when valid, else rule 6)
//       EUC-JP, EUC-TW, ISO-2022-JP/KR/CN, windows-1250..1258, ISO-8859-n, KOI8-R, KOI8-U,
//       macintosh, x-mac-cyrillic, IBM866, IBM855, VISCII, TIS-620 (as windows-874): by name;
//       any other name is given to iconv as written.
//     A name iconv does not know, or a charset that does not read ASCII as ASCII (UTF-16/32,
//     EBCDIC, HZ...: such a CA[] cannot describe a file in which it could be read as ASCII),
//     gives warning S001 and the file goes on to rule 4. A pure-ASCII file (without ESC) is not
//     converted. source = declared.
// 3b. When the declared charset meets invalid sequences but the whole file is valid UTF-8, the
//     file is read as UTF-8 (source = utf8) with warning S006.
//  4. No usable CA[] and the bytes are valid UTF-8 (ASCII included): UTF-8, not converted;
//     source = utf8 (ASCII fast path). Except a 7-bit file containing ESC: read as
//     ISO-2022-JP/KR/CN when uchardet names one and decoding has no error (source = detected,
//     info S002).
//  5. No usable CA[] and not valid UTF-8, in this order:
//     a. uchardet names a multibyte CJK encoding (Shift_JIS, GB18030, Big5, EUC-KR/UHC, EUC-JP,
//        EUC-TW, ISO-2022-*) and decoding with it (mapped as in rule 3) has no error: that
//        encoding; source = detected, info S002.
//     b. "Mostly UTF-8": at least one 3- or 4-byte UTF-8 sequence, and the bytes >= 0x80 that
//        belong to no UTF-8 sequence are at most a quarter of the bytes in 3- and 4-byte
//        sequences. A sequence whose continuation bytes were replaced by '?' counts as one (Fox
//        server files); 2-byte sequences count for nothing, since Korean and Chinese double-byte
//        text forms them by chance. Read as UTF-8 (rule 6); source = utf8.
//     c. Byte structure, for short texts (a few names) on which uchardet is unreliable. Every
//        byte >= 0x80 must belong to a double-byte character of a candidate's common ranges, at
//        least 2 of them, at least half with a trail byte >= 0x80, and decoding has no error.
//        Candidates, first fit wins:
//          Shift_JIS: leads 81-9F E0-FC, trails 40-7E 80-FC, >= 3/4 of the leads in 81-9F (kana,
//                     level-1 kanji: never a lead byte in EUC), half-width katakana A1-DF no
//                     more numerous than double-byte characters;
//          EUC-JP:    leads A1-A8 B0-F4 8E, trails A1-FE, >= 1/4 kana (leads A4, A5);
//          EUC-KR:    leads A1-A3 B0-C8 CA-FD, trails A1-FE, >= 1/2 Hangul (leads B0-C8), and
//                     at least 2, and a third, of the Hangul syllables among ~270 frequent in
//                     Korean names and Go texts (GB2312 read as EUC-KR gives random Hangul);
//          GB18030:   leads A1-A3 B0-F7 (GB2312 symbols and hanzi), trails A1-FE;
//          Big5:      leads A1-C6 C9-F9, trails 40-7E A1-FE.
//        The guess is used when it is strong (3 characters or more, or 2 whose trail bytes are
//        both >= A1), unless uchardet named a Cyrillic charset that decodes without error; or
//        when uchardet named no single-byte charset that decodes without error.
//        source = detected, info S002.
//     d. uchardet names a single-byte charset that reads ASCII as ASCII and decodes without
//        error: that charset; source = detected, info S002.
//     e. Otherwise ISO-8859-1 as FF[4] specifies, decoded as its superset windows-1252;
//        source = fallback, warning S005.
//  6. Invalid byte sequences never stop decoding: each becomes U+FFFD and decoding goes on (UTF-8:
//     one U+FFFD per maximal ill-formed subpart, as Unicode and WHATWG specify; double-byte
//     charsets: a lead byte and a trail byte >= 0x80 make one, a lead byte followed by an ASCII
//     byte is one alone, so that ASCII is never swallowed; UTF-16/32: one per code unit; an
//     incomplete character at the end: one). One warning S003 per file gives the count and the
//     offset of the first.
//  7. ASCII bytes, line breaks included, decode to themselves in every charset used (rule 3
//     refuses the others), so the decoded text keeps the structure of the file.
//
// Limitation: one charset per file. A file whose game trees declare different CA[] values (as
// sgfc's mixed-encoding.sgf does) is decoded with the first.

#include "sgfaudit/sgf/encoding.hpp"

#include <fmt/format.h>
#include <iconv.h>
#include <uchardet/uchardet.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "charsets.hpp"
#include "sgfaudit/sgf/codes.hpp"
#include "sgfaudit/text/text.hpp"

namespace sgfaudit::sgf {

std::string_view to_string(EncodingSource source) noexcept {
    switch (source) {
        case EncodingSource::bom:
            return "bom";
        case EncodingSource::declared:
            return "declared";
        case EncodingSource::utf8:
            return "utf8";
        case EncodingSource::detected:
            return "detected";
        case EncodingSource::fallback:
            return "fallback";
    }
    return "unknown";
}

namespace {

using namespace charsets;

// ---------------------------------------------------------------------------------------------
// Assembling the result

// A CA[] value as quoted in a message: printable ASCII only, at most 40 characters.
std::string quoted(std::string_view value) {
    return text::printable_ascii_prefix(value, 40);
}

void add_note(DecodeResult& result, Severity severity, std::string_view code, std::string message,
              std::size_t offset = 0) {
    result.notes.push_back(DecodeNote{severity, code, std::move(message), clamp_offset(offset)});
}

void finish(DecodeResult& result, Decoded&& decoded, std::string_view encoding,
            EncodingSource source) {
    result.converted = true;
    result.encoding = std::string(encoding);
    result.source = source;
    if (decoded.errors > 0) {
        add_note(result, Severity::warning, codes::invalid_sequences,
                 std::to_string(decoded.errors) + " invalid " + result.encoding +
                     (decoded.errors == 1 ? " byte sequence" : " byte sequences") +
                     " replaced with U+FFFD (first at byte " + std::to_string(decoded.first_error) +
                     " of the decoded text)",
                 decoded.first_error);
    }
    result.utf8 = std::move(decoded.text);
}

// UTF-8 input: left as is when valid (after `skip` bytes), else repaired.
void finish_utf8(DecodeResult& result, std::string_view bytes, std::size_t skip,
                 EncodingSource source) {
    const std::string_view text = bytes.substr(skip);
    result.skip = skip;
    if (is_valid_utf8(text)) {
        result.converted = false;
        result.encoding = "UTF-8";
        result.source = source;
        return;
    }
    finish(result, repair_utf8(text), "UTF-8", source);
}

void add_detected_note(DecodeResult& result, std::string_view how) {
    add_note(result, Severity::info, codes::charset_detected,
             "no usable CA[] property: character set detected as " + result.encoding + " (" +
                 std::string(how) + ")");
}

// Rule 5 (and the 7-bit ESC case of rule 4 when `seven_bit`).
void detect(DecodeResult& result, std::string_view bytes, bool seven_bit) {
    const std::string guess = uchardet_guess(bytes);
    std::optional<Charset> guessed;
    if (!guess.empty() && normalize_label(guess) != "ascii") guessed = lookup_charset(guess);

    if (seven_bit) {  // pure ASCII with ESC: only the ISO-2022 family is of interest
        if (guessed && guessed->iconv_name.starts_with("ISO-2022-")) {
            if (auto decoded = decode_with(bytes, *guessed); decoded && decoded->errors == 0) {
                finish(result, std::move(*decoded), guessed->canonical, EncodingSource::detected);
                add_detected_note(result, "uchardet");
                return;
            }
        }
        finish_utf8(result, bytes, 0, EncodingSource::utf8);
        return;
    }

    // a. a multibyte CJK encoding named by uchardet
    if (guessed && guessed->kind == Kind::multibyte) {
        if (auto decoded = decode_with(bytes, *guessed); decoded && decoded->errors == 0) {
            finish(result, std::move(*decoded), guessed->canonical, EncodingSource::detected);
            add_detected_note(result, "uchardet");
            return;
        }
    }
    // b. mostly UTF-8
    if (mostly_utf8(bytes)) {
        finish(result, repair_utf8(bytes), "UTF-8", EncodingSource::utf8);
        return;
    }
    // c, d. byte structure, or a single-byte encoding named by uchardet
    std::optional<Decoded> single;
    if (guessed && guessed->kind != Kind::multibyte && guessed->kind != Kind::utf8 &&
        usable(*guessed)) {
        single = decode_with(bytes, *guessed);
        if (single && single->errors != 0) single.reset();
    }
    if (!(single && is_cyrillic(*guessed))) {
        if (auto structure = structure_guess(bytes); structure && (structure->strong || !single)) {
            finish(result, std::move(structure->decoded), structure->canonical,
                   EncodingSource::detected);
            add_detected_note(result, "byte structure");
            return;
        }
    }
    if (single) {
        finish(result, std::move(*single), guessed->canonical, EncodingSource::detected);
        add_detected_note(result, "uchardet");
        return;
    }
    // e. ISO-8859-1
    finish(result, decode_windows1252(bytes), "windows-1252", EncodingSource::fallback);
    add_note(result, Severity::warning, codes::read_as_latin1,
             "no CA[] property and the character set could not be recognised: read as "
             "ISO-8859-1 (as windows-1252), the FF[4] default");
}

// Rules 1 and 2: a byte-order mark, or UTF-32 or UTF-16 without one. True when they decided.
bool decode_unicode_form(DecodeResult& result, std::string_view bytes) {
    const auto starts = [&](std::string_view prefix) { return bytes.starts_with(prefix); };

    // 1. Byte-order mark
    using namespace std::string_view_literals;
    struct Bom {
        std::string_view mark;
        const char* name;
        std::size_t unit;
    };
    static constexpr std::array<Bom, 4> kBoms{{{"\xFF\xFE\x00\x00"sv, "UTF-32LE", 4},
                                               {"\x00\x00\xFE\xFF"sv, "UTF-32BE", 4},
                                               {"\xFF\xFE"sv, "UTF-16LE", 2},
                                               {"\xFE\xFF"sv, "UTF-16BE", 2}}};
    if (starts("\xEF\xBB\xBF")) {
        finish_utf8(result, bytes, 3, EncodingSource::bom);
        return true;
    }
    for (const Bom& bom : kBoms) {
        if (starts(bom.mark)) {
            auto decoded = iconv_decode(bytes.substr(bom.mark.size()), bom.name, bom.unit);
            if (decoded) {
                result.skip = bom.mark.size();
                finish(result, std::move(*decoded), bom.name, EncodingSource::bom);
                return true;
            }
        }
    }

    // 2. UTF-32 or UTF-16 without a byte-order mark
    if (const char* utf32 = sniff_utf32(bytes)) {
        if (auto decoded = iconv_decode(bytes, utf32, 4)) {
            finish(result, std::move(*decoded), utf32, EncodingSource::detected);
            add_note(result, Severity::warning, codes::no_byte_order_mark,
                     std::string(utf32) +
                         " without a byte-order mark assumed (every 4 bytes a character, "
                         "most of them ASCII)");
            return true;
        }
    }
    if (const char* utf16 = sniff_utf16(bytes)) {
        if (auto decoded = iconv_decode(bytes, utf16, 2)) {
            finish(result, std::move(*decoded), utf16, EncodingSource::detected);
            add_note(result, Severity::warning, codes::no_byte_order_mark,
                     std::string(utf16) +
                         " without a byte-order mark assumed (NUL bytes alternate with ASCII)");
            return true;
        }
    }

    return false;
}

// Rule 3 (and 3b): the charset CA[] names. True when it decided.
bool decode_declared(DecodeResult& result, std::string_view bytes) {
    // 3. CA[]
    if (const auto declared = find_declared_charset(bytes); declared && !declared->empty()) {
        const auto charset = lookup_charset(*declared);
        if (!charset) {
            add_note(result, Severity::warning, codes::unknown_charset,
                     "unknown character set CA[" + quoted(*declared) + "]: ignored");
        } else if (!usable(*charset)) {
            add_note(result, Severity::warning, codes::unknown_charset,
                     "CA[" + quoted(*declared) +
                         "] cannot describe this file, in which it reads as ASCII: ignored");
        } else if (charset->kind == Kind::utf8) {
            finish_utf8(result, bytes, 0, EncodingSource::declared);
            return true;
        } else if (ascii_prefix(bytes) == bytes.size() &&
                   std::memchr(bytes.data(), 0x1B, bytes.size()) == nullptr) {
            // Pure ASCII (and no ISO-2022 escape): it reads as itself, nothing to convert.
            result.encoding = charset->canonical;
            result.source = EncodingSource::declared;
            return true;
        } else if (auto decoded = decode_with(bytes, *charset)) {
            if (decoded->errors > 0 && is_valid_utf8(bytes)) {
                // 3b. The declared charset does not fit, but the bytes are valid UTF-8 (an
                // editor re-saved the file as UTF-8 and kept the old CA[]): read UTF-8.
                add_note(result, Severity::warning, codes::declared_charset_fails,
                         "CA[" + quoted(*declared) + "] does not decode this file (" +
                             std::to_string(decoded->errors) +
                             " invalid sequences), which is valid UTF-8: read as UTF-8");
                result.encoding = "UTF-8";
                result.source = EncodingSource::utf8;
                return true;
            }
            finish(result, std::move(*decoded), charset->canonical, EncodingSource::declared);
            return true;
        }
    }

    return false;
}

DecodeResult decode_impl(std::string_view bytes) {
    DecodeResult result;
    if (decode_unicode_form(result, bytes) || decode_declared(result, bytes)) return result;

    // 4. Valid UTF-8
    const std::size_t ascii = ascii_prefix(bytes);
    if (ascii == bytes.size()) {
        if (std::memchr(bytes.data(), 0x1B, bytes.size()) != nullptr) {
            detect(result, bytes, true);
        } else {
            result.encoding = "UTF-8";
            result.source = EncodingSource::utf8;
        }
        return result;
    }
    if (is_valid_utf8(bytes.substr(ascii))) {
        result.encoding = "UTF-8";
        result.source = EncodingSource::utf8;
        return result;
    }

    // 5. Detection
    detect(result, bytes, false);
    return result;
}

}  // namespace

std::optional<std::string> find_declared_charset(std::string_view bytes) {
    std::size_t from = 0;
    while (true) {
        const std::size_t at = bytes.find("CA", from);
        if (at == std::string_view::npos) return std::nullopt;
        from = at + 1;
        if (at > 0 && is_ascii_letter(byte_at(bytes, at - 1))) continue;
        std::size_t i = at + 2;
        while (i < bytes.size() && is_space(byte_at(bytes, i))) ++i;
        if (i >= bytes.size() || bytes[i] != '[') continue;
        const std::size_t close = bytes.find(']', i + 1);
        if (close == std::string_view::npos) return std::nullopt;
        std::size_t begin = i + 1;
        std::size_t end = close;
        while (begin < end && is_space(byte_at(bytes, begin))) ++begin;
        while (end > begin && is_space(byte_at(bytes, end - 1))) --end;
        return std::string(bytes.substr(begin, end - begin));
    }
}

bool is_wide_unicode(std::string_view bytes) noexcept {
    using namespace std::string_view_literals;
    if (bytes.starts_with("\xEF\xBB\xBF"sv)) return false;
    if (bytes.starts_with("\xFF\xFE"sv) || bytes.starts_with("\xFE\xFF"sv) ||
        bytes.starts_with("\x00\x00\xFE\xFF"sv)) {
        return true;
    }
    return sniff_utf32(bytes) != nullptr || sniff_utf16(bytes) != nullptr;
}

bool declares_stateful_charset(std::string_view bytes) {
    // The stateful ISO-2022 charsets switch with SO, SI (0x0E, 0x0F) and ESC: control bytes
    // that are their text, not a sign of binary data. Declared in CA[], they are decoded first.
    const auto declared = find_declared_charset(bytes);
    if (!declared) return false;
    const auto charset = lookup_charset(*declared);
    return charset && charset->canonical.starts_with("ISO-2022-");
}

DecodeResult decode_to_utf8(std::string_view bytes) {
    try {
        return decode_impl(bytes);
    } catch (...) {  // std::bad_alloc: nothing sensible can be decoded
        DecodeResult result;
        result.converted = true;
        result.source = EncodingSource::fallback;
        return result;
    }
}

}  // namespace sgfaudit::sgf
