#!/usr/bin/env python3
"""Keeps the sources small: no file over 700 lines, no function over 100 lines in src/, except
where tools/code-size-exceptions.txt says why.

Usage: code-size.py [--root DIR] [--exceptions FILE] [--list]

Walks DIR/src (default: the repository this script is in) for *.cpp and *.hpp files, in sorted
order, and finds:
- files of more than 700 lines;
- function definitions whose body spans more than 100 lines, counted from the line with the
  function's name to the line of its closing brace (lambdas count inside their function).

Function definitions are found by a heuristic, not a C++ parser (no ctags needed): comments,
string and character literals (raw strings too) and preprocessor lines are blanked, braces are
matched, and a brace opened at namespace or class level is a function's body when the text before
it, since the last ';', '{' or '}' at that level, has a parameter list and no '=' outside
parentheses (a constructor's member initialisers are skipped). Functions are named as their
definition names them (Summary::write_json, or write_json inside its class).

The exceptions file holds one exception per line: PATH FUNCTION REASON, where PATH is relative to
the root, FUNCTION is a name as this script prints it, or "(file)" for the file's length, and
REASON (required) is the rest of the line. Blank lines and lines starting with '#' are ignored.

Exits 1, listing them, when an offender is not excepted, an exception matches no offender (stale:
remove it), or an exception line has no reason; else exits 0. --list prints every function found
with its lines and length (to compare the heuristic with another tool) and exits 0.
"""
import argparse
import bisect
import os
import re
import sys

MAX_FILE_LINES = 700
MAX_FUNCTION_LINES = 100
FILE_ENTRY = "(file)"


def blank(text):
    """The text with comments, string and character literals and preprocessor lines replaced by
    spaces (new lines kept, so offsets and line numbers stay those of the file). A literal keeps
    its quotes, so that `f("{")` still reads as a call."""
    out = list(text)
    n = len(text)
    i = 0
    line_start = True  # only white space since the last new line

    def wipe(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    def quoted(i, quote):
        """Wipes the literal whose opening `quote` is at i (to its closing quote or the end of
        the line, escapes skipped); returns where reading goes on."""
        j = i + 1
        while j < n and text[j] != quote and text[j] != "\n":
            j += 2 if text[j] == "\\" else 1
        wipe(i + 1, min(j, n))
        return j + 1

    while i < n:
        c = text[i]
        if c == "\n":
            line_start = True
            i += 1
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if line_start and c == "#":
            # A preprocessor line, with its continuations.
            j = i
            while j < n and text[j] != "\n":
                if text[j] == "\\" and j + 1 < n and text[j + 1] == "\n":
                    j += 2
                    continue
                j += 1
            wipe(i, j)
            i = j
            continue
        line_start = False
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            wipe(i, j)
            i = j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            wipe(i, j)
            i = j
            continue
        if c == '"':
            # A raw string: R"delim( ... )delim", with an optional u8, u, U or L prefix.
            k = i
            while k > 0 and (text[k - 1].isalnum() or text[k - 1] == "_"):
                k -= 1
            if text[k:i] in ("R", "u8R", "uR", "UR", "LR"):
                k = text.find("(", i)
                delim = text[i + 1:k]
                end = text.find(")" + delim + '"', k)
                end = n if end < 0 else end + len(delim) + 2
                wipe(i + 1, end - 1)
                i = end
                continue
            i = quoted(i, '"')
            continue
        if c == "'":
            # A digit separator (1'000'000) when the token it is in starts with a digit.
            k = i
            while k > 0 and (text[k - 1].isalnum() or text[k - 1] in "_.'"):
                k -= 1
            if k < i and text[k].isdigit():
                i += 1
                continue
            i = quoted(i, "'")
            continue
        i += 1
    return "".join(out)


TEMPLATE_HEAD = re.compile(r"^\s*template\s*<")
ACCESS = re.compile(r"^\s*(?:public|private|protected)\s*:(?!:)")
NOT_A_CALL = {"decltype", "alignas", "noexcept", "requires", "sizeof", "alignof", "__attribute__",
              "static_assert"}


def strip_template_heads(decl):
    """`decl` without its leading template<...> heads and access specifiers, and the offset
    where what is kept starts."""
    start = 0
    while True:
        m = ACCESS.match(decl, start)
        if m:
            start = m.end()
            continue
        m = TEMPLATE_HEAD.match(decl, start)
        if not m:
            return start
        depth, j = 1, m.end()
        while j < len(decl) and depth > 0:
            if decl[j] == "<":
                depth += 1
            elif decl[j] == ">":
                depth -= 1
            j += 1
        start = j


def top_level(decl, start):
    """Yields (index, char) of the characters of decl[start:] outside parentheses and square
    brackets."""
    depth = 0
    for j in range(start, len(decl)):
        ch = decl[j]
        if ch in "([":
            if depth == 0:
                yield j, ch
            depth += 1
        elif ch in ")]":
            depth -= 1
            if depth == 0:
                yield j, ch
        elif depth == 0:
            yield j, ch


def parameter_list(decl, start):
    """The index of the '(' that opens the parameter list of a function declared by
    decl[start:], or -1 (none, or one left open: a '{' inside parentheses is a default
    argument's)."""
    if decl.count("(") != decl.count(")"):
        return -1
    angle = 0  # template arguments of the return type or of a qualifier
    for j, ch in top_level(decl, start):
        if ch not in "(<>":
            continue
        before = decl[start:j].rstrip()
        if ch != "(":
            if re.search(r"\boperator\s*\S*$", before + ch):
                continue  # operator<, operator>>, operator->...
            if ch == "<":
                angle += 1
            elif angle > 0:
                angle -= 1
            continue
        if re.search(r"\boperator$", before):
            continue  # the first '(' of operator()
        if re.search(r"\boperator\s*(?:\(\s*\)|\[\s*\]|[^\sA-Za-z0-9_(]+|\w[\w\s:<>*&]*)$",
                     before):
            return j
        if angle > 0:
            continue
        m = re.search(r"(~?[A-Za-z_]\w*)\s*(?:<[^()]*>)?$", before)
        if m and m.group(1) not in NOT_A_CALL:
            return j
    return -1


def classify(decl):
    """What a '{' opened at namespace or class level after `decl` opens: 'scope' (namespace,
    extern "C"), 'class' (class, struct, union, enum), 'function' (a body), or 'other' (an
    initialiser, a member's brace initialiser in a constructor's list)."""
    start = strip_template_heads(decl)
    text = decl[start:].strip()
    if re.match(r"^(?:inline\s+)?namespace\b", text) or re.match(r'^extern\s*"[^"]*"$', text):
        return "scope", -1
    paren = parameter_list(decl, start)
    if paren < 0:
        if re.search(r"\b(?:class|struct|union|enum)\b", text) and "=" not in text:
            return "class", -1
        return "other", -1
    head = re.sub(r"\boperator\b.*$", "operator", decl[start:paren], flags=re.S)
    if re.search(r"(?<![<>!=])=(?!=)", head):
        return "other", -1  # an initialiser: a lambda or an object with a call in it
    # After the parameter list: qualifiers, a trailing return type, or a constructor's member
    # initialisers (the body's '{' follows a ')' or a '}', a member's brace initialiser follows
    # its name).
    after = decl[paren:]
    colon = re.search(r"\)\s*(?:noexcept\s*(?:\([^)]*\))?\s*)?:(?!:)", after)
    if colon and not re.search(r"[)}]\s*$", decl):
        return "other", -1
    return "function", paren


def function_name(decl, paren):
    """The name of the function whose parameter list opens at `paren`, as written (with its
    class and namespace qualifiers), and the index where it starts."""
    before = decl[:paren].rstrip()
    m = re.search(r"((?:[A-Za-z_]\w*(?:<[^()]*?>)?\s*::\s*)*(?:operator\s*(?:\(\s*\)|\[\s*\]|"
                  r"[^\sA-Za-z0-9_(]+|\w[\w\s:<>*&]*?)|~?[A-Za-z_]\w*)(?:\s*<[^()]*>)?)$", before)
    if not m:
        return "?", paren
    name = re.sub(r"\s+", "", m.group(1))
    name = re.sub(r"<[^()]*>$", "", name) if not name.startswith("operator") else name
    return name, m.start(1)


def functions(text):
    """Every function definition of a file: (name, first line, last line), 1-based."""
    code = blank(text)
    newlines = [i for i, ch in enumerate(code) if ch == "\n"]

    def line_of(offset):
        return bisect.bisect_right(newlines, offset - 1) + 1

    found = []
    # The open braces: (kind, offset of the '{', function name, name's offset).
    stack = []
    decl_start = 0  # where the text since the last boundary at namespace or class level starts
    for i, ch in enumerate(code):
        if ch not in "{};":
            continue
        at_declarations = all(kind in ("scope", "class") for kind, *_ in stack)
        if ch == ";":
            if at_declarations:
                decl_start = i + 1
            continue
        if ch == "{":
            if not at_declarations:
                stack.append(("inner", i, None, None))
                continue
            decl = code[decl_start:i]
            kind, paren = classify(decl)
            if kind == "function":
                name, at = function_name(decl, paren)
                stack.append(("function", i, name, decl_start + at))
            else:
                stack.append((kind, i, None, None))
            if kind != "other":
                decl_start = i + 1
            continue
        # '}'
        if not stack:
            continue
        kind, _, name, at = stack.pop()
        if kind == "function":
            found.append((name, line_of(at), line_of(i)))
        if kind != "other" and all(k in ("scope", "class") for k, *_ in stack):
            decl_start = i + 1
    return found


def line_count(text):
    return text.count("\n") + (0 if text.endswith("\n") or not text else 1)


def sources(root):
    out = []
    for folder, dirs, files in os.walk(os.path.join(root, "src")):
        dirs.sort()
        for f in sorted(files):
            if f.endswith((".cpp", ".hpp")):
                path = os.path.join(folder, f)
                out.append(os.path.relpath(path, root))
    return sorted(out)


def read_exceptions(path):
    """{(path, function): reason} and the lines that are not exceptions."""
    exceptions, bad = {}, []
    if not os.path.exists(path):
        return exceptions, bad
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 2)
            if len(parts) < 3:
                bad.append(f"{path}:{number}: wants PATH FUNCTION REASON: {line}")
                continue
            exceptions[(parts[0], parts[1])] = parts[2]
    return exceptions, bad


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.dirname(here))
    parser.add_argument("--exceptions", default=None)
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    root = args.root
    exceptions_path = args.exceptions or os.path.join(root, "tools", "code-size-exceptions.txt")

    offenders = []  # (path, function or FILE_ENTRY, lines)
    files = sources(root)
    for rel in files:
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            text = f.read()
        n = line_count(text)
        if n > MAX_FILE_LINES:
            offenders.append((rel, FILE_ENTRY, n))
        for name, first, last in functions(text):
            length = last - first + 1
            if args.list:
                print(f"{length} {name} {rel}:{first}-{last}")
            if length > MAX_FUNCTION_LINES:
                offenders.append((rel, name, length))
    if args.list:
        return 0

    exceptions, problems = read_exceptions(exceptions_path)
    used = set()
    not_excepted = []
    for rel, name, n in offenders:
        if (rel, name) in exceptions:
            used.add((rel, name))
        else:
            not_excepted.append((rel, name, n))
    stale = [key for key in exceptions if key not in used]

    for rel, name, n in not_excepted:
        if name == FILE_ENTRY:
            problems.append(f"{rel}: {n} lines (at most {MAX_FILE_LINES}): split it, or add "
                            f"'{rel} {FILE_ENTRY} REASON' to {os.path.relpath(exceptions_path, root)}")
        else:
            problems.append(f"{rel}: {name} is {n} lines long (at most {MAX_FUNCTION_LINES}): split "
                            f"it into its steps, or add '{rel} {name} REASON' to "
                            f"{os.path.relpath(exceptions_path, root)}")
    for rel, name in stale:
        problems.append(f"stale exception '{rel} {name}' in {os.path.relpath(exceptions_path, root)}: "
                        f"no such file or function over the limit any more: remove it")
    for p in problems:
        print(p)
    print(f"code size: {len(files)} files, {len(offenders)} over the limits, "
          f"{len(used)} of them excepted, {len(stale)} stale exceptions, "
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
