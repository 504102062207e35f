// Fox's record conventions for R18 (fox.hpp).

#include "fox.hpp"

#include <charconv>
#include <cmath>
#include <string_view>

namespace sgfaudit::audit::detail {

namespace {

// Fox's komi for even games under its Japanese rules (the KM[650] of its later records).
constexpr double kFoxEvenKomi = 6.5;

// KM's text as an integer, when it is one (leading and trailing spaces allowed).
std::optional<long> integer_text(std::string_view text) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    long v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return v;
}

}  // namespace

bool fox_record(const sgf::GameRecord& rec) {
    bool gnugo = false;
    for (const std::string& ap : rec.applications) {
        if (ap == "foxwq") return true;
        gnugo = gnugo || ap == "GNU Go:3.8";
    }
    // Fox's 2015 records: AP[GNU Go:3.8] alone, which GNU Go's own records write too, but with
    // Fox's byo-yomi properties TC and TT beside it, which GNU Go never writes.
    return gnugo && rec.tc_and_tt;
}

std::optional<double> fox_even_komi(const sgf::GameRecord& rec, int handicap,
                                    const Ruleset& rules) {
    if (!fox_record(rec) || handicap != 0 || rules.scoring != Scoring::territory) {
        return std::nullopt;
    }
    if (!rec.komi || rec.komi->adjusted || rec.komi->value != 0.0) return std::nullopt;
    return kFoxEvenKomi;
}

std::optional<sgf::GameResult> fox_result_in_points(const sgf::GameRecord& rec) {
    if (!rec.komi || !rec.komi->adjusted || !rec.result) return std::nullopt;
    // R3's x50 reading: an integer of at least 100 that is a multiple of 25 but not of 50.
    const std::optional<long> km = integer_text(rec.komi_text);
    if (!km || std::labs(*km) < 100 || *km % 25 != 0 || *km % 50 == 0) return std::nullopt;
    const sgf::GameResult& re = *rec.result;
    if (re.kind != sgf::ResultKind::score || !re.margin || !re.winner || *re.margin == 0.0) {
        return std::nullopt;
    }
    sgf::GameResult points = re;
    points.margin = *re.margin * 2;
    return points;
}

}  // namespace sgfaudit::audit::detail
