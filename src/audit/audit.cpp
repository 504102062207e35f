// audit_game and the audit's small public helpers (names of its enums, board coordinates,
// dead-stone point lists). The replay itself is split along its steps: replay.hpp says where.

#include "sgfaudit/audit/audit.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>

#include "replay.hpp"
#include "sgfaudit/audit/issue_codes.hpp"
#include "sgfaudit/text/text.hpp"

namespace sgfaudit::audit {

std::string_view to_string(Reason r) noexcept {
    switch (r) {
        case Reason::occupied:
            return "occupied";
        case Reason::off_board:
            return "off_board";
        case Reason::out_of_turn:
            return "out_of_turn";
        case Reason::suicide:
            return "suicide";
        case Reason::simple_ko:
            return "simple_ko";
        case Reason::positional_superko:
            return "positional_superko";
        case Reason::situational_superko:
            return "situational_superko";
        case Reason::natural_situational_superko:
            return "natural_situational_superko";
    }
    return "?";
}

std::string_view to_string(IllegalPolicy p) noexcept {
    return p == IllegalPolicy::stop ? "stop" : "as-it-stands";
}

std::string_view to_string(DeadPolicy p) noexcept {
    switch (p) {
        case DeadPolicy::none:
            return "none";
        case DeadPolicy::markup:
            return "markup";
        case DeadPolicy::list:
            return "list";
        case DeadPolicy::pass_alive:
            return "pass-alive";
        case DeadPolicy::automatic:
            return "auto";
        case DeadPolicy::gnugo:
            return "gnugo";
    }
    return "?";
}

std::string_view to_string(Winner w) noexcept {
    switch (w) {
        case Winner::black:
            return "B";
        case Winner::white:
            return "W";
        case Winner::draw:
            return "draw";
    }
    return "?";
}

std::string_view to_string(EndKind e) noexcept {
    switch (e) {
        case EndKind::two_passes:
            return "two_passes";
        case EndKind::record_end:
            return "record_end";
        case EndKind::stopped:
            return "stopped";
        case EndKind::no_moves:
            return "no_moves";
        case EndKind::no_result:
            return "no_result";
        case EndKind::all_pass_alive:
            return "all_pass_alive";
        case EndKind::counted:
            return "counted";
    }
    return "?";
}

std::string_view to_string(Unsettled u) noexcept {
    switch (u) {
        case Unsettled::no:
            return "no";
        case Unsettled::dame:
            return "dame";
        case Unsettled::small_eye:
            return "small_eye";
        case Unsettled::atari:
            return "atari";
        case Unsettled::oracle:
            return "oracle";
    }
    return "?";
}

std::string_view to_string(DivergenceKind k) noexcept {
    switch (k) {
        case DivergenceKind::legality:
            return "legality";
        case DivergenceKind::end:
            return "end";
        case DivergenceKind::outcome:
            return "outcome";
        case DivergenceKind::accounting:
            return "accounting";
        case DivergenceKind::record:
            return "record";
    }
    return "?";
}

std::string_view to_string(IssueCode c) noexcept {
    return issue_code_info(c).name;
}

std::string_view to_string(CountKind k) noexcept {
    switch (k) {
        case CountKind::area:
            return "area";
        case CountKind::territory:
            return "territory";
        case CountKind::quick:
            return "quick";
    }
    return "?";
}

const Count& count_of(const Score& s, CountKind k) noexcept {
    switch (k) {
        case CountKind::area:
            return s.area;
        case CountKind::territory:
            return s.territory;
        case CountKind::quick:
            return s.quick;
    }
    return s.area;
}

CountKind decisive_count(const Score& s) noexcept {
    return s.decisive == Scoring::area ? CountKind::area : CountKind::territory;
}

Position position_of(const game::Board& board) {
    Position p;
    p.width = board.width();
    p.height = board.height();
    p.cells.reserve(static_cast<std::size_t>(p.width) * static_cast<std::size_t>(p.height));
    for (int y = 0; y < p.height; ++y) {
        for (int x = 0; x < p.width; ++x) p.cells.push_back(board.at(game::to_vertex(x, y)));
    }
    return p;
}

std::string_view to_string(IssueSeverity s) noexcept {
    return s == IssueSeverity::note ? "note" : "error";
}

std::string_view to_string(RecordCheck c) noexcept {
    switch (c) {
        case RecordCheck::match:
            return "match";
        case RecordCheck::mismatch:
            return "mismatch";
        case RecordCheck::not_comparable:
            return "not_comparable";
        case RecordCheck::unmapped_rules:
            return "unmapped_rules";
        case RecordCheck::unsettled:
            return "unsettled";
        case RecordCheck::no_result:
            return "no_result";
        case RecordCheck::agreed:
            return "agreed";
        case RecordCheck::convention:
            return "convention";
    }
    return "?";
}

// Column letters skip I (AGA 1 comment: "letters ... omitting I"); past Z two letters.
std::string board_coordinates(sgf::Point p, int height) {
    static constexpr std::string_view kLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    std::string s;
    const int x = p.x;
    if (x < 25) {
        s += kLetters[static_cast<std::size_t>(x)];
    } else {
        s += kLetters[static_cast<std::size_t>(x / 25 - 1)];
        s += kLetters[static_cast<std::size_t>(x % 25)];
    }
    s += std::to_string(height - p.y);
    return s;
}

namespace {

bool is_sgf_letter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
int sgf_letter_value(char c) {
    return c >= 'a' && c <= 'z' ? c - 'a' : c - 'A' + 26;
}

// Column of a board letter (A..Z without I), case-insensitive; -1 if not one.
int board_letter_value(char c) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c < 'A' || c > 'Z' || c == 'I') return -1;
    return c < 'I' ? c - 'A' : c - 'A' - 1;
}

std::string_view trim(std::string_view s) {
    return text::trim_space_tab(s);
}

}  // namespace

std::optional<sgf::Point> resolve_point(std::string_view token, int width, int height) {
    token = trim(token);
    if (token.size() == 2 && is_sgf_letter(token[0]) && is_sgf_letter(token[1])) {
        const int x = sgf_letter_value(token[0]), y = sgf_letter_value(token[1]);
        if (x >= width || y >= height) return std::nullopt;
        return sgf::Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)};
    }
    // Board coordinates: one or two column letters, then the row counted from the bottom.
    std::size_t i = 0;
    int x = -1;
    while (i < token.size() && i < 2 && board_letter_value(token[i]) >= 0) ++i;
    if (i == 1) {
        x = board_letter_value(token[0]);
    } else if (i == 2) {
        x = (board_letter_value(token[0]) + 1) * 25 + board_letter_value(token[1]);
    } else {
        return std::nullopt;
    }
    if (i == token.size() || token.size() - i > 2) return std::nullopt;
    int row = 0;
    for (std::size_t j = i; j < token.size(); ++j) {
        if (token[j] < '0' || token[j] > '9') return std::nullopt;
        row = row * 10 + (token[j] - '0');
    }
    if (x >= width || row < 1 || row > height) return std::nullopt;
    return sgf::Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(height - row)};
}

std::optional<std::vector<std::string>> split_point_list(std::string_view text,
                                                         std::string& bad_token) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = text.find(',', start);
        if (comma == std::string_view::npos) comma = text.size();
        const std::string_view token = trim(text.substr(start, comma - start));
        if (token.empty() || !resolve_point(token, game::kMaxSide, game::kMaxSide)) {
            bad_token = std::string(token);
            return std::nullopt;
        }
        out.emplace_back(token);
        start = comma + 1;
    }
    return out;
}

bool has_findings(const GameAudit& a) noexcept {
    if (!a.auditable) return true;
    if (!a.divergences.empty()) return true;
    // R10: notes (encodings the tool reads and normalises) are never findings.
    if (std::any_of(a.record_issues.begin(), a.record_issues.end(),
                    [](const RecordIssue& i) { return i.severity == IssueSeverity::error; })) {
        return true;
    }
    if (a.record.check == RecordCheck::mismatch) return true;
    return std::any_of(a.results.begin(), a.results.end(),
                       [](const RulesetResult& r) { return !r.illegal.empty(); });
}

namespace detail {

void add_issue(GameAudit& out, std::uint32_t move, std::uint32_t offset, IssuePayload facts,
               IssueSeverity severity) {
    // The registry, sgfaudit/audit/issue_codes.hpp.
    assert(allowed_severity(code_of(facts), severity));
    out.record_issues.push_back(RecordIssue{move, offset, severity, std::move(facts)});
}

const RuMapping& RuCache::get(const std::string& ru) {
    for (std::size_t i = 0; i < used_; ++i) {
        if (cache_[i].valid && cache_[i].text == ru) return cache_[i].mapping;
    }
    Entry& e = cache_[next_];
    next_ = (next_ + 1) % kEntries;
    used_ = std::max(used_, next_ == 0 ? kEntries : next_);
    e.valid = false;
    e.text = ru;
    e.mapping = map_ru(ru);
    e.valid = true;
    return e.mapping;
}

}  // namespace detail

AuditScratch::AuditScratch() : replay_(std::make_unique<detail::ReplayScratch>()) {}
AuditScratch::~AuditScratch() = default;
AuditScratch::AuditScratch(AuditScratch&&) noexcept = default;
AuditScratch& AuditScratch::operator=(AuditScratch&&) noexcept = default;

GameAudit audit_game(const sgf::GameRecord& record, std::span<const Ruleset> rulesets,
                     const AuditOptions& options, AuditScratch& scratch) {
    detail::ReplayScratch& s = *scratch.replay_;
    GameAudit a = detail::Replay(record, rulesets, options, s).run();
    // The scratch keeps its history's memory for the next game, unless a long game made it
    // large: then it is given back, so a run holds no more than one such game's worth per
    // scratch (one per thread).
    s.history.release_if_above(detail::kKeptHistoryBytes);
    return a;
}

GameAudit audit_game(const sgf::GameRecord& record, std::span<const Ruleset> rulesets,
                     const AuditOptions& options) {
    AuditScratch scratch;
    return audit_game(record, rulesets, options, scratch);
}

}  // namespace sgfaudit::audit
