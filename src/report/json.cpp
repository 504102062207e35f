#include "json.hpp"

#include <fmt/format.h>

#include <cmath>

#include "sgfaudit/report/check.hpp"

namespace sgfaudit::report {

std::string json_string(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 2);
    out += '"';
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
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
                if (c < 0x20 || c == 0x7f) {
                    out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
                } else {
                    out += ch;  // UTF-8 bytes pass through unchanged
                }
                break;
        }
    }
    out += '"';
    return out;
}

std::string json_number(double v) {
    if (!std::isfinite(v)) return "null";
    if (v == 0) return "0";  // no "-0"
    return fmt::format("{}", v);
}

namespace detail {

void JsonWriter::separate() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (!first_.empty()) {
        if (!first_.back()) out_ += ',';
        first_.back() = false;
    }
}

void JsonWriter::begin_object() {
    separate();
    out_ += '{';
    first_.push_back(true);
}

void JsonWriter::end_object() {
    out_ += '}';
    first_.pop_back();
}

void JsonWriter::begin_array() {
    separate();
    out_ += '[';
    first_.push_back(true);
}

void JsonWriter::end_array() {
    out_ += ']';
    first_.pop_back();
}

JsonWriter& JsonWriter::key(std::string_view k) {
    separate();
    out_ += json_string(k);
    out_ += ':';
    after_key_ = true;
    return *this;
}

void JsonWriter::str(std::string_view s) {
    separate();
    out_ += json_string(s);
}

void JsonWriter::opt_str(const std::optional<std::string_view>& s) {
    if (s) {
        str(*s);
    } else {
        null();
    }
}

void JsonWriter::num(double v) {
    separate();
    out_ += json_number(v);
}

void JsonWriter::integer(std::int64_t v) {
    separate();
    out_ += fmt::format("{}", v);
}

void JsonWriter::opt_integer(const std::optional<std::int64_t>& v) {
    if (v) {
        integer(*v);
    } else {
        null();
    }
}

void JsonWriter::boolean(bool b) {
    separate();
    out_ += b ? "true" : "false";
}

void JsonWriter::null() {
    separate();
    out_ += "null";
}

}  // namespace detail
}  // namespace sgfaudit::report
