#pragma once
// Dead stones decided by someone outside the audit (`--dead gnugo`): an oracle that is
// shown a finished position and names the stones it holds dead. The audit only asks and counts;
// how the answer is found (an engine process, a service, a table in a test) is the
// implementation's business, so this module still knows no processes, files or threads.

#include <optional>
#include <string>
#include <vector>

#include "sgfaudit/game/board.hpp"

namespace sgfaudit::audit {

// What an oracle says about one position.
struct DeadStonesAnswer {
    // Every dead stone (each stone, not one per string), or nullopt when the oracle could not
    // decide (an engine that failed or timed out, a board it cannot play on): then the count is
    // unsettled, never guessed.
    std::optional<std::vector<game::Vertex>> dead;
    std::string failure;  // when dead is nullopt: why, in one line for people
};

class DeadStoneOracle {
  public:
    virtual ~DeadStoneOracle() = default;
    // How the report names the decider, e.g. "gnugo (GNU Go 3.8, level 1)": it becomes the
    // count's dead_source. Constant for the oracle's lifetime.
    virtual std::string name() const = 0;
    // The dead stones of `board` (a finished position: the end of a game) with `komi`.
    // Called on any thread, several at once (an implementation keeps per-thread state itself).
    // Must not throw for a position it cannot judge: it answers with a failure.
    virtual DeadStonesAnswer dead_stones(const game::Board& board, double komi) const = 0;
};

}  // namespace sgfaudit::audit
