// The judge of end positions (end_judge.hpp): static life and death in rounds, then
// seki shapes, then `unsure` for whatever is left. Linear work per round, kJudgeRounds rounds.

#include "sgfaudit/audit/end_judge.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <numeric>
#include <span>

#include "end_judge_liberties.hpp"
#include "end_judge_regions.hpp"
#include "end_judge_state.hpp"
#include "eye_shape.hpp"

namespace sgfaudit::audit {

namespace {

using game::Cell;
using game::Color;
using game::Vertex;

using detail::judge::kNone;
constexpr int kBigEye = 7;       // an eye region of this many points counts as two eyes
constexpr int kSmallEyeMax = 3;  // a hopeless group's one eye, and a seki's eyes, at most this

int color_index(Cell c) {
    return c == Cell::black ? 0 : 1;
}

class Judge {
  public:
    using Scratch = detail::judge::Scratch;
    // `scratch` holds the judge's containers between judgements on one thread (their capacity
    // kept: a judgement is made per end board); they start empty, as a new judge's would.
    Judge(const game::Board& board, const LifeAnalysis& life, Scratch& scratch);

    EndJudgement run() {
        EndJudgement out;
        for (int round = 0;; ++round) {
            analyse();
            out.rounds = round + 1;
            if (round + 1 == kJudgeRounds || !mark_dead()) break;
        }
        decide(out);
        return out;
    }

  private:
    using StringInfo = detail::judge::StringInfo;
    using Comp = detail::judge::Comp;
    using Region = detail::judge::Region;

    void label_strings() {
        detail::reset_cells(sid_, board_, kNone);
        detail::reset_cells(scratch_.of_head, board_, kNone);
        for_each_point([&](Vertex v) {
            const Cell c = board_.at(v);
            if (!game::is_stone(c)) return;
            int& s = scratch_.of_head[board_.chain_id(v)];
            if (s == kNone) {
                s = static_cast<int>(strings_.size());
                StringInfo info;
                info.stone = v;
                info.color = color_index(c);
                strings_.push_back(info);
            }
            sid_[v] = s;
            strings_[static_cast<std::size_t>(s)].stones += 1;
            if (life_.pass_alive[v]) strings_[static_cast<std::size_t>(s)].pass_alive = true;
        });
        for (const Vertex v : life_.dead) {
            if (sid_[v] == kNone) continue;
            StringInfo& s = strings_[static_cast<std::size_t>(sid_[v])];
            s.dead = true;
            s.by_benson = true;
        }
        // The current board's colours: the strings' colours, dead strings taken off.
        detail::reset_cells(col_, board_, static_cast<std::int8_t>(kNone));
        for_each_point([&](Vertex v) {
            const int str = sid_[v];
            if (str == kNone || strings_[static_cast<std::size_t>(str)].dead) return;
            col_[v] = static_cast<std::int8_t>(strings_[static_cast<std::size_t>(str)].color);
        });
    }

    // The colour at v on the current board (dead strings removed): 0, 1, or kNone.
    int color_at(Vertex v) const { return col_[v]; }
    // Takes the string s off the current board (col_).
    void take_off(std::size_t s) {
        strings_[s].dead = true;
        board_.for_each_chain_stone(strings_[s].stone, [&](Vertex v) { col_[v] = kNone; });
    }
    // Board::on_board for v a point or a cell next to one (diagonals too), which always lies in
    // the padded grid: without its check that it does.
    bool on_board(Vertex v) const { return board_.at(v) != Cell::border; }
    bool is_empty(Vertex v) const { return on_board(v) && color_at(v) == kNone; }

    int find(int s) {
        while (parent_[static_cast<std::size_t>(s)] != s) {
            parent_[static_cast<std::size_t>(s)] =
                parent_[static_cast<std::size_t>(parent_[static_cast<std::size_t>(s)])];
            s = parent_[static_cast<std::size_t>(s)];
        }
        return s;
    }
    void unite(int a, int b) {
        a = find(a);
        b = find(b);
        if (a == b) return;
        if (a > b) std::swap(a, b);
        parent_[static_cast<std::size_t>(b)] = a;  // the smaller index leads: deterministic
    }

    // Flood fills the empty regions of the current board.
    void fill_comps() {
        detail::reset_cells(comp_, board_, kNone);
        comps_.clear();
        std::vector<Vertex>& stack = scratch_.stack;  // empty between fills
        const int width = board_.width(), height = board_.height();
        for (int y = 0; y < height; ++y) {
            for (int x = 0; x < width; ++x) {
                const Vertex start = game::to_vertex(x, y);
                if (!is_empty(start) || comp_[start] != kNone) continue;
                const int id = static_cast<int>(comps_.size());
                Comp c;
                c.first = start;
                comp_[start] = id;
                stack.push_back(start);
                while (!stack.empty()) {
                    const Vertex v = stack.back();
                    stack.pop_back();
                    c.size += 1;
                    bool touches_stone = false;
                    for (const Vertex n : game::neighbours(v)) {
                        if (!on_board(n)) continue;
                        const int col = color_at(n);
                        if (col != kNone) {
                            c.touch[static_cast<std::size_t>(col)] = true;
                            touches_stone = true;
                            int& first = c.string[static_cast<std::size_t>(col)];
                            if (first == kNone) first = sid_[n];
                        } else if (comp_[n] == kNone) {
                            comp_[n] = id;
                            stack.push_back(n);
                        }
                    }
                    if (!touches_stone) c.interior = true;
                }
                comps_.push_back(c);
            }
        }
    }

    // True when the one-point region at v, reaching colour `own` only, is a false eye: the
    // opponent holds one of its diagonal points on the edge, two in the middle.
    bool false_eye(Vertex v, int own) const {
        bool edge = false;
        for (const Vertex n : game::neighbours(v)) edge = edge || !on_board(n);
        const std::array<Vertex, 4> diagonals{
            static_cast<Vertex>(v - game::kStride - 1), static_cast<Vertex>(v - game::kStride + 1),
            static_cast<Vertex>(v + game::kStride - 1), static_cast<Vertex>(v + game::kStride + 1)};
        int opponent = 0;
        for (const Vertex d : diagonals) {
            // Once islands are known, an island on the diagonal does not spoil the eye: it is
            // inside the owner's area.
            if (on_board(d) && color_at(d) == 1 - own &&
                !(islands_known_ && island_[static_cast<std::size_t>(sid_[d])])) {
                ++opponent;
            }
        }
        return opponent >= (edge ? 1 : 2);
    }

    // True when the empty region of 4 to 6 points at `first` has a shape the opponent kills by
    // playing its vital point (eye_shape.hpp); false for a region of 7 points or more.
    bool killable_shape(Vertex first) const {
        std::array<Vertex, kBigEye> points{};
        int n = 0;
        points[static_cast<std::size_t>(n++)] = first;
        for (int i = 0; i < n; ++i) {
            for (const Vertex nb : game::neighbours(points[static_cast<std::size_t>(i)])) {
                if (!is_empty(nb)) continue;
                if (std::find(points.begin(), points.begin() + n, nb) != points.begin() + n) {
                    continue;
                }
                if (n == kBigEye) return false;  // not a small region after all
                points[static_cast<std::size_t>(n++)] = nb;
            }
        }
        return detail::killable_shape(std::span<const Vertex>(points.data(), n));
    }

    // The eye value of an eye space of `size` empty points starting at `first`: 0 for a false
    // eye, 2 for 7 points or more or a living shape of 4 to 6, else 1.
    int eye_value(int size, Vertex first, int own) const {
        if (size >= kBigEye) return 2;
        if (size == 1 && false_eye(first, own)) return 0;
        if (size >= 4 && !killable_shape(first)) return 2;
        return 1;
    }

    template <class F>
    void for_each_point(F&& f) const {
        const int width = board_.width(), height = board_.height();
        for (int y = 0; y < height; ++y) {
            for (int x = 0; x < width; ++x) f(game::to_vertex(x, y));
        }
    }

    std::size_t root_of(Vertex v) { return static_cast<std::size_t>(find(sid_[v])); }

    // Eye spaces around islands: the empty regions next to an island (each an eye space of the
    // colour around it) and the island's stones are one space. When it has at most six points
    // and a shape the opponent kills on its vital point (the island may already hold it), its
    // regions make one eye together, not one each (Scratch::spaces; eye_shape.hpp).
    void island_eye_spaces() {
        std::vector<int>& sizes = scratch_.sizes;
        std::vector<std::uint8_t>& eye_space = scratch_.eye_space;
        sizes.resize(comps_.size());
        eye_space.assign(comps_.size(), 0);
        for (std::size_t k = 0; k < comps_.size(); ++k) {
            sizes[k] = comps_[k].size;
            for (int c = 0; c < 2; ++c) {
                if (comps_[k].eye_space(c)) eye_space[k] |= static_cast<std::uint8_t>(1u << c);
            }
        }
        std::vector<int>& island = scratch_.island_of;  // per vertex: the island string there
        detail::reset_cells(island, board_, kNone);
        for_each_point([&](Vertex v) {
            if (color_at(v) != kNone && island_[static_cast<std::size_t>(sid_[v])]) {
                island[v] = sid_[v];
            }
        });
        detail::small_island_spaces(board_, comp_, sizes, eye_space, island, col_, kBigEye,
                                    scratch_.spaces);
        scratch_.counted.assign(scratch_.spaces.size.size(), false);
    }

    // One round: regions, groups, eyes, life (end_judge.hpp).
    void analyse() {
        const std::size_t n = strings_.size();
        parent_.resize(n);
        std::iota(parent_.begin(), parent_.end(), 0);
        islands_known_ = false;
        fill_comps();
        join_first_level();
        // Per group root: eye count, largest eye, holds a pass-alive string. Filled for the
        // first-level groups, then again for the final ones.
        std::vector<int>&eyes = scratch_.round_eyes, &largest = scratch_.round_largest;
        std::vector<std::uint8_t>& firm = scratch_.firm;
        eyes.assign(n, 0), largest.assign(n, 0), firm.assign(n, false);
        find_hopeless(eyes, largest, firm);
        find_islands();
        mark_eye_spaces();
        join_second_level();
        std::fill(eyes.begin(), eyes.end(), 0);
        std::fill(largest.begin(), largest.end(), 0);
        std::fill(firm.begin(), firm.end(), false);
        count_eyes(eyes, largest);
        settle_groups(eyes, largest, firm);
        rate_regions();
    }

    // Groups, first level: a shared liberty, or an empty region reaching one colour only.
    void join_first_level() {
        for_each_point([&](Vertex v) {
            if (!is_empty(v)) return;
            std::array<int, 2> seen{kNone, kNone};
            for (const Vertex nb : game::neighbours(v)) {
                if (!on_board(nb)) continue;
                const int col = color_at(nb);
                if (col == kNone) continue;
                int& first = seen[static_cast<std::size_t>(col)];
                if (first == kNone) {
                    first = sid_[nb];
                } else {
                    unite(first, sid_[nb]);
                }
            }
            const Comp& c = comps_[static_cast<std::size_t>(comp_[v])];
            for (int col = 0; col < 2; ++col) {
                const int s = seen[static_cast<std::size_t>(col)];
                if (s != kNone && c.own_only(col))
                    unite(c.string[static_cast<std::size_t>(col)], s);
            }
        });
    }

    // Marks firm[root] for the group root of every pass-alive string.
    void mark_firm(std::vector<std::uint8_t>& firm) {
        for (std::size_t s = 0; s < strings_.size(); ++s) {
            if (strings_[s].pass_alive)
                firm[static_cast<std::size_t>(find(static_cast<int>(s)))] = true;
        }
    }

    // Sets Scratch::level1 and doomed_ from the first-level groups. Hopeless: no pass-alive string,
    // at most one eye (own-only regions) of at most 3 points. eyes, largest and firm come in zeroed
    // and are left per first-level root.
    void find_hopeless(std::vector<int>& eyes, std::vector<int>& largest,
                       std::vector<std::uint8_t>& firm) {
        const std::size_t n = strings_.size();
        for (const Comp& c : comps_) {
            for (int col = 0; col < 2; ++col) {
                if (!c.own_only(col)) continue;
                const auto root =
                    static_cast<std::size_t>(find(c.string[static_cast<std::size_t>(col)]));
                eyes[root] += eye_value(c.size, c.first, col);
                largest[root] = std::max(largest[root], c.size);
            }
        }
        mark_firm(firm);
        scratch_.level1.assign(n, kNone);
        doomed_.assign(n, false);
        for (std::size_t s = 0; s < n; ++s) {
            const auto root = static_cast<std::size_t>(find(static_cast<int>(s)));
            scratch_.level1[s] = static_cast<int>(root);
            doomed_[s] = !firm[root] && eyes[root] <= 1 && largest[root] <= kSmallEyeMax;
        }
    }

    // Sets island_: hopeless groups next to at most one region (enclosed by their colour) that
    // holds opponent stones: the group sits inside the opponent's area.
    void find_islands() {
        const std::size_t n = strings_.size();
        detail::judge::current_stone_rows(board_, col_, scratch_);
        for (int col = 0; col < 2; ++col) detail::judge::enclosed_regions(board_, col, scratch_);
        std::vector<int>& first_region = scratch_.first_region;
        std::vector<std::uint8_t>& several = scratch_.several;
        first_region.assign(n, kNone), several.assign(n, false);
        for_each_point([&](Vertex v) {
            const int col = color_at(v);
            if (col == kNone) return;
            const auto root =
                static_cast<std::size_t>(scratch_.level1[static_cast<std::size_t>(sid_[v])]);
            for (const Vertex nb : game::neighbours(v)) {
                if (!on_board(nb) || color_at(nb) == col) continue;
                const int r = region_[static_cast<std::size_t>(col)][nb];
                if (!regions_[static_cast<std::size_t>(col)][static_cast<std::size_t>(r)]
                         .has_stones) {
                    continue;
                }
                if (first_region[root] == kNone) {
                    first_region[root] = r;
                } else if (first_region[root] != r) {
                    several[root] = true;
                }
            }
        });
        island_.assign(n, false);
        for (std::size_t s = 0; s < n; ++s) {
            const auto root = static_cast<std::size_t>(scratch_.level1[s]);
            island_[s] = doomed_[s] && !several[root];
        }
        islands_known_ = true;
    }

    // Eye spaces: empty regions that reach, of the opponent, islands only (Comp::touch_firm).
    void mark_eye_spaces() {
        for (std::size_t k = 0; k < comps_.size(); ++k) comps_[k].touch_firm = {false, false};
        for_each_point([&](Vertex v) {
            if (!is_empty(v)) return;
            Comp& c = comps_[static_cast<std::size_t>(comp_[v])];
            for (const Vertex nb : game::neighbours(v)) {
                if (!on_board(nb)) continue;
                const int col = color_at(nb);
                if (col != kNone && !island_[static_cast<std::size_t>(sid_[nb])]) {
                    c.touch_firm[static_cast<std::size_t>(col)] = true;
                }
            }
        });
    }

    // Groups, second level: joined by eye spaces.
    void join_second_level() {
        for_each_point([&](Vertex v) {
            if (!is_empty(v)) return;
            const Comp& c = comps_[static_cast<std::size_t>(comp_[v])];
            for (const Vertex nb : game::neighbours(v)) {
                if (!on_board(nb)) continue;
                const int col = color_at(nb);
                if (col != kNone && c.eye_space(col)) {
                    unite(c.string[static_cast<std::size_t>(col)], sid_[nb]);
                }
            }
        });
    }

    // The eyes and largest eye of each final group (eyes and largest come in zeroed): its eye
    // spaces, the small killable spaces around islands counted once, and single points shared
    // with an island counted only for a group that has another eye.
    void count_eyes(std::vector<int>& eyes, std::vector<int>& largest) {
        const std::size_t n = strings_.size();
        std::vector<int>& shared_points = scratch_.shared_points;
        shared_points.assign(n, 0);
        island_eye_spaces();
        for (std::size_t k = 0; k < comps_.size(); ++k) {
            const Comp& c = comps_[k];
            for (int col = 0; col < 2; ++col) {
                if (!c.eye_space(col)) continue;
                const auto root =
                    static_cast<std::size_t>(find(c.string[static_cast<std::size_t>(col)]));
                if (const int sp = scratch_.spaces.of_region[k]; sp != kNone) {
                    // A small killable space around an island: one eye for the whole space;
                    // made of single points only, a liberty shared with the island, as below.
                    const auto i = static_cast<std::size_t>(sp);
                    if (!scratch_.counted[i])
                        (scratch_.spaces.wide[i] ? eyes : shared_points)[root] += 1;
                    scratch_.counted[i] = true;
                    if (scratch_.spaces.wide[i])
                        largest[root] = std::max(largest[root], scratch_.spaces.size[i]);
                    continue;
                }
                // A single point next to an island is a liberty shared with it: an eye only
                // for a group that has another (else a seki, or a race, may be on).
                if (c.size == 1 && !c.own_only(col)) {
                    shared_points[root] += eye_value(c.size, c.first, col);
                    continue;
                }
                eyes[root] += eye_value(c.size, c.first, col);
                largest[root] = std::max(largest[root], c.size);
            }
        }
        for (std::size_t r = 0; r < n; ++r) {
            if (eyes[r] >= 1) eyes[r] += shared_points[r];
        }
    }

    // Sets root_, alive_, Scratch::eyes and Scratch::largest from the final groups: a group lives
    // with a pass-alive string or two eyes (firm comes in zeroed).
    void settle_groups(const std::vector<int>& eyes, const std::vector<int>& largest,
                       std::vector<std::uint8_t>& firm) {
        const std::size_t n = strings_.size();
        mark_firm(firm);
        root_.assign(n, kNone);
        alive_.assign(n, false);
        scratch_.eyes = eyes;
        scratch_.largest = largest;
        for (std::size_t s = 0; s < n; ++s) {
            const auto root = static_cast<std::size_t>(find(static_cast<int>(s)));
            root_[s] = static_cast<int>(root);
            alive_[s] = !strings_[s].dead && (firm[root] || eyes[root] >= 2);
        }
    }

    // Per region enclosed by a colour: are the stones in it all hopeless and not alive, and
    // are the strings around it all alive? (Region::all_doomed, borders_all_alive, bordered.)
    void rate_regions() {
        for (int col = 0; col < 2; ++col) {
            const std::vector<int>& label = region_[static_cast<std::size_t>(col)];
            std::vector<Region>& regions = regions_[static_cast<std::size_t>(col)];
            for_each_point([&](Vertex v) {
                const int c = color_at(v);
                if (c == kNone) return;
                const auto s = static_cast<std::size_t>(sid_[v]);
                if (c == 1 - col) {
                    if (!doomed_[s] || alive_[s]) {
                        regions[static_cast<std::size_t>(label[v])].all_doomed = false;
                    }
                    return;
                }
                for (const Vertex nb : game::neighbours(v)) {
                    if (!on_board(nb) || label[nb] == kNone) continue;
                    Region& r = regions[static_cast<std::size_t>(label[nb])];
                    r.bordered = true;
                    if (!alive_[s]) r.borders_all_alive = false;
                }
            });
        }
    }

    // Marks dead the stones of every region whose stones are all hopeless and not alive and
    // whose enclosing strings are all alive (no seki is possible there: every opponent string
    // next to them lives). Returns whether any string died.
    bool mark_dead() {
        bool any = false;
        for (std::size_t s = 0; s < strings_.size(); ++s) {
            StringInfo& info = strings_[s];
            if (info.dead || !doomed_[s] || alive_[s]) continue;
            const int enclosing = 1 - info.color;
            const int label = region_[static_cast<std::size_t>(enclosing)][info.stone];
            const Region& r =
                regions_[static_cast<std::size_t>(enclosing)][static_cast<std::size_t>(label)];
            if (r.all_doomed && r.bordered && r.borders_all_alive) {
                take_off(s);
                any = true;
            }
        }
        return any;
    }

    // The seki shape of two undecided groups g (colour of `own`) and h (end_judge.hpp).
    bool seki_pair(int g, int h, const detail::GroupLiberties& libs) const {
        const std::span<const Vertex> lg = libs.of(g), lh = libs.of(h);
        std::vector<Vertex>& shared = scratch_.shared;
        shared.clear();
        std::set_intersection(lg.begin(), lg.end(), lh.begin(), lh.end(),
                              std::back_inserter(shared));
        if (shared.empty()) return false;
        // Every other liberty lies in an empty region reaching the group's colour only.
        const auto in_own_eyes = [&](std::span<const Vertex> l, int own) {
            for (const Vertex v : l) {
                if (std::binary_search(shared.begin(), shared.end(), v)) continue;
                const Comp& c = comps_[static_cast<std::size_t>(comp_[v])];
                if (!c.eye_space(own)) return false;
            }
            return true;
        };
        if (!in_own_eyes(lg, strings_[static_cast<std::size_t>(g)].color) ||
            !in_own_eyes(lh, strings_[static_cast<std::size_t>(h)].color)) {
            return false;
        }
        const int eg = scratch_.eyes[static_cast<std::size_t>(g)],
                  eh = scratch_.eyes[static_cast<std::size_t>(h)];
        if (scratch_.largest[static_cast<std::size_t>(g)] > kSmallEyeMax ||
            scratch_.largest[static_cast<std::size_t>(h)] > kSmallEyeMax) {
            return false;
        }
        if (eg == 0 && eh == 0 && shared.size() >= 2) {
            // Without eyes, a group of one or two stones may be given up on a shared liberty:
            // the other takes them and is left with one eye of at most three points, not two.
            // Not a seki then, whatever comes of it.
            return scratch_.group_stones[static_cast<std::size_t>(g)] > 2 &&
                   scratch_.group_stones[static_cast<std::size_t>(h)] > 2;
        }
        return eg == 1 && eh == 1;
    }

    void decide(EndJudgement& out) {
        const std::size_t n = strings_.size();
        std::vector<StringVerdict>& verdict = scratch_.verdict;
        std::vector<std::uint8_t>& seki_root = scratch_.seki_root;
        verdict.assign(n, StringVerdict::unsure), seki_root.assign(n, false);
        // The liberties of each group on the current board, sorted.
        const detail::GroupLiberties& libs = scratch_.libs;
        detail::group_liberties(board_, col_, sid_, root_, scratch_.libs);
        scratch_.group_stones.assign(n, 0);
        for (std::size_t s = 0; s < n; ++s) {
            if (!strings_[s].dead) {
                scratch_.group_stones[static_cast<std::size_t>(root_[s])] += strings_[s].stones;
            }
        }
        // Undecided groups next to each other (by a shared liberty) in a seki shape.
        for (std::size_t g = 0; g < n; ++g) {
            if (root_[g] != static_cast<int>(g) || strings_[g].dead || alive_[g]) continue;
            std::vector<int>& checked = scratch_.checked;  // each neighbouring group once
            checked.clear();
            for (const Vertex v : libs.of(static_cast<int>(g))) {
                for (const Vertex nb : game::neighbours(v)) {
                    if (!on_board(nb)) continue;
                    const int col = color_at(nb);
                    if (col == kNone || col == strings_[g].color) continue;
                    const int h = root_[static_cast<std::size_t>(sid_[nb])];
                    if (alive_[static_cast<std::size_t>(h)]) continue;
                    if (std::find(checked.begin(), checked.end(), h) != checked.end()) continue;
                    checked.push_back(h);
                    if (seki_pair(static_cast<int>(g), h, libs)) {
                        seki_root[g] = true;
                        seki_root[static_cast<std::size_t>(h)] = true;
                    }
                }
            }
        }
        // Liberties of each string on the current board (a living string in atari is unsure).
        std::vector<int>& string_libs = scratch_.string_libs;
        detail::string_liberty_counts(board_, col_, sid_, n, string_libs);
        for (std::size_t s = 0; s < n; ++s) {
            const StringInfo& info = strings_[s];
            if (info.dead) {
                verdict[s] = StringVerdict::dead;
            } else if (alive_[s]) {
                verdict[s] = StringVerdict::alive;
            } else if (seki_root[static_cast<std::size_t>(root_[s])]) {
                verdict[s] = StringVerdict::seki;
            }
            if ((verdict[s] == StringVerdict::alive || verdict[s] == StringVerdict::seki) &&
                !info.pass_alive && string_libs[s] <= 1) {
                // The opponent may take it (for nothing, or in a ko left open: counted by the
                // players either way, measured in docs/accuracy.md): not the judge's to guess.
                verdict[s] = StringVerdict::unsure;
            }
        }
        for (std::size_t s = 0; s < n; ++s) {
            const StringInfo& info = strings_[s];
            JudgedString j;
            j.stone = info.stone;
            j.color = info.color == 0 ? Color::black : Color::white;
            j.stones = info.stones;
            j.verdict = verdict[s];
            j.by_benson = info.by_benson || info.pass_alive;
            if (j.verdict == StringVerdict::unsure) out.unsure += 1;
            out.strings.push_back(j);
        }
        for_each_point([&](Vertex v) {
            if (sid_[v] != kNone && strings_[static_cast<std::size_t>(sid_[v])].dead) {
                out.dead.push_back(v);
            }
        });
        std::sort(out.dead.begin(), out.dead.end());
        for (const Comp& c : comps_) {
            if (c.touch[0] && c.touch[1] && c.interior) out.open_boundary = true;
        }
        std::array<int, 2> stones{}, lost{};
        for (const StringInfo& info : strings_) {
            stones[static_cast<std::size_t>(info.color)] += info.stones;
            if (info.dead && !info.by_benson)
                lost[static_cast<std::size_t>(info.color)] += info.stones;
        }
        for (std::size_t c = 0; c < 2; ++c) {
            if (stones[c] >= kJudgeLossFloor && 2 * lost[c] > stones[c]) out.implausible = true;
            // Every stone of a colour dead by the judge's reading alone: on a small board
            // (fewer stones than the floor) the same sign of a board nobody finished.
            if (lost[c] > 0 && lost[c] == stones[c]) out.implausible = true;
        }
    }

    const game::Board& board_;
    const LifeAnalysis& life_;
    // The containers are the thread's Scratch (emptied by the constructor).
    std::vector<StringInfo>& strings_;
    std::vector<int>& sid_;          // per vertex: the string there, or kNone
    std::vector<std::int8_t>& col_;  // per vertex: the colour on the current board, or kNone
    std::vector<int>& parent_;
    std::vector<int>& comp_;  // per vertex: the empty region there, or kNone
    std::vector<Comp>& comps_;
    std::array<std::vector<int>, 2>& region_;  // per enclosing colour, per vertex
    std::array<std::vector<Region>, 2>& regions_;
    std::vector<std::uint8_t>& doomed_;  // per string: its first-level group is hopeless
    std::vector<std::uint8_t>& island_;  // per string: doomed, inside the opponent's area
    bool islands_known_ = false;         // island_ is this round's
    std::vector<int>& root_;             // per string: its group (final)
    std::vector<std::uint8_t>& alive_;   // per string
    Scratch& scratch_;                   // the rest of the judge's containers
};

Judge::Judge(const game::Board& board, const LifeAnalysis& life, Scratch& scratch)
    : board_(board),
      life_(life),
      strings_(scratch.strings),
      sid_(scratch.sid),
      col_(scratch.col),
      parent_(scratch.parent),
      comp_(scratch.comp),
      comps_(scratch.comps),
      region_(scratch.region),
      regions_(scratch.regions),
      doomed_(scratch.doomed),
      island_(scratch.island),
      root_(scratch.root),
      alive_(scratch.alive),
      scratch_(scratch) {
    scratch.clear();
    label_strings();
}

}  // namespace

EndJudgement judge_end_position(const game::Board& board, const LifeAnalysis& life) {
    thread_local Judge::Scratch scratch;
    return Judge(board, life, scratch).run();
}

}  // namespace sgfaudit::audit
