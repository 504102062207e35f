#!/usr/bin/env python3
"""The test command's account of one build's test run (tools/test.sh).

Usage: test-summary.py BUILD_NAME BUILD_DIR JUNIT_XML

1. Inventory: CTest's list of tests (ctest --show-only=json-v1) against each Catch2 test
   executable's own list (--list-test-names-only): every TEST_CASE compiled in is exactly one
   CTest test, named "MODULE: NAME", whose spec selects exactly that name, and no CTest test names
   a test case the executable does not have. The other CTest tests (scripts) are counted apart.
2. The run (CTest's JUnit file of the same build): tests discovered, executed, passed, skipped
   (each with its reason), failed. A discovered test that did not execute, a Catch2 test whose
   output does not show exactly one test case run, and a skip without a reason are failures.

Prints the account and a closing line "BUILD_NAME: N passed, N failed, N skipped"; exits 1 when
anything above fails.
"""
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET


def catch_spec_to_name(spec):
    """Undoes the escaping of tests/cmake/discover_catch_tests.cmake (a backslash escapes the next
    character)."""
    out, i = [], 0
    while i < len(spec):
        if spec[i] == "\\" and i + 1 < len(spec):
            i += 1
        out.append(spec[i])
        i += 1
    return "".join(out)


def listed_names(executable):
    run = subprocess.run([executable, "--list-test-names-only"], capture_output=True, text=True,
                         errors="replace")
    return [line for line in run.stdout.split("\n") if line != ""]


def skip_reason(output):
    """The reason a skipped test gave: its 'skipped: ...' line (tests/skip.hpp, the scripts)."""
    for line in output.split("\n"):
        m = re.search(r"skipped[:;,]?\s*(.*\S)", line, re.IGNORECASE)
        if m and "test cases" not in line:
            return line.strip()[:200]
    lines = [l.strip() for l in output.split("\n") if l.strip()]
    for line in reversed(lines):
        if "skip" in line.lower():
            return line[:200]
    return ""


def main():
    build_name, build_dir, junit = sys.argv[1:4]
    problems = []

    shown = subprocess.run(["ctest", "--test-dir", build_dir, "--show-only=json-v1"],
                           capture_output=True, text=True, check=True)
    discovered = json.loads(shown.stdout)["tests"]
    names = [t["name"] for t in discovered]
    if len(set(names)) != len(names):
        problems.append("CTest lists a test name twice")

    # 1. Inventory.
    by_executable = {}
    scripts = []
    for t in discovered:
        command = t.get("command") or []
        exe = command[0] if command else ""
        if os.path.basename(exe).startswith("tests_") and len(command) >= 2:
            by_executable.setdefault(exe, []).append((t["name"], command[1]))
        else:
            scripts.append(t["name"])
    compiled_in = 0
    for exe, tests in sorted(by_executable.items()):
        module = os.path.basename(exe)[len("tests_"):]
        own = listed_names(exe)
        compiled_in += len(own)
        selected = {}
        for ctest_name, spec in tests:
            name = catch_spec_to_name(spec)
            if ctest_name != f"{module}: {name}":
                problems.append(f"CTest test '{ctest_name}' runs the spec '{spec}' of {module}")
            selected[name] = selected.get(name, 0) + 1
        for name in own:
            if selected.get(name, 0) != 1:
                problems.append(f"{module}: the test case '{name}' is run by "
                                f"{selected.get(name, 0)} CTest tests (1 expected)")
        for name in selected:
            if name not in own:
                problems.append(f"{module}: CTest runs '{name}', which the executable does not have")
    print(f"{build_name}: inventory: {compiled_in} TEST_CASEs compiled into "
          f"{len(by_executable)} Catch2 executables + {len(scripts)} script tests = "
          f"{compiled_in + len(scripts)}; CTest discovered {len(discovered)}")
    if compiled_in + len(scripts) != len(discovered):
        problems.append("the TEST_CASEs compiled in and CTest's list differ in number")

    # 2. The run.
    results = {}
    if os.path.exists(junit):
        for case in ET.parse(junit).getroot().iter("testcase"):
            out = case.find("system-out")
            results[case.get("name")] = (case.get("status", ""), out.text if out is not None and
                                         out.text else "", case)
    else:
        problems.append(f"no JUnit file {junit}: the run did not happen")
    catch_names = {n for tests in by_executable.values() for n, _ in tests}
    passed, failed, skipped, not_run = [], [], [], []
    for name in names:
        if name not in results:
            not_run.append(f"{name} (not in the run's JUnit file)")
            continue
        status, output, case = results[name]
        # CTest's JUnit: status "run" (passed), "fail", or "notrun" with a <skipped> element whose
        # message says why: SKIP_RETURN_CODE=77 for a test that skipped itself; anything else
        # (an executable not found, a disabled test) is a test that did not execute.
        skip = case.find("skipped")
        skip_message = skip.get("message", "") if skip is not None else ""
        if status == "run":
            passed.append(name)
        elif status == "fail":
            failed.append(name)
        elif skip_message.startswith("SKIP_RETURN_CODE") or skip_message.startswith(
                "SKIP_REGULAR_EXPRESSION"):
            reason = skip_reason(output)
            if not reason:
                problems.append(f"'{name}' was skipped without saying why")
                reason = "(no reason given)"
            skipped.append((name, reason))
        else:
            not_run.append(f"{name} ({skip_message or status})")
            continue
        if name in catch_names and status != "fail":
            one = re.search(r"in 1 test case\b|test cases:\s+1 \|", output)
            if not one:
                problems.append(f"'{name}': its output does not show one test case run")
    executed = len(passed) + len(failed)
    print(f"{build_name}: discovered {len(discovered)}, executed {executed}, passed {len(passed)}, "
          f"skipped {len(skipped)}, failed {len(failed)}, not executed {len(not_run)}")
    for name, reason in skipped:
        print(f"  skipped: {name}: {reason}")
    for name in failed:
        print(f"  FAILED: {name}")
    for name in not_run:
        print(f"  NOT EXECUTED: {name}")
    if executed + len(skipped) + len(not_run) != len(discovered):
        problems.append("executed + skipped + not executed is not the number discovered")
    for p in problems:
        print(f"  PROBLEM: {p}")
    if problems:
        print(f"{build_name}: {len(problems)} problem(s) above: the run fails")
    print(f"{build_name}: {len(passed)} passed, {len(failed) + len(not_run)} failed, "
          f"{len(skipped)} skipped")
    return 1 if failed or not_run or problems else 0


if __name__ == "__main__":
    sys.exit(main())
