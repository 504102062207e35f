#pragma once
// Runs the built sgfaudit binary in a child process with resource limits of its own (open
// files, address space, file size), its stdout sent to a file of the test's choice (such as
// /dev/full), under a time limit, and reports its exit status, peak resident memory and CPU
// time (getrusage of the child, through wait4).

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

extern char** environ;

struct ChildRun {
    std::vector<std::string> args;  // after the binary's name
    std::string stdout_path;        // empty: a file of `work_dir`, read back into `out`
    std::string work_dir;           // where captured output goes (and the child's cwd)
    rlim_t max_open_files = 0;      // RLIMIT_NOFILE of the child; 0: unchanged
    rlim_t max_address_space = 0;   // RLIMIT_AS of the child (bytes); 0: unchanged
    rlim_t max_file_size = 0;       // RLIMIT_FSIZE of the child (bytes, `ulimit -f`); 0: unchanged
    unsigned timeout_seconds = 300;
    std::vector<std::string> env;  // NAME=VALUE added to the environment
};

struct ChildResult {
    int status = -1;  // the exit status, or 128 + the signal that ended it
    long peak_rss_kib = 0;
    double cpu_seconds = 0;  // user + system time of the child
    std::string out, err;
};

inline std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline std::string child_stdout_path(const ChildRun& run) {
    return run.stdout_path.empty() ? run.work_dir + "/child.stdout" : run.stdout_path;
}

// Starts the binary as `run` says; finish_child waits for it.
inline pid_t start_child(const ChildRun& run) {
    const std::string out_path = child_stdout_path(run);
    const std::string err_path = run.work_dir + "/child.stderr";
    std::vector<std::string> args{SGFAUDIT_BINARY};
    args.insert(args.end(), run.args.begin(), run.args.end());
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::vector<std::string> env_strings;
    for (char** e = environ; *e != nullptr; ++e) env_strings.emplace_back(*e);
    env_strings.insert(env_strings.end(), run.env.begin(), run.env.end());
    std::vector<char*> envp;
    for (std::string& e : env_strings) envp.push_back(e.data());
    envp.push_back(nullptr);

    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        // The child: only async-signal-safe calls until exec.
        const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (out < 0 || err < 0 || ::dup2(out, 1) < 0 || ::dup2(err, 2) < 0) ::_exit(126);
        ::close(out);
        ::close(err);
        // Only stdin, stdout and stderr are inherited: descriptor counts are the binary's own.
        ::close_range(3, ~0U, 0);
        if (!run.work_dir.empty() && ::chdir(run.work_dir.c_str()) != 0) ::_exit(126);
        if (run.max_open_files != 0) {
            const rlimit r{run.max_open_files, run.max_open_files};
            if (::setrlimit(RLIMIT_NOFILE, &r) != 0) ::_exit(126);
        }
        if (run.max_address_space != 0) {
            const rlimit r{run.max_address_space, run.max_address_space};
            if (::setrlimit(RLIMIT_AS, &r) != 0) ::_exit(126);
        }
        if (run.max_file_size != 0) {
            const rlimit r{run.max_file_size, run.max_file_size};
            if (::setrlimit(RLIMIT_FSIZE, &r) != 0) ::_exit(126);
        }
        ::alarm(run.timeout_seconds);  // kept across exec: a hang ends in SIGALRM
        ::execve(argv[0], argv.data(), envp.data());
        ::_exit(127);
    }
    return pid;
}

// Waits for a child of start_child.
inline ChildResult finish_child(const ChildRun& run, pid_t pid) {
    const std::string out_path = child_stdout_path(run);
    const std::string err_path = run.work_dir + "/child.stderr";
    ChildResult r;
    int status = 0;
    rusage usage{};
    REQUIRE(::wait4(pid, &status, 0, &usage) == pid);
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.peak_rss_kib = usage.ru_maxrss;
    r.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                    static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    if (run.stdout_path.empty()) r.out = slurp(out_path);
    r.err = slurp(err_path);
    return r;
}

inline ChildResult run_child(const ChildRun& run) {
    return finish_child(run, start_child(run));
}

// True in a build under AddressSanitizer (the binary then holds more memory: shadow, quarantine).
constexpr bool kUnderAsan =
#if defined(__SANITIZE_ADDRESS__)
    true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    true;
#else
    false;
#endif
#else
    false;
#endif
