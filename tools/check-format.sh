#!/usr/bin/env bash
# Checks that every C++ file follows .clang-format. Exit 77 (skipped) without clang-format.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v clang-format >/dev/null 2>&1; then
    echo "clang-format not installed: format check skipped"
    exit 77
fi
files=$(git ls-files '*.cpp' '*.hpp' 2>/dev/null || find src include tests -name '*.[ch]pp')
clang-format --dry-run --Werror $files
echo "format: $(echo "$files" | wc -w) files follow .clang-format"
