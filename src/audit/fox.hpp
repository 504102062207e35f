#pragma once
// Internal: the conventions of Fox (foxwq.com) records that R18 (rules.md 8) reads as a
// second reading of an ambiguous record (docs/rules-notes.md, "Server conventions").

#include <optional>

#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/sgf/record.hpp"

namespace sgfaudit::audit::detail {

// Whether Fox wrote the record: one of its AP values is "foxwq" (Fox writes AP[GNU Go:3.8] and
// AP[foxwq] in one root), or AP[GNU Go:3.8] with Fox's TC and TT in the root (its 2015 records,
// which name no AP[foxwq]; GNU Go writes the AP but not those properties).
bool fox_record(const sgf::GameRecord& rec);

// Fox's even games under territory rules (RU Japanese) played with its komi of 6.5 that the
// record writes as KM[0]: the komi of that reading, for a record of Fox whose KM is 0 as
// written, with no handicap, counted under `rules` with territory scoring; else nullopt.
std::optional<double> fox_even_komi(const sgf::GameRecord& rec, int handicap, const Ruleset& rules);

// Fox writes Chinese komi in stones times 100 (KM[375]: 3.75 stones, 7.5 points; R3's x50
// reading) and RE's margin in stones too (B+1.25: 2.5 points). For a record whose KM was read
// so, RE with its margin in points (doubled); else nullopt.
std::optional<sgf::GameResult> fox_result_in_points(const sgf::GameRecord& rec);

}  // namespace sgfaudit::audit::detail
