#!/usr/bin/env python3
"""Checks tools/code-size.py on a planted tree: the functions it finds and their lengths in code
that could mislead a brace counter, and its verdicts: a function over 100 lines or a file over
700 lines fails, an exception lets it pass, a stale exception or one without a reason fails.

Usage: code_size_check.py [PATH_TO_code-size.py]
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "tools",
                                                            "code-size.py")

# Each function's first line (the one with its name) carries "// first NAME", its last line
# "// last NAME". The rest is what a brace counter could trip on.
TRICKY = r'''// a comment with a brace {
/* and a block comment } { */
#define OPEN {
#include <string>
namespace outer {
namespace {
constexpr const char* kText = R"x(raw { text } with "quotes" and )" in it)x";
const long kMillion = 1'000'000;
struct Point {
    int x{0};
    int y = 2;
    Point() : x{1}, y(2) {  // first Point
        y = 3;
    }  // last Point
    int sum() const { return x + y; }  // first sum last sum
    struct Inner;
};
auto lambda = [](int v) {
    return v;
};
template <class T>
T twice(T v) {  // first twice
    const char c = '{';
    const char* s = "}\"{";
    auto f = [&] { return v; };
    return v + v + f() + (c == s[0]);
}  // last twice
void with_default(Point p = {}, int n = 3) {  // first with_default
    (void)p;
    (void)n;
}  // last with_default
}  // namespace
struct Point::Inner {
    std::string name() const  // first name
    {
        return "}";
    }  // last name
};
std::array<int, sizeof(long)> sized(int v) noexcept {  // first sized
    return {v};
}  // last sized
bool operator==(const Point& a, const Point& b) { return a.x == b.x; }  // first operator== last operator==
}  // namespace outer
extern "C" void handler(int) {  // first handler
}  // last handler
'''


def body(name, lines):
    """A function of exactly `lines` lines, from its name to its closing brace."""
    inner = "".join("    v += 1;  // }\n" for _ in range(lines - 3))
    return f"int {name}(int v)  // first {name}\n{{\n{inner}}}  // last {name}\n"


def expected(text):
    found = {}
    for number, line in enumerate(text.split("\n"), 1):
        words = line.split()
        for marker in ("first", "last"):
            for i, w in enumerate(words[:-1]):
                if w == marker:
                    found.setdefault(words[i + 1], {})[marker] = number
    return {name: (v["first"], v["last"]) for name, v in found.items()}


def run(root, *extra):
    r = subprocess.run([sys.executable, TOOL, "--root", root, *extra], capture_output=True,
                       text=True)
    return r.returncode, r.stdout + r.stderr


def main():
    failures = []

    def check(condition, what, output=""):
        print(("ok: " if condition else "FAILED: ") + what)
        if not condition:
            failures.append(what)
            if output:
                print(output)

    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "src", "m"))
        os.makedirs(os.path.join(root, "tools"))
        tricky = TRICKY + body("exactly_100", 100) + body("long_one", 101)
        files = {
            "src/m/tricky.cpp": tricky,
            "src/m/long_file.hpp": "// line\n" * 701,
            "src/m/full_file.cpp": "// line\n" * 700,
        }
        for rel, text in files.items():
            with open(os.path.join(root, rel), "w") as f:
                f.write(text)
        exceptions = os.path.join(root, "tools", "code-size-exceptions.txt")

        # The functions and their lines, as the markers say.
        code, out = run(root, "--list")
        listed = {}
        for line in out.splitlines():
            length, name, where = line.split()
            path, lines = where.rsplit(":", 1)
            first, last = (int(x) for x in lines.split("-"))
            check(int(length) == last - first + 1, f"--list: {line} has a consistent length")
            if path == "src/m/tricky.cpp":
                listed[name.split("::")[-1]] = (first, last)
        want = expected(tricky)
        check(listed == want, "the functions found in tricky.cpp and their lines are those marked",
              f"found {sorted(listed.items())}\nwanted {sorted(want.items())}")

        # No exceptions: the 101-line function and the 701-line file fail, nothing else.
        code, out = run(root)
        check(code == 1, "a function over 100 lines and a file over 700 lines fail", out)
        check("long_one is 101 lines" in out and "long_file.hpp: 701 lines" in out,
              "both are named", out)
        check("exactly_100" not in out and "full_file" not in out,
              "a function of 100 lines and a file of 700 lines pass", out)

        # Excepted, with reasons: passes.
        with open(exceptions, "w") as f:
            f.write("# comment\n\nsrc/m/tricky.cpp long_one kept whole: a table\n"
                    "src/m/long_file.hpp (file) generated\n")
        code, out = run(root)
        check(code == 0, "excepted offenders pass", out)

        # A stale exception fails, and is named.
        with open(exceptions, "a") as f:
            f.write("src/m/tricky.cpp exactly_100 was long once\n")
        code, out = run(root)
        check(code == 1 and "stale exception 'src/m/tricky.cpp exactly_100'" in out,
              "a stale exception fails", out)

        # An exception without a reason fails.
        with open(exceptions, "w") as f:
            f.write("src/m/tricky.cpp long_one kept whole: a table\nsrc/m/long_file.hpp (file)\n")
        code, out = run(root)
        check(code == 1 and "wants PATH FUNCTION REASON" in out,
              "an exception without a reason fails", out)

    print(f"code-size self-check: {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
