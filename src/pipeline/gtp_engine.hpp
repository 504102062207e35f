#pragma once
// Internal: one GTP engine child process (`gnugo --mode gtp`), spoken to over a socket pair
// (its stdin and stdout; stderr goes to /dev/null). Spawned with posix_spawn, never through a
// shell; every descriptor is close-on-exec; writes use MSG_NOSIGNAL, so a dead engine gives
// EPIPE, never SIGPIPE; every wait is a poll with a deadline; the child is always reaped.

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace sgfaudit::pipeline::detail {

using Clock = std::chrono::steady_clock;

class GtpEngine {
  public:
    GtpEngine() = default;
    GtpEngine(const GtpEngine&) = delete;
    GtpEngine& operator=(const GtpEngine&) = delete;
    ~GtpEngine() { stop(); }

    // Starts `argv` (argv[0] an absolute or relative path, not looked up). False with `error`.
    bool start(const std::vector<std::string>& argv, std::string& error);
    // True while the child runs and has not failed a command.
    bool running() const { return pid_ > 0; }

    // Sends `commands` (each one GTP command, no newline) in one write and reads one response
    // per command, all before `deadline`. Returns the responses' bodies (after "= "), or nullopt
    // with `error` set: an engine error response ("? ..."), a closed pipe, or the deadline
    // (then the child is killed and reaped: running() is false).
    std::optional<std::vector<std::string>> exchange(const std::vector<std::string>& commands,
                                                     Clock::time_point deadline,
                                                     std::string& error);

    // Ends the child: closes its input, gives it a moment to exit, then SIGKILL; reaps it.
    void stop();

  private:
    void kill_now();

    pid_t pid_ = -1;
    int fd_ = -1;         // our end of the socket pair
    std::string buffer_;  // bytes read past the last complete response
};

// Resolves `program` like execvp would (a name without '/' searched in PATH); empty when not
// found as an executable file.
std::string find_program(const std::string& program);

}  // namespace sgfaudit::pipeline::detail
