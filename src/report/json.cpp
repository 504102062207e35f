#include "json.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <iterator>

#include "sgfaudit/report/check.hpp"
#include "sgfaudit/sgf/encoding.hpp"

namespace sgfaudit::report {

namespace detail {

// Appends `s` as a JSON string literal (with the quotes): '"' and '\\' escaped, control
// characters as \b \f \n \r \t or \u00XX, valid UTF-8 as it is; bytes that are not valid
// UTF-8 (a file name in another encoding) and C1 controls as sgf::printable_text writes them (the
// text \xNN, \u00NN), so the line is always valid JSON. Runs of plain bytes are appended in
// one piece.
void append_json_string(std::string& out, std::string_view s) {
    out += '"';
    std::size_t plain = 0;  // start of the current run of bytes that need no escape
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            // A run of non-ASCII bytes: kept when it is valid UTF-8 without C1 controls.
            std::size_t end = i;
            while (end < s.size() && static_cast<unsigned char>(s[end]) >= 0x80) ++end;
            const std::string_view run = s.substr(i, end - i);
            const std::string safe = sgf::printable_text(run);
            if (safe != run) {
                out.append(s.data() + plain, i - plain);
                for (const char k : safe) {
                    if (k == '\\') out += '\\';
                    out += k;
                }
                plain = end;
            }
            i = end - 1;
            continue;
        }
        if (c >= 0x20 && c != '"' && c != '\\' && c != 0x7f) continue;
        out.append(s.data() + plain, i - plain);
        plain = i + 1;
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                fmt::format_to(std::back_inserter(out), "\\u{:04x}", static_cast<unsigned>(c));
                break;
        }
    }
    out.append(s.data() + plain, s.size() - plain);
    out += '"';
}

char* write_json_number(char* to, double v) {
    // Whole and half numbers below 1e9 in magnitude (counts, komi, margins) without the general
    // algorithm; the digits are the ones it would give (shortest round trip), see the report
    // tests. NaN and the infinities fail the range test; 0 and -0 give "0" (no "-0").
    const double twice = v * 2;
    if (twice > -2e9 && twice < 2e9) {
        const auto halves = static_cast<std::int64_t>(twice);
        if (static_cast<double>(halves) == twice) {
            std::int64_t whole = halves / 2;
            if (halves < 0) {
                *to++ = '-';
                whole = -whole;
            }
            to = write_integer(to, whole);
            if (halves % 2 != 0) {
                std::memcpy(to, ".5", 2);
                to += 2;
            }
            return to;
        }
    }
    if (!std::isfinite(v)) {
        std::memcpy(to, "null", 4);
        return to + 4;
    }
    return fmt::format_to_n(to, 32, "{}", v).out;
}

void append_json_number(std::string& out, double v) {
    char buffer[32];
    out.append(buffer, write_json_number(buffer, v));
}

namespace {

// Each thread's scratch buffer for JsonWriter: its size only grows (the bytes are overwritten,
// never cleared), so writers after the first make no allocation and zero-fill nothing.
struct Scratch {
    std::string buffer;
    bool in_use = false;
};
thread_local Scratch scratch;

}  // namespace

JsonWriter::JsonWriter(std::string& out) : out_(out), scratch_(&own_) {
    if (!scratch.in_use) {
        scratch.in_use = true;
        scratch_ = &scratch.buffer;
    }
    if (scratch_->size() < 4096) scratch_->resize(4096);
    p_ = scratch_->data();
    end_ = p_ + scratch_->size();
}

JsonWriter::~JsonWriter() noexcept(false) {
    // The thread's buffer is released however this ends (an append that throws included).
    struct Release {
        std::string* held;
        ~Release() {
            if (held == &scratch.buffer) scratch.in_use = false;
        }
    } release{scratch_};
    if (std::uncaught_exceptions() > uncaught_) return;  // unwinding: the output is abandoned
    out_.append(scratch_->data(), static_cast<std::size_t>(p_ - scratch_->data()));
}

void JsonWriter::grow(std::size_t n) {
    const auto used = static_cast<std::size_t>(p_ - scratch_->data());
    scratch_->resize(std::max(2 * scratch_->size(), used + n));
    p_ = scratch_->data() + used;
    end_ = scratch_->data() + scratch_->size();
}

void JsonWriter::escaped(std::string_view s) {
    std::string tail;
    append_json_string(tail, s);
    raw(tail);
}

}  // namespace detail

std::string json_string(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 2);
    detail::append_json_string(out, s);
    return out;
}

std::string json_number(double v) {
    std::string out;
    detail::append_json_number(out, v);
    return out;
}

}  // namespace sgfaudit::report
