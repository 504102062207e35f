// A GTP engine child process (gtp_engine.hpp).

#include "gtp_engine.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <thread>
#include <utility>

extern char** environ;

namespace sgfaudit::pipeline::detail {

namespace {

// Milliseconds left until `deadline` for poll (0 when past it).
int ms_left(Clock::time_point deadline) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return 0;
    return left > 60'000 ? 60'000 : static_cast<int>(left);
}

bool executable_file(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
           ::access(path.c_str(), X_OK) == 0;
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
        std::string dir(rest.substr(0, colon));
        if (dir.empty()) dir = ".";
        // Appended, not dir + "/" + program: GCC 12 warns -Wrestrict on that chain of
        // operator+ (a false positive, PR 105329).
        std::string candidate = std::move(dir);
        candidate += '/';
        candidate += program;
        if (executable_file(candidate)) return candidate;
        if (colon == std::string_view::npos) return {};
        rest.remove_prefix(colon + 1);
    }
}

bool GtpEngine::start(const std::vector<std::string>& argv, std::string& error) {
    stop();
    buffer_.clear();
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
        error = std::string("socketpair: ") + std::strerror(errno);
        return false;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    // The child's end becomes its stdin and stdout (dup2 clears close-on-exec on the copies);
    // stderr goes nowhere. Every other descriptor of ours is close-on-exec.
    posix_spawn_file_actions_adddup2(&actions, fds[1], 0);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    // The child starts with default signal dispositions and an empty mask, whatever ours are.
    sigset_t all, none;
    sigfillset(&all);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attr, &all);
    posix_spawnattr_setsigmask(&attr, &none);
    // Its own process group: a terminal's SIGINT is ours to handle, and a kill reaches whatever
    // the engine started (a wrapper script's children too).
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(
        &attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP);
    std::vector<char*> args;
    args.reserve(argv.size() + 1);
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = -1;
    const int rc = ::posix_spawn(&pid, argv.front().c_str(), &actions, &attr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    ::close(fds[1]);
    if (rc != 0) {
        ::close(fds[0]);
        error = "cannot start " + argv.front() + ": " + std::strerror(rc);
        return false;
    }
    pid_ = pid;
    fd_ = fds[0];
    return true;
}

std::optional<std::vector<std::string>> GtpEngine::exchange(
    const std::vector<std::string>& commands, Clock::time_point deadline, std::string& error) {
    if (!running()) {
        error = "the engine is not running";
        return std::nullopt;
    }
    std::string out;
    for (const std::string& c : commands) out += c + "\n";
    std::size_t sent = 0;
    std::vector<std::string> responses;
    bool failed = false;
    // Write and read together: a long batch cannot fill both pipes and deadlock.
    while (responses.size() < commands.size()) {
        pollfd p{fd_, static_cast<short>(POLLIN | (sent < out.size() ? POLLOUT : 0)), 0};
        const int ready = ::poll(&p, 1, ms_left(deadline));
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) {
            error = ready == 0 ? "no answer" : std::string("poll: ") + std::strerror(errno);
            kill_now();
            return std::nullopt;
        }
        if ((p.revents & POLLOUT) != 0 && sent < out.size()) {
            const ssize_t n =
                ::send(fd_, out.data() + sent, out.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
            if (n < 0 && errno != EAGAIN && errno != EINTR) {
                error = std::string("the engine stopped reading (") + std::strerror(errno) + ")";
                kill_now();
                return std::nullopt;
            }
            if (n > 0) sent += static_cast<std::size_t>(n);
        }
        if ((p.revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
            char chunk[4096];
            const ssize_t n = ::recv(fd_, chunk, sizeof chunk, MSG_DONTWAIT);
            if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
                error = "the engine exited";
                kill_now();
                return std::nullopt;
            }
            if (n > 0) buffer_.append(chunk, static_cast<std::size_t>(n));
        }
        // Complete responses: "=[id] body\n\n" or "?[id] message\n\n" (GTP 2, section 2.7).
        for (std::size_t end; (end = buffer_.find("\n\n")) != std::string::npos;) {
            std::string r = buffer_.substr(0, end);
            buffer_.erase(0, end + 2);
            std::erase(r, '\r');
            const bool ok = !r.empty() && r[0] == '=';
            std::size_t body = r.find_first_of(" \n");
            body = body == std::string::npos ? r.size() : body + 1;
            if (!ok && !failed) {
                failed = true;
                error = "GTP error for '" + commands[responses.size()] +
                        "': " + (r.empty() ? std::string("(empty)") : r);
            }
            responses.push_back(r.substr(body));
        }
    }
    if (failed) return std::nullopt;
    return responses;
}

void GtpEngine::kill_now() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    if (pid_ > 0) {
        ::kill(-pid_, SIGKILL);  // the group (see start)
        ::kill(pid_, SIGKILL);
        while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
        }
    }
    pid_ = -1;
    buffer_.clear();
}

void GtpEngine::stop() {
    if (pid_ <= 0) {
        kill_now();
        return;
    }
    // End of input makes a GTP engine quit; give it 200 ms, then kill it.
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    for (int i = 0; i < 100; ++i) {
        const pid_t r = ::waitpid(pid_, nullptr, WNOHANG);
        if (r == pid_ || (r < 0 && errno != EINTR)) {
            pid_ = -1;
            return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    kill_now();
}

}  // namespace sgfaudit::pipeline::detail
