// Document: the tree's accessors that are not inline, line and column of an offset, and the
// list of diagnostics with its limit (S128). See reader.hpp.

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "sgfaudit/sgf/codes.hpp"
#include "sgfaudit/sgf/reader.hpp"

namespace sgfaudit::sgf {

bool Document::first_value(const Node& node, std::string_view id, std::string_view& out) const {
    const Property* p = find(node, id);
    if (p == nullptr || p->value_count == 0) return false;
    out = value(p->first_value);
    return true;
}

void Document::index_lines() const {
    lines_indexed_ = true;
    // Line starts: after "\n", after "\r" not followed by "\n". Column marks every
    // kColumnStep bytes.
    const std::string_view text = this->text();
    line_starts_.assign(1, 0);
    column_marks_.clear();
    column_marks_.reserve(text.size() / kColumnStep + 1);
    std::uint32_t column = 1;
    for (std::size_t step = 0; step < text.size(); step += kColumnStep) {
        column_marks_.push_back(column);
        const std::size_t step_end = std::min<std::size_t>(text.size(), step + kColumnStep);
        for (std::size_t i = step; i < step_end; ++i) {
            const auto u = static_cast<unsigned char>(text[i]);
            if (u > '\r') {  // no line break: a character unless a UTF-8 continuation byte
                column += (u & 0xC0u) != 0x80u;
            } else if (u == '\n' || (u == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'))) {
                line_starts_.push_back(static_cast<std::uint32_t>(i + 1));
                column = 1;
            } else {
                ++column;
            }
        }
    }
}

Location Document::locate(std::uint32_t offset) const {
    if (!lines_indexed_) index_lines();
    const std::string_view t = text();
    if (offset > t.size()) offset = static_cast<std::uint32_t>(t.size());
    // line_starts_ is sorted and starts with 0.
    auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    const std::size_t line_index = static_cast<std::size_t>(it - line_starts_.begin()) - 1;
    std::uint32_t start = line_starts_[line_index];
    std::uint32_t column = 1;
    // Start from the last column mark inside this line, if any.
    const std::size_t mark = offset / kColumnStep;
    if (mark < column_marks_.size() && mark * kColumnStep > start) {
        start = static_cast<std::uint32_t>(mark * kColumnStep);
        column = column_marks_[mark];
    }
    for (std::uint32_t i = start; i < offset; ++i) {
        // Count code points: every byte that is not a UTF-8 continuation byte.
        if ((static_cast<unsigned char>(t[i]) & 0xC0u) != 0x80u) ++column;
    }
    return Location{static_cast<std::uint32_t>(line_index + 1), column};
}

void Document::add(Severity severity, std::string_view code, std::uint32_t offset,
                   std::string message, int game) {
    // A diagnostic past the limit is only counted: no need to locate it.
    const bool listed = dropped_diagnostics_ == 0 && diagnostics_.size() < max_diagnostics_;
    add_at(severity, code, listed ? locate(offset) : Location{}, std::move(message), game);
}

void Document::add_at(Severity severity, std::string_view code, Location where, std::string message,
                      int game) {
    if (dropped_diagnostics_ == 0 && diagnostics_.size() < max_diagnostics_) {
        diagnostics_.push_back(Diagnostic{severity, code, file_, where, std::move(message), game});
        return;
    }
    // Past the limit: one S128 counts the rest (its message is completed by read_document).
    if (dropped_diagnostics_++ == 0) {
        summary_index_ = diagnostics_.size();
        diagnostics_.push_back(
            Diagnostic{Severity::warning, codes::limit_diagnostics, file_, Location{}, {}, -1});
    }
    if (severity == Severity::error) {
        dropped_error_ = true;
        diagnostics_[summary_index_].severity = Severity::error;
    }
    diagnostics_[summary_index_].message =
        fmt::format("more than {} diagnostics in this file: {} more not listed{}", max_diagnostics_,
                    dropped_diagnostics_, dropped_error_ ? " (errors among them)" : "");
}

bool Document::same_as(const Document& o, std::string* why) const {
    const auto differ = [&](std::string what) {
        if (why != nullptr) *why = std::move(what);
        return false;
    };
    if (text() != o.text()) return differ("text");
    if (games_ != o.games_) return differ("game trees");
    if (nodes_.size() != o.nodes_.size()) {
        return differ(fmt::format("{} nodes against {}", nodes_.size(), o.nodes_.size()));
    }
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
        if (!(nodes_[i] == o.nodes_[i])) return differ(fmt::format("node {}", i));
    }
    if (properties_.size() != o.properties_.size()) {
        return differ(
            fmt::format("{} properties against {}", properties_.size(), o.properties_.size()));
    }
    for (std::size_t i = 0; i < properties_.size(); ++i) {
        if (!(properties_[i] == o.properties_[i])) return differ(fmt::format("property {}", i));
    }
    if (ids_ != o.ids_) return differ("identifiers");
    if (values_ != o.values_) return differ("values");
    if (dropped_diagnostics_ != o.dropped_diagnostics_ || dropped_error_ != o.dropped_error_ ||
        diagnostics_.size() != o.diagnostics_.size()) {
        return differ(
            fmt::format("{} diagnostics against {}", diagnostics_.size(), o.diagnostics_.size()));
    }
    for (std::size_t i = 0; i < diagnostics_.size(); ++i) {
        const Diagnostic& a = diagnostics_[i];
        const Diagnostic& b = o.diagnostics_[i];
        if (a.severity != b.severity || a.code != b.code || a.file != b.file ||
            a.where.line != b.where.line || a.where.column != b.where.column ||
            a.message != b.message || a.game != b.game) {
            return differ(fmt::format("diagnostic {}: {} against {}", i, format(a), format(b)));
        }
    }
    return true;
}

bool Document::has_errors() const noexcept {
    return dropped_error_ ||
           std::any_of(diagnostics_.begin(), diagnostics_.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::error; });
}

}  // namespace sgfaudit::sgf
