// read_document: from the bytes of a file to its Document. The checks before parsing (size,
// empty file, binary data), the hand-off to decoding (encoding.hpp) and its notes, then the
// parser (parser.hpp) over the decoded text. See reader.hpp.

#include "sgfaudit/sgf/reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <utility>

#include "parser.hpp"
#include "sgfaudit/sgf/codes.hpp"

namespace sgfaudit::sgf {

namespace {

// A file is not text when more than one byte in twenty of its first 4 KiB is a control
// character other than NUL, or more than one in four is NUL, once NUL and Ctrl-Z padding at its
// end are set aside (a crash can leave a record followed by zeroed blocks; DOS editors end files
// with Ctrl-Z). Real records have neither; random or compressed data has about one control in
// ten, executables mostly NULs. A text file with a few NULs is text (S115).
struct ControlCount {
    std::size_t control = 0;  // other than NUL
    std::size_t nul = 0;
    std::size_t sample = 0;
    bool binary() const noexcept { return control * 20 > sample || nul * 4 > sample; }
};
ControlCount count_controls(std::string_view bytes) noexcept {
    ControlCount c;
    const std::size_t end = bytes.find_last_not_of(std::string_view("\0\x1A", 2));
    if (end == std::string_view::npos) {  // nothing but padding
        c.nul = c.sample = bytes.size();
        return c;
    }
    c.sample = std::min<std::size_t>(end + 1, 4096);
    // Control characters: C0 controls other than white space and the ESC of ISO-2022, NUL
    // counted apart. Counted with plain comparisons that the compiler turns into vector code,
    // in blocks whose byte-wide counts cannot overflow (240 bytes: whole vectors of 16).
    std::size_t control = 0, nul = 0;
    for (std::size_t block = 0; block < c.sample; block += 240) {
        const std::size_t block_end = std::min<std::size_t>(c.sample, block + 240);
        std::uint8_t block_control = 0, block_nul = 0;
        for (std::size_t i = block; i < block_end; ++i) {
            const auto u = static_cast<std::uint8_t>(bytes[i]);
            // Under 0x20, not NUL, not '\t' '\n' '\v' '\f' '\r' (9 to 13), not ESC.
            const bool control_byte =
                (u < 0x20) & (u != 0) & (static_cast<std::uint8_t>(u - 9) > 4) & (u != 0x1B);
            block_control = static_cast<std::uint8_t>(block_control + control_byte);
            block_nul = static_cast<std::uint8_t>(block_nul + (u == 0));
        }
        control += block_control;
        nul += block_nul;
    }
    c.nul = nul;
    c.control = control;
    return c;
}

}  // namespace

Document read_document(std::string file, std::string bytes, const ReadLimits& limits,
                       ReadPath path) {
    return read_document(std::move(file), std::move(bytes), limits, path, Document{});
}

Document spare_of(Document&& used) {
    Document doc;
    const auto keep = [](auto& to, auto& from) {
        from.clear();
        to.swap(from);
    };
    if (used.games_.capacity() <= kSpareNodes && used.nodes_.capacity() <= kSpareNodes &&
        used.properties_.capacity() <= kSpareNodes && used.values_.capacity() <= kSpareNodes &&
        used.ids_.capacity() <= 2 * kSpareNodes) {
        keep(doc.games_, used.games_);
        keep(doc.nodes_, used.nodes_);
        keep(doc.properties_, used.properties_);
        keep(doc.ids_, used.ids_);
        keep(doc.values_, used.values_);
        if (used.plain_runs_.capacity() <= kSpareNodes) keep(doc.plain_runs_, used.plain_runs_);
    }
    used = Document{};  // the rest freed now
    return doc;
}

Document read_document(std::string file, std::string bytes, const ReadLimits& limits, ReadPath path,
                       Document&& spare) {
    Document doc = spare_of(std::move(spare));
    doc.file_ = std::move(file);
    doc.bytes_ = std::move(bytes);
    doc.max_diagnostics_ = limits.max_diagnostics;
    const std::size_t max_bytes = std::min(limits.max_file_bytes, kMaxFileBytes);
    if (doc.bytes_.size() > max_bytes) {
        doc.add_at(Severity::error, codes::limit_file, Location{},
                   fmt::format("file is {} bytes, over the limit of {}; not read",
                               doc.bytes_.size(), max_bytes));
        doc.bytes_.clear();
        return doc;
    }
    if (doc.bytes_.find_first_not_of(" \t\r\n\v\f") == std::string::npos) {
        doc.add_at(Severity::error, codes::empty_file, Location{},
                   doc.bytes_.empty() ? "empty file" : "file holds only white space");
        return doc;
    }
    // Binary data is recognised before decoding (which would only turn it into replacement
    // characters and notes): one S113 and nothing else. UTF-16/32 files and the ISO-2022
    // charsets declared in CA[] are judged decoded (declares_stateful_charset).
    bool wide = is_wide_unicode(doc.bytes_);
    if (!wide) {
        const ControlCount c = count_controls(doc.bytes_);
        if (c.binary()) wide = declares_stateful_charset(doc.bytes_);  // only then looked for
        if (!wide && c.binary()) {
            doc.decoding_.encoding = "binary";
            doc.add_at(Severity::error, codes::binary_file, Location{},
                       fmt::format("not a text file ({} control characters and {} NUL bytes in "
                                   "its first {} bytes); not read as SGF",
                                   c.control, c.nul, c.sample));
            return doc;
        }
    }
    doc.decoding_ = decode_to_utf8(doc.bytes_);
    const std::string_view text = doc.text();
    if (text.size() >= kNone) {
        doc.add_at(Severity::error, codes::limit_file, Location{},
                   fmt::format("decoded text of {} bytes is too large to read", text.size()));
        return doc;
    }
    for (const DecodeNote& note : doc.decoding_.notes) {
        doc.add(note.severity, note.code, note.offset, note.message);
    }
    if (wide && count_controls(text).binary()) {
        doc.add_at(Severity::error, codes::binary_file, Location{},
                   "not a text file (control characters); not read as SGF");
        return doc;
    }
    if (const std::size_t first_nul = text.find('\0'); first_nul != std::string_view::npos) {
        const auto count = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\0'));
        doc.add(Severity::warning, codes::nul_bytes, static_cast<std::uint32_t>(first_nul),
                fmt::format("{} NUL byte{} in the file (the first here): read as white space "
                            "between values, kept inside values",
                            count, count == 1 ? "" : "s"));
    }
    // Room for the tree up front (a move node ";B[pd]" takes six bytes), bounded so that a
    // large file does not reserve more than it may need.
    const std::size_t expected = std::min<std::size_t>(text.size() / 6 + 16, 1u << 16);
    doc.nodes_.reserve(expected);
    doc.properties_.reserve(expected);
    doc.values_.reserve(expected);
    doc.ids_.reserve(expected * 2);
    doc.ids_ = "BW";  // the moves' identifiers, shared by every B and W property
    Parser parser(doc, limits, path == ReadPath::fast);
    parser.run();
    return doc;
}

}  // namespace sgfaudit::sgf
