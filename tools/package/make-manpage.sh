#!/usr/bin/env bash
# Writes sgfaudit.1 (roff) to stdout from the help texts of the built binary: `sgfaudit --help`
# and `sgfaudit COMMAND --help`, so the man page says what --help says, word for word.
# usage: make-manpage.sh SGFAUDIT
set -euo pipefail
bin=$1
version=$("$bin" --version | sed 's/^sgfaudit //')
# Literal text in roff: backslashes escaped, a line starting with . or ' protected.
literal() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }
cat <<EOT
.TH SGFAUDIT 1 "" "sgfaudit $version" "User Commands"
.SH NAME
sgfaudit \- audit Go game records (SGF) against the rules
.SH SYNOPSIS
.B sgfaudit
.I COMMAND
[\fIOPTIONS\fR] \fIPATH\fR...
.SH DESCRIPTION
.nf
EOT
"$bin" --help | literal
echo ".fi"
for command in parse check audit merge rules; do
    echo ".SH \"SGFAUDIT ${command^^}\""
    echo ".nf"
    "$bin" "$command" --help | literal
    echo ".fi"
done
cat <<EOT
.SH FILES
Documentation: /usr/share/doc/sgfaudit/ (README.md, the report formats, the diagnostic codes,
the limits and hostile inputs, shards and merge, benchmarks).
.SH SEE ALSO
.BR parallel (1),
.BR sbatch (1)
EOT
