#!/usr/bin/env bash
# The Debian package (tools/package/package.cmake): cpack -G DEB on the build tree gives
# sgfaudit_VERSION_ARCH.deb; dpkg-deb --info shows its runtime dependencies (from
# dpkg-shlibdeps), --contents the binary, the man page, the bash completion and the docs; the
# package's files, unpacked with dpkg-deb -x, run: the binary's --version and the man page's
# sections. Skipped (77) without cpack, dpkg-deb or dpkg-shlibdeps.
# usage: deb.sh BUILD_DIR
set -euo pipefail
build=$1
for tool in cpack dpkg-deb dpkg-shlibdeps; do
    command -v "$tool" >/dev/null || { echo "$tool not installed: skipped"; exit 77; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/sgfaudit-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/out" >"$work/cpack.log" 2>&1 ||
    { cat "$work/cpack.log"; exit 1; }
debs=("$work"/out/sgfaudit_*.deb)
[ ${#debs[@]} = 1 ] && [ -f "${debs[0]}" ] || { echo "no sgfaudit_*.deb"; ls "$work/out"; exit 1; }
deb=${debs[0]}
fail() { echo "FAIL: $*"; exit 1; }
# Here-strings, not `echo | grep -q`: grep -q stops at the first match, and with pipefail the
# SIGPIPE of an echo still writing a long text (the man page) failed the check now and then.

info=$(dpkg-deb --info "$deb")
grep -q "Package: sgfaudit" <<<"$info" || fail "no Package field"
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libarchive13 libtbb12 liburing2 libuchardet0 libboost-filesystem; do
    grep -q "$lib" <<<"$depends" || fail "Depends lacks $lib: $depends"
done

contents=$(dpkg-deb --contents "$deb")
for path in ./usr/bin/sgfaudit ./usr/share/man/man1/sgfaudit.1.gz \
    ./usr/share/bash-completion/completions/sgfaudit ./usr/share/doc/sgfaudit/README.md \
    ./usr/share/doc/sgfaudit/diagnostics.md ./usr/share/doc/sgfaudit/shards.md; do
    grep -q " $path\$" <<<"$contents" || fail "$path not in the package"
done

dpkg-deb -x "$deb" "$work/root"
"$work/root/usr/bin/sgfaudit" --version | grep -q "^sgfaudit " || fail "the packaged binary does not run"
man=$(zcat "$work/root/usr/share/man/man1/sgfaudit.1.gz")
for section in "SGFAUDIT AUDIT" "SGFAUDIT MERGE" "--shard K/N" "--max-file-bytes"; do
    grep -q -- "$section" <<<"$man" || fail "the man page lacks $section"
done
bash -n "$work/root/usr/share/bash-completion/completions/sgfaudit" || fail "completion syntax"
echo "ok: $(basename "$deb"), Depends: $depends"
