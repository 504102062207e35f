#include "html_groups.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace sgfaudit::pipeline {

namespace {

std::string path_of(const std::string& folder, std::size_t index) {
    return fmt::format("{}/index.{}.partial", folder, index);
}

}  // namespace

HtmlGroups::HtmlGroups(std::string folder, std::uint64_t max_diagrams,
                       std::uint64_t max_broken_rows)
    : folder_(std::move(folder)), max_diagrams_(max_diagrams), max_broken_rows_(max_broken_rows) {
    for (std::size_t i = 0; i <= report::kHtmlGroups; ++i)
        files_.emplace_back(nullptr, &std::fclose);
    for (auto& f : full_) f.store(max_diagrams == 0, std::memory_order_relaxed);
}

HtmlGroups::~HtmlGroups() {
    remove();
}

std::FILE* HtmlGroups::file(std::size_t index) {
    if (!files_[index]) {
        files_[index].reset(std::fopen(path_of(folder_, index).c_str(), "w+b"));
        if (!files_[index] && error_.empty()) {
            error_ =
                fmt::format("cannot create {}: {}", path_of(folder_, index), std::strerror(errno));
        }
    }
    return files_[index].get();
}

void HtmlGroups::put(std::size_t index, std::string_view bytes) {
    std::FILE* f = file(index);
    if (f == nullptr || bytes.empty()) return;
    if (std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size() && error_.empty()) {
        error_ = fmt::format("cannot write {}: {}", path_of(folder_, index), std::strerror(errno));
    }
}

void HtmlGroups::add(const std::vector<report::HtmlBlock>& blocks) {
    for (const report::HtmlBlock& b : blocks) {
        const std::uint16_t g = b.group;
        ++divergences_[g];
        if (b.has_board && ++boards_[g] >= max_diagrams_) {
            full_[g].store(true, std::memory_order_relaxed);
        }
        // A block: "has_board head_length figure_length tail_length\n", then the three.
        put(g, fmt::format("{} {} {} {}\n", b.has_board ? 1 : 0, b.head.size(), b.figure.size(),
                           b.tail.size()));
        put(g, b.head);
        put(g, b.figure);
        put(g, b.tail);
    }
}

void HtmlGroups::add_broken(std::string_view rows, std::uint64_t count, std::uint64_t games) {
    broken_games_ += games;
    broken_errors_ += count;
    if (broken_rows_ + count > max_broken_rows_) return;
    broken_rows_ += count;
    put(report::kHtmlGroups, rows);
}

void HtmlGroups::plan() {
    order_ = report::html_group_order(divergences_);
    budget_ = report::html_diagram_budget(order_, boards_, max_diagrams_);
    drawn_ = boards_total_ = 0;
    for (std::size_t g = 0; g < report::kHtmlGroups; ++g) {
        drawn_ += budget_[g];
        boards_total_ += boards_[g];
    }
}

bool HtmlGroups::write(const std::function<void(std::string_view)>& out,
                       const std::function<void()>& between) {
    out(report::html_broken_start(broken_games_, broken_rows_, broken_errors_));
    std::vector<char> buffer(1 << 16);
    auto copy_all = [&](std::FILE* f) {
        std::rewind(f);
        for (std::size_t n; (n = std::fread(buffer.data(), 1, buffer.size(), f)) > 0;) {
            out(std::string_view(buffer.data(), n));
        }
    };
    if (broken_errors_ > 0) {
        if (std::FILE* f = files_[report::kHtmlGroups].get()) copy_all(f);
        out(report::kHtmlTableEnd);
    }
    between();
    std::string piece;
    auto read = [&](std::FILE* f, std::size_t n) {
        piece.resize(n);
        return n == 0 || std::fread(piece.data(), 1, n, f) == n;
    };
    for (const std::uint16_t g : order_) {
        std::uint64_t drawn = 0;
        out(report::html_group_heading(g, divergences_[g], budget_[g], boards_[g]));
        std::FILE* f = files_[g].get();
        if (f == nullptr) continue;
        std::rewind(f);
        for (std::uint64_t k = 0; k < divergences_[g]; ++k) {
            int has_board = 0;
            unsigned long long head = 0, fig = 0, tail = 0;
            if (std::fscanf(f, "%d %llu %llu %llu", &has_board, &head, &fig, &tail) != 4 ||
                std::fgetc(f) != '\n') {
                error_ = "cannot read back the HTML of a group";
                return false;
            }
            if (!read(f, head)) return false;
            out(piece);
            if (!read(f, fig)) return false;
            if (has_board != 0) {
                if (drawn < budget_[g] && !piece.empty()) {
                    out(piece);
                    ++drawn;
                } else {
                    out(report::kDiagramNotDrawn);
                }
            }
            if (!read(f, tail)) return false;
            out(piece);
        }
    }
    return error_.empty();
}

void HtmlGroups::remove() {
    for (std::size_t i = 0; i < files_.size(); ++i) {
        if (files_[i]) {
            files_[i].reset();
            ::unlink(path_of(folder_, i).c_str());
        }
    }
}

}  // namespace sgfaudit::pipeline
