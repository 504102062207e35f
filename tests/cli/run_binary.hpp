#pragma once
// Runs the built sgfaudit binary through the shell (stderr discarded) for the CLI tests.

#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

// Runs `sgfaudit ARGS`, checks that it exited with `expected_status`, and returns its stdout.
inline std::string run_binary(const std::string& args, int expected_status) {
    const std::string command = std::string("\"") + SGFAUDIT_BINARY + "\" " + args + " 2>/dev/null";
    FILE* pipe = ::popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::string out;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
        out.append(buffer, n);
    const int status = ::pclose(pipe);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == expected_status);
    return out;
}
