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

// ---------------------------------------------------------------------------------------------
// UTF-8

// Index of the first byte >= 0x80, or s.size(). Eight bytes at a time.
std::size_t ascii_prefix(std::string_view s) noexcept {
    std::size_t i = 0;
    const std::size_t n = s.size();
    for (; i + 8 <= n; i += 8) {
        std::uint64_t word;
        std::memcpy(&word, s.data() + i, 8);
        if (word & 0x8080808080808080ULL) break;
    }
    while (i < n && byte_at(s, i) < 0x80) ++i;
    return i;
}

// Length of the well-formed UTF-8 sequence at s[i], else 0 with the length of its maximal
// ill-formed subpart in `subpart`.
using text::utf8_sequence;

bool is_valid_utf8(std::string_view s) noexcept {
    std::size_t i = ascii_prefix(s);
    while (i < s.size()) {
        if (byte_at(s, i) < 0x80) {
            const std::size_t rest = ascii_prefix(s.substr(i));
            i += rest;
            continue;
        }
        std::size_t subpart = 0;
        const std::size_t length = utf8_sequence(s, i, subpart);
        if (length == 0) return false;
        i += length;
    }
    return true;
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

// UTF-8 with each maximal ill-formed subpart replaced by U+FFFD.
Decoded repair_utf8(std::string_view s) {
    Decoded out;
    out.text.reserve(s.size() + s.size() / 8 + 16);
    std::size_t i = 0;
    while (i < s.size()) {
        const std::size_t run = ascii_prefix(s.substr(i));
        out.text.append(s.substr(i, run));
        i += run;
        while (i < s.size() && byte_at(s, i) >= 0x80) {
            std::size_t subpart = 0;
            const std::size_t length = utf8_sequence(s, i, subpart);
            if (length != 0) {
                out.text.append(s.substr(i, length));
                i += length;
            } else {
                out.error();
                i += subpart;
            }
        }
    }
    return out;
}

// How much of the non-ASCII content is UTF-8 (rule 5b). Two-byte sequences are no evidence: the
// bytes of Korean and Chinese double-byte text form them by chance (C2-DF followed by 80-BF).
struct Utf8Shape {
    std::size_t evidence = 0;  // bytes >= 0x80 in 3- or 4-byte sequences, intact or '?'-damaged
    std::size_t bad = 0;       // bytes >= 0x80 in no sequence at all
};

Utf8Shape utf8_shape(std::string_view s) noexcept {
    Utf8Shape shape;
    std::size_t i = 0;
    while (i < s.size()) {
        const unsigned char c = byte_at(s, i);
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t subpart = 0;
        const std::size_t length = utf8_sequence(s, i, subpart);
        if (length != 0) {
            if (length >= 3) shape.evidence += length;
            i += length;
            continue;
        }
        // A sequence some of whose continuation bytes became '?' (Fox server files): a valid
        // lead byte followed by continuation bytes or '?' up to the length it announces.
        const std::size_t expected = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
        bool damaged = c >= 0xC2 && c <= 0xF4 && i + expected <= s.size();
        std::size_t high = 1;
        for (std::size_t k = 1; damaged && k < expected; ++k) {
            const unsigned char d = byte_at(s, i + k);
            if (d >= 0x80 && d <= 0xBF) {
                ++high;
            } else if (d != '?') {
                damaged = false;
            }
        }
        if (damaged) {
            if (expected >= 3) shape.evidence += high;
            i += expected;
            continue;
        }
        // Continuation bytes right after a '?' that stood for the lead byte: neither evidence
        // nor counter-evidence.
        if (c <= 0xBF && i > 0 && byte_at(s, i - 1) == '?') {
            std::size_t k = 0;
            while (k < 3 && i + k < s.size() && byte_at(s, i + k) >= 0x80 &&
                   byte_at(s, i + k) <= 0xBF)
                ++k;
            i += k;
            continue;
        }
        shape.bad += subpart;
        i += subpart;
    }
    return shape;
}

bool mostly_utf8(std::string_view s) noexcept {
    const Utf8Shape shape = utf8_shape(s);
    return shape.evidence > 0 && shape.bad * 4 <= shape.evidence;
}

// ---------------------------------------------------------------------------------------------
// windows-1252 (the WHATWG decoder of "iso-8859-1", "us-ascii" and "windows-1252")

constexpr std::array<char16_t, 32> kWindows1252High = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

void append_utf8(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
        out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
}

Decoded decode_windows1252(std::string_view s) {
    Decoded out;
    out.text.reserve(s.size() + s.size() / 4 + 16);
    std::size_t i = 0;
    while (i < s.size()) {
        const std::size_t run = ascii_prefix(s.substr(i));
        out.text.append(s.substr(i, run));
        i += run;
        while (i < s.size() && byte_at(s, i) >= 0x80) {
            const unsigned char c = byte_at(s, i++);
            const char32_t cp = c < 0xA0 ? char32_t{kWindows1252High[c - 0x80]} : char32_t{c};
            append_utf8(out.text, cp);
        }
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// iconv

class Iconv {
  public:
    explicit Iconv(const char* from) noexcept : cd_(iconv_open("UTF-8", from)) {}
    ~Iconv() {
        if (ok()) iconv_close(cd_);
    }
    Iconv(const Iconv&) = delete;
    Iconv& operator=(const Iconv&) = delete;

    bool ok() const noexcept { return cd_ != reinterpret_cast<iconv_t>(-1); }
    iconv_t get() const noexcept { return cd_; }

    // Converts `in` from the initial state; true when all of it converted without error.
    bool convert_whole(std::string_view in, std::string& out) noexcept {
        iconv(cd_, nullptr, nullptr, nullptr, nullptr);
        std::array<char, 64> buffer{};
        char* in_ptr = const_cast<char*>(in.data());
        std::size_t in_left = in.size();
        char* out_ptr = buffer.data();
        std::size_t out_left = buffer.size();
        if (iconv(cd_, &in_ptr, &in_left, &out_ptr, &out_left) == static_cast<std::size_t>(-1) ||
            in_left != 0)
            return false;
        if (iconv(cd_, nullptr, nullptr, &out_ptr, &out_left) == static_cast<std::size_t>(-1))
            return false;
        out.assign(buffer.data(), static_cast<std::size_t>(out_ptr - buffer.data()));
        return true;
    }

    // Whether `byte` alone is an incomplete sequence (the lead byte of a multibyte character).
    bool is_lead_byte(char byte) noexcept {
        iconv(cd_, nullptr, nullptr, nullptr, nullptr);
        std::array<char, 16> buffer{};
        char* in_ptr = &byte;
        std::size_t in_left = 1;
        char* out_ptr = buffer.data();
        std::size_t out_left = buffer.size();
        return iconv(cd_, &in_ptr, &in_left, &out_ptr, &out_left) == static_cast<std::size_t>(-1) &&
               errno == EINVAL;
    }

  private:
    iconv_t cd_;
};

bool iconv_knows(const char* name) noexcept {
    return Iconv(name).ok();
}

// Decodes `in` with iconv (rule 6 on errors). `unit` is the code unit size of UTF-16/UTF-32
// (errors skip one unit), 1 otherwise. `secondary` decodes double-byte characters the main
// decoder rejects. nullopt when iconv does not know `from`.
std::optional<Decoded> iconv_decode(std::string_view in, const char* from, std::size_t unit = 1,
                                    const char* secondary = nullptr) {
    Iconv main(from);
    if (!main.ok()) return std::nullopt;
    std::unique_ptr<Iconv> probe;      // opened on the first error
    std::unique_ptr<Iconv> alternate;  // likewise

    Decoded out;
    out.text.resize(in.size() + in.size() / 2 + 16);
    std::size_t out_pos = 0;
    char* in_ptr = const_cast<char*>(in.data());
    std::size_t in_left = in.size();

    auto grow = [&] { out.text.resize(out.text.size() * 2); };
    auto replace = [&] {
        out.text.resize(out_pos);
        out.error();
        out_pos = out.text.size();
        out.text.resize(out_pos + in_left + in_left / 2 + 16);
    };

    for (;;) {
        if (out.text.size() - out_pos < 16) grow();
        char* out_ptr = out.text.data() + out_pos;
        std::size_t out_left = out.text.size() - out_pos;
        if (in_left == 0) {  // flush the shift state / a pending character
            const std::size_t r = iconv(main.get(), nullptr, nullptr, &out_ptr, &out_left);
            out_pos = static_cast<std::size_t>(out_ptr - out.text.data());
            if (r == static_cast<std::size_t>(-1) && errno == E2BIG) {
                grow();
                continue;
            }
            break;
        }
        const std::size_t in_before = in_left;
        const std::size_t out_before = out_pos;
        const std::size_t r = iconv(main.get(), &in_ptr, &in_left, &out_ptr, &out_left);
        out_pos = static_cast<std::size_t>(out_ptr - out.text.data());
        if (r != static_cast<std::size_t>(-1)) continue;
        const int error = errno;
        if (error == E2BIG &&
            (in_left != in_before || out_pos != out_before || out.text.size() - out_pos < 64)) {
            grow();
            continue;
        }
        // EILSEQ, EINVAL (incomplete sequence at the end), or anything unexpected: skip what
        // cannot be decoded, always at least one byte, so that the loop ends.
        std::size_t skip = 1;
        const auto b0 = static_cast<unsigned char>(in_ptr[0]);
        if (unit > 1) {
            skip = std::min(unit, in_left);
        } else if (b0 >= 0x80 && in_left >= 2 && static_cast<unsigned char>(in_ptr[1]) >= 0x80) {
            if (secondary != nullptr) {
                if (!alternate) alternate = std::make_unique<Iconv>(secondary);
                std::string character;
                if (alternate->ok() && alternate->convert_whole({in_ptr, 2}, character)) {
                    out.text.resize(out_pos);
                    out.text.append(character);
                    out_pos = out.text.size();
                    out.text.resize(out_pos + in_left + in_left / 2 + 16);
                    in_ptr += 2;
                    in_left -= 2;
                    continue;
                }
            }
            if (!probe) probe = std::make_unique<Iconv>(from);
            // A lead byte and a non-ASCII trail byte are one bad character; a byte that is not
            // a lead byte is bad alone (its successor may start a good character).
            if (probe->ok() && probe->is_lead_byte(in_ptr[0])) skip = 2;
        }
        replace();
        in_ptr += skip;
        in_left -= skip;
    }
    out.text.resize(out_pos);
    return out;
}

// Whether the charset reads ASCII (the SGF structure) as ASCII.
bool ascii_compatible(const char* iconv_name) {
    static constexpr std::string_view kProbe = "(;CA[]\\)\r\n\t ABCXYZabcxyz0123456789:.-+?!#~";
    const auto decoded = iconv_decode(kProbe, iconv_name);
    return decoded && decoded->errors == 0 && decoded->text == kProbe;
}

// ---------------------------------------------------------------------------------------------
// Charset names

enum class Kind : std::uint8_t { utf8, windows1252, multibyte, single };

struct Charset {
    std::string canonical;   // reported name
    std::string iconv_name;  // empty for the built-in decoders
    Kind kind = Kind::single;
    const char* secondary = nullptr;  // iconv decoder for double-byte characters iconv_name lacks
};

struct KnownCharset {
    std::string_view labels;  // normalized labels separated by spaces
    std::string_view canonical;
    const char* iconv_name;
    Kind kind;
    const char* secondary = nullptr;
};

// Labels are normalized: lower case, without '-', '_', ' ', '.'.
constexpr std::array<KnownCharset, 27> kKnownCharsets{{
    {"utf8 unicode11utf8 xunicode20utf8", "UTF-8", "", Kind::utf8},
    {"iso88591 latin1 l1 isolatin1 iso885911987 isoir100 csisolatin1 cp819 ibm819 "
     "cp1252 windows1252 xcp1252 ascii usascii ansix341968 iso646us csascii",
     "windows-1252", "", Kind::windows1252},
    {"shiftjis sjis mskanji csshiftjis windows31j cp932 ms932 xsjis xmssjis ibm943", "Shift_JIS",
     "CP932", Kind::multibyte},
    {"gb2312 gb231280 euccn xeuccn csgb2312 gbk xgbk cp936 ms936 windows936 chinese isoir58 "
     "csiso58gb231280 gb18030",
     "GB18030", "GB18030", Kind::multibyte},
    {"big5 big5hkscs cnbig5 csbig5 xxbig5 cp950 ms950 windows950", "Big5", "BIG5-HKSCS",
     Kind::multibyte, "CP950"},
    {"euckr cseuckr ksc56011987 ksc56011989 ksc5601 isoir149 csksc56011987 korean uhc cp949 "
     "ms949 windows949",
     "EUC-KR", "CP949", Kind::multibyte},
    {"eucjp xeucjp cseucpkdfmtjapanese", "EUC-JP", "EUC-JP", Kind::multibyte},
    {"euctw xeuctw cseuctw", "EUC-TW", "EUC-TW", Kind::multibyte},
    {"iso2022jp csiso2022jp", "ISO-2022-JP", "ISO-2022-JP", Kind::multibyte},
    {"iso2022kr csiso2022kr", "ISO-2022-KR", "ISO-2022-KR", Kind::multibyte},
    {"iso2022cn csiso2022cn", "ISO-2022-CN", "ISO-2022-CN", Kind::multibyte},
    {"windows1250 cp1250 xcp1250", "windows-1250", "CP1250", Kind::single},
    {"windows1251 cp1251 xcp1251", "windows-1251", "CP1251", Kind::single},
    {"windows1253 cp1253 xcp1253", "windows-1253", "CP1253", Kind::single},
    {"windows1254 cp1254 xcp1254", "windows-1254", "CP1254", Kind::single},
    {"windows1255 cp1255 xcp1255", "windows-1255", "CP1255", Kind::single},
    {"windows1256 cp1256 xcp1256", "windows-1256", "CP1256", Kind::single},
    {"windows1257 cp1257 xcp1257", "windows-1257", "CP1257", Kind::single},
    {"windows1258 cp1258 xcp1258", "windows-1258", "CP1258", Kind::single},
    {"windows874 cp874 tis620 iso885911 dos874", "windows-874", "CP874", Kind::single},
    {"koi8r koi8 cskoi8r", "KOI8-R", "KOI8-R", Kind::single},
    {"koi8u koi8ru", "KOI8-U", "KOI8-U", Kind::single},
    {"macintosh mac macroman csmacintosh xmacroman", "macintosh", "MACINTOSH", Kind::single},
    {"maccyrillic xmaccyrillic", "x-mac-cyrillic", "MAC-CYRILLIC", Kind::single},
    {"ibm866 cp866 866 csibm866", "IBM866", "CP866", Kind::single},
    {"ibm855 cp855", "IBM855", "CP855", Kind::single},
    {"viscii", "VISCII", "VISCII", Kind::single},
}};

std::string normalize_label(std::string_view name) {
    std::string key;
    key.reserve(name.size());
    for (const char ch : name) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '-' || c == '_' || c == ' ' || c == '.') continue;
        key.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : ch);
    }
    return key;
}

bool has_label(std::string_view labels, std::string_view key) noexcept {
    while (!labels.empty()) {
        const std::size_t space = labels.find(' ');
        if (labels.substr(0, space) == key) return true;
        if (space == std::string_view::npos) break;
        labels.remove_prefix(space + 1);
    }
    return false;
}

// Charset names are short and made of letters, digits and a little punctuation; anything else
// (e.g. iconv's "//IGNORE" suffixes) is not a name.
bool plausible_name(std::string_view name) noexcept {
    return !name.empty() && name.size() <= 40 && std::all_of(name.begin(), name.end(), [](char ch) {
        const auto c = static_cast<unsigned char>(ch);
        return is_ascii_letter(c) || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' ||
               c == ':' || c == ' ';
    });
}

// The decoder for a declared or detected name; nullopt when iconv does not know it.
std::optional<Charset> lookup_charset(std::string_view name) {
    if (!plausible_name(name)) return std::nullopt;
    const std::string key = normalize_label(name);
    if (key.empty()) return std::nullopt;
    for (const KnownCharset& known : kKnownCharsets) {
        if (has_label(known.labels, key)) {
            return Charset{std::string(known.canonical), known.iconv_name, known.kind,
                           known.secondary};
        }
    }
    // ISO-8859-n
    if (key.size() > 7 && key.starts_with("iso8859")) {
        const std::string part = key.substr(7);
        if (part.size() <= 2 &&
            std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; })) {
            std::string iso = "ISO-8859-" + part;
            if (iconv_knows(iso.c_str())) return Charset{iso, iso, Kind::single};
        }
    }
    std::string given(name);
    if (!iconv_knows(given.c_str())) return std::nullopt;
    return Charset{given, given, Kind::single};
}

// Decodes with a charset from lookup_charset (nullopt only if iconv fails to open).
std::optional<Decoded> decode_with(std::string_view bytes, const Charset& charset) {
    switch (charset.kind) {
        case Kind::utf8:
            return repair_utf8(bytes);
        case Kind::windows1252:
            return decode_windows1252(bytes);
        case Kind::multibyte:
        case Kind::single:
            return iconv_decode(bytes, charset.iconv_name.c_str(), 1, charset.secondary);
    }
    return std::nullopt;
}

bool usable(const Charset& charset) {
    return charset.kind == Kind::utf8 || charset.kind == Kind::windows1252 ||
           ascii_compatible(charset.iconv_name.c_str());
}

// ---------------------------------------------------------------------------------------------
// Detection

std::string uchardet_guess(std::string_view bytes) {
    const uchardet_t detector = uchardet_new();
    if (detector == nullptr) return {};
    std::string name;
    if (uchardet_handle_data(detector, bytes.data(), bytes.size()) == 0) {
        uchardet_data_end(detector);
        if (const char* charset = uchardet_get_charset(detector); charset != nullptr)
            name = charset;
    }
    uchardet_delete(detector);
    return name;
}

// Rule 5c: a guess from byte structure, for the short texts (a few names) on which uchardet is
// unreliable. Each candidate lists the lead and trail bytes of its common characters; every byte
// >= 0x80 of the file must belong to such a pair (or be a half-width katakana in Shift_JIS).
struct ByteRange {
    unsigned char lo = 0;
    unsigned char hi = 0;
    bool contains(unsigned char c) const noexcept { return c >= lo && c <= hi; }
};

struct StructureCandidate {
    std::string_view canonical;
    const char* iconv_name;
    const char* secondary;
    std::array<ByteRange, 4> leads;   // unused entries are {0, 0}
    std::array<ByteRange, 2> trails;  // likewise
    ByteRange singles;                // single bytes >= 0x80 allowed ({0, 0}: none)
    ByteRange marked;                 // lead bytes counted for `min_marked_quarters`
    std::size_t min_marked_quarters;  // marked pairs must be at least this many quarters of all
    bool korean = false;              // the Hangul must look like Korean (korean_enough)
};

template <std::size_t N>
bool in_ranges(const std::array<ByteRange, N>& ranges, unsigned char c) noexcept {
    return std::any_of(ranges.begin(), ranges.end(),
                       [c](const ByteRange& r) { return r.hi != 0 && r.contains(c); });
}

// In order of precedence. The EUC family overlaps (Korean Hangul leads B0-C8 lie inside the
// GB2312 level-1 hanzi leads B0-D7, which Big5 accepts too): the narrowest shape that fits wins.
constexpr std::array<StructureCandidate, 5> kStructureCandidates{{
    // Shift_JIS: kana and level-1 kanji have lead bytes 81-9F, never lead bytes in EUC.
    {"Shift_JIS",
     "CP932",
     nullptr,
     {{{0x81, 0x9F}, {0xE0, 0xFC}}},
     {{{0x40, 0x7E}, {0x80, 0xFC}}},
     {0xA1, 0xDF},
     {0x81, 0x9F},
     3},
    // EUC-JP: symbols, kana (A4 hiragana, A5 katakana, at least a quarter), kanji; 8E half-width.
    {"EUC-JP",
     "EUC-JP",
     nullptr,
     {{{0xA1, 0xA8}, {0xB0, 0xF4}, {0x8E, 0x8E}}},
     {{{0xA1, 0xFE}}},
     {},
     {0xA4, 0xA5},
     1},
    // EUC-KR: symbols, the 2350 Hangul syllables of KS X 1001 (at least half), hanja. All of it
    // is valid GB2312 too: see korean_enough.
    {"EUC-KR",
     "CP949",
     nullptr,
     {{{0xA1, 0xA3}, {0xB0, 0xC8}, {0xCA, 0xFD}}},
     {{{0xA1, 0xFE}}},
     {},
     {0xB0, 0xC8},
     2,
     true},
    // GB2312: symbols, level-1 and level-2 hanzi.
    {"GB18030", "GB18030", nullptr, {{{0xA1, 0xA3}, {0xB0, 0xF7}}}, {{{0xA1, 0xFE}}}, {}, {}, 0},
    // Big5: symbols, frequent and less frequent hanzi; trail bytes may be ASCII (40-7E).
    {"Big5",
     "BIG5-HKSCS",
     "CP950",
     {{{0xA1, 0xC6}, {0xC9, 0xF9}}},
     {{{0x40, 0x7E}, {0xA1, 0xFE}}},
     {},
     {},
     0},
}};

// Hangul syllables frequent in Korean names and Go texts. GB2312 hanzi read as EUC-KR give
// Hangul syllables too, but random ones: at least two, and a third, of the syllables must be in
// this list.
constexpr std::u16string_view kCommonHangul =
    u"가각간감강개거건걸검게격견결경계고곤공곽관광괴교구국군권궁귀규균근글금기길김까"
    u"나남내너넷네년노는늘님다단달당대더덕도돈동되된두둑드득들등디라란래량려력련렬로록"
    u"론료루류륜르를름리린림마만맹메면명모목몽무문미민박반방배백번범법변별병보복본봉부"
    u"북분비빈빛사산삼상새생서석선설섭성세소손솔송수숙순술스슬승시식신실심아안애야양어"
    u"엄에여연열염영예오옥온올완왕외요용우욱운웅원월위유육윤은을음의이익인일임입있자잘"
    u"장재저전점정제조종좌주준중지진집차찬창채천철초최추충치칙카쿠크타탁태택토통트파판"
    u"팽편평포표프피하학한할함해했행향허헌혁현형혜호홍화환황회효후훈휘흑희히";

bool korean_enough(std::string_view utf8) noexcept {
    std::size_t hangul = 0;
    std::size_t common = 0;
    for (std::size_t i = 0; i + 2 < utf8.size(); ++i) {
        const unsigned char c = byte_at(utf8, i);
        if (c < 0xE0 || c > 0xEF) continue;
        const auto cp =
            static_cast<char16_t>(((c & 0x0F) << 12) | ((byte_at(utf8, i + 1) & 0x3F) << 6) |
                                  (byte_at(utf8, i + 2) & 0x3F));
        if (cp >= 0xAC00 && cp <= 0xD7A3) {
            ++hangul;
            common += kCommonHangul.find(cp) != std::u16string_view::npos;
        }
        i += 2;
    }
    return common >= 2 && common * 3 >= hangul;
}

struct StructureGuess {
    const StructureCandidate* candidate = nullptr;
    bool strong = false;  // enough pairs to overrule a single-byte guess of uchardet
    Decoded decoded;
};

std::optional<StructureGuess> structure_guess(std::string_view s) {
    for (const StructureCandidate& candidate : kStructureCandidates) {
        std::size_t pairs = 0;
        std::size_t high_trails = 0;  // pairs whose trail byte is not ASCII
        std::size_t euc_trails = 0;   // pairs whose trail byte is >= 0xA1
        std::size_t marked = 0;
        std::size_t singles = 0;
        bool fits = true;
        for (std::size_t i = 0; fits && i < s.size();) {
            const unsigned char c = byte_at(s, i);
            if (c < 0x80) {
                ++i;
            } else if (in_ranges(candidate.leads, c) && i + 1 < s.size() &&
                       in_ranges(candidate.trails, byte_at(s, i + 1))) {
                ++pairs;
                high_trails += byte_at(s, i + 1) >= 0x80;
                euc_trails += byte_at(s, i + 1) >= 0xA1;
                marked += candidate.marked.hi != 0 && candidate.marked.contains(c);
                i += 2;
            } else if (candidate.singles.hi != 0 && candidate.singles.contains(c)) {
                ++singles;
                ++i;
            } else {
                fits = false;
            }
        }
        // An accented Latin letter followed by an ASCII letter makes a Big5 or Shift_JIS pair:
        // at least half of the trail bytes must be >= 0x80.
        if (!fits || pairs < 2 || singles > pairs || high_trails * 2 < pairs ||
            marked * 4 < pairs * candidate.min_marked_quarters)
            continue;
        auto decoded = iconv_decode(s, candidate.iconv_name, 1, candidate.secondary);
        if (!decoded || decoded->errors != 0) continue;
        if (candidate.korean && !korean_enough(decoded->text)) continue;
        // Strong: three pairs, or two whose trail bytes are all >= 0xA1 (where single-byte Latin
        // text would need two adjacent accented letters twice over).
        const bool strong = pairs >= 3 || (pairs >= 2 && euc_trails == pairs);
        return StructureGuess{&candidate, strong, std::move(*decoded)};
    }
    return std::nullopt;
}

// uchardet is reliable on Cyrillic, and a Cyrillic word is a run of bytes >= 0xC0 that can pass
// for double-byte characters: such a verdict is not overruled by structure.
bool is_cyrillic(const Charset& charset) {
    static constexpr std::array<std::string_view, 7> kCyrillic = {
        "windows-1251", "KOI8-R", "KOI8-U", "IBM866", "IBM855", "x-mac-cyrillic", "ISO-8859-5"};
    return std::find(kCyrillic.begin(), kCyrillic.end(), charset.canonical) != kCyrillic.end();
}

// UTF-16 without a byte-order mark (rule 2): "UTF-16BE", "UTF-16LE" or nullptr.
const char* sniff_utf16(std::string_view bytes) noexcept {
    const std::size_t length = std::min<std::size_t>(bytes.size(), 512) & ~std::size_t{1};
    if (length < 4 || std::memchr(bytes.data(), 0, length) == nullptr) return nullptr;
    std::size_t even_nuls = 0;  // NUL first byte of a unit: big-endian ASCII
    std::size_t odd_nuls = 0;
    for (std::size_t i = 0; i < length; i += 2) {
        even_nuls += bytes[i] == 0;
        odd_nuls += bytes[i + 1] == 0;
    }
    const std::size_t units = length / 2;
    if (even_nuls * 4 >= units && odd_nuls * 8 <= even_nuls) return "UTF-16BE";
    if (odd_nuls * 4 >= units && even_nuls * 8 <= odd_nuls) return "UTF-16LE";
    return nullptr;
}

// UTF-32 without a byte-order mark (rule 2): "UTF-32BE", "UTF-32LE" or nullptr. Every unit of
// the first 512 bytes must be a Unicode scalar value other than NUL (a unit over U+10FFFF has a
// byte over 0x10 where the NULs are: UTF-16 text and binary data fail at once), and most of them
// ASCII, as the syntax of SGF is.
const char* sniff_utf32(std::string_view bytes) noexcept {
    const std::size_t length = std::min<std::size_t>(bytes.size(), 512) & ~std::size_t{3};
    if (length < 8) return nullptr;
    for (const bool big : {false, true}) {
        std::size_t ascii = 0;
        bool valid = true;
        for (std::size_t i = 0; i < length && valid; i += 4) {
            std::uint32_t u = 0;
            for (std::size_t k = 0; k < 4; ++k) {
                const std::uint32_t b = byte_at(bytes, i + k);
                u |= b << (8 * (big ? 3 - k : k));
            }
            valid = u != 0 && u <= 0x10FFFF && (u < 0xD800 || u > 0xDFFF);
            ascii += u < 0x80;
        }
        if (valid && ascii * 2 >= length / 4) return big ? "UTF-32BE" : "UTF-32LE";
    }
    return nullptr;
}

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
            finish(result, std::move(structure->decoded), structure->candidate->canonical,
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

DecodeResult decode_impl(std::string_view bytes) {
    DecodeResult result;
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
        return result;
    }
    for (const Bom& bom : kBoms) {
        if (starts(bom.mark)) {
            auto decoded = iconv_decode(bytes.substr(bom.mark.size()), bom.name, bom.unit);
            if (decoded) {
                result.skip = bom.mark.size();
                finish(result, std::move(*decoded), bom.name, EncodingSource::bom);
                return result;
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
            return result;
        }
    }
    if (const char* utf16 = sniff_utf16(bytes)) {
        if (auto decoded = iconv_decode(bytes, utf16, 2)) {
            finish(result, std::move(*decoded), utf16, EncodingSource::detected);
            add_note(result, Severity::warning, codes::no_byte_order_mark,
                     std::string(utf16) +
                         " without a byte-order mark assumed (NUL bytes alternate with ASCII)");
            return result;
        }
    }

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
            return result;
        } else if (ascii_prefix(bytes) == bytes.size() &&
                   std::memchr(bytes.data(), 0x1B, bytes.size()) == nullptr) {
            // Pure ASCII (and no ISO-2022 escape): it reads as itself, nothing to convert.
            result.encoding = charset->canonical;
            result.source = EncodingSource::declared;
            return result;
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
                return result;
            }
            finish(result, std::move(*decoded), charset->canonical, EncodingSource::declared);
            return result;
        }
    }

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
