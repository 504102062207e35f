#pragma once
// `--dead gnugo` with `--engine gnugo|COMMAND`: dead stones decided by a
// GTP engine, GNU Go 3.8 by default, asked `final_status_list dead` about the position a game
// ended in. One engine process per worker thread, started on the thread's first game and reused
// for every later one. Each position gets a time limit; an engine that does not answer in time,
// exits, floods or answers what is not GTP is killed (with whatever it forked) and started afresh
// for the next game, and after kMaxFailuresInRow such failures in a row it is abandoned for the
// run with one warning. A position it cannot judge leaves its count unsettled, never guessed
// (docs/rules-notes.md, docs/robustness.md).

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "sgfaudit/audit/dead_stones.hpp"

namespace sgfaudit::pipeline {

// Failures in a row (timeouts, exits, floods, unreadable or refused answers; not boards the
// engine declines, not interruptions) after which the engine is not asked again in the run.
inline constexpr int kMaxFailuresInRow = 3;

enum class EngineKind {
    gnugo,  // GNU Go: `--mode gtp --level LEVEL` appended; its clear_cache and seed commands
    gtp,    // any GTP engine, the command line as given
};

struct GnugoOptions {
    EngineKind kind = EngineKind::gnugo;
    // The engine command: the program (looked up in PATH when it has no '/'; GNU Go's default
    // name also in /usr/games) and its arguments. Default: gnugo.
    std::vector<std::string> command{"gnugo"};
    int level = 1;                // gnugo's --level: 1 is fast and enough for finished games
    double timeout_seconds = 10;  // per position (and for the engine's start)
    // The run's cancel flag (non-zero: a signal came): a wait for the engine ends within 50 ms.
    const std::atomic<int>* cancel = nullptr;
    // Told once, from the thread that gave up, when the engine is abandoned for the run.
    std::function<void(const std::string&)> warn;
};
using EngineOptions = GnugoOptions;

struct GnugoStart {
    std::shared_ptr<const audit::DeadStoneOracle> oracle;  // null when it could not start
    std::string error;                                     // why not, for people
};

// Finds the engine, starts one to ask its name and version (the oracle's name says them) and,
// for a GTP engine other than GNU Go, whether it knows `final_status_list`; returns the oracle,
// or fails when the program is not found, does not start or does not answer GTP.
GnugoStart start_gnugo(const GnugoOptions& options);
inline GnugoStart start_engine(const EngineOptions& options) {
    return start_gnugo(options);
}

// Splits an `--engine` command line on spaces (no shell: no quoting, no expansion).
std::vector<std::string> split_command(const std::string& line);

}  // namespace sgfaudit::pipeline
