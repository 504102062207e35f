#pragma once
// Internal: what the turns of a replay write and the rest of it reads (rules.md 3): the turn
// order (TurnState) and KataGo's button and encore (KataGoState), and the state a ruleset's
// game ends in, made from them (end_state_of). The turns (turns.cpp) and the plays (judge.cpp)
// own and write them; the end (EndOfGame, end_of_game.hpp) reads them through const references.

#include <array>
#include <cstdint>
#include <optional>

#include "scoring.hpp"
#include "sgfaudit/game/board.hpp"
#include "sgfaudit/sgf/record.hpp"

namespace sgfaudit::audit::detail {

constexpr int idx(game::Color c) {
    return c == game::Color::black ? 0 : 1;
}

constexpr game::Color to_game(sgf::Color c) {
    return c == sgf::Color::black ? game::Color::black : game::Color::white;
}

// The turn order of one replay (rules.md 3: R1 to R9): written by the turns (turns.cpp) and
// the plays (judge.cpp), read by the end (EndOfGame, end_of_game.hpp) through a const
// reference.
struct TurnState {
    std::uint32_t move = 0;  // moves so far, passes counted: the number of the current move
    game::Color first = game::Color::black;      // who moved first
    game::Color expected = game::Color::black;   // who is to move next
    game::Color last_turn = game::Color::black;  // who moved last (when any_turn)
    bool any_turn = false;
    int placement_target = 0;  // HA, while placement by plays is under way (R4)
    EndState before_state;     // the state before the current move (R7), kept under `stop` only
    int consecutive_passes = 0;
    std::array<int, 2> captures{};  // stones held by Black, by White
    std::array<int, 2> passes{};
};

// KataGo's button and encore (KG button; KG encore, dead=pass-alive): written by the turns only
// (turns.cpp: a pass, a board play), read through const access by the state a lane ends in
// (end_state_of: the first passer, the stones placed) and by the KG score of the end
// (EndOfGame: the board when the second cleanup phase began).
class KataGoState {
  public:
    // A pass by `c`, with the board and the stones held (TurnState::captures) as they stand:
    // the first passer is the button's; two passes in a row end the game, then each cleanup
    // phase (the game is phase 0, the cleanup phases 1 and 2, then over).
    void pass(game::Color c, const game::Board& board, const std::array<int, 2>& captures) {
        if (first_passer_ < 0) first_passer_ = idx(c);  // KG button
        if (++encore_passes_ == 2) {
            encore_passes_ = 0;
            if (++encore_phase_ == 2) {
                second_encore_board_ = board;
                second_encore_captures_ = captures;
            }
        }
    }
    // A move that is not a pass breaks the run of passes.
    void not_pass() noexcept { encore_passes_ = 0; }

    // The first passer (0 Black, 1 White, -1 none).
    int first_passer() const noexcept { return first_passer_; }
    // The board when the second cleanup phase began, or nullptr before it.
    const game::Board* second_encore_board() const noexcept {
        return second_encore_board_ ? &*second_encore_board_ : nullptr;
    }
    // The stones held by Black and White when the second cleanup phase began (with
    // second_encore_board only).
    const std::array<int, 2>& second_encore_captures() const noexcept {
        return second_encore_captures_;
    }

  private:
    int first_passer_ = -1;
    int encore_phase_ = 0;
    int encore_passes_ = 0;
    std::optional<game::Board> second_encore_board_;
    std::array<int, 2> second_encore_captures_{};
};

// The state a ruleset's game ends in with the turns as they stand (`board`: the board as it
// stands). `scored`: the game ended by passes (or is counted as if it had), so its end position
// is counted (EndState::scored). turns.cpp.
EndState end_state_of(const TurnState& turns, const KataGoState& kata_go, const game::Board& board,
                      bool scored);

}  // namespace sgfaudit::audit::detail
