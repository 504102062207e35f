// UTF-8 validation and repair, windows-1252, iconv and the names of charsets (charsets.hpp),
// moved out of encoding.cpp, whose opening comment gives the rules they serve.

#include "charsets.hpp"

#include <iconv.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <memory>
#include <new>
#include <utility>

#include "sgfaudit/text/text.hpp"

namespace sgfaudit::sgf::charsets {

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
std::optional<Decoded> iconv_decode(std::string_view in, const char* from, std::size_t unit,
                                    const char* secondary) {
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

}  // namespace sgfaudit::sgf::charsets
