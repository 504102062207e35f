// Charset detection (charsets.hpp): uchardet, the byte structure of short CJK texts, UTF-16 and
// UTF-32 without a byte-order mark; moved out of encoding.cpp, whose opening comment gives the
// rules.

#include <uchardet/uchardet.h>

#include <array>
#include <cstring>
#include <memory>
#include <utility>

#include "charsets.hpp"

namespace sgfaudit::sgf::charsets {

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
        return StructureGuess{candidate.canonical, strong, std::move(*decoded)};
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

}  // namespace sgfaudit::sgf::charsets
