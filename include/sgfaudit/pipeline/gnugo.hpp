#pragma once
// `--dead gnugo` (issue 15): dead stones decided by GNU Go 3.8 over GTP. One engine process per
// worker thread, started on the thread's first game and reused for every later one; each game
// gets a time limit, and an engine that does not answer in time is killed (and started afresh
// for the next game): the game's count is then unsettled, never guessed (docs/rules-notes.md).

#include <memory>
#include <string>
#include <vector>

#include "sgfaudit/audit/dead_stones.hpp"

namespace sgfaudit::pipeline {

struct GnugoOptions {
    // The engine command: the program (looked up in PATH when it has no '/') and its arguments;
    // `--mode gtp --level LEVEL` are appended. Default: gnugo.
    std::vector<std::string> command{"gnugo"};
    int level = 1;                // gnugo's --level: 1 is fast and enough for finished games
    double timeout_seconds = 10;  // per game (and for the engine's start)
};

struct GnugoStart {
    std::shared_ptr<const audit::DeadStoneOracle> oracle;  // null when it could not start
    std::string error;                                     // why not, for people
};

// Finds the engine, starts one to ask its `version` (the oracle's name says it), and returns
// the oracle; fails when the program is not found, does not start or does not answer GTP.
GnugoStart start_gnugo(const GnugoOptions& options);

}  // namespace sgfaudit::pipeline
