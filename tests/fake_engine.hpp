#pragma once
// Fake GTP engines for the engine tests: small sh scripts written at test time. Each answers
// `name` (Fake), `version` (0.1), `list_commands` and every other command with an empty
// success, repeating the command's id when one is given (GTP 2, section 2.6), and appends its
// process id to `pids`; `final_status_list` runs the behaviour given (sh text that may use $id).

#include <sys/stat.h>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "temp_folder.hpp"

namespace fake_engine {

// Some behaviours for `final_status_list`.
inline const std::string kHang = "exec sleep 1000";
// Never a blank line: one byte every 20 ms, for ever.
inline const std::string kDrip = "while :; do printf x; sleep 0.02; done";
// Never a blank line, as fast as the pipe takes it.
inline const std::string kFlood = "exec cat /dev/zero";
inline const std::string kGarbage = "printf 'hello\\n\\n'";
inline const std::string kNothingDead = "printf '=%s\\n\\n' \"$id\"";

// Writes the script `name` in `folder` and returns its path. `start`: sh run once at start
// (e.g. forking a child); `on_eof`: sh run when the input ends (default: exit).
inline std::string write(const TempFolder& folder, const std::string& name, const std::string& pids,
                         const std::string& final_status, const std::string& start = "",
                         const std::string& on_eof = "") {
    const std::string text =
        "#!/bin/sh\n"
        "echo $$ >> '" +
        pids + "'\n" + start +
        "\n"
        "while read a b rest; do\n"
        "  case \"$a\" in [0-9]*) id=$a; cmd=$b ;; *) id=; cmd=$a ;; esac\n"
        "  case \"$cmd\" in\n"
        "    name) printf '=%s Fake\\n\\n' \"$id\" ;;\n"
        "    version) printf '=%s 0.1\\n\\n' \"$id\" ;;\n"
        "    list_commands) printf '=%s name\\nversion\\nlist_commands\\nfinal_status_list\\n\\n' "
        "\"$id\" ;;\n"
        "    final_status_list) " +
        final_status +
        " ;;\n"
        "    *) printf '=%s\\n\\n' \"$id\" ;;\n"
        "  esac\n"
        "done\n" +
        on_eof + "\n";
    const std::string path = folder.add(name, text);
    ::chmod(path.c_str(), 0755);
    return path;
}

// The process ids in `file`, one a line.
inline std::vector<int> read_pids(const std::string& file) {
    std::vector<int> out;
    std::ifstream in(file);
    for (int pid; in >> pid;) out.push_back(pid);
    return out;
}

// True while process `pid` exists and is not a zombie (a zombie has ended; its parent may be
// gone and the container's init may not reap it).
inline bool alive(int pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(in, line)) return false;
    const std::size_t paren = line.rfind(')');
    return paren != std::string::npos && paren + 2 < line.size() && line[paren + 2] != 'Z';
}

// Waits up to `limit` for every process of `pids` to end; true when none is left.
inline bool all_gone(const std::vector<int>& pids,
                     std::chrono::milliseconds limit = std::chrono::milliseconds(2000)) {
    const auto until = std::chrono::steady_clock::now() + limit;
    while (true) {
        bool any = false;
        for (const int pid : pids) any = any || alive(pid);
        if (!any) return true;
        if (std::chrono::steady_clock::now() > until) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

// Waits up to `limit` for `file` to hold at least `lines` lines.
inline bool wait_lines(const std::string& file, std::size_t lines,
                       std::chrono::milliseconds limit = std::chrono::milliseconds(10000)) {
    const auto until = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < until) {
        if (read_pids(file).size() >= lines) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
}

}  // namespace fake_engine
