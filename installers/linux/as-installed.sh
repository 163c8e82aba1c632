#!/usr/bin/env bash
# as-installed.sh DIR COMMAND...: runs COMMAND with the application folder DIR seen at /opt/cairn, where
# the Linux packages install it, in a private mount namespace (unshare: no root needed, nothing
# changes outside). JDK 17 uses an AppCDS archive only with the jar at the path it was made with, so
# the archives are made (build-linux.sh) and checked (test-linux.sh) this way.
set -euo pipefail
dir=$(realpath "$1")
shift
exec unshare -Urm bash -c 'mount -t tmpfs none /opt && mkdir /opt/cairn && mount --bind "$0" /opt/cairn && exec "$@"' \
    "$dir" "$@"
