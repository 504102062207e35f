// A GTP engine child process (gtp_engine.hpp).

#include "gtp_engine.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <thread>
#include <utility>

extern char** environ;

namespace sgfaudit::pipeline::detail {

namespace {

// The longest single wait: the cancel flag is looked at least this often (a signal reaches only
// one of the threads, and may reach none that waits on an engine).
constexpr int kPollSliceMs = 50;

// Milliseconds to wait in poll: up to `deadline`, at most one slice.
int wait_ms(Clock::time_point deadline) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return 0;
    return left > kPollSliceMs ? kPollSliceMs : static_cast<int>(left);
}

bool executable_file(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
           ::access(path.c_str(), X_OK) == 0;
}

// In the forked child, before exec: async-signal-safe calls only (the parent has threads).
[[noreturn]] void exec_child(const char* path, char* const* args, int socket, int status,
                             pid_t parent) {
    // Its own process group: a terminal's SIGINT is ours to handle, and killing the group
    // reaches whatever the engine starts (a wrapper script's children too).
    ::setpgid(0, 0);
    // Dies with us even when we are killed outright (SIGKILL, a crash) and it ignores the end
    // of its input. The signal comes when the forking thread ends: engines are started by the
    // run's worker threads, which live as long as the run.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);  // we died before the line above
    // Default dispositions (exec keeps ignored signals ignored) and an empty mask.
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    for (int s = 1; s < NSIG; ++s) ::sigaction(s, &dfl, nullptr);
    // Descriptors of ours that are not close-on-exec (another library's, a lock) stay ours: all
    // above stderr become close-on-exec (the status pipe still reports a failed exec).
    ::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
    int err = 0;
    if (::dup2(socket, 0) < 0 || ::dup2(socket, 1) < 0) err = errno;
    const int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (err == 0 && (null < 0 || ::dup2(null, 2) < 0)) err = errno;
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    if (err == 0) {
        ::execve(path, args, environ);
        err = errno;
    }
    [[maybe_unused]] const ssize_t n = ::write(status, &err, sizeof err);
    ::_exit(127);
}

}  // namespace

std::string find_program(const std::string& program) {
    if (program.empty()) return {};
    if (program.find('/') != std::string::npos) {
        return executable_file(program) ? program : std::string();
    }
    const char* path = std::getenv("PATH");
    std::string_view rest = path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin";
    while (true) {
        const std::size_t colon = rest.find(':');
        const std::string_view dir = rest.substr(0, colon);
        // Built by appending, not by dir + "/" + program or by assigning "." to a string: GCC
        // 12 warns -Wrestrict on both (a false positive of its string copies, GCC bug 105329).
        std::string candidate(dir.empty() ? std::string_view(".") : dir);
        candidate += '/';
        candidate += program;
        if (executable_file(candidate)) return candidate;
        if (colon == std::string_view::npos) return {};
        rest.remove_prefix(colon + 1);
    }
}

// fork+exec rather than posix_spawn: the child must set its parent-death signal
// (PR_SET_PDEATHSIG), which posix_spawn cannot do without an exec wrapper program of its own.
// Between fork and exec the child makes async-signal-safe calls only, on memory prepared here.
bool GtpEngine::start(const std::vector<std::string>& argv, std::string& error) {
    stop();
    buffer_.clear();
    scanned_ = 0;
    next_id_ = 1;
    if (argv.empty() || argv.front().empty()) {
        error = "no engine command";
        return false;
    }
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
        error = std::string("socketpair: ") + std::strerror(errno);
        return false;
    }
    int status[2];  // exec's failure, if any, comes back through it
    if (::pipe2(status, O_CLOEXEC) != 0) {
        error = std::string("pipe: ") + std::strerror(errno);
        ::close(fds[0]);
        ::close(fds[1]);
        return false;
    }
    std::vector<char*> args;
    args.reserve(argv.size() + 1);
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const pid_t parent = ::getpid();
    // No handler of ours may run in the child before exec.
    sigset_t all, old;
    sigfillset(&all);
    ::pthread_sigmask(SIG_SETMASK, &all, &old);
    const pid_t pid = ::fork();
    if (pid == 0) exec_child(args.front(), args.data(), fds[1], status[1], parent);
    const int fork_errno = errno;
    ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
    ::close(fds[1]);
    ::close(status[1]);
    if (pid < 0) {
        ::close(fds[0]);
        ::close(status[0]);
        error = "cannot start " + argv.front() + ": " + std::strerror(fork_errno);
        return false;
    }
    ::setpgid(pid, pid);  // also here, so the group exists whichever of us runs first
    int exec_errno = 0;
    ssize_t n;
    while ((n = ::read(status[0], &exec_errno, sizeof exec_errno)) < 0 && errno == EINTR) {
    }
    ::close(status[0]);
    pid_ = pid;
    fd_ = fds[0];
    if (n > 0) {
        kill_now();
        error = "cannot start " + argv.front() + ": " + std::strerror(exec_errno);
        return false;
    }
    return true;
}

std::optional<std::vector<std::string>> GtpEngine::exchange(
    const std::vector<std::string>& commands, Clock::time_point deadline,
    const std::atomic<int>* cancel, GtpFailure& failure, std::string& error,
    std::size_t* failed_command) {
    failure = GtpFailure::none;
    const auto fail = [&](GtpFailure f,
                          std::string text) -> std::optional<std::vector<std::string>> {
        failure = f;
        error = std::move(text);
        if (f != GtpFailure::engine_error) kill_now();
        return std::nullopt;
    };
    if (!running()) return fail(GtpFailure::exited, "the engine is not running");
    // Every command carries an id (GTP 2, section 2.6) that its response must repeat: a response
    // left over from an earlier exchange, or one too many, is caught, never taken as an answer.
    const unsigned first_id = next_id_;
    std::string out;
    for (const std::string& c : commands) out += std::to_string(next_id_++) + " " + c + "\n";
    std::size_t sent = 0;
    std::vector<std::string> responses;
    responses.reserve(commands.size());
    std::optional<std::size_t> refused;
    std::string refusal;
    // Write and read together: a long batch cannot fill both pipes and deadlock. The deadline
    // and the cancel flag are checked before every wait, whatever woke the last one (data, a
    // signal, the end of a slice).
    while (responses.size() < commands.size()) {
        if (cancel != nullptr && cancel->load(std::memory_order_relaxed) != 0) {
            return fail(GtpFailure::cancelled, "interrupted");
        }
        if (Clock::now() >= deadline) return fail(GtpFailure::timeout, "no answer");
        pollfd p{fd_, static_cast<short>(POLLIN | (sent < out.size() ? POLLOUT : 0)), 0};
        const int ready = ::poll(&p, 1, wait_ms(deadline));
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) return fail(GtpFailure::io, std::string("poll: ") + std::strerror(errno));
        if (ready == 0) continue;
        if ((p.revents & POLLOUT) != 0 && sent < out.size()) {
            const ssize_t n =
                ::send(fd_, out.data() + sent, out.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
            if (n < 0 && errno != EAGAIN && errno != EINTR) {
                return fail(GtpFailure::exited, std::string("the engine stopped reading (") +
                                                    std::strerror(errno) + ")");
            }
            if (n > 0) sent += static_cast<std::size_t>(n);
        }
        if ((p.revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
        char chunk[16384];
        const ssize_t n = ::recv(fd_, chunk, sizeof chunk, MSG_DONTWAIT);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
            return fail(GtpFailure::exited, "the engine exited");
        }
        if (n <= 0) continue;
        // GTP 2, section 2.1: carriage returns are dropped.
        for (ssize_t i = 0; i < n; ++i) {
            if (chunk[i] != '\r') buffer_.push_back(chunk[i]);
        }
        std::string garbage;
        if (!take_responses(commands, first_id, responses, refused, refusal, garbage)) {
            return fail(GtpFailure::garbage, std::move(garbage));
        }
        if (buffer_.size() > kMaxResponseBytes) {
            return fail(GtpFailure::flood, "an answer longer than " +
                                               std::to_string(kMaxResponseBytes >> 20) +
                                               " MiB without its blank line");
        }
    }
    if (refused) {
        if (failed_command != nullptr) *failed_command = *refused;
        return fail(GtpFailure::engine_error, std::move(refusal));
    }
    return responses;
}

// Complete responses: "=id body\n\n" or "?id message\n\n" (GTP 2, section 2.7). Only the
// bytes not yet looked at are searched (one byte back: a "\n" may end the last read).
bool GtpEngine::take_responses(const std::vector<std::string>& commands, unsigned first_id,
                               std::vector<std::string>& responses,
                               std::optional<std::size_t>& refused, std::string& refusal,
                               std::string& garbage) {
    std::size_t taken = 0;
    for (std::size_t end;
         responses.size() < commands.size() &&
         (end = buffer_.find("\n\n", std::max(taken, scanned_ > 0 ? scanned_ - 1 : 0))) !=
             std::string::npos;) {
        std::string_view r(buffer_.data() + taken, end - taken);
        taken = end + 2;
        scanned_ = taken;
        while (!r.empty() && r.front() == '\n') r.remove_prefix(1);  // stray empty lines
        if (r.empty()) continue;
        const std::size_t index = responses.size();
        const std::string expected = std::to_string(first_id + index);
        const bool ok = r.front() == '=';
        std::size_t id_end = 1;
        while (id_end < r.size() && r[id_end] >= '0' && r[id_end] <= '9') ++id_end;
        if ((!ok && r.front() != '?') || r.substr(1, id_end - 1) != expected ||
            (id_end < r.size() && r[id_end] != ' ' && r[id_end] != '\n' && r[id_end] != '\t')) {
            garbage = "unreadable answer to '" + commands[index] + "': '" +
                      std::string(r.substr(0, 60)) + (r.size() > 60 ? "...'" : "'");
            return false;
        }
        const std::string_view body = r.substr(std::min(r.size(), id_end + 1));
        if (!ok && !refused) {
            refused = index;
            refusal = "GTP error for '" + commands[index] +
                      "': " + (body.empty() ? std::string("(empty)") : std::string(body));
        }
        responses.emplace_back(body);
    }
    if (taken > 0) {
        buffer_.erase(0, taken);
        scanned_ -= taken;
    }
    if (responses.size() < commands.size()) scanned_ = buffer_.size();  // all searched
    return true;
}

bool GtpEngine::exited() const {
    if (pid_ <= 0) return true;
    siginfo_t info{};
    const int r = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT);
    return r == 0 && info.si_pid == pid_;
}

void GtpEngine::kill_group_and_reap() {
    ::kill(-pid_, SIGKILL);  // the group (see start)
    ::kill(pid_, SIGKILL);   // in case it left the group
    while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
}

void GtpEngine::kill_now() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    if (pid_ > 0) kill_group_and_reap();
    pid_ = -1;
    buffer_.clear();
    scanned_ = 0;
}

void GtpEngine::stop() {
    if (pid_ <= 0) {
        kill_now();
        return;
    }
    // End of input makes a GTP engine quit; give it 200 ms, then kill it. Either way its group
    // is killed before it is reaped (while its process id still names the group): what it
    // forked does not outlive it.
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    for (int i = 0; i < 100 && !exited(); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    kill_now();
}

}  // namespace sgfaudit::pipeline::detail
