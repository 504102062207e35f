// `--dead gnugo`: GNU Go over GTP as the audit's dead-stone oracle (gnugo.hpp).

#include "sgfaudit/pipeline/gnugo.hpp"

#include <fmt/format.h>
#include <tbb/enumerable_thread_specific.h>

#include <cmath>
#include <utility>

#include "gtp_engine.hpp"

namespace sgfaudit::pipeline {

namespace {

// GTP vertex letters: A..Z without I (GTP 2, section 2.11); GNU Go plays up to 19x19.
constexpr std::string_view kColumns = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
constexpr int kMaxGnugoSide = 19;

std::string vertex_text(game::Vertex v, int size) {
    return fmt::format("{}{}", kColumns[static_cast<std::size_t>(game::vertex_x(v))],
                       size - game::vertex_y(v));
}

// Reads the vertices of a `final_status_list` answer ("B5 C5\nD4"); false if one is malformed
// or off the board.
bool parse_vertices(std::string_view text, int size, std::vector<game::Vertex>& out) {
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == ' ' || text[i] == '\n' || text[i] == '\t') {
            ++i;
            continue;
        }
        char letter = text[i];
        if (letter >= 'a' && letter <= 'z') letter = static_cast<char>(letter - 'a' + 'A');
        const std::size_t x = kColumns.find(letter);
        int row = 0;
        std::size_t j = i + 1;
        for (; j < text.size() && text[j] >= '0' && text[j] <= '9' && row < 1000; ++j) {
            row = row * 10 + (text[j] - '0');
        }
        if (x == std::string_view::npos || j == i + 1 || static_cast<int>(x) >= size || row < 1 ||
            row > size) {
            return false;
        }
        out.push_back(game::to_vertex(static_cast<int>(x), size - row));
        i = j;
    }
    return true;
}

class GnugoOracle final : public audit::DeadStoneOracle {
  public:
    GnugoOracle(std::vector<std::string> argv, std::chrono::milliseconds timeout, std::string name,
                std::unique_ptr<detail::GtpEngine> first)
        : argv_(std::move(argv)), timeout_(timeout), name_(std::move(name)) {
        // The engine that answered `version` serves the thread that started it.
        engines_.local() = std::move(first);
    }

    std::string name() const override { return name_; }

    audit::DeadStonesAnswer dead_stones(const game::Board& board, double komi) const override {
        audit::DeadStonesAnswer answer;
        const int size = board.width();
        if (board.width() != board.height() || size > kMaxGnugoSide || size < 2) {
            answer.failure = fmt::format("GNU Go plays square boards from 2x2 to 19x19, not {}x{}",
                                         board.width(), board.height());
            return answer;
        }
        if (board.find_string_without_liberties() != game::kNoVertex) {
            answer.failure =
                "the position has a string without liberties (made by setup), "
                "which GNU Go cannot be shown";
            return answer;
        }
        if (!std::isfinite(komi)) komi = 0;
        // The position as plays: on a position where every string has a liberty, placing its
        // stones one by one in any order never captures and is never suicide, so the engine's
        // board is exactly the one counted (docs/rules-notes.md).
        std::vector<std::string> commands = {fmt::format("boardsize {}", size), "clear_board",
                                             fmt::format("komi {}", komi), "clear_cache",
                                             "set_random_seed 1"};
        for (int y = 0; y < size; ++y) {
            for (int x = 0; x < size; ++x) {
                const game::Vertex v = game::to_vertex(x, y);
                const game::Cell c = board.at(v);
                if (!game::is_stone(c)) continue;
                commands.push_back(fmt::format("play {} {}",
                                               c == game::Cell::black ? "black" : "white",
                                               vertex_text(v, size)));
            }
        }
        commands.emplace_back("final_status_list dead");

        std::unique_ptr<detail::GtpEngine>& engine = engines_.local();
        const auto deadline = detail::Clock::now() + timeout_;
        std::string error;
        if (!engine || !engine->running()) {
            auto fresh = std::make_unique<detail::GtpEngine>();
            if (!fresh->start(argv_, error)) {
                answer.failure = error;
                return answer;
            }
            engine = std::move(fresh);
        }
        const auto responses = engine->exchange(commands, deadline, error);
        if (!responses) {
            answer.failure =
                engine->running() ? error
                : error == "no answer"
                    ? fmt::format(
                          "no answer within {} s: the engine was killed, the next game "
                          "starts a new one",
                          static_cast<double>(timeout_.count()) / 1000.0)
                    : fmt::format("{}: the engine was stopped, the next game starts a new one",
                                  error);
            return answer;
        }
        std::vector<game::Vertex> dead;
        if (!parse_vertices(responses->back(), size, dead)) {
            answer.failure = fmt::format("unreadable final_status_list answer '{}'",
                                         responses->back().substr(0, 80));
            return answer;
        }
        std::vector<game::Vertex> stones;
        for (const game::Vertex v : dead) {
            if (game::is_stone(board.at(v))) stones.push_back(v);
        }
        answer.dead = std::move(stones);
        return answer;
    }

  private:
    std::vector<std::string> argv_;
    std::chrono::milliseconds timeout_;
    std::string name_;
    // One engine per thread that asks, started on its first question and kept for the next.
    mutable tbb::enumerable_thread_specific<std::unique_ptr<detail::GtpEngine>> engines_;
};

}  // namespace

GnugoStart start_gnugo(const GnugoOptions& options) {
    GnugoStart out;
    if (options.command.empty() || options.command.front().empty()) {
        out.error = "--dead gnugo: no engine command given";
        return out;
    }
    std::string program = detail::find_program(options.command.front());
    // Debian installs GNU Go in /usr/games, which root's PATH lacks: the default command is
    // also looked for there.
    if (program.empty() && options.command.front() == GnugoOptions{}.command.front()) {
        program = detail::find_program("/usr/games/" + options.command.front());
    }
    if (program.empty()) {
        out.error = fmt::format(
            "--dead gnugo: '{}' was not found{} (install GNU Go 3.8, Debian package gnugo, which "
            "puts it in /usr/games; or name the program with --gnugo-command)",
            options.command.front(),
            options.command.front().find('/') == std::string::npos ? " in PATH" : "");
        return out;
    }
    std::vector<std::string> argv = options.command;
    argv.front() = program;
    argv.insert(argv.end(), {"--mode", "gtp", "--level", std::to_string(options.level)});
    const auto timeout = std::chrono::milliseconds(
        static_cast<long long>(std::llround(options.timeout_seconds * 1000.0)));
    auto engine = std::make_unique<detail::GtpEngine>();
    std::string error;
    if (!engine->start(argv, error)) {
        out.error = "--dead gnugo: " + error;
        return out;
    }
    const auto version =
        engine->exchange({"name", "version"}, detail::Clock::now() + timeout, error);
    if (!version) {
        out.error = fmt::format("--dead gnugo: {} does not answer GTP 'name' and 'version' ({})",
                                program, error);
        return out;
    }
    const std::string name =
        fmt::format("gnugo ({} {}, level {})", (*version)[0], (*version)[1], options.level);
    out.oracle = std::make_shared<GnugoOracle>(std::move(argv), timeout, name, std::move(engine));
    return out;
}

}  // namespace sgfaudit::pipeline
