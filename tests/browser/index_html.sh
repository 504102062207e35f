#!/usr/bin/env bash
# index.html of corpus/ in headless Chromium at three window sizes (phone, laptop, wide):
# the page loads with nothing blocked, its DOM has the table of contents, the broken records
# and the groups by kind and cause, and each screenshot is a real picture. Skipped (77) when
# chromium is not installed. Usage: index_html.sh SGFAUDIT SOURCE_DIR [SCREENSHOT_DIR]
set -euo pipefail
sgfaudit=$1
source_dir=$2
shots=${3:-}
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
    echo "chromium not installed: skipped"
    exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
shots=${shots:-$work/shots}
mkdir -p "$shots"
status=0
(cd "$source_dir" && "$sgfaudit" audit --quiet --out "$work/report" corpus/ >/dev/null) || status=$?
[ "$status" -le 1 ] || { echo "sgfaudit audit failed ($status)"; exit 1; }
page="file://$work/report/index.html"
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run
       --user-data-dir="$work/profile" --virtual-time-budget=2000)

dom=$("$browser" "${flags[@]}" --dump-dom "$page" 2>"$work/console.log")
fail=0
for want in '<nav class="toc">' 'id="broken"' 'id="divergences"' 'id="g-legality-suicide"' \
            'id="g-legality-superko_after_pass"' 'numbered</figcaption>' 'class="broken"'; do
    if ! grep -qF "$want" <<<"$dom"; then
        echo "the rendered page lacks $want"
        fail=1
    fi
done
# The Content-Security-Policy forbids fetching anything: the page must not try.
if grep -qi "Content Security Policy\|Refused to" "$work/console.log"; then
    echo "the browser blocked something:"
    grep -i "Content Security Policy\|Refused to" "$work/console.log"
    fail=1
fi
for size in 390,844 1280,800 1920,1080 1280,6000; do
    out="$shots/index-${size/,/x}.png"
    "$browser" "${flags[@]}" --window-size="$size" --screenshot="$out" "$page" \
        >/dev/null 2>&1
    bytes=$(stat -c %s "$out" 2>/dev/null || echo 0)
    # A blank page compresses to a few KB; the report with its boards and tables is far more.
    if [ "$bytes" -lt 20000 ]; then
        echo "screenshot $out is $bytes bytes: blank?"
        fail=1
    else
        echo "screenshot $out: $bytes bytes"
    fi
done
exit $fail
