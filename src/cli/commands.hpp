#pragma once
// Internal: one function per subcommand. Each takes the arguments after the subcommand's name.

#include <iosfwd>
#include <string>
#include <vector>

namespace sgfaudit::cli {

int parse_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int audit_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int merge_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int check_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int rules_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace sgfaudit::cli
