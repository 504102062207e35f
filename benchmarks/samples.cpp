// Generated games for the micro-benchmarks: random legal games played on a game::Board (no
// suicide, no play that repeats an earlier position, no filling of the mover's own one-point
// eyes), written out as KGS or OGS would write them.

#include "samples.hpp"

#include <array>
#include <memory>
#include <stdexcept>
#include <unordered_set>

#include "sgfaudit/game/board.hpp"

namespace sgfaudit::bench {

namespace {

// splitmix64: a fixed, portable sequence (std:: distributions differ between libraries).
class Rng {
  public:
    explicit Rng(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }

  private:
    std::uint64_t state_;
};

struct Move {
    game::Color color = game::Color::black;
    bool pass = false;
    int x = 0, y = 0;
};

struct Game {
    int size = 19;
    std::vector<Move> moves;
    game::Board final_board{19};
    std::uint32_t captures = 0;
};

// True when v is a one-point eye of c: every neighbour is c's stone or off the board.
bool own_eye(const game::Board& board, game::Vertex v, game::Color c) {
    for (game::Vertex n : game::neighbours(v)) {
        const game::Cell cell = board.at(n);
        if (cell != game::Cell::border && cell != game::to_cell(c)) return false;
    }
    return true;
}

// A random game of at most `max_plays` moves, Black first, legal under every preset: no suicide,
// no play that repeats an earlier position (positional superko, so no ko retake either). A
// player without such a point (own eyes excluded) passes; two passes end it. With `to_the_end`
// two passes are added when the limit stops it first.
Game random_game(int size, std::size_t max_plays, std::uint64_t seed, bool to_the_end) {
    Game g;
    g.size = size;
    g.final_board = game::Board(size);
    game::Board& board = g.final_board;
    Rng rng(seed);
    game::Color c = game::Color::black;
    std::unordered_set<std::uint64_t> seen{board.hash()};
    int passes = 0;
    std::vector<game::Vertex> candidates;
    while (g.moves.size() < max_plays && passes < 2) {
        candidates.clear();
        for (int y = 0; y < size; ++y) {
            for (int x = 0; x < size; ++x) {
                const game::Vertex v = game::to_vertex(x, y);
                if (board.at(v) == game::Cell::empty && !own_eye(board, v, c)) {
                    candidates.push_back(v);
                }
            }
        }
        bool played = false;
        while (!candidates.empty()) {
            const std::size_t i = rng.below(candidates.size());
            const game::Vertex v = candidates[i];
            candidates[i] = candidates.back();
            candidates.pop_back();
            const game::PlayEffect preview = board.preview(v, c);
            if (preview.suicide || seen.contains(preview.hash_after)) continue;
            const game::PlayEffect effect = board.play(v, c, true);
            seen.insert(effect.hash_after);
            g.captures += effect.captured_stones;
            g.moves.push_back({c, false, game::vertex_x(v), game::vertex_y(v)});
            played = true;
            break;
        }
        if (played) {
            passes = 0;
        } else {
            g.moves.push_back({c, true, 0, 0});
            ++passes;
        }
        c = game::opponent(c);
    }
    if (to_the_end) {
        while (passes < 2) {
            g.moves.push_back({c, true, 0, 0});
            ++passes;
            c = game::opponent(c);
        }
    }
    return g;
}

std::string sgf_point(int x, int y) {
    return {static_cast<char>('a' + x), static_cast<char>('a' + y)};
}

std::string move_node(const Move& m) {
    std::string s = m.color == game::Color::black ? ";B[" : ";W[";
    if (!m.pass) s += sgf_point(m.x, m.y);
    return s + "]";
}

// KGS: the root's properties one per line, then one node per line.
std::string kgs_header(int size, std::string_view result) {
    std::string s = "(;GM[1]\nFF[4]\nCA[UTF-8]\nSZ[";
    s += std::to_string(size);
    s += "]\n";
    s += "PW[white6d]\nWR[6d]\nPB[black7d]\nBR[7d]\nDT[2012-03-04]\n";
    s += "PC[The KGS Go Server at http://www.gokgs.com/]\nKM[6.50]\n";
    if (!result.empty()) {
        s += "RE[";
        s += result;
        s += "]\n";
    }
    s += "RU[Japanese]TM[300]OT[5x30 byo-yomi]\n";
    return s;
}

std::string kgs_sgf(const Game& g, std::string_view result) {
    std::string s = kgs_header(g.size, result);
    for (const Move& m : g.moves) {
        s += '\n';
        s += move_node(m);
    }
    return s + ")\n";
}

// OGS: the first move in the root's sequence, every later one in a variation of its own inside
// the previous one, so the nesting is as deep as the game is long.
std::string ogs_sgf(const Game& g, std::string_view result) {
    std::string s = "(;FF[4]\nCA[UTF-8]\nGM[1]\nDT[2018-07-16]\n";
    s += "PC[OGS: https://online-go.com/game/13638433]\nGN[Friendly Match]\n";
    s += "PB[blackplayer]\nPW[whiteplayer]\nBR[5k]\nWR[6k]\nTM[30]OT[10 fischer]\n";
    s += "RE[";
    s += result;
    s += "]\nSZ[";
    s += std::to_string(g.size);
    s += "]\nKM[5.5]\n";
    s += "RU[Japanese]\n";
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        if (i > 0) s += '(';
        s += move_node(g.moves[i]);
        s += '\n';
    }
    for (std::size_t i = 1; i < g.moves.size(); ++i) s += ")";
    return s + ")\n";
}

// The final position of a game as AB/AW setup in the root, then B[] W[].
std::string finished_sgf(const Game& g, std::uint32_t& stones) {
    std::string ab = "AB", aw = "AW";
    stones = 0;
    for (int y = 0; y < g.size; ++y) {
        for (int x = 0; x < g.size; ++x) {
            const game::Cell cell = g.final_board.at(x, y);
            if (!game::is_stone(cell)) continue;
            std::string& list = cell == game::Cell::black ? ab : aw;
            list += '[';
            list += sgf_point(x, y);
            list += ']';
            ++stones;
        }
    }
    std::string s = kgs_header(g.size, "");
    return s + ab + "\n" + aw + "\n\n;B[]\n;W[])\n";
}

// A ko in the middle of a 19x19 board (around J10), the white stone at (8, 9) in atari:
//      x: 7 8 9 10
//   y 8:  . X O .
//   y 9:  X O . O
//   y10:  . X O .
// Black takes at (9, 9), White takes back at (8, 9), and so on: after the first take, every
// play returns the board to a position it had two moves before.
std::string kofight_sgf(std::uint32_t plays, std::uint32_t& stones) {
    std::string s = kgs_header(19, "");
    s += "AB[ii][hj][ik]\nAW[ji][ij][kj][jk]\n";
    stones = 7;
    for (std::uint32_t i = 0; i < plays; ++i) {
        s += i % 2 == 0 ? "\n;B[jj]" : "\n;W[ij]";
    }
    return s + ")\n";
}

std::unique_ptr<Sample> make_sample(SampleId id) {
    auto s = std::make_unique<Sample>();
    switch (id) {
        case SampleId::kgs19:
        case SampleId::kgs19_nested: {
            const Game g = random_game(19, 250, 20240601, false);
            s->name = id == SampleId::kgs19 ? "kgs19" : "kgs19_nested";
            s->sgf = id == SampleId::kgs19 ? kgs_sgf(g, "B+Resign") : ogs_sgf(g, "B+R");
            s->moves = static_cast<std::uint32_t>(g.moves.size());
            s->captures = g.captures;
            break;
        }
        case SampleId::ogs9_nested: {
            const Game g = random_game(9, 60, 20240602, false);
            s->name = "ogs9_nested";
            s->sgf = ogs_sgf(g, "W+R");
            s->moves = static_cast<std::uint32_t>(g.moves.size());
            s->captures = g.captures;
            break;
        }
        case SampleId::playout19:
        case SampleId::finished19: {
            const Game g = random_game(19, 2000, 20240603, true);
            if (id == SampleId::playout19) {
                s->name = "playout19";
                s->sgf = kgs_sgf(g, "");
                s->moves = static_cast<std::uint32_t>(g.moves.size());
                s->captures = g.captures;
            } else {
                s->name = "finished19";
                s->sgf = finished_sgf(g, s->setup);
                s->moves = 2;
            }
            break;
        }
        case SampleId::kofight19:
            s->name = "kofight19";
            s->moves = 250;
            s->sgf = kofight_sgf(s->moves, s->setup);
            s->captures = s->moves;
            break;
    }
    return s;
}

constexpr std::size_t kSamples = 6;

}  // namespace

const Sample& sample(SampleId id) {
    static std::array<std::unique_ptr<Sample>, kSamples> samples;
    std::unique_ptr<Sample>& s = samples[static_cast<std::size_t>(id)];
    if (!s) s = make_sample(id);
    return *s;
}

std::span<const audit::Ruleset> three_presets() {
    static const std::vector<audit::Ruleset> rulesets = [] {
        audit::RulesetListParse parse = audit::parse_ruleset_list("tromp-taylor,aga,french");
        if (!parse.ok()) throw std::runtime_error(report::spec_error_text(parse.error));
        return parse.rulesets;
    }();
    return rulesets;
}

report::CheckInput check_input(std::string_view file, const sgf::Document& doc,
                               const sgf::GameRecord& record, const audit::GameAudit& audit,
                               std::vector<sgf::Location>& issue_locations) {
    issue_locations = report::locate_issues(doc, audit);
    report::CheckInput in = report::check_input(file, record, audit);
    in.issue_locations = issue_locations;
    in.diagnostics = record.diagnostics;
    return in;
}

const Audited& audited(SampleId id) {
    static std::array<std::unique_ptr<Audited>, kSamples> cache;
    std::unique_ptr<Audited>& a = cache[static_cast<std::size_t>(id)];
    if (!a) {
        const Sample& s = sample(id);
        a = std::make_unique<Audited>(
            Audited{sgf::read_document(std::string(s.name) + ".sgf", s.sgf), {}, {}, {}, {}});
        a->record = sgf::read_record(a->doc, 0);
        a->audit = audit::audit_game(a->record, three_presets());
        a->input = check_input(a->doc.file(), a->doc, a->record, a->audit, a->issue_locations);
    }
    return *a;
}

}  // namespace sgfaudit::bench
