#include <span>

#include "sgfaudit/cli/cli.hpp"

int main(int argc, char** argv) {
    return sgfaudit::cli::run(std::span<char*>(argv, static_cast<std::size_t>(argc)));
}
