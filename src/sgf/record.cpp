// Typed game records: game info and the main line. Codes S3xx (docs/diagnostics.md); value
// problems keep the S2xx code of values.hpp, located at the value.

#include "sgfaudit/sgf/record.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "sgfaudit/sgf/codes.hpp"
#include "sgfaudit/text/text.hpp"

namespace sgfaudit::sgf {

bool GameRecord::has_errors() const noexcept {
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::error; });
}

namespace {

class RecordReader {
  public:
    RecordReader(const Document& doc, std::size_t index, const ReadLimits& limits)
        : doc_(doc),
          max_diagnostics_(limits.max_diagnostics),
          max_positions_(limits.max_positions),
          max_setup_points_(limits.max_setup_points) {
        rec_.index = static_cast<int>(index);
    }

    GameRecord run() {
        const GameTree& game = doc_.games()[static_cast<std::size_t>(rec_.index)];
        if (game.root == kNone) {
            rec_.auditable = false;
            return std::move(rec_);
        }
        const Node& root = doc_.node(game.root);
        text_ = doc_.text().data();
        rec_.events.reserve(game.node_count + 16);  // about one move per node
        read_game_info(root);
        std::uint32_t depth = 0;
        // Moves and points of another game (GM != 1) mean something else: only count nodes.
        const bool go = rec_.gm == 1;
        // The reader's plain runs (Document::plain_runs), in node order as the main line is:
        // the first that may hold a node of this game's main line, then the next ones.
        const std::vector<Document::PlainRun>& runs = doc_.plain_runs();
        auto run = std::partition_point(runs.begin(), runs.end(), [&](const Document::PlainRun& r) {
            return r.first + r.count <= game.root;
        });
        std::uint32_t n = game.root;
        while (n != kNone) {
            while (run != runs.end() && run->first + run->count <= n) ++run;
            if (go && run != runs.end() && run->first <= n) {
                // Nodes n to the run's end, each the first child of the one before: read as
                // below, their property and value known from the run.
                for (const std::uint32_t end = run->first + run->count; n < end; ++n, ++depth) {
                    const std::uint32_t at = doc_.node(n).offset;  // ";B[pd]"
                    const Color color = text_[at + 1] == 'B' ? Color::black : Color::white;
                    if (!plain_move(color, at + 3, depth)) read_node(doc_.node(n), depth);
                    last_ = n;
                    if (cut_) break;
                }
                if (cut_) break;
                continue;  // n: the first child of the run's last node
            }
            const Node& node = doc_.node(n);
            if (go && !plain_move_node(node, depth)) read_node(node, depth);
            last_ = n;
            if (cut_) break;
            n = node.first_child;
            ++depth;
        }
        rec_.main_line_nodes = depth;
        if (go) read_territory(doc_.node(last_));
        return std::move(rec_);
    }

  private:
    void add(Severity severity, std::string_view code, std::uint32_t offset, std::string message) {
        if (dropped_ == 0 && rec_.diagnostics.size() < max_diagnostics_) {
            rec_.diagnostics.push_back(Diagnostic{severity, code, std::string(doc_.file()),
                                                  doc_.locate(offset), std::move(message),
                                                  rec_.index});
            return;
        }
        // Past the limit: one S128 counts the rest.
        if (dropped_++ == 0) {
            summary_ = rec_.diagnostics.size();
            rec_.diagnostics.push_back(Diagnostic{Severity::warning,
                                                  codes::limit_diagnostics,
                                                  std::string(doc_.file()),
                                                  Location{},
                                                  {},
                                                  rec_.index});
        }
        Diagnostic& d = rec_.diagnostics[summary_];
        if (severity == Severity::error) d.severity = Severity::error;
        d.message = fmt::format("more than {} diagnostics in game {}: {} more not listed{}",
                                max_diagnostics_, rec_.index + 1, dropped_,
                                d.severity == Severity::error ? " (errors among them)" : "");
    }

    void report(const ValueIssues& issues, std::uint32_t offset) {
        for (const ValueIssue& issue : issues)
            add(issue.severity, issue.code, offset, issue.message);
    }

    // The game-info properties of the root, each the first with its identifier (as
    // Document::find gives it), found in one pass over the root's properties.
    enum Info : std::uint8_t {
        kInfoFF,
        kInfoGM,
        kInfoSZ,
        kInfoKM,
        kInfoHA,
        kInfoPL,
        kInfoRE,
        kInfoRU,
        kInfoCA,
        kInfoPB,
        kInfoPW,
        kInfoBR,
        kInfoWR,
        kInfoDT,
        kInfoPC,
        kInfoCount
    };
    static int info_slot(std::uint32_t key) noexcept {
        switch (key) {
            case id_key("FF"):
                return kInfoFF;
            case id_key("GM"):
                return kInfoGM;
            case id_key("SZ"):
                return kInfoSZ;
            case id_key("KM"):
                return kInfoKM;
            case id_key("HA"):
                return kInfoHA;
            case id_key("PL"):
                return kInfoPL;
            case id_key("RE"):
                return kInfoRE;
            case id_key("RU"):
                return kInfoRU;
            case id_key("CA"):
                return kInfoCA;
            case id_key("PB"):
                return kInfoPB;
            case id_key("PW"):
                return kInfoPW;
            case id_key("BR"):
                return kInfoBR;
            case id_key("WR"):
                return kInfoWR;
            case id_key("DT"):
                return kInfoDT;
            case id_key("PC"):
                return kInfoPC;
            default:
                return -1;
        }
    }
    void index_info(const Node& root) {
        bool has_tc = false, has_tt = false;
        for (std::uint32_t i = 0; i < root.property_count; ++i) {
            const Property& p = doc_.property(root.first_property + i);
            const int slot = info_slot(p.key);
            if (slot >= 0 && info_[static_cast<std::size_t>(slot)] == nullptr) {
                info_[static_cast<std::size_t>(slot)] = &p;
            }
            // AP, every one: Fox writes AP[GNU Go:3.8] and AP[foxwq] in one root.
            if (p.key == id_key("AP") && p.value_count > 0) {
                rec_.applications.push_back(unescape_simple_text(doc_.value(p.first_value)));
            }
            if (p.key == id_key("TC")) has_tc = true;
            if (p.key == id_key("TT")) has_tt = true;
        }
        rec_.tc_and_tt = has_tc && has_tt;
    }
    const Property* info(Info which) const noexcept { return info_[which]; }

    // The first value of `which` as SimpleText.
    bool simple_text(Info which, std::string& out) const {
        const Property* p = info(which);
        if (p == nullptr || p->value_count == 0) return false;
        out = unescape_simple_text(doc_.value(p->first_value));
        return true;
    }

    std::optional<long long> number(Info which, std::string_view id) {
        const Property* p = info(which);
        if (p == nullptr || p->value_count == 0) return std::nullopt;
        const std::string_view raw = doc_.value(p->first_value);
        auto n = parse_number(raw);
        if (!n) {
            add(Severity::warning, codes::bad_number, doc_.value_offset(p->first_value),
                fmt::format("{}[{}] is not a number; ignored", id, printable_value(raw)));
        }
        return n;
    }

    void read_game_info(const Node& root) {
        index_info(root);
        if (auto ff = number(kInfoFF, "FF")) {
            if (*ff < 1 || *ff > 4) {
                add(Severity::warning, codes::bad_ff, info(kInfoFF)->offset,
                    fmt::format("FF[{}] is not a known SGF version (1-4); read as FF[4]", *ff));
                rec_.ff = 4;
            } else {
                rec_.ff = static_cast<int>(*ff);
            }
        }
        if (auto gm = number(kInfoGM, "GM")) {
            rec_.gm = static_cast<int>(std::clamp<long long>(*gm, -1000000, 1000000));
            if (*gm != 1) {
                add(Severity::error, codes::not_go, info(kInfoGM)->offset,
                    fmt::format("GM[{}]: not a game of Go; not audited", *gm));
                rec_.auditable = false;
            }
        }
        if (const Property* sz = info(kInfoSZ); sz != nullptr && sz->value_count > 0) {
            ValueIssues issues;
            const std::uint32_t at = doc_.value_offset(sz->first_value);
            if (auto size = parse_size(doc_.value(sz->first_value), issues)) {
                rec_.size = *size;
                rec_.size_given = true;
            } else {
                add(Severity::error, codes::bad_size, at,
                    "board size unusable; the game is not audited");
                rec_.auditable = false;
            }
            report(issues, at);
        }
        if (const Property* km = info(kInfoKM); km != nullptr && km->value_count > 0) {
            ValueIssues issues;
            rec_.komi_given = true;
            rec_.komi_text = unescape_simple_text(doc_.value(km->first_value));
            rec_.komi = parse_komi(doc_.value(km->first_value), issues);
            report(issues, doc_.value_offset(km->first_value));
        }
        if (const Property* ha = info(kInfoHA); ha != nullptr && ha->value_count > 0) {
            auto n = parse_number(doc_.value(ha->first_value));
            const int max_handicap = rec_.size.width * rec_.size.height;
            if (!n || *n < 0 || *n > max_handicap) {
                add(Severity::warning, codes::bad_handicap, doc_.value_offset(ha->first_value),
                    fmt::format("HA[{}] is not a handicap between 0 and {}; ignored",
                                printable_value(doc_.value(ha->first_value)), max_handicap));
            } else {
                rec_.handicap = static_cast<int>(*n);
            }
        }
        if (const Property* pl = info(kInfoPL); pl != nullptr && pl->value_count > 0) {
            rec_.to_play = player(pl);
        }
        if (const Property* re = info(kInfoRE); re != nullptr && re->value_count > 0) {
            ValueIssues issues;
            rec_.result = parse_result(doc_.value(re->first_value), issues);
            report(issues, doc_.value_offset(re->first_value));
        }
        simple_text(kInfoRU, rec_.rules);
        simple_text(kInfoCA, rec_.charset);
        simple_text(kInfoPB, rec_.black_name);
        simple_text(kInfoPW, rec_.white_name);
        simple_text(kInfoBR, rec_.black_rank);
        simple_text(kInfoWR, rec_.white_rank);
        if (simple_text(kInfoDT, rec_.date)) {
            const std::string_view raw = doc_.value(info(kInfoDT)->first_value);
            if (!is_sgf_date(raw)) {
                add(Severity::info, codes::nonstandard_date,
                    doc_.value_offset(info(kInfoDT)->first_value),
                    fmt::format("DT[{}] is not an SGF date (YYYY-MM-DD, YYYY-MM or YYYY, more "
                                "dates after commas); kept as text",
                                printable_value(raw)));
            }
        }
        simple_text(kInfoPC, rec_.place);
    }

    std::optional<Color> player(const Property* pl) {
        std::string v = unescape_simple_text(doc_.value(pl->first_value));
        v.erase(std::remove_if(v.begin(), v.end(), [](char c) { return c == ' '; }), v.end());
        if (v == "B" || v == "b" || v == "1") return Color::black;
        if (v == "W" || v == "w" || v == "2") return Color::white;
        add(Severity::warning, codes::bad_player, doc_.value_offset(pl->first_value),
            fmt::format("PL[{}] is neither B nor W; ignored", v));
        return std::nullopt;
    }

    // Keys of the properties a node of the main line is read for.
    static constexpr std::uint32_t kB = id_key("B"), kW = id_key("W"), kAB = id_key("AB"),
                                   kAW = id_key("AW"), kAE = id_key("AE"), kKO = id_key("KO"),
                                   kMN = id_key("MN"), kSZ = id_key("SZ"), kKM = id_key("KM"),
                                   kPL = id_key("PL"), kHA = id_key("HA"), kRE = id_key("RE"),
                                   kRU = id_key("RU");

    void read_node(const Node& node, std::uint32_t depth) {
        const NodeSurvey s = survey(node, depth);
        if (s.mn != nullptr && s.mn->value_count > 0) move_number(*s.mn);
        // A node with setup after the root makes one position of the replay (its last setup
        // event adds it); the root's setup is part of the start position, counted already.
        if (s.any_setup && depth > 0 && !add_position(node.offset)) return;
        if ((s.any_setup || (depth > 0 && s.any_info)) && !read_setup(node, depth)) return;
        if (s.any_move) read_moves(node, depth, s.forced);
    }

    // What read_node needs to know of a node before it reads it: KO, the first MN, and
    // whether it has setup (AB, AW, AE; PL after the root), a move, or game info.
    struct NodeSurvey {
        bool forced = false;
        const Property* mn = nullptr;
        bool any_setup = false, any_move = false, any_info = false;
    };
    NodeSurvey survey(const Node& node, std::uint32_t depth) const {
        NodeSurvey s;
        for (std::uint32_t i = 0; i < node.property_count; ++i) {
            const Property& p = doc_.property(node.first_property + i);
            switch (p.key) {
                case kKO:
                    s.forced = true;
                    break;
                case kMN:
                    if (s.mn == nullptr) s.mn = &p;
                    break;
                case kB:
                case kW:
                    s.any_move = true;
                    break;
                case kAB:
                case kAW:
                case kAE:
                    s.any_setup = true;
                    break;
                case kPL:
                    s.any_setup = s.any_setup || depth > 0;  // the root's PL is game info
                    break;
                case kSZ:
                case kKM:
                case kHA:
                case kRE:
                case kRU:
                    s.any_info = true;
                    break;
                default:
                    break;
            }
        }
        return s;
    }

    // The node's setup (AB, AW, AE), PL after the root (R1), and the game info written outside
    // the root (reported). False when the game is cut before all of it is read: the node is
    // read no further.
    bool read_setup(const Node& node, std::uint32_t depth) {
        for (std::uint32_t i = 0; i < node.property_count; ++i) {
            if (cut_) return false;
            const Property& p = doc_.property(node.first_property + i);
            if (p.key == kAB) {
                setup(p, EventKind::add_black, depth);
            } else if (p.key == kAW) {
                setup(p, EventKind::add_white, depth);
            } else if (p.key == kAE) {
                setup(p, EventKind::add_empty, depth);
            } else if (depth > 0 && p.key == kPL && p.value_count > 0) {
                // R1: PL in any node names the player to move next.
                if (const auto c = player(&p)) {
                    Event& e = rec_.events.emplace_back();
                    e.kind = EventKind::to_play;
                    e.color = *c;
                    e.depth = depth;
                    e.offset = doc_.value_offset(p.first_value);
                }
            } else if (depth > 0 && p.key == kSZ) {
                add(Severity::warning, codes::size_not_in_root, p.offset,
                    "SZ outside the root node ignored");
            } else if (depth > 0 &&
                       (p.key == kKM || p.key == kHA || p.key == kRE || p.key == kRU)) {
                add(Severity::info, codes::info_not_in_root, p.offset,
                    fmt::format("{} outside the root node ignored", doc_.id(p)));
            }
        }
        return true;
    }

    // The node's moves (B, W), after its setup, in the order written (`forced`: the node has
    // KO).
    void read_moves(const Node& node, std::uint32_t depth, bool forced) {
        Color first_move_color = Color::black;
        int moves_here = 0;
        for (std::uint32_t i = 0; i < node.property_count; ++i) {
            const Property& p = doc_.property(node.first_property + i);
            const bool black = p.key == kB;
            if (!black && p.key != kW) continue;
            const Color color = black ? Color::black : Color::white;
            if (moves_here == 1) {
                add(Severity::warning, codes::two_moves, p.offset,
                    fmt::format("a second move ({}) in one node after {}; both kept in order",
                                doc_.id(p), first_move_color == Color::black ? "B" : "W"));
            }
            first_move_color = color;
            ++moves_here;
            if (p.value_count == 0) continue;
            if (!add_position(doc_.value_offset(p.first_value))) return;
            const std::uint32_t at = doc_.value_offset(p.first_value);
            bool off_board = false;
            const MoveValue mv = move_value(p, at, off_board);
            Event e;
            e.kind = EventKind::move;
            e.color = color;
            e.pass = mv.pass;
            e.off_board = off_board;
            e.point = mv.point;
            e.forced = forced;
            e.depth = depth;
            e.offset = at;
            rec_.events.push_back(e);
            ++rec_.moves;
            if (mv.pass) ++rec_.passes;
        }
    }

    // The value of the move property `p` (at offset `at`): a point or a pass, its issues
    // reported; or, when it is neither, a play off the board (`off_board` set, S312).
    MoveValue move_value(const Property& p, std::uint32_t at, bool& off_board) {
        const std::string_view raw = doc_.value(p.first_value);
        MoveValue mv;
        if (plain_point(raw, mv)) return mv;
        ValueIssues issues;
        const auto parsed = parse_move(raw, rec_.size, issues);
        if (parsed) {
            report(issues, at);
            return *parsed;
        }
        // R2: never dropped; a play off the board, numbered like any move.
        off_board = true;
        add(Severity::warning, codes::off_board_move, at,
            fmt::format("{}[{}] is neither a pass nor a point of the {}x{} board: a "
                        "play off the board",
                        doc_.id(p), printable_value(raw), rec_.size.width, rec_.size.height));
        return MoveValue{false, off_board_point(raw)};
    }

    // The common node of the main line: one property, B or W, with one plain move value. It
    // gives exactly what read_node would (one move event, no diagnostic); false for anything
    // else, which read_node reads.
    bool plain_move_node(const Node& node, std::uint32_t depth) {
        if (node.property_count != 1) return false;
        const Property& p = doc_.property(node.first_property);
        if ((p.key != kB && p.key != kW) || p.value_count != 1) return false;
        // The value read from the text held once (run()): every main-line node comes here.
        const Value& v = doc_.value_bounds(p.first_value);
        if (v.end - v.begin != 2) return false;
        return plain_move(p.key == kB ? Color::black : Color::white, v.begin, depth);
    }

    // A node's only property, a move of `color` whose value is the two characters at `value`
    // in the text: one move event when plain_point takes the value (or the limit on positions
    // cuts the game there), and true; false, with nothing done, for anything else.
    bool plain_move(Color color, std::uint32_t value, std::uint32_t depth) {
        MoveValue mv;
        if (!plain_point(std::string_view(text_ + value, 2), mv)) return false;
        if (!add_position(value)) return true;
        Event& e = rec_.events.emplace_back();
        e.kind = EventKind::move;
        e.color = color;
        e.point = mv.point;
        e.depth = depth;
        e.offset = value;
        ++rec_.moves;
        return true;
    }

    // The common move value, two lower-case letters on the board ("pd") other than a "tt" that
    // parse_move would read as a pass: read here without parse_move's general path. False for
    // anything else (parse_move then reads it and reports what it finds).
    bool plain_point(std::string_view raw, MoveValue& mv) const {
        if (raw.size() != 2) return false;
        const int x = raw[0] - 'a', y = raw[1] - 'a';
        if (x < 0 || x >= 26 || y < 0 || y >= 26) return false;
        if (x >= rec_.size.width || y >= rec_.size.height) return false;
        if (x == 19 && y == 19) return false;  // "tt": parse_move decides (pass or point)
        mv.pass = false;
        mv.point = Point{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)};
        return true;
    }

    // The point of an off-board move as written: two letters a-z/A-Z (past the board), else
    // kNoPoint.
    static Point off_board_point(std::string_view raw) {
        const auto letter = [](char c) {
            return c >= 'a' && c <= 'z' ? c - 'a' : c >= 'A' && c <= 'Z' ? c - 'A' + 26 : -1;
        };
        if (raw.size() == 2 && letter(raw[0]) >= 0 && letter(raw[1]) >= 0) {
            return Point{static_cast<std::uint8_t>(letter(raw[0])),
                         static_cast<std::uint8_t>(letter(raw[1]))};
        }
        return kNoPoint;
    }

    // MN (FF[4]: the number of the move in this node): a whole number from 0 to kMaxMoveNumber.
    // The record does not use it; an absurd one is reported, not carried on.
    void move_number(const Property& mn) {
        const std::string_view raw = doc_.value(mn.first_value);
        const auto n = parse_number(raw);
        if (!n || *n < 0 || *n > kMaxMoveNumber) {
            add(Severity::warning, codes::bad_move_number, doc_.value_offset(mn.first_value),
                fmt::format("MN[{}] is not a move number between 0 and {}; ignored",
                            printable_value(raw), kMaxMoveNumber));
        }
    }

    void setup(const Property& p, EventKind kind, std::uint32_t depth) {
        points_.clear();
        for (std::uint32_t v = 0; v < p.value_count; ++v) {
            if (p.value_count == 1 &&
                doc_.value(p.first_value).find_first_not_of(" \t\r\n") == std::string_view::npos) {
                // "AE[]": an empty list, as some editors write it.
                add(Severity::warning, codes::empty_setup, doc_.value_offset(p.first_value),
                    fmt::format("{}[] with no point ignored", doc_.id(p)));
                return;
            }
            ValueIssues issues;
            const std::size_t before = points_.size();
            expand_point_list_value(doc_.value(p.first_value + v), rec_.size, points_, issues);
            report(issues, doc_.value_offset(p.first_value + v));
            if (points_.size() - before > max_setup_points_ - setup_points_) {
                add(Severity::error, codes::limit_setup_points,
                    doc_.value_offset(p.first_value + v),
                    fmt::format("more than {} setup points (AB, AW, AE) in the main line of game "
                                "{}; the rest of the game is skipped",
                                max_setup_points_, rec_.index + 1));
                cut_ = true;
                return;
            }
            setup_points_ += points_.size() - before;
            for (std::size_t i = before; i < points_.size(); ++i) {
                Event e;
                e.kind = kind;
                e.point = points_[i];
                e.depth = depth;
                e.offset = doc_.value_offset(p.first_value + v);
                rec_.events.push_back(e);
            }
        }
    }

    // Counts one more position the replay will hold (a move, or a node with setup after the
    // root); past the limit, an error at `offset` and the rest of the game is skipped (false).
    bool add_position(std::uint32_t offset) {
        if (positions_ < max_positions_) {
            ++positions_;
            return true;
        }
        add(Severity::error, codes::limit_positions, offset,
            fmt::format("more than {} positions (moves and nodes with setup) in the main line of "
                        "game {}; the rest of the game is skipped",
                        max_positions_, rec_.index + 1));
        cut_ = true;
        return false;
    }

    void read_territory(const Node& last) {
        auto collect = [&](std::string_view id, std::vector<Point>& out) {
            doc_.for_each_property(last, id, [&](const Property& p) {
                for (std::uint32_t v = 0; v < p.value_count; ++v) {
                    if (out.size() > max_setup_points_) {
                        add(Severity::error, codes::limit_setup_points,
                            doc_.value_offset(p.first_value + v),
                            fmt::format("more than {} points in {} of game {}; the rest are "
                                        "ignored",
                                        max_setup_points_, id, rec_.index + 1));
                        return;
                    }
                    ValueIssues issues;
                    expand_point_list_value(doc_.value(p.first_value + v), rec_.size, out, issues);
                    report(issues, doc_.value_offset(p.first_value + v));
                }
            });
        };
        collect("TB", rec_.territory_black);
        collect("TW", rec_.territory_white);
    }

    // A value quoted in a message: unescaped, at most 40 code points (never cut inside a UTF-8
    // sequence), controls as \xNN.
    static std::string printable_value(std::string_view raw) {
        // 400 raw bytes hold more than 40 code points, escaped or not.
        const std::string text = unescape_simple_text(raw.substr(0, 400));
        bool cut = false;
        std::string out = text::escaped_prefix(text, 40, text::Utf8Check::none, &cut);
        if (!cut && raw.size() > 400) out += "...";
        return out;
    }

    static constexpr long long kMaxMoveNumber = 1 << 20;

    const Document& doc_;
    const char* text_ = nullptr;  // doc_.text(), held by run()
    const std::uint32_t max_diagnostics_;
    const std::uint32_t max_positions_;     // moves and setup nodes of the main line (S129)
    const std::uint32_t max_setup_points_;  // setup points of the main line (S130)
    std::uint32_t positions_ = 0;
    std::size_t setup_points_ = 0;
    bool cut_ = false;         // a limit was reached: the rest of the game is skipped
    std::size_t dropped_ = 0;  // diagnostics past max_diagnostics_
    std::size_t summary_ = 0;  // index of the S128 that counts them
    GameRecord rec_;
    std::uint32_t last_ = kNone;
    std::vector<Point> points_;
    std::array<const Property*, kInfoCount> info_{};
};

}  // namespace

GameRecord read_record(const Document& doc, std::size_t index, const ReadLimits& limits) {
    return RecordReader(doc, index, limits).run();
}

}  // namespace sgfaudit::sgf
