// judge_compare: the judge of end positions (end_judge.hpp) against GNU Go, string by string, on
// the end positions of real games (docs/accuracy.md, "Dead stones: the judge"; run by
// tools/accuracy-judge.sh). Not part of sgfaudit: a measuring tool.
//
// Usage: judge_compare [--level N] [--cache FILE [--cache-only]] [--judge-only] [--boards FILE]
//                      [--unsettled FILE] [--pictures FILE] SGF-FILE...
// Each file is audited under Chinese rules with `--dead gnugo` semantics; the oracle asked for
// the dead stones of each game ended by two passes is a wrapper that asks GNU Go (its answer is
// the count's) and also runs Benson's analysis and the judge on the same board, then compares
// every string: GNU Go's verdict is dead when its stones are in `final_status_list dead`, else
// alive (seki counts as alive: neither removes it); the judge's is dead, or alive/seki, or
// unsure. Output: one line per string both decide differently (DIFF ...), the boards of those
// positions to --boards, and a summary (SUMMARY key=value ...).

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/audit/dead_stones.hpp"
#include "sgfaudit/audit/end_judge.hpp"
#include "sgfaudit/audit/life.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/pipeline/audit_file.hpp"
#include "sgfaudit/pipeline/gnugo.hpp"

using namespace sgfaudit;

namespace {

struct Tallies {
    long positions = 0, answered = 0, judge_settled = 0, benson_settled = 0;
    long strings = 0, by_benson = 0, both = 0, agree = 0;
    long judge_dead_gnugo_alive = 0, judge_alive_gnugo_dead = 0;
    long own_both = 0, own_agree = 0;          // of `both`: the strings Benson did not decide
    long settled_both = 0, settled_agree = 0;  // of `both`: in positions the judge settles
    long judge_unsure = 0, judge_unsure_gnugo_dead = 0;
    long positions_all_agree = 0;  // answered positions where every string both decide agrees
};

std::string current_file;
// GNU Go's answers by position (--cache FILE): a rerun asks the engine only about new boards.
std::map<std::string, std::vector<game::Vertex>> cache;
std::ofstream cache_out;
bool cache_only = false;  // --cache-only: positions not in the cache are skipped
bool judge_only = false;  // --judge-only: no engine; the judge's settlement only

std::string key_of(const game::Board& board, double komi) {
    std::string key = board.to_ascii();
    for (char& c : key) {
        if (c == '\n') c = '/';
    }
    return key + " " + std::to_string(komi);
}
Tallies tallies;
std::ofstream boards;
std::ofstream unsettled;  // --unsettled FILE: the positions the judge leaves unsettled
std::ofstream pictures;   // --pictures FILE: every position with the judge's verdicts

// The board with the judge's verdicts: X/O alive, x/o dead, S/s seki, ?/! unsure (Black/White).
std::string verdict_picture(const game::Board& board, const audit::EndJudgement& j) {
    std::string out;
    for (int y = 0; y < board.height(); ++y) {
        for (int x = 0; x < board.width(); ++x) {
            const game::Vertex v = game::to_vertex(x, y);
            const game::Cell c = board.at(v);
            char ch = '.';
            if (game::is_stone(c)) {
                const bool black = c == game::Cell::black;
                for (const audit::JudgedString& s : j.strings) {
                    if (board.chain_id(s.stone) != board.chain_id(v)) continue;
                    switch (s.verdict) {
                        case audit::StringVerdict::alive:
                            ch = black ? 'X' : 'O';
                            break;
                        case audit::StringVerdict::dead:
                            ch = black ? 'x' : 'o';
                            break;
                        case audit::StringVerdict::seki:
                            ch = black ? 'S' : 's';
                            break;
                        case audit::StringVerdict::unsure:
                            ch = black ? '?' : '!';
                            break;
                    }
                }
            }
            out += ch;
        }
        out += '\n';
    }
    return out;
}

std::string point_name(game::Vertex v) {
    return {static_cast<char>('a' + game::vertex_x(v)), static_cast<char>('a' + game::vertex_y(v))};
}

// --judge-only: an engine that is never asked.
class NoEngine final : public audit::DeadStoneOracle {
  public:
    std::string name() const override { return "none"; }
    audit::DeadStonesAnswer dead_stones(const game::Board&, double) const override { return {}; }
};

class Compare final : public audit::DeadStoneOracle {
  public:
    explicit Compare(std::shared_ptr<const audit::DeadStoneOracle> inner)
        : inner_(std::move(inner)) {}
    std::string name() const override { return inner_->name(); }
    audit::DeadStonesAnswer dead_stones(const game::Board& board, double komi) const override {
        const std::string key = key_of(board, komi);
        audit::DeadStonesAnswer answer;
        if (judge_only) {
            answer.dead.emplace();
        } else if (const auto hit = cache.find(key); hit != cache.end()) {
            answer.dead = hit->second;
        } else if (cache_only) {
            answer.failure = "not in the cache";
            return answer;
        } else {
            answer = inner_->dead_stones(board, komi);
            if (answer.dead && cache_out) {
                cache_out << key;
                for (const game::Vertex v : *answer.dead) cache_out << ' ' << v;
                cache_out << '\n' << std::flush;
            }
        }
        if (!answer.dead) {
            tallies.positions += 1;
            return answer;
        }
        tallies.positions += 1;
        tallies.answered += 1;
        const std::set<game::Vertex> gnugo_dead(answer.dead->begin(), answer.dead->end());
        const audit::LifeAnalysis life = audit::analyse_life(board);
        const audit::EndJudgement j = audit::judge_end_position(board, life);
        if (pictures) {
            pictures << "== " << current_file << " settled=" << j.settled() << "\n"
                     << verdict_picture(board, j) << "\n";
        }
        if (j.settled()) {
            tallies.judge_settled += 1;
        } else if (unsettled) {
            unsettled << "== " << current_file << " unsure=" << j.unsure
                      << " open_boundary=" << j.open_boundary << "\n"
                      << verdict_picture(board, j) << "\n";
        }
        {
            game::Board after = board;
            for (const game::Vertex v : life.dead) after.clear(v);
            if (audit::settled_after_removal(after, life)) tallies.benson_settled += 1;
        }
        bool all_agree = true;
        std::string diffs;
        for (const audit::JudgedString& s : j.strings) {
            tallies.strings += 1;
            if (s.by_benson) tallies.by_benson += 1;
            const bool g_dead = gnugo_dead.count(s.stone) != 0;
            if (s.verdict == audit::StringVerdict::unsure) {
                tallies.judge_unsure += 1;
                if (g_dead) tallies.judge_unsure_gnugo_dead += 1;
                continue;
            }
            tallies.both += 1;
            if (!s.by_benson) tallies.own_both += 1;
            if (j.settled()) tallies.settled_both += 1;
            const bool j_dead = s.verdict == audit::StringVerdict::dead;
            if (j_dead == g_dead) {
                tallies.agree += 1;
                if (!s.by_benson) tallies.own_agree += 1;
                if (j.settled()) tallies.settled_agree += 1;
                continue;
            }
            all_agree = false;
            (j_dead ? tallies.judge_dead_gnugo_alive : tallies.judge_alive_gnugo_dead) += 1;
            const char* verdict = s.verdict == audit::StringVerdict::dead   ? "dead"
                                  : s.verdict == audit::StringVerdict::seki ? "seki"
                                                                            : "alive";
            const std::string line = "DIFF " + current_file + " " + point_name(s.stone) + " " +
                                     (s.color == game::Color::black ? "B" : "W") +
                                     " stones=" + std::to_string(s.stones) + " judge=" + verdict +
                                     " gnugo=" + (g_dead ? "dead" : "alive") +
                                     (s.by_benson ? " (benson)" : "") + "\n";
            diffs += line;
        }
        if (all_agree) tallies.positions_all_agree += 1;
        std::cout << diffs;
        if (!diffs.empty() && boards) {
            boards << "== " << current_file << "\n" << diffs << "judge dead:";
            for (const game::Vertex v : j.dead) boards << ' ' << point_name(v);
            boards << "\ngnugo dead:";
            for (const game::Vertex v : *answer.dead) boards << ' ' << point_name(v);
            boards << "\n" << board.to_ascii() << "\n";
        }
        return answer;
    }

  private:
    std::shared_ptr<const audit::DeadStoneOracle> inner_;
};

}  // namespace

int main(int argc, char** argv) {
    pipeline::GnugoOptions g;
    g.timeout_seconds = 60;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--level" && i + 1 < argc) {
            g.level = std::stoi(argv[++i]);
        } else if (a == "--cache" && i + 1 < argc) {
            const std::string path = argv[++i];
            std::ifstream in(path);
            std::string line;
            while (std::getline(in, line)) {
                // KEY is "ROWS KOMI" (no other spaces), then the dead vertices.
                std::istringstream words(line);
                std::string rows, komi;
                words >> rows >> komi;
                std::vector<game::Vertex> dead;
                unsigned v = 0;
                while (words >> v) dead.push_back(static_cast<game::Vertex>(v));
                cache[rows + " " + komi] = dead;
            }
            cache_out.open(path, std::ios::app);
        } else if (a == "--judge-only") {
            judge_only = true;
        } else if (a == "--cache-only") {
            cache_only = true;
        } else if (a == "--pictures" && i + 1 < argc) {
            pictures.open(argv[++i]);
        } else if (a == "--unsettled" && i + 1 < argc) {
            unsettled.open(argv[++i]);
        } else if (a == "--boards" && i + 1 < argc) {
            boards.open(argv[++i]);
        } else {
            files.push_back(a);
        }
    }
    pipeline::GnugoStart started;
    if (judge_only) {
        started.oracle = std::make_shared<NoEngine>();
    } else {
        started = pipeline::start_gnugo(g);
    }
    if (!started.oracle) {
        std::cerr << "judge_compare: " << started.error << "\n";
        return 2;
    }
    pipeline::AuditSettings settings;
    settings.rulesets = audit::parse_ruleset_list("chinese").rulesets;
    settings.options.dead = audit::DeadPolicy::gnugo;
    settings.options.dead_oracle = std::make_shared<Compare>(started.oracle);
    settings.options.diagrams = false;
    for (const std::string& path : files) {
        std::ifstream in(path, std::ios::binary);
        pipeline::FileInput input;
        input.path = path;
        input.bytes.bytes.assign(std::istreambuf_iterator<char>(in), {});
        input.bytes.ok = static_cast<bool>(in) || in.eof();
        current_file = path.substr(path.find_last_of('/') + 1);
        pipeline::audit_file(input, settings, [](const pipeline::AuditedGame&) {});
    }
    const Tallies& t = tallies;
    std::cout << "SUMMARY engine=\"" << started.oracle->name() << "\" positions=" << t.positions
              << " answered=" << t.answered << " benson_settled=" << t.benson_settled
              << " judge_settled=" << t.judge_settled << " strings=" << t.strings
              << " by_benson=" << t.by_benson << " judge_unsure=" << t.judge_unsure
              << " judge_unsure_gnugo_dead=" << t.judge_unsure_gnugo_dead << " both=" << t.both
              << " agree=" << t.agree << " own_both=" << t.own_both << " own_agree=" << t.own_agree
              << " settled_both=" << t.settled_both << " settled_agree=" << t.settled_agree
              << " judge_dead_gnugo_alive=" << t.judge_dead_gnugo_alive
              << " judge_alive_gnugo_dead=" << t.judge_alive_gnugo_dead
              << " positions_all_agree=" << t.positions_all_agree << "\n";
    return 0;
}
