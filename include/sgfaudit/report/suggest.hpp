#pragma once
// "Did you mean": the name nearest to a mistyped one, for the errors of the command line and of
// ruleset specs (an unknown option, command, preset, knob, value or code). The report words it
// so that every error says it alike.

#include <span>
#include <string>
#include <string_view>

namespace sgfaudit::report {

// The edit distance of a and b, ASCII case ignored: insertions, deletions, substitutions and
// swaps of two neighbouring characters ("--rlues" is one from "--rules") each count 1.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate a mistyped `word` most likely meant: the nearest by edit_distance when it is
// near enough (at most 1 for words of up to 4 characters, 2 up to 8, else 3; leading '-'s
// count as characters), else the one candidate that `word` (3 characters or more) is a prefix
// of. Ties go to the earlier candidate; a candidate that differs only in case is the nearest.
// Empty when none is near, or `word` is a candidate as it is.
std::string_view nearest_name(std::string_view word, std::span<const std::string_view> candidates);

// "; did you mean 'NAME'?" for nearest_name(word, candidates), or "" when there is none.
std::string did_you_mean(std::string_view word, std::span<const std::string_view> candidates);

}  // namespace sgfaudit::report
