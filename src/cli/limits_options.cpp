#include "limits_options.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>

namespace sgfaudit::cli {

namespace {

constexpr std::size_t kMaxCount = std::numeric_limits<std::uint32_t>::max() - 1;

struct LimitFlag {
    std::string_view name;
    std::size_t max;  // largest value accepted
    std::size_t sgf::ReadLimits::*size_field;
    std::uint32_t sgf::ReadLimits::*count_field;
};

constexpr std::array<LimitFlag, 11> kFlags{{
    {"--max-file-bytes", sgf::kMaxFileBytes, &sgf::ReadLimits::max_file_bytes, nullptr},
    {"--max-games", kMaxCount, nullptr, &sgf::ReadLimits::max_games},
    {"--max-nodes", kMaxCount, nullptr, &sgf::ReadLimits::max_nodes_per_game},
    {"--max-depth", kMaxCount, nullptr, &sgf::ReadLimits::max_depth},
    {"--max-properties", kMaxCount, nullptr, &sgf::ReadLimits::max_properties_per_node},
    {"--max-values", kMaxCount, nullptr, &sgf::ReadLimits::max_values_per_property},
    {"--max-node-values", kMaxCount, nullptr, &sgf::ReadLimits::max_values_per_node},
    {"--max-value-bytes", sgf::kMaxFileBytes, &sgf::ReadLimits::max_value_bytes, nullptr},
    {"--max-diagnostics", kMaxCount, nullptr, &sgf::ReadLimits::max_diagnostics},
    {"--max-positions", kMaxCount, nullptr, &sgf::ReadLimits::max_positions},
    {"--max-setup-points", kMaxCount, nullptr, &sgf::ReadLimits::max_setup_points},
}};

constexpr const char* kHelp =
    R"(Limits (a bad file gives a diagnostic, never a crash; N takes a K, M or G suffix, 1K = 1024):
  --max-file-bytes N   larger files are not read (default 64M, at most 1G)     F005, S120
  --max-games N        game trees in one file (default 1M)                     S125
  --max-nodes N        nodes in one game (default 1M)                          S122
  --max-depth N        nesting of variations (default 1M)                      S121
  --max-properties N   properties in one node (default 64K)                    S127
  --max-values N       values of one property (default 64K)                    S123
  --max-node-values N  values of all the properties of one node (default 256K) S126
  --max-value-bytes N  bytes of one value (default 1M)                         S124
  --max-diagnostics N  diagnostics listed per file and per game; the rest are
                       counted (default 10000)                                 S128
  --max-positions N    positions the replay of one game holds: moves and nodes
                       with setup in its main line (default 1M)                S129
  --max-setup-points N setup points (AB, AW, AE; TB, TW) of one game's main
                       line, compressed lists expanded (default 1M)            S130
)";

}  // namespace

bool parse_size(std::string_view text, std::size_t max, std::size_t& out) {
    if (text.empty()) return false;
    std::size_t multiplier = 1;
    switch (text.back()) {
        case 'k':
        case 'K':
            multiplier = std::size_t{1} << 10;
            break;
        case 'm':
        case 'M':
            multiplier = std::size_t{1} << 20;
            break;
        case 'g':
        case 'G':
            multiplier = std::size_t{1} << 30;
            break;
        default:
            break;
    }
    if (multiplier != 1) text.remove_suffix(1);
    if (text.empty() || text.size() > 12) return false;
    std::size_t value = 0;
    for (const char c : text) {
        if (c < '0' || c > '9') return false;
        value = value * 10 + static_cast<std::size_t>(c - '0');
    }
    if (value == 0 || value > max / multiplier) return false;
    out = value * multiplier;
    return true;
}

bool LimitOptions::parse(const std::vector<std::string>& args, std::size_t& i, std::string& error) {
    const std::string& a = args[i];
    for (const LimitFlag& flag : kFlags) {
        std::string_view value;
        if (a == flag.name) {
            if (i + 1 >= args.size()) {
                error = fmt::format("{} needs a value", flag.name);
                return true;
            }
            value = args[++i];
        } else if (a.size() > flag.name.size() && a.compare(0, flag.name.size(), flag.name) == 0 &&
                   a[flag.name.size()] == '=') {
            value = std::string_view(a).substr(flag.name.size() + 1);
        } else {
            continue;
        }
        if (std::find(seen_.begin(), seen_.end(), flag.name) != seen_.end()) {
            error = fmt::format("{} given twice", flag.name);
            return true;
        }
        seen_.push_back(flag.name);
        std::size_t n = 0;
        if (!parse_size(value, flag.max, n)) {
            error = fmt::format(
                "{}: '{}' is not a whole number from 1 to {} (K, M, G suffixes "
                "allowed)",
                flag.name, value, flag.max);
            return true;
        }
        if (flag.size_field != nullptr) {
            limits_.*flag.size_field = n;
        } else {
            limits_.*flag.count_field = static_cast<std::uint32_t>(n);
        }
        return true;
    }
    return false;
}

std::span<const std::string_view> limit_flag_names() noexcept {
    static constexpr auto kNames = [] {
        std::array<std::string_view, kFlags.size()> names{};
        for (std::size_t i = 0; i < kFlags.size(); ++i) names[i] = kFlags[i].name;
        return names;
    }();
    return kNames;
}

std::string_view limits_help() noexcept {
    return kHelp;
}

}  // namespace sgfaudit::cli
