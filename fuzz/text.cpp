// libFuzzer target: the text module (include/sgfaudit/text/text.hpp). Any bytes through every
// helper, with oracles: escaped_prefix never writes a control character, writes valid UTF-8 when
// it checks well-formedness (or when its input is valid UTF-8), and says "..." exactly when it
// cuts; printable_ascii_prefix writes printable ASCII only; the trims leave no such white space
// at either end and are idempotent; utf8_sequence agrees with an independent UTF-8 check.

#include "sgfaudit/text/text.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "utf8_check.hpp"

namespace {

using namespace sgfaudit;

void check(bool ok) {
    if (!ok) __builtin_trap();
}

bool has_control(std::string_view s) {
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7F) return true;
    }
    return false;
}

void check_prefix(std::string_view s, std::size_t n, text::Utf8Check how) {
    bool cut = false;
    const std::string out = text::escaped_prefix(s, n, how, &cut);
    check(!has_control(out));
    if (how == text::Utf8Check::well_formed || fuzz::valid_utf8(s)) {
        check(fuzz::valid_utf8(out));
    }
    check(!cut || out.ends_with("..."));
    if (!cut) check(out.size() >= s.size() || how != text::Utf8Check::well_formed);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    const std::string_view s = bytes;
    const std::size_t n = size == 0 ? 0 : data[0] % 64;
    for (const auto how : {text::Utf8Check::none, text::Utf8Check::well_formed,
                           text::Utf8Check::lead_and_continuation}) {
        check_prefix(s, n, how);
        check_prefix(s, 40, how);
    }
    const std::string ascii = text::printable_ascii_prefix(s, n);
    for (const char c : ascii) check(c >= 0x20 && c < 0x7F);
    check(ascii.size() <= n + 3);

    const std::string_view trimmed = text::trim_ascii_whitespace(s);
    check(trimmed.empty() || (!text::is_ascii_whitespace(trimmed.front()) &&
                              !text::is_ascii_whitespace(trimmed.back())));
    check(text::trim_ascii_whitespace(trimmed) == trimmed);
    check(s.find(trimmed) != std::string_view::npos);
    const std::string_view st = text::trim_space_tab(s);
    check(st.empty() ||
          (st.front() != ' ' && st.front() != '\t' && st.back() != ' ' && st.back() != '\t'));
    check(text::trim_space_tab(st) == st);

    // utf8_sequence walks valid UTF-8 to its end, and only valid UTF-8.
    bool valid = true;
    for (std::size_t i = 0; i < s.size();) {
        std::size_t subpart = 0;
        const std::size_t length = text::utf8_sequence(s, i, subpart);
        if (length == 0) {
            check(subpart >= 1 && subpart <= 3 && i + subpart <= s.size());
            valid = false;
            i += subpart;
        } else {
            check(i + length <= s.size() && fuzz::valid_utf8(s.substr(i, length)));
            i += length;
        }
    }
    check(valid == fuzz::valid_utf8(s));
    return 0;
}
