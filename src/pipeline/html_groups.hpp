#pragma once
// Internal: the divergences of index.html grouped by kind and cause, and the broken records,
// kept in files of the staging folder while the run goes (input order within each), then
// written in the page's order with the diagrams of the budget (report::html_diagram_budget).

#include <array>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/report/files.hpp"
#include "sgfaudit/report/folder.hpp"

namespace sgfaudit::pipeline {

class HtmlGroups {
  public:
    // Files go into `folder` (removed by remove()); at most `max_diagrams` drawn diagrams, at
    // most `max_broken_rows` rows of broken records.
    HtmlGroups(std::string folder, std::uint64_t max_diagrams, std::uint64_t max_broken_rows);
    ~HtmlGroups();
    HtmlGroups(const HtmlGroups&) = delete;
    HtmlGroups& operator=(const HtmlGroups&) = delete;

    // Any thread: whether a diagram of `group` may still be needed. False once the group has
    // max_diagrams boards in input order (set by add, so later files never need one).
    bool draw(std::uint16_t group) const { return !full_[group].load(std::memory_order_relaxed); }
    // Any thread: whether a game's counts may still be drawn (report::html_draws_counts with
    // draw), for audit::AuditOptions::draw_counts_if. The groups outlive the run's audits.
    std::function<bool(const audit::GameAudit&)> counts_wanted() const {
        return [this](const audit::GameAudit& a) {
            return report::html_draws_counts(a, [this](std::uint16_t g) { return draw(g); });
        };
    }
    // In input order: the blocks of one file, and its broken-record rows (`count` rows of
    // `games` games).
    void add(const std::vector<report::HtmlBlock>& blocks);
    void add_broken(std::string_view rows, std::uint64_t count, std::uint64_t games);

    // After the run: the page order and budget (call once).
    void plan();
    // After plan: whether index.html, `head_bytes` of summary and contents before the broken
    // records, would pass report::kMaxPageBytes; then the groups go to pages/ (write_pages).
    bool paginate(std::uint64_t head_bytes);
    bool paged() const { return paged_; }
    // When paged, before write: writes every group to pages/ID.html (ID-2.html, ... past
    // report::kPageBytes), noting where each game's anchor went (page_of).
    bool write_pages();
    // After write_pages: the page ("pages/....html") that holds the game anchor `anchor` (the
    // first, when several groups hold it), or "" when none does.
    std::string page_of(std::string_view anchor) const;
    const std::vector<std::uint16_t>& order() const { return order_; }
    const std::array<std::uint64_t, report::kHtmlGroups>& divergences() const {
        return divergences_;
    }
    std::uint64_t drawn() const { return drawn_; }
    std::uint64_t not_drawn() const { return boards_total_ - drawn_; }
    std::uint64_t broken_games() const { return broken_games_; }

    // Writes the broken-records section, then (after `between`) every group; false with
    // error() when a file failed.
    bool write(const std::function<void(std::string_view)>& out,
               const std::function<void()>& between);
    const std::string& error() const { return error_; }
    // Removes the files.
    void remove();

  private:
    // FOLDER/pages: where write_pages puts the pages.
    std::string pages_folder() const {
        return folder_ + "/" + std::string(report::file_name(report::FolderFile::pages));
    }
    std::FILE* file(std::size_t index);  // index kHtmlGroups: the broken rows
    bool each_block(
        std::uint16_t g,
        const std::function<bool(std::string&, std::string_view, std::string_view)>& block);
    void put(std::size_t index, std::string_view bytes);

    std::string folder_;
    std::uint64_t max_diagrams_, max_broken_rows_;
    std::array<std::atomic<bool>, report::kHtmlGroups> full_{};
    std::array<std::uint64_t, report::kHtmlGroups> divergences_{}, boards_{}, budget_{};
    // Each file's stdio buffer (kGroupBuffer bytes), declared first: it outlives the file.
    static constexpr std::size_t kGroupBuffer = std::size_t{64} << 10;
    std::vector<std::unique_ptr<char[]>> buffers_;
    std::vector<std::unique_ptr<std::FILE, int (*)(std::FILE*)>> files_;
    std::vector<std::uint16_t> order_;
    std::uint64_t drawn_ = 0, boards_total_ = 0;
    std::uint64_t broken_games_ = 0, broken_rows_ = 0, broken_errors_ = 0;
    std::uint64_t broken_bytes_ = 0;
    // Per group: bytes of the blocks' text, and the figure sizes of the blocks with a board.
    std::array<std::uint64_t, report::kHtmlGroups> text_bytes_{};
    std::array<std::vector<std::uint32_t>, report::kHtmlGroups> figure_bytes_;
    bool paged_ = false;
    std::array<std::uint32_t, report::kHtmlGroups> pages_{};  // pages of each group
    // Where the games' anchors went, when paged: a group and its page per anchor, in the order
    // written, then sorted by anchor (stable: the first written comes first). Not a map of
    // page names: ogs-9x9 has 57,009 anchors, and building such a map (a node and a name per
    // anchor, then a copy) was most of the serial tail of its run.
    struct AnchorPage {
        std::string anchor;
        std::uint16_t group;
        std::uint32_t page;
    };
    std::vector<AnchorPage> anchors_;
    std::string error_;
};

}  // namespace sgfaudit::pipeline
