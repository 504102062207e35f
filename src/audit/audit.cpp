// One physical replay of a game record, judged under every chosen ruleset at once
// (rules-model.md sections 2 to 6). The board (game module) knows no rules; this file holds them.

#include "sgfaudit/audit/audit.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>

#include "history.hpp"
#include "scoring.hpp"
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
                                                         std::string& error) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = text.find(',', start);
        if (comma == std::string_view::npos) comma = text.size();
        const std::string_view token = trim(text.substr(start, comma - start));
        if (token.empty() || !resolve_point(token, game::kMaxSide, game::kMaxSide)) {
            error = fmt::format(
                "'{}' is not a point (write SGF letters like dd or board "
                "coordinates like D16)",
                token);
            return std::nullopt;
        }
        out.emplace_back(token);
        start = comma + 1;
    }
    return out;
}

namespace {

using detail::History;
using detail::Maker;
using detail::Repeats;

constexpr int idx(game::Color c) {
    return c == game::Color::black ? 0 : 1;
}

constexpr game::Color to_game(sgf::Color c) {
    return c == sgf::Color::black ? game::Color::black : game::Color::white;
}

Reason superko_reason(Ko ko) {
    switch (ko) {
        case Ko::psk:
            return Reason::positional_superko;
        case Ko::ssk:
            return Reason::situational_superko;
        case Ko::nssk:
            return Reason::natural_situational_superko;
        case Ko::simple:
            return Reason::simple_ko;
    }
    return Reason::positional_superko;
}

// The earlier position a play by `c` repeats under `ko`, per rules-model.md 2.
std::optional<std::uint32_t> repeated_under(Ko ko, const Repeats& rep, game::Color c) {
    switch (ko) {
        case Ko::psk:
            return rep.any;  // TT 6: any earlier grid colouring
        case Ko::ssk:
            return rep.after_turn[idx(c)];  // FFG 4: after a move or a pass by the same player
        case Ko::nssk:
            return rep.after_play[idx(c)];  // 002: positions the player created by placing
        case Ko::simple:
            return std::nullopt;
    }
    return std::nullopt;
}

// Lane::end_board of a lane that ended on the board as it stands now: the board is copied into
// Replay::end_boards_ only if it changes before the record ends (most games end right there).
constexpr int kCurrentBoard = -2;

// Per-ruleset replay state.
struct Lane {
    explicit Lane(RulesetResult& r) : result(r) {}
    RulesetResult& result;     // in GameAudit::results, where the lanes' results are built
    bool active = true;        // still judging plays (false: ended under `final`, or stopped)
    bool pending_end = false;  // resumable: a double pass was seen and nothing played since
    std::uint32_t last_double_pass = 0;
    detail::EndState end_state;
    int end_board = -1;     // the board when the game ended (final / stop): index into
                            // Replay::end_boards_; -1: the board at the end of the record;
                            // kCurrentBoard: the board as it stands (kept when it changes)
    bool internal = false;  // added only for the record check
};

using detail::KomiChoice;

KomiChoice choose_komi(const sgf::GameRecord& rec, const Ruleset& r, int handicap) {
    if (r.komi_override) return {*r.komi_override, "override"};
    if (rec.komi) {
        if (rec.komi->adjusted) {
            return {rec.komi->value, fmt::format("record (adjusted from KM[{}])", rec.komi_text)};
        }
        return {rec.komi->value, "record"};
    }
    // rules-model.md 1: default komi when KM is absent (002 rule 3 for AGA).
    if (handicap >= 2) {
        return {r.default_komi_handicap, rec.komi_given ? "default (KM unreadable)" : "default"};
    }
    return {r.default_komi_even, rec.komi_given ? "default (KM unreadable)" : "default"};
}

std::string point_text(sgf::Point p, int height) {
    return fmt::format("{} ({})", board_coordinates(p, height), sgf::sgf_coordinates(p));
}

std::string describe_illegal(const Illegal& i) {
    std::string s = fmt::format("illegal: {} ({})", to_string(i.reason), i.clause);
    if (i.repeats_move) s += fmt::format(", repeats the position after move {}", *i.repeats_move);
    return s;
}

std::string format_number(double v) {
    return fmt::format("{}", v);
}

std::string describe_count(const Count& c, std::string_view which) {
    if (c.winner == Winner::draw) return fmt::format("draw ({} {}-{})", which, c.black, c.white);
    return fmt::format("{}+{} ({}: B {} W {})", to_string(c.winner), format_number(c.margin), which,
                       format_number(c.black), format_number(c.white));
}

bool same_count(const Count& a, const Count& b) {
    return a.winner == b.winner && std::fabs(a.margin - b.margin) < 1e-9;
}

// What a replay uses only while it runs, kept by each thread from game to game so that a game
// allocates nothing for it once the thread has seen one as long (History::reset keeps memory).
struct ReplayScratch {
    History history;
    std::vector<game::Vertex> removed;
    std::vector<std::pair<std::size_t, std::optional<Illegal>>> verdicts;
};

// The history memory a thread keeps from one game to the next (a 19x19 game of 40,000 moves).
constexpr std::size_t kKeptHistoryBytes = std::size_t{4} << 20;

ReplayScratch& thread_scratch() {
    thread_local ReplayScratch scratch;
    return scratch;
}

// map_ru of `ru`, remembered for the last few RU texts the thread met (an archive repeats a
// handful). The reference stays valid until the thread's next call (one per replay).
const RuMapping& mapped_ru(const std::string& ru) {
    struct Entry {
        std::string text;
        RuMapping mapping;
        bool valid = false;  // false while being filled (nothing is kept if that throws)
    };
    constexpr std::size_t kEntries = 8;
    thread_local std::array<Entry, kEntries> cache;
    thread_local std::size_t used = 0, next = 0;
    for (std::size_t i = 0; i < used; ++i) {
        if (cache[i].valid && cache[i].text == ru) return cache[i].mapping;
    }
    Entry& e = cache[next];
    next = (next + 1) % kEntries;
    used = std::max(used, next == 0 ? kEntries : next);
    e.valid = false;
    e.text = ru;
    e.mapping = map_ru(ru);
    e.valid = true;
    return e.mapping;
}

class Replay {
  public:
    Replay(const sgf::GameRecord& rec, std::span<const Ruleset> rulesets,
           const AuditOptions& options)
        : rec_(rec), options_(options), board_(rec.size.width, rec.size.height) {
        out_.width = rec.size.width;
        out_.height = rec.size.height;
        // The chosen rulesets and perhaps the record's own: no reallocation afterwards, so the
        // lanes' references into out_.results stay valid. The record's own (internal) result is
        // dropped at the end.
        lanes_.reserve(rulesets.size() + 1);
        out_.results.reserve(rulesets.size() + 1);
        for (const Ruleset& r : rulesets) {
            lanes_.emplace_back(out_.results.emplace_back()).result.ruleset = r;
        }
        chosen_ = rulesets.size();
        // The record check needs the record's own RU ruleset; judge it too when not chosen.
        if (ru_.ruleset) {
            ru_lane_ = find_lane(*ru_.ruleset);
            if (!ru_lane_) {
                Lane& lane = lanes_.emplace_back(out_.results.emplace_back());
                lane.result.ruleset = *ru_.ruleset;
                if (!rulesets.empty())
                    lane.result.ruleset.komi_override = rulesets[0].komi_override;
                lane.internal = true;
                ru_lane_ = lanes_.size() - 1;
            }
        }
        // At most one tally per lane: no reallocation while one is in use. (end_boards_ grows
        // only during the replay and is read after it: most games keep no board there.)
        tallies_.reserve(lanes_.size());
    }

    GameAudit run() {
        if (!rec_.auditable) {
            out_.auditable = false;
            drop_internal_results();
            return std::move(out_);
        }
        setup_start();
        for (; next_event_ < rec_.events.size(); ++next_event_) {
            if ((next_event_ & 4095) == 0 && options_.cancel != nullptr &&
                options_.cancel->load(std::memory_order_relaxed) != 0) {
                drop_internal_results();  // unfinished: the caller drops it
                return std::move(out_);
            }
            const sgf::Event& e = rec_.events[next_event_];
            if (e.kind == sgf::EventKind::move) {
                on_move(e);
            } else if (e.kind == sgf::EventKind::to_play) {
                // R1: PL names the player to move next; the alternation continues from it.
                expected_ = to_game(e.color);
            } else {
                on_setup();
            }
        }
        finish();
        return std::move(out_);
    }

  private:
    // GameAudit::results holds the chosen rulesets' results only.
    void drop_internal_results() {
        out_.results.erase(out_.results.begin() + static_cast<std::ptrdiff_t>(chosen_),
                           out_.results.end());
    }

    std::optional<std::size_t> find_lane(const Ruleset& r) const {
        for (std::size_t i = 0; i < lanes_.size(); ++i) {
            if (same_rules(lanes_[i].result.ruleset, r)) return i;
        }
        return std::nullopt;
    }

    // R10: an error unless the code is one of the encodings the tool reads and normalises.
    void issue(std::uint32_t move, std::uint32_t offset, std::string code, std::string message,
               IssueSeverity severity = IssueSeverity::error) {
        if (options_.max_listed != 0 && !listable(code, severity)) return;
        out_.record_issues.push_back({move, offset, std::move(code), std::move(message), severity});
    }

    // AuditOptions::max_listed: false (and counted in record_issues_omitted) once `code` has
    // been listed that many times.
    bool listable(const std::string& code, IssueSeverity severity) {
        auto listed = std::find_if(listed_.begin(), listed_.end(),
                                   [&](const auto& c) { return c.first == code; });
        if (listed == listed_.end()) listed = listed_.insert(listed_.end(), {code, 0});
        if (listed->second < options_.max_listed) {
            ++listed->second;
            return true;
        }
        auto& omitted = out_.record_issues_omitted;
        auto o = std::find_if(omitted.begin(), omitted.end(),
                              [&](const OmittedIssues& x) { return x.code == code; });
        if (o == omitted.end()) o = omitted.insert(omitted.end(), {code, severity, 0});
        ++o->count;
        return false;
    }

    void add_illegal(Lane& l, const Illegal& ill) {
        if (options_.max_listed != 0 && l.result.illegal.size() >= options_.max_listed) {
            ++l.result.illegal_omitted;
        } else {
            l.result.illegal.push_back(ill);
        }
    }

    // The start position: the root's setup (and setup and PL before the first move, R1 and R6),
    // the handicap (R4, R5), who moves first (rules-model.md 2, 3, 7).
    void setup_start() {
        bool later_setup_noted = false;
        std::optional<game::Color> to_play;
        if (rec_.to_play) to_play = to_game(*rec_.to_play);
        while (next_event_ < rec_.events.size() &&
               rec_.events[next_event_].kind != sgf::EventKind::move) {
            const sgf::Event& e = rec_.events[next_event_];
            if (e.kind == sgf::EventKind::to_play) {
                to_play = to_game(e.color);  // R1
            } else {
                apply_setup_run();  // this event and the setup events right after it
                if (e.depth > 0 && !later_setup_noted) {
                    later_setup_noted = true;
                    issue(0, e.offset, "setup_after_root",
                          "setup stones in a node after the root, before the first move: counted "
                          "as part of the start position",
                          IssueSeverity::note);  // R6
                }
            }
            ++next_event_;
        }
        const sgf::Event* first_move =
            next_event_ < rec_.events.size() ? &rec_.events[next_event_] : nullptr;
        const int root_black = board_.stones(game::Color::black);
        const int root_white = board_.stones(game::Color::white);
        const int ha = rec_.handicap.value_or(0);
        bool missing = false;
        if (ha >= 2) {
            if (root_black > 0) {
                // R4: n = min(HA, Black setup stones before the first move).
                out_.handicap = std::min(ha, root_black);
                if (root_black != ha) {
                    issue(0, 0, "handicap_mismatch",
                          fmt::format("HA[{}] but the start position has {} black stones; "
                                      "handicap taken as {}",
                                      ha, root_black, out_.handicap));
                }
            } else if (first_move != nullptr && first_move->color == sgf::Color::white &&
                       !first_move->pass) {
                // R5: no stone before the first move and White plays first.
                missing = true;
                infer_handicap(ha);
            } else {
                // TT comment 5, FFG preliminary rule: the first n Black plays are the placement;
                // n counts the stones placed (R4).
                out_.handicap_by_plays = true;
                placement_target_ = ha;
            }
        }

        // Who moves first (rules-model.md 3, R1): PL; White after an AB handicap (AGA 2) or
        // where the handicap is missing (R5); the colour of the first play in a position record;
        // else Black (TT 5, AGA 2).
        if (to_play) {
            first_ = *to_play;
        } else if (missing || (out_.handicap >= 2 && !out_.handicap_by_plays)) {
            first_ = game::Color::white;
        } else if ((root_black > 0 || root_white > 0) && first_move != nullptr) {
            first_ = to_game(first_move->color);
        } else {
            first_ = game::Color::black;
        }
        out_.first_player = first_;
        expected_ = first_;

        if (ha < 2 && (root_black > 0 || root_white > 0)) {
            // R10: one Black stone with White to move is how OGS records a one-stone handicap.
            const bool ogs_one = root_black == 1 && root_white == 0 && first_ == game::Color::white;
            issue(0, 0, "setup_without_handicap",
                  fmt::format("the start position has {} black and {} white stones but no HA of 2 "
                              "or more: not a handicap",
                              root_black, root_white),
                  ogs_one ? IssueSeverity::note : IssueSeverity::error);
        } else if (ha < 2 && rec_.handicap && ha == 1) {
            issue(0, 0, "handicap_one", "HA[1]: no handicap stones; scored as an even game",
                  IssueSeverity::note);
        }
        // (An empty start position has no string at all: the scan of the board is skipped.)
        if ((root_black > 0 || root_white > 0) &&
            board_.find_string_without_liberties() != game::kNoVertex) {
            issue(0, 0, "no_liberties_after_setup",
                  "the start position has a string without liberties (setup never captures)");
        }

        // The start position counts as made by a board play of the player who does not move
        // first (rules-model.md 2; FFG preliminary rule, TT comment 5).
        // Reserved by positions, not events: one per move and the start (a setup node after
        // the start adds one more, the history grows for it), never one per setup point.
        history_.reset(board_.snapshot_size(),
                       std::min<std::size_t>(rec_.moves, rec_.events.size()) + 1);
        history_.add(board_, 0, detail::maker_of(game::opponent(first_)), true);

        if (rec_.komi && rec_.komi->adjusted) {
            issue(0, 0, "komi_quirk",
                  fmt::format("KM[{}] read as {} (see the reader's S21x diagnostic)",
                              rec_.komi_text, rec_.komi->value),
                  IssueSeverity::note);  // R3
        }
    }

    // R5: HA >= 2, no Black stone before the first move, White plays first. On 19x19, 13x13 and
    // 9x9, where GTP 2's fixed_handicap defines the count, the stones are inferred: the first
    // layout under which no play of the main line lands on an occupied point (GTP 2's; for 6 and
    // 7 stones then Fox's older one with the side stones on the top and bottom), else GTP 2's.
    // Elsewhere nothing is placed and n = 0.
    void infer_handicap(int ha) {
        const int size = rec_.size.width;
        std::array<std::vector<sgf::Point>, 2> layouts;
        std::size_t count = 0;
        if (rec_.size.width == rec_.size.height && (size == 19 || size == 13 || size == 9)) {
            layouts[0] = fixed_handicap(size, ha, false);
            if (!layouts[0].empty()) count = 1;
            if (count == 1 && (ha == 6 || ha == 7)) {
                layouts[1] = fixed_handicap(size, ha, true);
                count = 2;
            }
        }
        std::size_t chosen = 0;
        for (std::size_t i = 0; i < count; ++i) {
            if (layout_fits(layouts[i])) {
                chosen = i;
                break;
            }
        }
        std::string placed;
        if (count > 0) {
            for (const sgf::Point& p : layouts[chosen]) {
                const game::Vertex v = game::to_vertex(p.x, p.y);
                if (board_.at(v) != game::Cell::empty) continue;  // never over a setup stone
                board_.set_stone(v, game::Color::black);
                placed += (placed.empty() ? "" : " ") + board_coordinates(p, rec_.size.height);
            }
            out_.handicap = ha;
        }
        issue(0, 0, "handicap_missing",
              fmt::format("HA[{}] but no black stone before the first move, and White plays first: "
                          "the record lacks its handicap stones",
                          ha));
        if (count > 0) {
            issue(0, 0, "handicap_inferred",
                  fmt::format("{} handicap stones inferred at {} ({})", ha, placed,
                              chosen == 1 ? "Fox's layout with the side stones on the top and "
                                            "bottom"
                                          : "GTP 2 fixed_handicap"),
                  IssueSeverity::note);
        }
    }

    // GTP 2's fixed_handicap points of `n` stones on a size x size board (odd size >= 9: up to 9
    // stones; the corner stones on the third line below 13x13, else on the fourth), or none.
    // `fox`: for 6 and 7 stones, the two side stones on the top and bottom instead.
    static std::vector<sgf::Point> fixed_handicap(int size, int n, bool fox) {
        if (size < 9 || size % 2 == 0 || n < 2 || n > 9) return {};
        const int edge = size < 13 ? 2 : 3;
        const int lo = edge, mid = (size - 1) / 2, hi = size - 1 - edge;
        // Columns and rows counted from the lower left (GTP); SGF rows from the top.
        const auto at = [&](int col, int row) {
            return sgf::Point{static_cast<std::uint8_t>(col),
                              static_cast<std::uint8_t>(size - 1 - row)};
        };
        std::vector<sgf::Point> p = {at(lo, lo), at(hi, hi)};  // D4, Q16
        if (n >= 3) p.push_back(at(lo, hi));                   // D16
        if (n >= 4) p.push_back(at(hi, lo));                   // Q4
        if (n >= 6) {
            if (fox && n <= 7) {
                p.push_back(at(mid, hi));  // K16
                p.push_back(at(mid, lo));  // K4
            } else {
                p.push_back(at(lo, mid));  // D10
                p.push_back(at(hi, mid));  // Q10
            }
        }
        if (n >= 8) {
            p.push_back(at(mid, lo));  // K4
            p.push_back(at(mid, hi));  // K16
        }
        if (n % 2 == 1 && n >= 5) p.push_back(at(mid, mid));  // K10
        return p;
    }

    // Whether no play of the main line lands on an occupied point with `stones` added to the
    // start position (TT 7 physics, setup applied, skipped plays skipped).
    bool layout_fits(const std::vector<sgf::Point>& stones) const {
        game::Board b = board_;
        for (const sgf::Point& p : stones) {
            const game::Vertex v = game::to_vertex(p.x, p.y);
            if (b.at(v) != game::Cell::empty) return false;  // a White setup stone is there
            b.set_stone(v, game::Color::black);
        }
        for (std::size_t i = next_event_; i < rec_.events.size(); ++i) {
            const sgf::Event& e = rec_.events[i];
            if (e.kind == sgf::EventKind::to_play) continue;
            const game::Vertex v = game::to_vertex(std::min<int>(e.point.x, game::kMaxSide - 1),
                                                   std::min<int>(e.point.y, game::kMaxSide - 1));
            if (e.kind != sgf::EventKind::move) {
                if (!b.on_board(v)) continue;
                if (e.kind == sgf::EventKind::add_black) b.set_stone(v, game::Color::black);
                if (e.kind == sgf::EventKind::add_white) b.set_stone(v, game::Color::white);
                if (e.kind == sgf::EventKind::add_empty) b.clear(v);
                continue;
            }
            if (e.pass || e.off_board || !b.on_board(v)) continue;
            if (b.at(v) != game::Cell::empty) return false;
            b.play(v, to_game(e.color), true);
        }
        return true;
    }

    static bool is_setup(sgf::EventKind k) {
        return k == sgf::EventKind::add_black || k == sgf::EventKind::add_white ||
               k == sgf::EventKind::add_empty;
    }

    // Applies the setup event at next_event_ and the setup events of the same node right after
    // it, leaving next_event_ at the last one applied. One by one when they are few; many (a
    // rectangle such as AE[aa:ZZ] over a large string, where each cleared stone makes the board
    // rebuild what is left of its string: quadratic in the points) are applied to a copy of the
    // cells, and the board is made again from them, once.
    void apply_setup_run() {
        const std::uint32_t depth = rec_.events[next_event_].depth;
        std::size_t end = next_event_ + 1;
        while (end < rec_.events.size() && rec_.events[end].depth == depth &&
               is_setup(rec_.events[end].kind))
            ++end;
        constexpr std::size_t kFew = 32;
        if (end - next_event_ <= kFew) {
            for (; next_event_ < end; ++next_event_) apply_setup(rec_.events[next_event_]);
            --next_event_;
            return;
        }
        std::array<game::Cell, game::kCells> cells;
        for (game::Vertex v = 0; v < game::kCells; ++v) cells[v] = board_.at(v);
        for (; next_event_ < end; ++next_event_) {
            const sgf::Event& e = rec_.events[next_event_];
            const game::Vertex v = game::to_vertex(e.point.x, e.point.y);
            if (!board_.on_board(v)) continue;  // the reader keeps only points on the board
            cells[v] = e.kind == sgf::EventKind::add_black   ? game::Cell::black
                       : e.kind == sgf::EventKind::add_white ? game::Cell::white
                                                             : game::Cell::empty;
        }
        --next_event_;
        game::Board fresh(board_.width(), board_.height());
        for (int y = 0; y < board_.height(); ++y) {
            for (int x = 0; x < board_.width(); ++x) {
                const game::Cell c = cells[game::to_vertex(x, y)];
                if (c == game::Cell::black)
                    fresh.set_stone(game::to_vertex(x, y), game::Color::black);
                if (c == game::Cell::white)
                    fresh.set_stone(game::to_vertex(x, y), game::Color::white);
            }
        }
        board_ = fresh;
    }

    void apply_setup(const sgf::Event& e) {
        const game::Vertex v = game::to_vertex(e.point.x, e.point.y);
        if (!board_.on_board(v)) return;  // the reader keeps only points on the board
        switch (e.kind) {
            case sgf::EventKind::add_black:
                board_.set_stone(v, game::Color::black);
                break;
            case sgf::EventKind::add_white:
                board_.set_stone(v, game::Color::white);
                break;
            case sgf::EventKind::add_empty:
                board_.clear(v);
                break;
            case sgf::EventKind::move:
            case sgf::EventKind::to_play:
                break;
        }
    }

    // Setup after the first move: not a turn, the history is kept (rules-model.md 2).
    void on_setup() {
        board_changes();
        apply_setup_run();  // leaves next_event_ at the last setup event of the run
        const sgf::Event& e = rec_.events[next_event_];
        // Positions after setup count for psk only. Record one per node: the last setup event
        // of a node adds the position.
        const bool last_of_node = next_event_ + 1 >= rec_.events.size() ||
                                  rec_.events[next_event_ + 1].depth != e.depth ||
                                  !is_setup(rec_.events[next_event_ + 1].kind);
        if (last_of_node) {
            history_.add(board_, move_, Maker::setup, false);
            issue(move_, e.offset, "setup_after_start",
                  fmt::format("setup stones after move {}: not a turn; the position counts for "
                              "positional superko, the history is kept",
                              move_));
            prev_ko_ = game::kNoVertex;
        }
    }

    void on_move(const sgf::Event& e) {
        ++move_;
        // R7: a ruleset stopped at this move is counted on the state before it.
        before_state_ = state(false);
        const game::Color c = to_game(e.color);
        // Turn order (AGA 8, TT 5, FFG 1), handicap placement by plays (TT comment 5, FFG
        // preliminary rule; R4, R9).
        bool out_of_turn = false;
        if (placing()) {
            if (c == game::Color::black && !e.pass) {
                ++out_.handicap;  // R4: n counts the stones placed
                if (!placing()) expected_ = game::Color::white;
            } else if (c == game::Color::white && e.pass) {
                // FFG preliminary rule: White passes during the placement. R4: such a pass is
                // part of the placement: no pass stone, never part of a double pass.
                last_turn_ = c;
                any_turn_ = true;
                consecutive_passes_ = 0;
                prev_ko_ = game::kNoVertex;
                history_.add(board_, move_, detail::maker_of(c), false);
                return;
            } else {
                // R4, R9: a White play or a Black pass ends the placement and is in turn.
                issue(move_, e.offset, "placement_interrupted",
                      fmt::format("move {}: {} before the {} handicap stones were placed; "
                                  "handicap taken as {}",
                                  move_, e.pass ? "a pass" : "a play", placement_target_,
                                  out_.handicap));
                placement_target_ = out_.handicap;
                expected_ = game::opponent(c);
            }
        } else {
            out_of_turn = c != expected_;
            expected_ = game::opponent(c);
        }
        last_turn_ = c;
        any_turn_ = true;

        if (e.pass) {
            on_pass(e, c, out_of_turn);
            return;
        }
        consecutive_passes_ = 0;
        if (e.off_board) {
            skipped(e, c, Reason::off_board);  // R2
            return;
        }
        const game::Vertex v = game::to_vertex(e.point.x, e.point.y);
        if (e.point.x >= rec_.size.width || e.point.y >= rec_.size.height || !board_.on_board(v)) {
            skipped(e, c, Reason::off_board);
            return;
        }
        if (board_.at(v) != game::Cell::empty) {
            skipped(e, c, Reason::occupied);
            return;
        }
        play(e, c, v, out_of_turn);
    }

    // Placement by plays is under way (R4).
    bool placing() const noexcept {
        return out_.handicap_by_plays && out_.handicap < placement_target_;
    }

    // A play that cannot stand: every ruleset calls it illegal; no position, no pass stone.
    void skipped(const sgf::Event& e, game::Color c, Reason why) {
        Illegal ill;
        ill.move = move_;
        ill.color = c;
        ill.point = e.point;
        ill.reason = why;
        ill.clause = clause(why == Reason::occupied ? CommonRule::occupied : CommonRule::off_board);
        ill.applied = false;
        for (Lane& l : lanes_) {
            if (!l.active) continue;
            add_illegal(l, ill);
            if (options_.on_illegal == IllegalPolicy::stop) stop_lane(l, nullptr);
        }
        std::string where;
        if (why == Reason::occupied) {
            where = "plays on the occupied point " + point_text(e.point, rec_.size.height);
        } else if (e.point == sgf::kNoPoint) {
            where = "plays off the board (a value that is not a point)";
        } else {
            where = "plays off the board at " + sgf::sgf_coordinates(e.point);
        }
        issue(move_, e.offset, std::string(to_string(why)),
              fmt::format("move {}: {} {}", move_, c == game::Color::black ? "B" : "W", where));
        prev_ko_ = game::kNoVertex;
    }

    // `before`: the board the lane stops on, or nullptr for the board as it stands. R7: the
    // ruleset ends with the move before the illegal one, counted on the state before it. A lane
    // whose game had ended by a double pass (resumable, nothing played since) ends there.
    void stop_lane(Lane& l, const game::Board* before) {
        l.active = false;
        l.end_state = before_state_;
        if (l.pending_end) {
            l.pending_end = false;
            l.result.end = EndKind::two_passes;
            l.result.end_move = l.last_double_pass;
            l.end_state.scored = true;
        } else {
            l.result.end = EndKind::stopped;
            l.result.end_move = move_ - 1;
        }
        l.end_board = before != nullptr ? keep_end_board(*before) : end_on_current_board();
    }

    detail::EndState state(bool scored) const {
        detail::EndState s;
        s.captures_by_black = captures_[0];
        s.captures_by_white = captures_[1];
        s.passes_black = passes_[0];
        s.passes_white = passes_[1];
        s.black_moved_last = any_turn_ && last_turn_ == game::Color::black;
        s.scored = scored;
        return s;
    }

    void on_pass(const sgf::Event& e, game::Color c, bool out_of_turn) {
        if (out_of_turn) {
            Illegal ill;
            ill.move = move_;
            ill.color = c;
            ill.pass = true;
            ill.reason = Reason::out_of_turn;
            ill.clause = clause(CommonRule::out_of_turn);
            for (Lane& l : lanes_) {
                if (!l.active) continue;
                add_illegal(l, ill);
                if (options_.on_illegal == IllegalPolicy::stop) stop_lane(l, nullptr);
            }
            issue(move_, e.offset, "out_of_turn",
                  fmt::format("move {}: {} passes out of turn", move_,
                              c == game::Color::black ? "B" : "W"));
        }
        ++passes_[idx(c)];
        ++consecutive_passes_;
        prev_ko_ = game::kNoVertex;
        if (consecutive_passes_ == 1 && any_pending_) {
            // A pass after a skipped play that followed a double pass resumes the game (R8);
            // it is no double pass itself (the skipped play broke the run of passes).
            for (Lane& l : lanes_) {
                if (l.active && l.pending_end) {
                    l.pending_end = false;
                    l.result.resumed = true;
                }
            }
            any_pending_ = false;
        }
        // A pass is a turn: its position counts for ssk, not for nssk (rules-model.md 2).
        history_.add(board_, move_, detail::maker_of(c), false);
        if (consecutive_passes_ < 2) return;
        // Two consecutive passes end the game (TT 8, AGA 9, FFG 5).
        for (Lane& l : lanes_) {
            if (!l.active) continue;
            if (l.result.ruleset.end == GameEnd::final) {
                l.active = false;
                l.result.end = EndKind::two_passes;
                l.result.end_move = move_;
                l.end_state = state(true);
                l.end_board = end_on_current_board();
            } else {
                l.pending_end = true;
                l.last_double_pass = move_;
                any_pending_ = true;
            }
        }
    }

    void play(const sgf::Event& e, game::Color c, game::Vertex v, bool out_of_turn) {
        // TT 7 physics: as-it-stands (AGA 8) for every ruleset. The stones the play removes are
        // kept so that the board before it can be rebuilt when some ruleset finds it illegal.
        board_changes();
        removed_.clear();
        const game::PlayEffect fx = board_.play(v, c, true, &removed_);
        captures_[idx(c)] += fx.captured_stones;
        captures_[idx(game::opponent(c))] += fx.suicide_stones;  // TT 7 self-clearing
        const bool retake =
            prev_ko_ != game::kNoVertex && prev_ko_ == v && fx.ko_point != game::kNoVertex;

        // The new position is recorded at once (nothing below reads the history); the earlier
        // ones are searched only when one has the same hash.
        Repeats rep;
        if (history_.add(board_, move_, detail::maker_of(c), true)) {
            rep = history_.find(board_, history_.size() - 1);
        }
        const bool unchanged = fx.suicide && fx.captured_stones == 0 && fx.suicide_stones == 1;

        if (!out_of_turn && !fx.suicide && !retake && !rep.any) {
            // Legal under every ruleset (no suicide, no ko shape retaken, no earlier position
            // repeated): nothing to judge, only a resumption to note. Most plays end here.
            if (any_pending_) {
                for (Lane& l : lanes_) {
                    if (l.active && l.pending_end) {
                        l.pending_end = false;  // play resumes after two passes (AGA 10, FFG 5a)
                        l.result.resumed = true;
                    }
                }
                any_pending_ = false;
            }
            prev_ko_ = fx.ko_point;
            return;
        }

        // Some ruleset may find the play illegal: the board before it, for the diagram and
        // for `stop`.
        before_ = board_;
        before_->undo_play(v, c, fx, removed_);
        const game::Board* before = &*before_;

        // Judge under every active ruleset.
        std::vector<std::pair<std::size_t, std::optional<Illegal>>>& verdicts = verdicts_;
        verdicts.clear();  // reused: no allocation per move once the lanes are known
        for (std::size_t i = 0; i < lanes_.size(); ++i) {
            Lane& l = lanes_[i];
            if (!l.active) continue;
            std::optional<Illegal> ill =
                judge(l.result.ruleset, c, fx, rep, retake, unchanged, out_of_turn);
            if (ill) {
                ill->move = move_;
                ill->color = c;
                ill->point = e.point;
                add_illegal(l, *ill);
                if (options_.on_illegal == IllegalPolicy::stop) stop_lane(l, before);
            } else if (rep.any && l.result.repeated_move == 0 &&
                       l.result.ruleset.cycle == Cycle::no_result) {
                l.result.repeated_move = move_;  // J 12: a whole-board position repeated
            }
            if (l.pending_end) {
                l.pending_end = false;  // play resumes after a double pass (AGA 10, FFG 5a)
                l.result.resumed = true;
            }
            verdicts.emplace_back(i, std::move(ill));
        }
        note_legality(e, c, verdicts, before);
        if (out_of_turn) {
            issue(move_, e.offset, "out_of_turn",
                  fmt::format("move {}: {} plays {} out of turn (the same colour twice)", move_,
                              c == game::Color::black ? "B" : "W",
                              point_text(e.point, rec_.size.height)));
        }
        prev_ko_ = fx.ko_point;
    }

    std::optional<Illegal> judge(const Ruleset& r, game::Color c, const game::PlayEffect& fx,
                                 const Repeats& rep, bool retake, bool unchanged,
                                 bool out_of_turn) const {
        Illegal ill;
        if (out_of_turn) {
            ill.reason = Reason::out_of_turn;
            ill.clause = clause(CommonRule::out_of_turn);
            return ill;
        }
        if (fx.suicide) {
            if (r.suicide == Suicide::forbidden) {
                ill.reason = Reason::suicide;  // AGA 5, FFG 3
                ill.clause = r.clause(Knob::suicide);
                return ill;
            }
            if (unchanged) {
                // TT 7 clears the lone stone: the grid colouring is unchanged, so TT 6 forbids it
                // (rules-model.md 3: "suicide, repeats the position").
                ill.reason = Reason::suicide;
                ill.clause = clause(CommonRule::lone_suicide_repeats);
                ill.repeats_move = rep.any;
                return ill;
            }
        }
        if (r.ko == Ko::simple) {
            if (retake) {
                ill.reason = Reason::simple_ko;
                ill.clause = r.clause(Knob::ko);
                ill.repeats_move = rep.any;
                return ill;
            }
            return std::nullopt;
        }
        if (const auto m = repeated_under(r.ko, rep, c)) {
            ill.reason = superko_reason(r.ko);
            ill.clause = r.clause(Knob::ko);
            ill.repeats_move = m;
            return ill;
        }
        return std::nullopt;
    }

    // Divergence kind 1 (rules-model.md 6.1) and plays no active ruleset allows.
    void note_legality(const sgf::Event& e, game::Color c,
                       const std::vector<std::pair<std::size_t, std::optional<Illegal>>>& verdicts,
                       const game::Board* before) {
        std::size_t legal = 0, illegal = 0;
        const Illegal* under_ru = nullptr;
        for (const auto& [i, ill] : verdicts) {
            if (ru_lane_ && i == *ru_lane_ && ill) under_ru = &*ill;
            if (i >= chosen_) continue;
            (ill ? illegal : legal) += 1;
        }
        // R10: a play illegal under the record's own modelled rules is an error of the record
        // (when every chosen ruleset forbids it, illegal_everywhere below says so).
        if (under_ru != nullptr && under_ru->reason != Reason::out_of_turn &&
            (legal > 0 || illegal == 0)) {
            issue(move_, e.offset, "illegal_under_record_rules",
                  fmt::format("move {}: {} {} is illegal under the record's rules RU[{}] ({}: {})",
                              move_, c == game::Color::black ? "B" : "W",
                              point_text(e.point, rec_.size.height), rec_.rules,
                              lane_name(*ru_lane_), to_string(under_ru->reason)));
        }
        if (illegal == 0) return;
        if (legal == 0) {
            // Not a rule difference: every chosen ruleset forbids it (out of turn is reported on
            // its own).
            const Illegal& first = *verdicts.front().second;
            if (first.reason != Reason::out_of_turn) {
                std::string why;
                for (const auto& [i, ill] : verdicts) {
                    if (i >= chosen_) continue;
                    why += fmt::format("{}{}: {}", why.empty() ? "" : "; ", lane_name(i),
                                       to_string(ill->reason));
                }
                issue(move_, e.offset, "illegal_everywhere",
                      fmt::format("move {}: {} {} is illegal under every ruleset still judging "
                                  "the game ({})",
                                  move_, c == game::Color::black ? "B" : "W",
                                  point_text(e.point, rec_.size.height), why));
            }
            return;
        }
        if (options_.max_listed != 0 && legality_listed_++ >= options_.max_listed) {
            ++out_.divergences_omitted[static_cast<std::size_t>(DivergenceKind::legality)];
            return;
        }
        Divergence d;
        d.kind = DivergenceKind::legality;
        d.move = move_;
        d.color = c;
        d.has_point = true;
        d.point = e.point;
        std::vector<std::string> clauses;
        std::string legal_names, illegal_names;
        for (const auto& [i, ill] : verdicts) {
            if (i >= chosen_) continue;
            Verdict v;
            v.ruleset = i;
            v.legal = !ill.has_value();
            if (ill) {
                v.reason = ill->reason;
                v.clause = ill->clause;
                v.repeats_move = ill->repeats_move;
                v.text = describe_illegal(*ill);
                if (std::find(clauses.begin(), clauses.end(), ill->clause) == clauses.end()) {
                    clauses.push_back(ill->clause);
                }
                illegal_names += (illegal_names.empty() ? "" : ", ") + lane_name(i);
            } else {
                v.text = "legal";
                legal_names += (legal_names.empty() ? "" : ", ") + lane_name(i);
            }
            d.verdicts.push_back(std::move(v));
        }
        for (const std::string& cl : clauses) d.clause += (d.clause.empty() ? "" : "; ") + cl;
        d.summary = fmt::format("move {}: {} {} is legal under {}, illegal under {}", move_,
                                c == game::Color::black ? "B" : "W",
                                point_text(e.point, rec_.size.height), legal_names, illegal_names);
        if (options_.diagrams) {
            if (before != nullptr) d.board_before = before->to_ascii();
            d.board_after = board_.to_ascii();
        }
        out_.divergences.push_back(std::move(d));
    }

    std::string lane_name(std::size_t i) const {
        const Ruleset& r = lanes_[i].result.ruleset;
        return r.spec.empty() ? r.name : r.spec;
    }

    void finish() {
        out_.moves = move_;
        for (Lane& l : lanes_) {
            if (l.end_board == kCurrentBoard) l.end_board = -1;  // the board never changed since
        }
        dead_policy_ = options_.dead;
        if (dead_policy_ == DeadPolicy::automatic) {
            // `--dead auto`: the players' markup where the final node has any, else Benson.
            const bool markup = !rec_.territory_black.empty() || !rec_.territory_white.empty();
            dead_policy_ = markup ? DeadPolicy::markup : DeadPolicy::pass_alive;
        }
        std::vector<Vertex> dead = dead_points();
        for (Lane& l : lanes_) {
            RulesetResult& res = l.result;
            if (l.active) {
                if (move_ == 0) {
                    res.end = EndKind::no_moves;
                    res.end_move = 0;
                    l.end_state = state(false);
                } else if (l.pending_end) {
                    res.end = EndKind::two_passes;
                    res.end_move = l.last_double_pass;
                    l.end_state = state(true);
                } else {
                    // J 12: after a repeated position, a record that stops without two passes
                    // with RE Void is a game the players ended without result.
                    res.end = res.repeated_move != 0 && rec_.result &&
                                      rec_.result->kind == sgf::ResultKind::void_game
                                  ? EndKind::no_result
                                  : EndKind::record_end;
                    res.end_move = move_;
                    l.end_state = state(false);
                }
                l.end_board = -1;
            }
            if (res.end == EndKind::two_passes && res.ruleset.end == GameEnd::final) {
                res.moves_after_end = move_ - res.end_move;
            }
            // Dead stones (rules-model.md 5). Strict Tromp-Taylor (end=final, TT 8 without the
            // comment-8 agreement) scores the board as it is.
            const bool strict_tt = res.ruleset.end == GameEnd::final;
            const detail::KomiChoice komi = choose_komi(rec_, res.ruleset, out_.handicap);
            const Tallied& tallied = tally_of(l.end_board, strict_tt, dead, l.end_state.scored);
            res.score = detail::score_position(
                tallied.tally, res.ruleset, l.end_state, out_.handicap, komi,
                strict_tt ? std::string_view("none (strict TT 8: the board as it is)")
                : dead_policy_ == DeadPolicy::gnugo && !l.end_state.scored
                    ? std::string_view("none (gnugo is asked only about games ended by two passes)")
                : dead_policy_ == DeadPolicy::pass_alive && !l.end_state.scored
                    ? std::string_view("none (pass-alive is decided only for games ended by two "
                                       "passes)")
                : tallied.source.empty() ? to_string(dead_policy_)
                                         : std::string_view(tallied.source));
        }
        divergences_after_replay();
        record_check();
        result_plausibility();
        drop_internal_results();
        std::stable_sort(out_.divergences.begin(), out_.divergences.end(),
                         [](const Divergence& a, const Divergence& b) {
                             if (a.kind != b.kind) return a.kind < b.kind;
                             return a.move < b.move;
                         });
    }

    using Vertex = game::Vertex;

    std::vector<Vertex> dead_points() {
        std::vector<Vertex> out;
        if (dead_policy_ == DeadPolicy::markup) {
            // Stones on points marked as the opponent's territory are dead.
            for (const sgf::Point& p : rec_.territory_black) {
                const Vertex v = game::to_vertex(p.x, p.y);
                if (board_.on_board(v) && board_.at(v) == game::Cell::white) out.push_back(v);
            }
            for (const sgf::Point& p : rec_.territory_white) {
                const Vertex v = game::to_vertex(p.x, p.y);
                if (board_.on_board(v) && board_.at(v) == game::Cell::black) out.push_back(v);
            }
        } else if (dead_policy_ == DeadPolicy::list) {
            for (const std::string& token : options_.dead_points) {
                const auto p = resolve_point(token, rec_.size.width, rec_.size.height);
                if (!p) {
                    issue(0, 0, "dead_point_off_board",
                          fmt::format("dead stone '{}' is not a point of this {}x{} board", token,
                                      rec_.size.width, rec_.size.height));
                    continue;
                }
                out.push_back(game::to_vertex(p->x, p->y));
            }
        }
        return out;
    }

    // Divergence kinds 2 to 4 (rules-model.md 6).
    void divergences_after_replay() {
        if (chosen_ < 1) return;
        // 2. end
        bool differ = false;
        for (std::size_t i = 1; i < chosen_; ++i) {
            const RulesetResult& a = lanes_[0].result;
            const RulesetResult& b = lanes_[i].result;
            if (a.end_move != b.end_move || a.end != b.end) differ = true;
        }
        if (differ) {
            Divergence d;
            d.kind = DivergenceKind::end;
            d.move = lanes_[0].result.end_move;
            std::vector<std::string> parts;
            for (std::size_t i = 0; i < chosen_; ++i) {
                const RulesetResult& r = lanes_[i].result;
                d.move = std::min(d.move, r.end_move);
                Verdict v;
                v.ruleset = i;
                v.text = describe_end(r);
                add_clause(d.clause, r.ruleset.clause(Knob::end));
                parts.push_back(fmt::format("{}: {}", lane_name(i), v.text));
                d.verdicts.push_back(std::move(v));
            }
            d.summary = fmt::format("the game ends at different moves: {}", join(parts, "; "));
            for (std::size_t i = 0; i < chosen_; ++i) {
                if (lanes_[i].result.end_move == d.move) {
                    position_at_end(d, i);
                    break;
                }
            }
            out_.divergences.push_back(std::move(d));
        }
        // 3. outcome: the deciding counts of the rulesets whose game was scored.
        // (No list of the scored lanes is built unless their winners differ.)
        std::optional<std::size_t> first_scored;
        bool winners_differ = false;
        for (std::size_t i = 0; i < chosen_; ++i) {
            const Score& s = lanes_[i].result.score;
            if (!s.scored) continue;
            if (!first_scored) {
                first_scored = i;
            } else if (s.decision().winner !=
                       lanes_[*first_scored].result.score.decision().winner) {
                winners_differ = true;
            }
        }
        if (winners_differ) {
            Divergence d;
            d.kind = DivergenceKind::outcome;
            std::vector<std::string> parts;
            for (std::size_t i = 0; i < chosen_; ++i) {
                const Score& s = lanes_[i].result.score;
                if (!s.scored) continue;
                Verdict v;
                v.ruleset = i;
                v.text = describe_count(s.decision(), to_string(s.decisive));
                add_clause(d.clause, lanes_[i].result.ruleset.clause(Knob::scoring));
                parts.push_back(fmt::format("{}: {}", lane_name(i), v.text));
                d.verdicts.push_back(std::move(v));
            }
            d.summary = fmt::format("different winners: {}", join(parts, "; "));
            position_at_end(d, *first_scored);
            out_.divergences.push_back(std::move(d));
        }
        // 4. accounting: AGA area vs territory (AGA 12 comment), FFG 6 vs 6a (Appendix B).
        for (std::size_t i = 0; i < chosen_; ++i) {
            const RulesetResult& r = lanes_[i].result;
            if (!r.score.scored) continue;
            const Count* other = nullptr;
            std::string what;
            if (r.ruleset.pass_stones == PassStones::yes) {
                other = &r.score.territory;
                what = "territory";
            } else if (r.ruleset.pass_stones == PassStones::quick_count) {
                other = &r.score.quick;
                what = "quick";
            }
            if (!other || same_count(r.score.area, *other)) continue;
            Divergence d;
            d.kind = DivergenceKind::accounting;
            d.clause = r.ruleset.accounting_clause();
            Verdict va, vo;
            va.ruleset = vo.ruleset = i;
            va.text = describe_count(r.score.area, "area");
            vo.text = describe_count(*other, what);
            d.summary = fmt::format("{}: the area count ({}) and the {} count ({}) disagree",
                                    lane_name(i), va.text, what, vo.text);
            d.verdicts.push_back(std::move(va));
            d.verdicts.push_back(std::move(vo));
            position_at_end(d, i);
            out_.divergences.push_back(std::move(d));
        }
    }

    static void add_clause(std::string& clauses, std::string_view c) {
        if (clauses.find(c) != std::string::npos) return;
        if (!clauses.empty()) clauses += "; ";
        clauses += c;
    }

    static std::string join(const std::vector<std::string>& parts, std::string_view sep) {
        std::string s;
        for (const std::string& p : parts) {
            if (!s.empty()) s += sep;
            s += p;
        }
        return s;
    }

    std::string describe_end(const RulesetResult& r) const {
        switch (r.end) {
            case EndKind::two_passes:
                if (r.moves_after_end > 0) {
                    return fmt::format(
                        "ends at move {} (two passes); the record continues for {} "
                        "more move{}",
                        r.end_move, r.moves_after_end, r.moves_after_end == 1 ? "" : "s");
                }
                return fmt::format("ends at move {} (two passes{})", r.end_move,
                                   r.resumed ? ", after resumption" : "");
            case EndKind::record_end:
                return fmt::format("not ended by passes: the record ends at move {}{}", r.end_move,
                                   r.resumed ? " after a resumption" : "");
            case EndKind::stopped:
                return fmt::format("replay stopped at the illegal move {}", r.end_move);
            case EndKind::no_moves:
                return "no moves";
            case EndKind::no_result:
                return fmt::format(
                    "no result (J 12): the position of move {} repeats an earlier "
                    "one and the record stops at move {}",
                    r.repeated_move, r.end_move);
        }
        return "";
    }

    // Kind 5 (rules-model.md 6.5): RE against the result under the record's own RU.
    void record_check() {
        RecordVerdict& rv = out_.record;
        rv.rules = rec_.rules;
        if (rec_.result) rv.recorded = rec_.result->text;
        if (ru_.ruleset)
            rv.mapped = ru_.ruleset->spec.empty() ? ru_.ruleset->name : ru_.ruleset->spec;
        if (!rec_.result) {
            rv.check = RecordCheck::no_result;
            rv.reason = "no RE";
            return;
        }
        if (!ru_lane_) {
            rv.check = RecordCheck::unmapped_rules;
            rv.reason = rec_.rules.empty() ? "no RU" : ru_.reason;
            return;
        }
        const RulesetResult& r = lanes_[*ru_lane_].result;
        const Score& s = r.score;
        rv.computed =
            fmt::format("{} under {}", describe_count(s.decision(), to_string(s.decisive)),
                        lane_name(*ru_lane_));
        const sgf::GameResult& re = *rec_.result;
        if (r.end == EndKind::no_result) {  // J 12 (cycle=no-result): RE Void is the result
            rv.check = RecordCheck::match;
            rv.computed = fmt::format(
                "no result (J 12: the position after move {} repeats an "
                "earlier one) under {}",
                r.repeated_move, lane_name(*ru_lane_));
            rv.reason = "J 12: a whole-board position repeated and RE says the game is void";
            return;
        }
        if (!s.scored) {
            rv.check = RecordCheck::not_comparable;
            rv.reason = "the game did not end by two passes under the record's rules";
            return;
        }
        const Count& c = s.decision();
        rv.dead_source = s.dead_source;
        std::optional<Winner> recorded;
        if (re.kind == sgf::ResultKind::draw) {
            recorded = Winner::draw;
        } else if ((re.kind == sgf::ResultKind::score || re.kind == sgf::ResultKind::win) &&
                   re.winner) {
            recorded = *re.winner == sgf::Color::black ? Winner::black : Winner::white;
        }
        if (!recorded) {
            rv.check = RecordCheck::not_comparable;
            rv.reason = fmt::format("RE is {}, not a score", sgf::to_string(re.kind));
            return;
        }
        bool match = *recorded == c.winner;
        if (match && re.kind == sgf::ResultKind::score && re.margin) {
            match = std::fabs(*re.margin - c.margin) < 1e-9;
        }
        if (re.kind == sgf::ResultKind::score && re.margin) {
            const auto for_black = [](Winner w, double margin) {
                return w == Winner::white ? -margin : w == Winner::black ? margin : 0.0;
            };
            rv.difference =
                match ? 0.0
                      : for_black(*recorded, std::fabs(*re.margin)) - for_black(c.winner, c.margin);
        }
        rv.check = match ? RecordCheck::match : RecordCheck::mismatch;
        if (match) return;
        rv.winner_differs = *recorded != c.winner;
        if (!s.settled) {
            rv.check = RecordCheck::unsettled;
            rv.reason = dead_policy_ == DeadPolicy::gnugo
                            ? fmt::format(
                                  "the count is unsettled: the dead stones could not be decided "
                                  "({}), and RE may count them otherwise",
                                  s.dead_source)
                            : std::string(
                                  "the count is unsettled: an empty region touches both colours "
                                  "where a string is neither pass-alive nor dead (Benson), and "
                                  "RE may count it otherwise");
            return;
        }
        rv.reason = rv.winner_differs ? "the winner differs" : "the margin differs";
        Divergence d;
        d.kind = DivergenceKind::record;
        d.clause = r.ruleset.clause(Knob::scoring);
        d.summary =
            fmt::format("RE[{}] but the count under RU[{}] ({}) gives {}", re.text, rec_.rules,
                        lane_name(*ru_lane_), describe_count(c, to_string(s.decisive)));
        if (*ru_lane_ < chosen_) {  // else RU's ruleset was judged only for this check
            Verdict v;
            v.ruleset = *ru_lane_;
            v.text = describe_count(c, to_string(s.decisive));
            d.verdicts.push_back(std::move(v));
        }
        position_at_end(d, *ru_lane_);
        out_.divergences.push_back(std::move(d));
    }

    // Cheap checks of RE against the record itself, whatever the RU (issue 15, after aeb's
    // sgfcheck): a margin no count could give is an error; a margin whose half point disagrees
    // with KM's, and a resignation by the player who made the last turn, are notes.
    void result_plausibility() {
        if (!rec_.result) return;
        const sgf::GameResult& re = *rec_.result;
        if (re.kind == sgf::ResultKind::score && re.margin) {
            const double m = std::fabs(*re.margin);
            // Every point of the board, komi, the bonus, every prisoner and pass stone.
            const double bound = static_cast<double>(rec_.size.width) * rec_.size.height +
                                 (rec_.komi ? std::fabs(rec_.komi->value) : 0.0) + out_.handicap +
                                 captures_[0] + captures_[1] + passes_[0] + passes_[1] + 1;
            if (m > bound) {
                issue(0, 0, "result_impossible_margin",
                      fmt::format("RE[{}]: a margin of {} is more than any count of this {}x{} "
                                  "game can give (at most {})",
                                  re.text, m, rec_.size.width, rec_.size.height, bound));
            }
            // Half points: a count's margin has the fractional part of the komi (stones and
            // points are whole), when both are whole or half numbers.
            if (rec_.komi) {
                const double km = std::fabs(rec_.komi->value);
                const double fm = m - std::floor(m), fk = km - std::floor(km);
                const auto half_or_whole = [](double f) { return f == 0.0 || f == 0.5; };
                if (half_or_whole(fm) && half_or_whole(fk) && fm != fk) {
                    issue(0, 0, "result_komi_parity",
                          fmt::format("RE[{}] has {} margin but KM[{}] is {}: no count gives it",
                                      re.text, fm == 0.0 ? "a whole" : "a half-point",
                                      rec_.komi_text, fk == 0.0 ? "whole" : "a half point"),
                          IssueSeverity::note);
                }
            }
        }
        if (re.kind == sgf::ResultKind::resign && re.winner && any_turn_) {
            const game::Color loser =
                *re.winner == sgf::Color::black ? game::Color::white : game::Color::black;
            if (last_turn_ == loser) {
                issue(0, 0, "resigner_moved_last",
                      fmt::format("RE[{}]: {} resigned after making the last turn of the record",
                                  re.text, loser == game::Color::black ? "Black" : "White"),
                      IssueSeverity::note);
            }
        }
    }

    // Divergences about the end and the count show the position as the game ended under lane
    // `i` (before dead stones are removed).
    void position_at_end(Divergence& d, std::size_t i) const {
        if (options_.diagrams) d.board_after = end_board(lanes_[i]).to_ascii();
    }

    const game::Board& end_board(const Lane& l) const {
        return l.end_board < 0 ? board_ : end_boards_[static_cast<std::size_t>(l.end_board)];
    }

    // Keeps the board a lane ended on (an index into end_boards_); lanes that end on the same
    // position share it.
    int keep_end_board(const game::Board& b) {
        if (end_boards_.empty() || !end_boards_.back().same_position(b)) {
            // A lane ends once: room for all of them, so no board is copied twice.
            if (end_boards_.empty()) end_boards_.reserve(lanes_.size());
            end_boards_.push_back(b);
        }
        return static_cast<int>(end_boards_.size()) - 1;
    }

    // A lane ends on the board as it stands: it is copied only if it is about to change.
    int end_on_current_board() {
        current_kept_ = true;
        return kCurrentBoard;
    }

    // Called before every change to board_ once the replay has started.
    void board_changes() {
        if (!current_kept_) return;
        current_kept_ = false;
        const int kept = keep_end_board(board_);
        for (Lane& l : lanes_) {
            if (l.end_board == kCurrentBoard) l.end_board = kept;
        }
    }

    struct Tallied {
        int board;
        bool use_dead;
        detail::Tally tally;
        std::string source;  // the oracle's dead_source; empty: to_string(dead_policy_)
    };

    // The tally of a lane's end board, computed once per board and dead-stone choice.
    // The oracle (an engine: slow) is asked only about games that ended by two passes, the only
    // counts compared with RE; the others are counted as they stand.
    const Tallied& tally_of(int board, bool strict_tt, const std::vector<Vertex>& dead,
                            bool scored) {
        const bool oracle = !strict_tt && scored && dead_policy_ == DeadPolicy::gnugo;
        // Benson's dead stones depend on the board, so every end board gets its own analysis,
        // and only the boards of games ended by two passes (the only counts compared with RE or
        // between rulesets): the others are counted as they stand, as for the oracle.
        const bool use_dead =
            !strict_tt &&
            (!dead.empty() || (dead_policy_ == DeadPolicy::pass_alive && scored) || oracle);
        for (const Tallied& t : tallies_) {
            if (t.board == board && t.use_dead == use_dead) {
                return t;
            }
        }
        const game::Board& b = board < 0 ? board_ : end_boards_[static_cast<std::size_t>(board)];
        // The engine is told the record's KM (0 without one), whatever the ruleset's komi: one
        // question per end board.
        if (oracle) return tally_by_oracle(board, b, rec_.komi ? rec_.komi->value : 0.0);
        tallies_.push_back(
            {board,
             use_dead,
             detail::tally_position(
                 b, use_dead ? detail::DeadStones{dead_policy_, dead} : detail::DeadStones{}),
             {}});
        return tallies_.back();
    }

    // `--dead gnugo`: the oracle names the dead stones (each stone), or fails: then the board
    // is counted as it is and the count is unsettled (a record check that differs from it is
    // `unsettled`, never `mismatch`), with a note saying why.
    const Tallied& tally_by_oracle(int board, const game::Board& b, double komi) {
        DeadStonesAnswer answer;
        if (options_.dead_oracle == nullptr) {
            answer.failure = "no dead-stone engine was given";
        } else {
            answer = options_.dead_oracle->dead_stones(b, komi);
        }
        Tallied t{board, true, {}, {}};
        if (answer.dead) {
            t.tally =
                detail::tally_position(b, detail::DeadStones{DeadPolicy::gnugo, *answer.dead});
            t.source = options_.dead_oracle->name();
        } else {
            t.tally = detail::tally_position(b, detail::DeadStones{});
            t.tally.settled = false;
            t.source = fmt::format("gnugo failed: {}", answer.failure);
            if (!oracle_failed_) {
                oracle_failed_ = true;
                issue(0, 0, "dead_stones_undecided",
                      fmt::format("the dead stones could not be decided ({}): the count is "
                                  "unsettled",
                                  t.source),
                      IssueSeverity::note);
            }
        }
        tallies_.push_back(std::move(t));
        return tallies_.back();
    }

    const sgf::GameRecord& rec_;
    const AuditOptions& options_;
    DeadPolicy dead_policy_ = DeadPolicy::none;  // options_.dead with `auto` resolved
    game::Board board_;
    // The board before a play some ruleset may forbid (made only when one comes).
    std::optional<game::Board> before_;
    ReplayScratch& scratch_ = thread_scratch();
    std::vector<game::Vertex>& removed_ = scratch_.removed;  // the stones the current play removed
    std::vector<game::Board> end_boards_;  // boards lanes ended on before the record's end
    bool current_kept_ = false;            // some lane's end_board is kCurrentBoard
    bool any_pending_ = false;             // some active lane may have pending_end (else none has)
    std::vector<Tallied> tallies_;
    bool oracle_failed_ = false;  // the dead_stones_undecided note was given
    History& history_ = scratch_.history;
    std::vector<Lane> lanes_;
    std::size_t chosen_ = 0;
    std::optional<RuMapping> ru_override_ = map_ru_override(rec_.rules, options_.ru_overrides);
    const RuMapping& ru_ = ru_override_ ? *ru_override_ : mapped_ru(rec_.rules);
    std::optional<std::size_t> ru_lane_;
    GameAudit out_;
    std::size_t next_event_ = 0;
    std::uint32_t move_ = 0;
    game::Color first_ = game::Color::black;
    game::Color expected_ = game::Color::black;
    game::Color last_turn_ = game::Color::black;
    bool any_turn_ = false;
    int placement_target_ = 0;       // HA, while placement by plays is under way (R4)
    detail::EndState before_state_;  // the state before the current move (R7)
    int consecutive_passes_ = 0;
    std::array<int, 2> captures_{};  // stones held by Black, by White
    std::array<int, 2> passes_{};
    game::Vertex prev_ko_ = game::kNoVertex;
    // Of the current play.
    std::vector<std::pair<std::size_t, std::optional<Illegal>>>& verdicts_ = scratch_.verdicts;
    // AuditOptions::max_listed: record issues listed so far by code; legality divergences.
    std::vector<std::pair<std::string, std::uint32_t>> listed_;
    std::uint32_t legality_listed_ = 0;
};

}  // namespace

GameAudit audit_game(const sgf::GameRecord& record, std::span<const Ruleset> rulesets,
                     const AuditOptions& options) {
    GameAudit a = Replay(record, rulesets, options).run();
    // A thread keeps its history's memory for the next game, unless a long game made it large:
    // then it is given back, so a run holds no more than one such game's worth per thread.
    thread_scratch().history.release_if_above(kKeptHistoryBytes);
    return a;
}

}  // namespace sgfaudit::audit
