#include "html_groups.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>

namespace sgfaudit::pipeline {

namespace {

std::string path_of(const std::string& folder, std::size_t index) {
    return fmt::format("{}/index.{}.partial", folder, index);
}

// What a group's file holds before each block's head, figure and tail: whether it has a board,
// and the three's sizes. Written and read back by this process only, so in its own layout: no
// number written as text and scanned back (fscanf was a tenth of writing the pages).
struct BlockHeader {
    std::uint64_t has_board, head, figure, tail;
};

}  // namespace

HtmlGroups::HtmlGroups(std::string folder, std::uint64_t max_diagrams,
                       std::uint64_t max_broken_rows)
    : folder_(std::move(folder)), max_diagrams_(max_diagrams), max_broken_rows_(max_broken_rows) {
    for (std::size_t i = 0; i <= report::kHtmlGroups; ++i)
        files_.emplace_back(nullptr, &std::fclose);
    buffers_.resize(files_.size());
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
        // A buffer larger than the file system's block (4 KiB): a tenth of the system calls,
        // written and read back.
        if (files_[index]) {
            buffers_[index] = std::make_unique<char[]>(kGroupBuffer);
            std::setvbuf(files_[index].get(), buffers_[index].get(), _IOFBF, kGroupBuffer);
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
        text_bytes_[g] += b.head.size() + b.tail.size();
        if (b.has_board) figure_bytes_[g].push_back(static_cast<std::uint32_t>(b.figure.size()));
        // A block: its BlockHeader (this process reads it back), then the three.
        const BlockHeader header{b.has_board ? std::uint64_t{1} : 0, b.head.size(), b.figure.size(),
                                 b.tail.size()};
        put(g, std::string_view(reinterpret_cast<const char*>(&header), sizeof header));
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
    broken_bytes_ += rows.size();
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

bool HtmlGroups::paginate(std::uint64_t head_bytes) {
    std::uint64_t total = head_bytes + broken_bytes_ + 4096;
    for (const std::uint16_t g : order_) {
        total += report::html_group_heading(g, divergences_[g], budget_[g], boards_[g]).size() +
                 text_bytes_[g] + 64;
        std::uint64_t drawn = 0;
        for (const std::uint32_t fig : figure_bytes_[g]) {
            if (drawn < budget_[g] && fig > 0) {
                total += fig;
                ++drawn;
            } else {
                total += report::kDiagramNotDrawn.size();
            }
        }
    }
    paged_ = total > report::kMaxPageBytes;
    return paged_;
}

namespace {

std::string page_name(std::uint16_t g, std::uint32_t page) {
    return report::page_path(report::html_group_id(g), page);
}

constexpr std::size_t kPageBuffer = std::size_t{1} << 20;

// Makes the pages durable before the report folder is committed (renamed into place), as every
// other report file is (OutFile::close), without waiting on each page as it is closed: a closed
// page's descriptor is kept (a duplicate) and handed to a thread of its own, which starts its
// writing to disk and, once kOpen pages wait, syncs the oldest, by then mostly written. Starting
// the writing (sync_file_range) waits for the device to take the requests: on the thread that
// writes the pages it was 0.1 s of the 0.27 s that ogs-9x9's 34 pages took. Past the
// descriptors the process may open (or without the thread), a page is synced at once. kOpen
// holds the pages of most reports, so that they are synced once all are written: a page's
// first fsync waits for the journal commit that the data files' sync, run meanwhile on a
// thread of its own (report_run.cpp), has started, and the pages are written while it runs.
class DurablePages {
  public:
    DurablePages() {
        try {
            worker_ = std::thread([this] { work(); });
        } catch (const std::system_error&) {
            // No thread to be had: each page is synced as it is closed.
        }
    }
    DurablePages(const DurablePages&) = delete;
    DurablePages& operator=(const DurablePages&) = delete;
    ~DurablePages() {
        stop();
        for (const Pending& p : queue_) ::close(p.fd);
        for (const Pending& p : pending_) ::close(p.fd);
    }
    // The page `path`, written through `fd` (flushed), to be made durable; a failure to sync it
    // goes to `error` (if empty) now or at finish.
    void add(int fd, std::string path, std::string& error) {
        const int copy = worker_.joinable() ? ::fcntl(fd, F_DUPFD_CLOEXEC, 0) : -1;
        if (copy < 0) {
            sync(fd, path, error);
            return;
        }
        std::unique_lock lock(mutex_);
        // At most kOpen pages handed over and not yet taken: descriptors stay bounded.
        taken_.wait(lock, [this] { return queue_.size() < kOpen; });
        queue_.push_back({copy, std::move(path)});
        lock.unlock();
        handed_.notify_one();
    }
    // Every page still waiting made durable; the first failure goes to `error` (if empty).
    void finish(std::string& error) {
        stop();
        while (!pending_.empty()) pop();
        if (error.empty()) error = error_;
    }

  private:
    static constexpr std::size_t kOpen = 64;
    struct Pending {
        int fd;
        std::string path;
    };
    static void sync(int fd, const std::string& path, std::string& error) {
        if (::fsync(fd) != 0 && errno != EINVAL && error.empty()) {
            error = fmt::format("cannot write {}: {}", path, std::strerror(errno));
        }
    }
    // The thread: each page handed over has its writing started, and waits with the others.
    void work() {
        for (;;) {
            std::unique_lock lock(mutex_);
            handed_.wait(lock, [this] { return done_ || !queue_.empty(); });
            if (queue_.empty()) return;
            Pending p = std::move(queue_.front());
            queue_.pop_front();
            lock.unlock();
            taken_.notify_one();
            ::sync_file_range(p.fd, 0, 0, SYNC_FILE_RANGE_WRITE);  // best effort, as in OutFile
            pending_.push_back(std::move(p));
            if (pending_.size() > kOpen) pop();
        }
    }
    // The thread stopped once every page handed over is taken.
    void stop() {
        if (!worker_.joinable()) return;
        {
            const std::lock_guard lock(mutex_);
            done_ = true;
        }
        handed_.notify_one();
        worker_.join();
    }
    void pop() {
        sync(pending_.front().fd, pending_.front().path, error_);
        ::close(pending_.front().fd);
        pending_.pop_front();
    }
    std::mutex mutex_;
    std::condition_variable handed_, taken_;
    std::deque<Pending> queue_;    // handed over, not yet taken (mutex_)
    bool done_ = false;            // mutex_
    std::deque<Pending> pending_;  // the thread's, then (after stop) the caller's
    std::string error_;            // likewise
    std::thread worker_;           // last: it starts once the rest is built
};

// A block's head on a page of pages/: its link to the broken records goes to index.html.
void relink_head(std::string& head) {
    const std::string_view from = "href=\"#broken\"";
    for (std::size_t at = 0; (at = head.find(from, at)) != std::string::npos;) {
        head.replace(at, from.size(),
                     fmt::format("href=\"{}\"", report::index_link_from_pages("broken")));
        at += from.size();
    }
}

// The anchor of a game's first block (`<h4 id="ANCHOR">`), or "".
std::string_view block_anchor(std::string_view head) {
    const std::string_view tag = "<h4 id=\"";
    const std::size_t at = head.find(tag);
    if (at == std::string_view::npos) return {};
    const std::size_t end = head.find('"', at + tag.size());
    if (end == std::string_view::npos) return {};
    return head.substr(at + tag.size(), end - at - tag.size());
}

}  // namespace

// Reads every block of group `g` in input order, calling `block(head, figure_or_not, tail)`
// with the figure when it is drawn (the budget) and the note that it is not otherwise.
bool HtmlGroups::each_block(
    std::uint16_t g,
    const std::function<bool(std::string&, std::string_view, std::string_view)>& block) {
    std::FILE* f = files_[g].get();
    if (f == nullptr) return true;
    std::rewind(f);
    std::string head, figure, tail;
    auto read = [&](std::string& piece, std::size_t n) {
        piece.resize(n);
        if (n == 0 || std::fread(piece.data(), 1, n, f) == n) return true;
        error_ = "cannot read back the HTML of a group";
        return false;
    };
    std::uint64_t drawn = 0;
    for (std::uint64_t k = 0; k < divergences_[g]; ++k) {
        BlockHeader header{};
        if (std::fread(&header, sizeof header, 1, f) != 1) {
            error_ = "cannot read back the HTML of a group";
            return false;
        }
        if (!read(head, header.head) || !read(figure, header.figure) || !read(tail, header.tail)) {
            return false;
        }
        std::string_view fig;
        if (header.has_board != 0) {
            if (drawn < budget_[g] && !figure.empty()) {
                fig = figure;
                ++drawn;
            } else {
                fig = report::kDiagramNotDrawn;
            }
        }
        if (!block(head, fig, tail)) return false;
    }
    return true;
}

bool HtmlGroups::write_pages() {
    const std::string pages = pages_folder();
    if (::mkdir(pages.c_str(), 0755) != 0 && errno != EEXIST) {
        error_ = fmt::format("cannot create {}: {}", pages, std::strerror(errno));
        return false;
    }
    // One page's stdio buffer: pages are written one at a time.
    const auto page_buffer = std::make_unique<char[]>(kPageBuffer);
    // Room for an anchor per block (a game's first block holds one).
    std::uint64_t blocks_in_all = 0;
    for (const std::uint16_t g : order_) blocks_in_all += divergences_[g];
    anchors_.reserve(static_cast<std::size_t>(blocks_in_all));
    DurablePages durable;
    for (const std::uint16_t g : order_) {
        std::uint32_t page = 0;
        std::uint64_t bytes = 0, blocks = 0;
        std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(nullptr, &std::fclose);
        auto put_page = [&](std::string_view bytes_out) {
            // An empty view may hold a null pointer, which fwrite must not be given (UBSan).
            if (file && !bytes_out.empty() &&
                std::fwrite(bytes_out.data(), 1, bytes_out.size(), file.get()) !=
                    bytes_out.size() &&
                error_.empty()) {
                error_ = fmt::format("cannot write {}/{}: {}", folder_, page_name(g, page),
                                     std::strerror(errno));
            }
        };
        auto close_page = [&](bool more) {
            if (!file) return true;
            if (more) {
                put_page(fmt::format("<p><a href=\"{}\">next page &rarr;</a></p>\n",
                                     page_name(g, page + 1).substr(6)));
            }
            put_page(report::html_page_end());
            if (std::fflush(file.get()) != 0 && error_.empty()) {
                error_ = fmt::format("cannot write {}/{}: {}", folder_, page_name(g, page),
                                     std::strerror(errno));
            }
            durable.add(::fileno(file.get()), fmt::format("{}/{}", folder_, page_name(g, page)),
                        error_);
            if (std::fclose(file.release()) != 0 && error_.empty()) {
                error_ = fmt::format("cannot write {}/{}: {}", folder_, page_name(g, page),
                                     std::strerror(errno));
            }
            return error_.empty();
        };
        auto open_page = [&] {
            ++page;
            const std::string path = fmt::format("{}/{}", folder_, page_name(g, page));
            file.reset(std::fopen(path.c_str(), "wb"));
            if (!file) {
                error_ = fmt::format("cannot create {}: {}", path, std::strerror(errno));
                return false;
            }
            std::setvbuf(file.get(), page_buffer.get(), _IOFBF, kPageBuffer);
            const std::string id = report::html_group_id(g);
            std::string start = report::html_page_start(
                fmt::format("{} {} ({})", audit::to_string(report::group_kind(g)),
                            report::to_string(report::group_cause(g)),
                            page == 1 ? std::string("page 1") : fmt::format("page {}", page)),
                report::index_link_from_pages(id));
            start += report::html_group_heading(g, divergences_[g], budget_[g], boards_[g]);
            put_page(start);
            bytes = start.size();
            blocks = 0;
            return error_.empty();
        };
        if (!open_page()) return false;
        const bool ok =
            each_block(g, [&](std::string& head, std::string_view fig, std::string_view tail) {
                const std::uint64_t size = head.size() + fig.size() + tail.size() + 16;
                if (bytes + size > report::kPageBytes && blocks > 0) {
                    if (!close_page(true) || !open_page()) return false;
                }
                relink_head(head);
                if (const std::string_view a = block_anchor(head); !a.empty()) {
                    anchors_.push_back({std::string(a), g, page});
                }
                put_page(head);
                put_page(fig);
                put_page(tail);
                bytes += size;
                ++blocks;
                return error_.empty();
            });
        if (!ok || !close_page(false)) return false;
        pages_[g] = page;
    }
    durable.finish(error_);
    // The folder's entries, durable too.
    const int dir = ::open(pages.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0 || (::fsync(dir) != 0 && errno != EINVAL)) {
        if (error_.empty())
            error_ = fmt::format("cannot write {}: {}", pages, std::strerror(errno));
    }
    if (dir >= 0) ::close(dir);
    std::stable_sort(anchors_.begin(), anchors_.end(),
                     [](const AnchorPage& a, const AnchorPage& b) { return a.anchor < b.anchor; });
    return error_.empty();
}

std::string HtmlGroups::page_of(std::string_view anchor) const {
    const auto it =
        std::lower_bound(anchors_.begin(), anchors_.end(), anchor,
                         [](const AnchorPage& a, std::string_view key) { return a.anchor < key; });
    if (it == anchors_.end() || it->anchor != anchor) return {};
    return page_name(it->group, it->page);
}

bool HtmlGroups::write(const std::function<void(std::string_view)>& out,
                       const std::function<void()>& between) {
    out(report::html_broken_start(broken_games_, broken_rows_, broken_errors_));
    if (broken_errors_ > 0) {
        if (std::FILE* f = files_[report::kHtmlGroups].get()) {
            // Row by row: a link to a game on a page of pages/ goes there.
            std::rewind(f);
            std::string line;
            const std::string_view link = "<a href=\"#";
            for (int c; (c = std::fgetc(f)) != EOF;) {
                line += static_cast<char>(c);
                if (c != '\n') continue;
                if (const std::size_t at = line.find(link); paged_ && at != std::string::npos) {
                    const std::size_t start = at + link.size();
                    const std::size_t end = line.find('"', start);
                    if (end != std::string::npos) {
                        const std::string page =
                            page_of(std::string_view(line).substr(start, end - start));
                        if (!page.empty()) line.insert(start - 1, page);
                    }
                }
                out(line);
                line.clear();
            }
            out(line);
        }
        out(report::kHtmlTableEnd);
    }
    between();
    std::optional<audit::DivergenceKind> kind;
    for (const std::uint16_t g : order_) {
        if (kind != report::group_kind(g)) {
            kind = report::group_kind(g);
            out(fmt::format("<h3 id=\"{}\">{} divergences</h3>\n", report::html_kind_id(*kind),
                            audit::to_string(*kind)));
        }
        out(report::html_group_heading(g, divergences_[g], budget_[g], boards_[g]));
        if (paged_) {
            std::string links = fmt::format(
                "<p class=\"pages\">{} divergence{} on {}: ", report::thousands(divergences_[g]),
                divergences_[g] == 1 ? "" : "s",
                pages_[g] == 1 ? "a page of its own" : fmt::format("{} pages", pages_[g]));
            for (std::uint32_t p = 1; p <= pages_[g]; ++p) {
                links += fmt::format("{}<a href=\"{}\">{}</a>", p == 1 ? "" : " &middot; ",
                                     page_name(g, p),
                                     p == 1 && pages_[g] == 1 ? "open" : fmt::format("page {}", p));
            }
            out(links + "</p>\n");
            continue;
        }
        const bool ok =
            each_block(g, [&](std::string& head, std::string_view fig, std::string_view tail) {
                out(head);
                out(fig);
                out(tail);
                return true;
            });
        if (!ok) return false;
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
