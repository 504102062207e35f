// `--dead gnugo` with `--engine gnugo|COMMAND`: a GTP engine as the audit's dead-stone oracle
// (gnugo.hpp).

#include "sgfaudit/pipeline/gnugo.hpp"

#include <fmt/format.h>
#include <tbb/enumerable_thread_specific.h>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <utility>

#include "gtp_engine.hpp"

namespace sgfaudit::pipeline {

namespace {

// GTP vertex letters: A..Z without I (GTP 2, section 2.11): boards up to 25x25. GNU Go plays up
// to 19x19.
constexpr std::string_view kColumns = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
constexpr int kMaxGtpSide = 25;
constexpr int kMaxGnugoSide = 19;

// The commands of a position's exchange before the plays (their indices matter: a refused
// boardsize or komi is the engine declining the board, not failing).
constexpr std::size_t kBoardsizeCommand = 0;
constexpr std::size_t kKomiCommand = 2;

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
            row > size ||
            (j < text.size() && text[j] != ' ' && text[j] != '\n' && text[j] != '\t')) {
            return false;
        }
        out.push_back(game::to_vertex(static_cast<int>(x), size - row));
        i = j;
    }
    return true;
}

std::string seconds_text(std::chrono::milliseconds t) {
    return fmt::format("{}", static_cast<double>(t.count()) / 1000.0);
}

class EngineOracle final : public audit::DeadStoneOracle {
  public:
    EngineOracle(const GnugoOptions& options, std::vector<std::string> argv,
                 std::chrono::milliseconds timeout, std::string name,
                 std::unique_ptr<detail::GtpEngine> first)
        : kind_(options.kind),
          argv_(std::move(argv)),
          timeout_(timeout),
          name_(std::move(name)),
          cancel_(options.cancel),
          warn_(options.warn) {
        // The engine that answered at start serves the thread that started it.
        engines_.local() = std::move(first);
    }

    std::string name() const override { return name_; }

    audit::DeadStonesAnswer dead_stones(const game::Board& board, double komi) const override {
        audit::DeadStonesAnswer answer;
        answer.failure = refusal(board);
        if (!answer.failure.empty()) return answer;
        std::unique_ptr<detail::GtpEngine>& engine = engines_.local();
        if (abandoned_.load()) {
            if (engine) engine->stop();
            answer.failure = abandoned_text();
            return answer;
        }
        if (!std::isfinite(komi)) komi = 0;
        const std::vector<std::string> commands = position_commands(board, komi);

        // One deadline for the whole position, a restart included.
        const auto deadline = detail::Clock::now() + timeout_;
        std::string error;
        // An engine that ended between two questions (it may have been killed: the parent-death
        // signal also comes when the thread that started it ends) answered its last one: it is
        // restarted, not counted as failing.
        if (engine && engine->running() && engine->exited()) engine->stop();
        if (!engine || !engine->running()) {
            auto fresh = std::make_unique<detail::GtpEngine>();
            if (!fresh->start(argv_, error)) return failed(answer, error);
            engine = std::move(fresh);
        }
        detail::GtpFailure failure = detail::GtpFailure::none;
        std::size_t refused = 0;
        const auto responses =
            engine->exchange(commands, deadline, cancel_, failure, error, &refused);
        if (!responses) return exchange_failed(answer, *engine, failure, refused, error);
        return read_dead(answer, *engine, board, responses->back());
    }

  private:
    // Why the engine is not asked about `board` (not square, a size it does not play, a string
    // without liberties), or an empty string.
    std::string refusal(const game::Board& board) const {
        const int size = board.width();
        const bool gnugo = kind_ == EngineKind::gnugo;
        const int max_side = gnugo ? kMaxGnugoSide : kMaxGtpSide;
        if (board.width() != board.height() || size > max_side || size < 2) {
            return fmt::format("{} plays square boards from 2x2 to {}x{}, not {}x{}",
                               gnugo ? "GNU Go" : "GTP", max_side, max_side, board.width(),
                               board.height());
        }
        if (board.find_string_without_liberties() != game::kNoVertex) {
            return "the position has a string without liberties (made by setup), "
                   "which an engine cannot be shown";
        }
        return {};
    }

    // The GTP commands that set up `board` with `komi` and ask for its dead stones.
    std::vector<std::string> position_commands(const game::Board& board, double komi) const {
        const int size = board.width();
        // The position as plays: on a position where every string has a liberty, placing its
        // stones one by one in any order never captures and is never suicide, so the engine's
        // board is exactly the one counted (docs/rules-notes.md).
        std::vector<std::string> commands = {fmt::format("boardsize {}", size), "clear_board",
                                             fmt::format("komi {}", komi)};
        if (kind_ == EngineKind::gnugo) {
            commands.insert(commands.end(), {"clear_cache", "set_random_seed 1"});
        }
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
        return commands;
    }

    // The answer when the exchange failed (`failure`; `refused`: the command the engine
    // declined, `error` what it said).
    audit::DeadStonesAnswer& exchange_failed(audit::DeadStonesAnswer& answer,
                                             detail::GtpEngine& engine, detail::GtpFailure failure,
                                             std::size_t refused, const std::string& error) const {
        switch (failure) {
            case detail::GtpFailure::cancelled:
                answer.failure = "interrupted";  // the run is abandoned: not reported
                return answer;
            case detail::GtpFailure::engine_error:
                if (refused == kBoardsizeCommand || refused == kKomiCommand) {
                    // The engine declines this board or komi: not a failure of the engine.
                    answer.failure = fmt::format("the engine cannot judge this board ({})", error);
                    return answer;
                }
                engine.stop();  // its board is no longer known: a fresh one next time
                return failed(answer, error + ": the engine was restarted");
            case detail::GtpFailure::timeout:
                return failed(answer, fmt::format("no answer within {} s: the engine was killed, "
                                                  "the next game starts a new one",
                                                  seconds_text(timeout_)));
            default:
                return failed(answer, fmt::format("{}: the engine was stopped, the next game "
                                                  "starts a new one",
                                                  error));
        }
    }

    // The dead stones of `board` from the engine's answer `text` to final_status_list. An
    // answer that names a point off the board, an empty point, or what is not a point is not
    // trusted: the position fails and the engine is restarted.
    audit::DeadStonesAnswer& read_dead(audit::DeadStonesAnswer& answer, detail::GtpEngine& engine,
                                       const game::Board& board, const std::string& text) const {
        const int size = board.width();
        std::vector<game::Vertex> dead;
        if (!parse_vertices(text, size, dead)) {
            engine.stop();
            return failed(answer, fmt::format("unreadable final_status_list answer '{}'",
                                              text.substr(0, 80)));
        }
        for (const game::Vertex v : dead) {
            if (!game::is_stone(board.at(v))) {
                engine.stop();
                return failed(answer, fmt::format("final_status_list names the empty point {} "
                                                  "dead: answer not trusted",
                                                  vertex_text(v, size)));
            }
        }
        std::sort(dead.begin(), dead.end());
        dead.erase(std::unique(dead.begin(), dead.end()), dead.end());
        failures_in_row_.store(0);
        answer.dead = std::move(dead);
        return answer;
    }

    // A failure of the engine on one position: counted towards abandoning it.
    audit::DeadStonesAnswer& failed(audit::DeadStonesAnswer& answer, std::string text) const {
        {
            const std::lock_guard lock(last_failure_mutex_);
            last_failure_ = text;
        }
        answer.failure = std::move(text);
        if (failures_in_row_.fetch_add(1) + 1 >= kMaxFailuresInRow && !abandoned_.exchange(true)) {
            if (warn_) {
                warn_(
                    fmt::format("{} failed {} positions in a row (the last: {}); it is not asked "
                                "again in this run, and the counts of the games left are "
                                "unsettled",
                                name_, kMaxFailuresInRow, answer.failure));
            }
        }
        return answer;
    }

    std::string abandoned_text() const {
        const std::lock_guard lock(last_failure_mutex_);
        return fmt::format(
            "the engine was abandoned for this run after {} failures in a row "
            "(the last: {})",
            kMaxFailuresInRow, last_failure_);
    }

    EngineKind kind_;
    std::vector<std::string> argv_;
    std::chrono::milliseconds timeout_;
    std::string name_;
    const std::atomic<int>* cancel_;
    std::function<void(const std::string&)> warn_;
    // The circuit breaker: failures since the last good answer, on any thread.
    mutable std::atomic<int> failures_in_row_{0};
    mutable std::atomic<bool> abandoned_{false};
    mutable std::mutex last_failure_mutex_;
    mutable std::string last_failure_;
    // One engine per thread that asks, started on its first question and kept for the next.
    mutable tbb::enumerable_thread_specific<std::unique_ptr<detail::GtpEngine>> engines_;
};

}  // namespace

std::vector<std::string> split_command(const std::string& line) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < line.size()) {
        if (line[i] == ' ') {
            ++i;
            continue;
        }
        const std::size_t end = std::min(line.find(' ', i), line.size());
        out.push_back(line.substr(i, end - i));
        i = end;
    }
    return out;
}

GnugoStart start_gnugo(const GnugoOptions& options) {
    GnugoStart out;
    const bool gnugo = options.kind == EngineKind::gnugo;
    const std::string flag = gnugo ? "--dead gnugo" : "--engine";
    if (options.command.empty() || options.command.front().empty()) {
        out.error = flag + ": no engine command given";
        return out;
    }
    std::string program = detail::find_program(options.command.front());
    // Debian installs GNU Go in /usr/games, which root's PATH lacks: the default command is
    // also looked for there.
    if (program.empty() && gnugo && options.command.front() == GnugoOptions{}.command.front()) {
        program = detail::find_program("/usr/games/" + options.command.front());
    }
    if (program.empty()) {
        out.error = fmt::format(
            "{}: '{}' was not found{}{}", flag, options.command.front(),
            options.command.front().find('/') == std::string::npos ? " in PATH" : "",
            gnugo ? " (install GNU Go 3.8, Debian package gnugo, which puts it in /usr/games; or "
                    "name the program with --gnugo-command)"
                  : "");
        return out;
    }
    std::vector<std::string> argv = options.command;
    argv.front() = program;
    if (gnugo) {
        argv.insert(argv.end(), {"--mode", "gtp", "--level", std::to_string(options.level)});
    }
    const auto timeout = std::chrono::milliseconds(
        static_cast<long long>(std::llround(options.timeout_seconds * 1000.0)));
    auto engine = std::make_unique<detail::GtpEngine>();
    std::string error;
    if (!engine->start(argv, error)) {
        out.error = flag + ": " + error;
        return out;
    }
    std::vector<std::string> hello = {"name", "version"};
    if (!gnugo) hello.emplace_back("list_commands");
    detail::GtpFailure failure = detail::GtpFailure::none;
    // Without the run's cancel flag, which may still hold an earlier run's signal here (the
    // start is bounded by the timeout all the same).
    const auto answers =
        engine->exchange(hello, detail::Clock::now() + timeout, nullptr, failure, error);
    if (!answers) {
        out.error = fmt::format("{}: {} does not answer GTP {} ({})", flag, program,
                                gnugo ? "'name' and 'version'"
                                      : "'name', 'version' and "
                                        "'list_commands'",
                                error);
        return out;
    }
    std::string name;
    if (gnugo) {
        name = fmt::format("gnugo ({} {}, level {})", (*answers)[0], (*answers)[1], options.level);
    } else {
        // GTP 2, section 6.3.1: list_commands answers one command per line.
        bool has_final_status = false;
        std::string_view list = (*answers)[2];
        while (!list.empty()) {
            const std::size_t eol = std::min(list.find('\n'), list.size());
            std::string_view command = list.substr(0, eol);
            while (!command.empty() && (command.back() == ' ' || command.back() == '\t')) {
                command.remove_suffix(1);
            }
            if (command == "final_status_list") has_final_status = true;
            list.remove_prefix(std::min(eol + 1, list.size()));
        }
        if (!has_final_status) {
            out.error = fmt::format(
                "--engine: {} ({} {}) does not list the GTP command final_status_list, which "
                "names the dead stones",
                program, (*answers)[0], (*answers)[1]);
            return out;
        }
        name = fmt::format("engine ({} {})", (*answers)[0], (*answers)[1]);
    }
    out.oracle = std::make_shared<EngineOracle>(options, std::move(argv), timeout, std::move(name),
                                                std::move(engine));
    return out;
}

}  // namespace sgfaudit::pipeline
