// The nearest name to a mistyped one (include/sgfaudit/report/suggest.hpp).

#include "sgfaudit/report/suggest.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "sgfaudit/text/text.hpp"

namespace sgfaudit::report {

std::size_t edit_distance(std::string_view a_text, std::string_view b_text) {
    const std::string a = text::lower_ascii(a_text), b = text::lower_ascii(b_text);
    // Optimal string alignment: three rows of the dynamic programme (the one before last for
    // a swap of two neighbours).
    std::vector<std::size_t> before(b.size() + 1), last(b.size() + 1), row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) last[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t change = a[i - 1] == b[j - 1] ? 0 : 1;
            row[j] = std::min({last[j] + 1, row[j - 1] + 1, last[j - 1] + change});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
                row[j] = std::min(row[j], before[j - 2] + 1);
            }
        }
        std::swap(before, last);
        std::swap(last, row);
    }
    return last[b.size()];
}

std::string_view nearest_name(std::string_view word, std::span<const std::string_view> candidates) {
    const std::size_t limit = word.size() <= 4 ? 1 : word.size() <= 8 ? 2 : 3;
    std::string_view best;
    std::size_t best_distance = limit + 1;
    for (const std::string_view c : candidates) {
        if (c == word) return {};
        const std::size_t d = edit_distance(word, c);
        if (d < best_distance) {
            best = c;
            best_distance = d;
        }
    }
    if (!best.empty()) return best;
    const std::size_t dashes = std::min(word.find_first_not_of('-'), word.size());
    if (word.size() - dashes < 3) return {};
    std::string_view prefix_of;
    for (const std::string_view c : candidates) {
        if (c.size() <= word.size() || !text::iequals_ascii(c.substr(0, word.size()), word)) {
            continue;
        }
        if (!prefix_of.empty()) return {};  // not one: the word says too little
        prefix_of = c;
    }
    return prefix_of;
}

std::string did_you_mean(std::string_view word, std::span<const std::string_view> candidates) {
    const std::string_view nearest = nearest_name(word, candidates);
    return nearest.empty() ? std::string() : fmt::format("; did you mean '{}'?", nearest);
}

}  // namespace sgfaudit::report
