// libFuzzer target: the replay of setup-heavy positions (issue 18). The bytes are not SGF text
// but a program that builds a game record directly (sgf::GameRecord, as read_record would give
// it), so that every input reaches the replay: any board size 1x1..52x52, setup nodes after the
// start (AB, AW, AE, points and whole rectangles), plays, passes, off-board plays, PL changes,
// KO, handicap and territory markup, in any order. Each record is audited under the three
// presets or their ko variants, with either illegal-play policy (the first byte chooses), and
// reported (JSON); the report must be valid UTF-8.
//
// Oracle: a replay's history is per-thread memory kept from game to game (and given back after
// a large one), so an audit must not depend on what the thread audited before: the game is
// audited, then a second game the input also builds, then the first again, and both audits of
// the first must give the same report byte for byte.

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/report/check.hpp"
#include "sgfaudit/sgf/record.hpp"
#include "utf8_check.hpp"

namespace {

using namespace sgfaudit;

// Reads bytes one at a time; 0 past the end.
class Bytes {
  public:
    Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
    bool more() const { return at_ < size_; }
    std::uint8_t next() { return at_ < size_ ? data_[at_++] : 0; }

  private:
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t at_ = 0;
};

// Setup events a record may hold (a 52x52 rectangle is 2,704): keeps one input fast.
constexpr std::size_t kMaxEvents = 1u << 16;

// One game record built from the bytes, until they end or a 0xFF byte ends the game.
sgf::GameRecord build(Bytes& in) {
    sgf::GameRecord rec;
    rec.size.width = 1 + in.next() % 52;
    rec.size.height = in.next() % 4 == 0 ? 1 + in.next() % 52 : rec.size.width;
    const std::uint8_t info = in.next();
    if (info & 1) rec.handicap = in.next() % 10;
    if (info & 2) rec.to_play = (info & 4) ? sgf::Color::white : sgf::Color::black;
    if (info & 8) rec.komi = sgf::Komi{static_cast<double>(in.next()) / 2 - 64, false};
    if (info & 16) rec.rules = (info & 32) ? "AGA" : "Japanese";
    const auto point = [&]() {
        // Mostly on the board; now and then just past it (the reader keeps only points on the
        // board for setup: the replay must not trust that for moves).
        return sgf::Point{static_cast<std::uint8_t>(in.next() % (rec.size.width + 1)),
                          static_cast<std::uint8_t>(in.next() % (rec.size.height + 1))};
    };
    const auto on_board = [&](sgf::Point p) {
        return p.x < rec.size.width && p.y < rec.size.height;
    };
    std::uint32_t depth = 0;
    while (in.more() && rec.events.size() < kMaxEvents) {
        const std::uint8_t op = in.next();
        if (op == 0xFF) break;
        const auto kind = static_cast<sgf::EventKind>(op % 3);  // AB, AW, AE
        switch ((op >> 2) % 8) {
            case 0:
            case 1: {  // a node of setup: a rectangle of one kind
                ++depth;
                sgf::Point a = point(), b = point();
                if (!on_board(a) || !on_board(b)) break;
                for (int y = std::min(a.y, b.y); y <= std::max(a.y, b.y); ++y) {
                    for (int x = std::min(a.x, b.x); x <= std::max(a.x, b.x); ++x) {
                        sgf::Event e;
                        e.kind = kind;
                        e.point = {static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)};
                        e.depth = depth;
                        rec.events.push_back(e);
                    }
                }
                break;
            }
            case 2: {  // a node of setup: single points of mixed kinds
                ++depth;
                for (int n = 1 + in.next() % 8; n > 0; --n) {
                    const sgf::Point p = point();
                    if (!on_board(p)) continue;
                    sgf::Event e;
                    e.kind = static_cast<sgf::EventKind>(in.next() % 3);
                    e.point = p;
                    e.depth = depth;
                    rec.events.push_back(e);
                }
                break;
            }
            case 3:  // PL in this node
            {
                sgf::Event e;
                e.kind = sgf::EventKind::to_play;
                e.color = (op & 1) ? sgf::Color::white : sgf::Color::black;
                e.depth = depth;
                rec.events.push_back(e);
                break;
            }
            default: {  // a move in a node of its own
                ++depth;
                sgf::Event e;
                e.kind = sgf::EventKind::move;
                e.color = (op & 1) ? sgf::Color::white : sgf::Color::black;
                e.forced = (op & 2) != 0 && (op & 0x40) != 0;
                e.depth = depth;
                const std::uint8_t how = in.next();
                if (how % 7 == 0) {
                    e.pass = true;
                } else {
                    e.point = point();
                    if (!on_board(e.point)) {
                        e.off_board = true;
                        if (how % 5 == 0) e.point = sgf::kNoPoint;
                    }
                }
                rec.events.push_back(e);
                ++rec.moves;
                if (e.pass) ++rec.passes;
                break;
            }
        }
    }
    rec.main_line_nodes = depth + 1;
    // Territory markup of the last node: a few points.
    for (int n = in.next() % 4; n > 0; --n) {
        const sgf::Point p = point();
        if (on_board(p)) (n % 2 ? rec.territory_black : rec.territory_white).push_back(p);
    }
    return rec;
}

// The JSON report of `rec` under the presets or their ko variants (`mode` bit 0), with either
// illegal-play policy (bit 1).
std::string audit_one(const sgf::GameRecord& rec, std::uint8_t mode) {
    static const audit::RulesetListParse presets =
        audit::parse_ruleset_list("tromp-taylor,aga,french");
    static const audit::RulesetListParse variants =
        audit::parse_ruleset_list("tromp-taylor:ko=ssk,aga:ko=psk,french:ko=nssk");
    if (!presets.ok() || !variants.ok()) __builtin_trap();
    audit::AuditOptions options;
    options.on_illegal =
        (mode & 2) ? audit::IllegalPolicy::stop : audit::IllegalPolicy::as_it_stands;
    options.dead =
        rec.territory_black.empty() ? audit::DeadPolicy::none : audit::DeadPolicy::markup;
    const audit::GameAudit a =
        audit::audit_game(rec, ((mode & 1) ? variants : presets).rulesets, options);
    report::CheckInput in = report::check_input("fuzz.sgf", rec, a);
    in.options = options;
    std::ostringstream sink;
    report::write_check_json(sink, in);
    return sink.str();
}

// --max-listed's oracle: with a cap of 2, every list keeps its first entries and counts the
// rest, and the totals are those of the uncapped audit (illegal plays per ruleset, record issues
// per code, legality divergences).
void check_cap(const sgf::GameRecord& rec, std::uint8_t mode) {
    static const audit::RulesetListParse presets =
        audit::parse_ruleset_list("tromp-taylor,aga,french");
    if (!presets.ok()) __builtin_trap();
    audit::AuditOptions all;
    all.max_listed = 0;
    all.on_illegal = (mode & 2) ? audit::IllegalPolicy::stop : audit::IllegalPolicy::as_it_stands;
    audit::AuditOptions capped = all;
    capped.max_listed = 2;
    const audit::GameAudit a = audit::audit_game(rec, presets.rulesets, all);
    const audit::GameAudit b = audit::audit_game(rec, presets.rulesets, capped);
    if (a.results.size() != b.results.size()) __builtin_trap();
    for (std::size_t r = 0; r < a.results.size(); ++r) {
        const audit::RulesetResult &x = a.results[r], &y = b.results[r];
        if (y.illegal.size() > 2 || x.illegal_omitted != 0) __builtin_trap();
        if (x.illegal.size() != y.illegal.size() + y.illegal_omitted) __builtin_trap();
        for (std::size_t i = 0; i < y.illegal.size(); ++i) {
            if (x.illegal[i].move != y.illegal[i].move) __builtin_trap();
        }
        if (x.end != y.end || x.end_move != y.end_move) __builtin_trap();
    }
    const auto issues = [](const audit::GameAudit& g, audit::IssueCode code) {
        std::size_t n = 0;
        for (const audit::RecordIssue& i : g.record_issues) n += i.code() == code ? 1 : 0;
        for (const audit::OmittedIssues& o : g.record_issues_omitted) {
            n += o.code == audit::to_string(code) ? o.count : 0;
        }
        return n;
    };
    for (const audit::RecordIssue& i : a.record_issues) {
        if (issues(a, i.code()) != issues(b, i.code())) __builtin_trap();
    }
    if (a.record_issues.size() < b.record_issues.size()) __builtin_trap();
    for (std::size_t k = 0; k < a.divergences_omitted.size(); ++k) {
        std::size_t x = 0, y = b.divergences_omitted[k];
        for (const audit::Divergence& d : a.divergences) x += static_cast<std::size_t>(d.kind) == k;
        for (const audit::Divergence& d : b.divergences) y += static_cast<std::size_t>(d.kind) == k;
        if (x != y) __builtin_trap();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 4096) return 0;
    Bytes in(data, size);
    const std::uint8_t mode = in.next();
    const sgf::GameRecord first = build(in);
    const sgf::GameRecord second = build(in);
    const std::string once = audit_one(first, mode);
    if (!sgfaudit::fuzz::valid_utf8(once)) __builtin_trap();
    (void)audit_one(second, mode >> 2);
    // The same report again, whatever the thread's history held in between.
    if (audit_one(first, mode) != once) __builtin_trap();
    if (mode & 16) check_cap(first, mode);
    return 0;
}
