// check_input, locate_issues: a CheckInput from a record and its audit.

#include "sgfaudit/report/check.hpp"

namespace sgfaudit::report {

CheckInput check_input(std::string_view file, const sgf::GameRecord& record,
                       const audit::GameAudit& audit) {
    CheckInput in;
    in.file = file;
    in.game = record.index;
    in.black_name = record.black_name;
    in.black_rank = record.black_rank;
    in.white_name = record.white_name;
    in.white_rank = record.white_rank;
    in.rules = record.rules;
    if (record.result) {
        in.result = record.result->text;
        in.result_kind = record.result->kind;
    }
    if (record.komi) in.komi = record.komi->value;
    in.komi_text = record.komi_text;
    in.audit = &audit;
    in.events = record.events;
    return in;
}

std::vector<sgf::Location> locate_issues(const sgf::Document& doc, const audit::GameAudit& audit) {
    std::vector<sgf::Location> out;
    out.reserve(audit.record_issues.size());
    for (const audit::RecordIssue& issue : audit.record_issues) {
        out.push_back(issue.offset != 0 ? doc.locate(issue.offset) : sgf::Location{});
    }
    return out;
}

}  // namespace sgfaudit::report
