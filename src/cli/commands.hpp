#pragma once
// Internal: one function per subcommand. Each takes the arguments after the subcommand's name.

#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

namespace sgfaudit::cli {

int parse_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int audit_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int merge_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int check_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int rules_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// An output stream failed (a full disk, a closed pipe): thrown to stop a command early; run()
// names the stream and exits 2.
class OutputError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Throws OutputError when `stream` has failed.
void check_stream(const std::ostream& stream, const char* name);

}  // namespace sgfaudit::cli
