// KataGo's count (issue 15) checked against a second, plain reading of it, on the end positions of
// real games. The reference below is written straight from the description of KataGo's area count
// (docs/rules.md, KG score and KG tax; rules-notes.md, "KataGo's rules"), point by point and
// without the audit's code: Benson's pass-alive strings per colour with KataGo's two details, the
// regions each colour then owns, the stones that count as they stand, and, for tax SEKI and ALL,
// the regions of independent life. The audit's dead=pass-alive rulesets must give the same area
// count on every game of ../shared's OGS and KGS folders that it scores (two passes, no illegal
// play), for sui0 and sui1 and every tax.

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "catalogue_support.hpp"
#include "skip.hpp"

using namespace catalogue;

namespace {

using game::Cell;
using game::Vertex;

enum class Tax { none, seki, all };

struct Reference {
    const game::Board& b;
    int w, h;
    std::vector<Vertex> points;  // every point of the board, row by row

    explicit Reference(const game::Board& board) : b(board), w(board.width()), h(board.height()) {
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) points.push_back(game::to_vertex(x, y));
    }

    // The string of each stone, numbered from 1 (0 for an empty point).
    std::vector<int> strings() const {
        std::vector<int> id(game::kCells, 0);
        int n = 0;
        for (const Vertex p : points) {
            if (!game::is_stone(b.at(p)) || id[p] != 0) continue;
            id[p] = ++n;
            std::vector<Vertex> todo{p};
            while (!todo.empty()) {
                const Vertex v = todo.back();
                todo.pop_back();
                for (const Vertex q : game::neighbours(v)) {
                    if (b.at(q) == b.at(p) && id[q] == 0) {
                        id[q] = n;
                        todo.push_back(q);
                    }
                }
            }
        }
        return id;
    }

    // KG score for one colour: marks in `owner` its pass-alive strings and the regions (maximal
    // sets of points that are not its stones) it owns: those around which every string is
    // pass-alive and that hold no opposing stone, or at most one point not next to its stones;
    // and, where still unmarked, any region of empty points next to its stones only.
    void mark_colour(Cell me, bool suicide_legal, std::vector<Cell>& owner) const {
        const Cell them = me == Cell::black ? Cell::white : Cell::black;
        const std::vector<int> id = strings();
        std::vector<int> region(game::kCells, -1);
        struct Region {
            std::vector<Vertex> pts;
            std::vector<int> vital;  // strings every (empty, or any with suicide) point touches
            int away = 0;            // points next to none of my stones (counted up to 2)
            bool has_them = false;
            bool near_dead = false;  // borders a string found not pass-alive
        };
        std::vector<Region> regions;
        bool any_mine = false;
        for (const Vertex p : points) any_mine = any_mine || b.at(p) == me;
        const auto touches = [&](Vertex v, int s) {
            for (const Vertex q : game::neighbours(v))
                if (b.at(q) == me && id[q] == s) return true;
            return false;
        };
        for (const Vertex p : points) {
            if (b.at(p) != Cell::empty || region[p] != -1) continue;
            Region r;
            for (const Vertex q : game::neighbours(p)) {
                if (b.at(q) == me &&
                    std::find(r.vital.begin(), r.vital.end(), id[q]) == r.vital.end())
                    r.vital.push_back(id[q]);
            }
            const int index = static_cast<int>(regions.size());
            std::vector<Vertex> todo{p};
            region[p] = index;
            for (std::size_t i = 0; i < todo.size(); ++i) {
                const Vertex v = todo[i];
                r.pts.push_back(v);
                if (suicide_legal || b.at(v) == Cell::empty) {
                    std::erase_if(r.vital, [&](int s) { return !touches(v, s); });
                }
                bool next_to_me = false;
                for (const Vertex q : game::neighbours(v)) next_to_me = next_to_me || b.at(q) == me;
                if (!next_to_me) r.away = std::min(r.away + 1, 2);
                if (b.at(v) == them) r.has_them = true;
                for (const Vertex q : game::neighbours(v)) {
                    if ((b.at(q) == Cell::empty || b.at(q) == them) && region[q] == -1) {
                        region[q] = index;
                        todo.push_back(q);
                    }
                }
            }
            regions.push_back(std::move(r));
        }
        // Benson: a string with fewer than two vital regions, among the regions that border no
        // string already found not pass-alive, is not pass-alive; repeat until nothing changes.
        int n_strings = 0;
        for (const Vertex p : points) n_strings = std::max(n_strings, id[p]);
        std::vector<bool> alive(static_cast<std::size_t>(n_strings) + 1, true);
        for (bool changed = true; changed;) {
            changed = false;
            std::vector<int> count(alive.size(), 0);
            for (const Region& r : regions)
                if (!r.near_dead)
                    for (const int s : r.vital) ++count[static_cast<std::size_t>(s)];
            for (const Vertex p : points) {
                const auto s = static_cast<std::size_t>(id[p]);
                if (b.at(p) != me || !alive[s] || count[s] >= 2) continue;
                alive[s] = false;
                changed = true;
                for (const Vertex v : points) {
                    if (b.at(v) != me || id[v] != id[p]) continue;
                    for (const Vertex q : game::neighbours(v))
                        if (b.at(q) == Cell::empty || b.at(q) == them)
                            regions[static_cast<std::size_t>(region[q])].near_dead = true;
                }
            }
        }
        for (const Vertex p : points)
            if (b.at(p) == me && alive[static_cast<std::size_t>(id[p])]) owner[p] = me;
        for (const Region& r : regions) {
            const bool owned = any_mine && !r.near_dead && (r.away <= 1 || !r.has_them);
            if (owned) {
                for (const Vertex v : r.pts) owner[v] = me;
            } else if (any_mine && !r.has_them) {
                for (const Vertex v : r.pts)
                    if (owner[v] == Cell::empty) owner[v] = me;
            }
        }
    }

    int liberties(Vertex p) const {
        std::vector<bool> seen(game::kCells, false), lib(game::kCells, false);
        std::vector<Vertex> todo{p};
        seen[p] = true;
        int n = 0;
        while (!todo.empty()) {
            const Vertex v = todo.back();
            todo.pop_back();
            for (const Vertex q : game::neighbours(v)) {
                if (b.at(q) == Cell::empty && !lib[q]) {
                    lib[q] = true;
                    ++n;
                } else if (b.at(q) == b.at(p) && !seen[q]) {
                    seen[q] = true;
                    todo.push_back(q);
                }
            }
        }
        return n;
    }

    // The area count {Black, White} by KataGo's rules, no komi.
    std::array<int, 2> area(bool suicide_legal, Tax tax) const {
        std::vector<Cell> owner(game::kCells, Cell::empty);
        mark_colour(Cell::black, suicide_legal, owner);
        mark_colour(Cell::white, suicide_legal, owner);
        for (const Vertex p : points)
            if (owner[p] == Cell::empty && game::is_stone(b.at(p))) owner[p] = b.at(p);
        std::array<int, 2> score{0, 0};
        const auto side = [](Cell c) { return c == Cell::black ? 0 : 1; };
        if (tax == Tax::none) {
            for (const Vertex p : points)
                if (owner[p] != Cell::empty) ++score[static_cast<std::size_t>(side(owner[p]))];
            return score;
        }
        // KG tax: a part of one colour's area (joined where adjacent) that touches an unowned
        // empty point or holds its colour's stone in atari keeps only its stones.
        std::vector<bool> seki(game::kCells, false), done(game::kCells, false);
        const auto flood = [&](Vertex p, std::vector<bool>& mark) {
            std::vector<Vertex> todo{p};
            mark[p] = true;
            while (!todo.empty()) {
                const Vertex v = todo.back();
                todo.pop_back();
                for (const Vertex q : game::neighbours(v)) {
                    if (b.on_board(q) && owner[q] == owner[p] && !mark[q]) {
                        mark[q] = true;
                        todo.push_back(q);
                    }
                }
            }
        };
        for (const Vertex p : points) {
            if (owner[p] == Cell::empty || seki[p]) continue;
            bool trigger = b.at(p) == owner[p] && liberties(p) == 1;
            for (const Vertex q : game::neighbours(p))
                trigger =
                    trigger || (b.on_board(q) && b.at(q) == Cell::empty && owner[q] == Cell::empty);
            if (trigger) flood(p, seki);
        }
        std::array<int, 2> regions{0, 0};
        for (const Vertex p : points) {
            if (owner[p] == Cell::empty) continue;
            const auto s = static_cast<std::size_t>(side(owner[p]));
            if (!seki[p]) {
                ++score[s];
                if (!done[p]) {
                    ++regions[s];
                    flood(p, done);
                }
            } else if (b.at(p) == owner[p]) {
                ++score[s];
            }
        }
        if (tax == Tax::all) {
            score[0] -= 2 * regions[0];
            score[1] -= 2 * regions[1];
        }
        return score;
    }
};

// The board at the end of `rec`'s main line: setup as it stands, plays with their captures (and
// with the mover's string removed when it has no liberty left, which only a game with
// multi-stone suicide can leave).
game::Board replay(const sgf::GameRecord& rec) {
    game::Board board(rec.size.width, rec.size.height);
    for (const sgf::Event& e : rec.events) {
        const Vertex v = game::to_vertex(e.point.x, e.point.y);
        switch (e.kind) {
            case sgf::EventKind::add_black:
                board.set_stone(v, game::Color::black);
                break;
            case sgf::EventKind::add_white:
                board.set_stone(v, game::Color::white);
                break;
            case sgf::EventKind::add_empty:
                board.clear(v);
                break;
            case sgf::EventKind::move:
                if (!e.pass && !e.off_board && board.at(v) == Cell::empty) {
                    board.play(
                        v, e.color == sgf::Color::black ? game::Color::black : game::Color::white,
                        true);
                }
                break;
            case sgf::EventKind::to_play:
                break;
        }
    }
    return board;
}

}  // namespace

TEST_CASE("KataGo's area count equals a plain reference reading of KataGo's rules on real games",
          "[audit][katago][shared]") {
    namespace fs = std::filesystem;
    const fs::path shared = fs::path(SGFAUDIT_SHARED_DIR) / "corpus/games";
    if (!fs::is_directory(shared)) SGFAUDIT_SKIP("no " << shared.string());
    struct Variant {
        std::string spec;
        bool suicide_legal;
        Tax tax;
    };
    const std::vector<Variant> variants{
        {"tromp-taylor:end=resumable:dead=pass-alive:komi=0", true, Tax::none},
        {"tromp-taylor:suicide=forbidden:end=resumable:dead=pass-alive:komi=0", false, Tax::none},
        {"tromp-taylor:seki-eyes=independent:end=resumable:dead=pass-alive:komi=0", true,
         Tax::seki},
        {"tromp-taylor:suicide=forbidden:seki-eyes=taxed:end=resumable:dead=pass-alive:komi=0",
         false, Tax::all},
    };
    std::vector<audit::Ruleset> rulesets;
    for (const Variant& v : variants) rulesets.push_back(spec(v.spec));
    int compared = 0, with_dead = 0;
    for (const char* folder : {"ogs-9x9-teenygo", "kgs-6d-plus"}) {
        std::vector<fs::path> files;
        for (const auto& e : fs::recursive_directory_iterator(shared / folder))
            if (e.is_regular_file() && e.path().extension() == ".sgf") files.push_back(e.path());
        std::sort(files.begin(), files.end());
        files.resize(std::min<std::size_t>(files.size(), 600));
        for (const fs::path& f : files) {
            std::ifstream in(f, std::ios::binary);
            std::stringstream text;
            text << in.rdbuf();
            const sgf::Document doc = sgf::read_document(f.string(), text.str());
            if (doc.games().empty()) continue;
            const sgf::GameRecord rec = sgf::read_record(doc, 0);
            if (!rec.auditable) continue;
            const audit::GameAudit a = audit::audit_game(rec, rulesets, {});
            if (!a.auditable) continue;
            const game::Board end = replay(rec);
            const Reference ref(end);
            for (std::size_t i = 0; i < variants.size(); ++i) {
                const audit::RulesetResult& r = a.results[i];
                if (!r.score.scored || !r.illegal.empty() || r.moves_after_end != 0) continue;
                const std::array<int, 2> want =
                    ref.area(variants[i].suicide_legal, variants[i].tax);
                INFO(f.string() << " under " << variants[i].spec);
                CHECK(r.score.area.black == Approx(want[0]));
                CHECK(r.score.area.white == Approx(want[1]));
                ++compared;
                if (r.score.dead_black + r.score.dead_white > 0) ++with_dead;
            }
        }
    }
    // Enough end positions, and some where the rules removed stones, for the check to mean
    // something (1,612 counts from 1,200 games, 248 of them with stones the rules removed).
    CHECK(compared > 1500);
    CHECK(with_dead > 200);
}
