#pragma once
// Internal: one GTP engine child process, spoken to over a socket pair (its stdin and stdout;
// stderr goes to /dev/null). Started with fork+exec, never through a shell (see start() for why
// not posix_spawn); every descriptor is close-on-exec; writes use MSG_NOSIGNAL, so a dead engine
// gives EPIPE, never SIGPIPE; every wait is a poll with a deadline that is checked after every
// read, and with the run's cancel flag; the child and whatever it forked are always killed and
// the child reaped.

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace sgfaudit::pipeline::detail {

using Clock = std::chrono::steady_clock;

// The most bytes one response may hold before its blank line. A 19x19 `final_status_list`
// answer is under 2 KB; a longer one is an engine that floods.
inline constexpr std::size_t kMaxResponseBytes = 1 << 20;

// How an exchange failed.
enum class GtpFailure {
    none,
    engine_error,  // a "?" response: the engine refused a command (it still runs)
    timeout,       // no complete answer before the deadline (killed)
    exited,        // the engine closed its output or stopped reading (killed)
    flood,         // a response longer than kMaxResponseBytes (killed)
    garbage,       // a response that is neither "=..." nor "?..." (killed)
    cancelled,     // the cancel flag was set (killed)
    io,            // poll/recv/send failed otherwise (killed)
};

class GtpEngine {
  public:
    GtpEngine() = default;
    GtpEngine(const GtpEngine&) = delete;
    GtpEngine& operator=(const GtpEngine&) = delete;
    ~GtpEngine() { stop(); }

    // Starts `argv` (argv[0] an absolute or relative path, not looked up) in a process group of
    // its own, with SIGKILL as its parent-death signal. False with `error`.
    bool start(const std::vector<std::string>& argv, std::string& error);
    // True while the child runs (not killed after a failure).
    bool running() const { return pid_ > 0; }
    pid_t pid() const { return pid_; }
    // True when the child has ended (not reaped yet: kill it with stop()), or never ran.
    bool exited() const;

    // Sends `commands` (each one GTP command, no newline) in one write and reads one response
    // per command, all before `deadline`. Returns the responses' bodies (after "= "), or nullopt
    // with `failure` and `error` set; for every failure but engine_error the child is killed and
    // reaped (running() is false). `failed_command`: the index of the command a "?" answered.
    // A non-zero `*cancel` stops the wait within 50 ms.
    std::optional<std::vector<std::string>> exchange(const std::vector<std::string>& commands,
                                                     Clock::time_point deadline,
                                                     const std::atomic<int>* cancel,
                                                     GtpFailure& failure, std::string& error,
                                                     std::size_t* failed_command = nullptr);

    // Ends the child: closes its input, gives it 200 ms to exit, then kills its process group
    // (what it forked too) and reaps it.
    void stop();

  private:
    // exchange's parsing: takes the complete responses in buffer_ (the ids from `first_id`)
    // into `responses`, the first "?" into `refused` and `refusal`. False with `garbage` on a
    // response that is not one.
    bool take_responses(const std::vector<std::string>& commands, unsigned first_id,
                        std::vector<std::string>& responses, std::optional<std::size_t>& refused,
                        std::string& refusal, std::string& garbage);
    void kill_now();
    // Kills the group of the child, which must not have been reaped yet.
    void kill_group_and_reap();

    pid_t pid_ = -1;
    int fd_ = -1;         // our end of the socket pair
    std::string buffer_;  // bytes read past the last complete response, CRs dropped
    std::size_t scanned_ =
        0;  // buffer_ was searched up to here: a "\n\n" starts at scanned_ - 1 or later
    unsigned next_id_ = 1;  // the id of the next command sent
};

// Resolves `program` like execvp would (a name without '/' searched in PATH); empty when not
// found as an executable file.
std::string find_program(const std::string& program);

}  // namespace sgfaudit::pipeline::detail
