// How a count's komi and dead stones were chosen, as every report names them (check.hpp:
// komi_source_text, dead_source_text, fixed_dead_source_text).

#include <fmt/format.h>

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/report/check.hpp"
#include "sgfaudit/sgf/values.hpp"

namespace sgfaudit::report {

std::string komi_source_text(const audit::Score& s) {
    switch (s.komi_source) {
        case audit::KomiSource::record:
            return "record";
        case audit::KomiSource::record_adjusted:
            return fmt::format("record (adjusted from KM[{}])", s.komi_text);
        case audit::KomiSource::ruleset_default:
            return "default";
        case audit::KomiSource::km_unreadable:
            return "default (KM unreadable)";
        case audit::KomiSource::komi_override:
            return "override";
        case audit::KomiSource::server_convention:
            return fmt::format("server ({}: no KM)", s.komi_text);
    }
    return {};
}

std::optional<std::string_view> fixed_dead_source_text(audit::DeadSource source) noexcept {
    switch (source) {
        case audit::DeadSource::none:
            return "none";
        case audit::DeadSource::markup:
            return "markup";
        case audit::DeadSource::list:
            return "list";
        case audit::DeadSource::pass_alive:
            return "pass-alive";
        case audit::DeadSource::no_oracle:
            return "gnugo failed: no dead-stone engine was given";
        case audit::DeadSource::strict_tt:
            return "none (strict TT 8: the board as it is)";
        case audit::DeadSource::oracle_not_asked:
            return "none (gnugo is asked only about games ended by two passes or counted at the "
                   "record's end, R13)";
        case audit::DeadSource::pass_alive_not_decided:
            return "none (pass-alive is decided only for games ended by two passes or counted at "
                   "the record's end, R13)";
        case audit::DeadSource::rules_pass_alive:
            return "rules (pass-alive)";
        case audit::DeadSource::judge:
            return "judge (pass-alive, then the judge of end positions)";
        case audit::DeadSource::oracle:
        case audit::DeadSource::oracle_failed:
        case audit::DeadSource::judge_engine:
            return std::nullopt;
    }
    return std::nullopt;
}

std::string dead_source_text(audit::DeadSource source, std::string_view oracle,
                             std::span<const sgf::Point> engine_dead) {
    if (const std::optional<std::string_view> fixed = fixed_dead_source_text(source)) {
        return std::string(*fixed);
    }
    switch (source) {
        case audit::DeadSource::oracle:
            return std::string(oracle);
        case audit::DeadSource::oracle_failed:
            return fmt::format("gnugo failed: {}", oracle);
        case audit::DeadSource::judge_engine: {
            // Each dead string's source; the engine's are named by a stone.
            std::string strings;
            for (const sgf::Point& p : engine_dead) {
                strings += strings.empty() ? " " : ", ";
                strings += sgf::sgf_coordinates(p);
            }
            return fmt::format(
                "judge (pass-alive, the judge of end positions, then {} for the strings the judge "
                "was unsure of; dead by the engine:{})",
                oracle, strings.empty() ? std::string(" none") : strings);
        }
        default:  // the fixed texts, above
            break;
    }
    return {};
}

}  // namespace sgfaudit::report
