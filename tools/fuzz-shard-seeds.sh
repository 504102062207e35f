#!/usr/bin/env bash
# Seeds for the shard fuzz target (fuzz/shard.cpp): the records of a real shard of corpus/, in
# the target's three forms (first byte 0: the whole file; 1: the records; 2: one record's body).
#
#   bash tools/fuzz-shard-seeds.sh OUT_DIR [SGFAUDIT]
#
# SGFAUDIT defaults to the fuzz build's sgfaudit (built here when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: tools/fuzz-shard-seeds.sh OUT_DIR [SGFAUDIT]}
tool=${2:-}
if [ -z "$tool" ]; then
    cmake --build --preset fuzz -j2 --target sgfaudit >/dev/null
    tool=$PWD/build/fuzz/sgfaudit
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# Exit 1 means findings (the corpus is made to have them).
"$tool" audit --shard 1/1 --out "$scratch/shard" corpus/rules corpus/hostile >/dev/null 2>&1 || [ $? -eq 1 ]
rm -rf "$out"
mkdir -p "$out"
python3 - "$scratch/shard/shard.chunks" "$out" <<'PY'
import struct, sys
data = open(sys.argv[1], 'rb').read()
out = sys.argv[2]
magic = data.index(b'\n') + 1
(header,) = struct.unpack_from('<Q', data, magic)
at = magic + 8 + header
end = len(data) - 32
open(f'{out}/whole', 'wb').write(b'\x00' + data)
open(f'{out}/records', 'wb').write(b'\x01' + data[at:end])
n = 0
while at < end:
    (length,) = struct.unpack_from('<Q', data, at)
    body = data[at + 8:at + 8 + length]
    if len(body) <= 65535:
        open(f'{out}/record-{n:04d}', 'wb').write(b'\x02' + body)
        n += 1
    at += 8 + length
print(f'fuzz-shard-seeds: {n} records')
PY
