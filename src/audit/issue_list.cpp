// The listing limits of one replay (AuditOptions::max_listed). Contract: issue_list.hpp.

#include "issue_list.hpp"

#include <algorithm>
#include <string>
#include <string_view>

namespace sgfaudit::audit::detail {

bool IssueList::listable(IssueCode code, IssueSeverity severity) {
    auto listed = std::find_if(listed_.begin(), listed_.end(),
                               [&](const auto& c) { return c.first == code; });
    if (listed == listed_.end()) listed = listed_.insert(listed_.end(), {code, 0});
    if (listed->second < max_listed_) {
        ++listed->second;
        return true;
    }
    const std::string_view name = to_string(code);
    auto& omitted = out_.record_issues_omitted;
    auto o = std::find_if(omitted.begin(), omitted.end(),
                          [&](const OmittedIssues& x) { return x.code == name; });
    if (o == omitted.end()) o = omitted.insert(omitted.end(), {std::string(name), severity, 0});
    ++o->count;
    return false;
}

}  // namespace sgfaudit::audit::detail
