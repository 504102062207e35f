#pragma once
// Internal: the listing limits of one replay (AuditOptions::max_listed, `--max-listed`), a type
// of their own: what is listed of the record issues, the illegal plays and the legality
// divergences of one game, and what is only counted past the limit. The turns, the plays and the
// end (replay.hpp, end_of_game.hpp) list through a reference to it; EndCounts through its
// IssueSink. It writes into the GameAudit it is given: the listed issues and the omitted counts
// (GameAudit::record_issues_omitted, divergences_omitted, RulesetResult::illegal_omitted).

#include <cstdint>
#include <utility>
#include <vector>

#include "end_counts.hpp"
#include "sgfaudit/audit/audit.hpp"

namespace sgfaudit::audit::detail {

// R10: appends a record issue to `out` (an error unless the code is one of the encodings the
// tool reads and normalises).
// `facts`: the code's payload (its type names the code).
void add_issue(GameAudit& out, std::uint32_t move, std::uint32_t offset, IssuePayload facts,
               IssueSeverity severity = IssueSeverity::error);

class IssueList final : public IssueSink {
  public:
    // `max_listed`: AuditOptions::max_listed (0: no limit).
    IssueList(GameAudit& out, std::uint32_t max_listed) : out_(out), max_listed_(max_listed) {}

    // Lists a record issue, or counts it in record_issues_omitted once its code has been listed
    // max_listed times.
    void add(std::uint32_t move, std::uint32_t offset, IssuePayload facts,
             IssueSeverity severity = IssueSeverity::error) {
        if (max_listed_ != 0 && !listable(code_of(facts), severity)) return;
        add_issue(out_, move, offset, std::move(facts), severity);
    }
    // IssueSink: the issues of the end's counts (EndCounts), listed as any other.
    void raise(std::uint32_t move, std::uint32_t offset, IssuePayload facts,
               IssueSeverity severity) override {
        add(move, offset, std::move(facts), severity);
    }
    // Lists an illegal play under a ruleset's result, or counts it in illegal_omitted past
    // max_listed.
    void add_illegal(RulesetResult& result, const Illegal& ill) {
        if (max_listed_ != 0 && result.illegal.size() >= max_listed_) {
            ++result.illegal_omitted;
        } else {
            result.illegal.push_back(ill);
        }
    }
    // Whether a legality divergence may be listed (counted: the caller lists it); false, and
    // counted in divergences_omitted, past max_listed.
    bool legality_listable() {
        if (max_listed_ != 0 && legality_listed_++ >= max_listed_) {
            ++out_.divergences_omitted[static_cast<std::size_t>(DivergenceKind::legality)];
            return false;
        }
        return true;
    }
    // Whether the boards of another play every chosen ruleset forbids may be kept
    // (GameAudit::illegal_everywhere, for `check`'s diagrams).
    bool illegal_board_listable() const {
        return max_listed_ == 0 || out_.illegal_everywhere.size() < max_listed_;
    }

  private:
    // False (and counted in record_issues_omitted) once `code` has been listed max_listed times.
    bool listable(IssueCode code, IssueSeverity severity);

    GameAudit& out_;
    std::uint32_t max_listed_;
    // Record issues listed so far, by code; legality divergences listed so far.
    std::vector<std::pair<IssueCode, std::uint32_t>> listed_;
    std::uint32_t legality_listed_ = 0;
};

}  // namespace sgfaudit::audit::detail
