#!/usr/bin/env bash
# Prints the path of SwingSet2.jar, an application nobody here wrote, for the tests (SwingSet2IT).
# It comes from Debian's openjdk-17-demo, fetched with apt-get download and unpacked with dpkg-deb -x
# into target/swingset2/ of this repository. Never installed: installing it pulls in (and upgrades)
# a JDK, which a fresh machine does not have. Exits 1 with one line on stderr when it cannot be had.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dir="$root/target/swingset2"
found() { find "$dir/root" -name SwingSet2.jar -print -quit 2>/dev/null; }
jar="$(found || true)"
if [ -z "$jar" ]; then
    command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null || {
        echo "swingset2.sh: apt-get and dpkg-deb are needed to fetch openjdk-17-demo" >&2; exit 1; }
    mkdir -p "$dir"
    rm -f "$dir"/*.deb
    (cd "$dir" && timeout 120 apt-get download openjdk-17-demo >/dev/null 2>"$dir/download.err") || {
        echo "swingset2.sh: apt-get download openjdk-17-demo failed: $(tail -1 "$dir/download.err")" >&2; exit 1; }
    rm -rf "$dir/root"
    dpkg-deb -x "$dir"/openjdk-17-demo_*.deb "$dir/root"
    jar="$(found || true)"
    [ -n "$jar" ] || { echo "swingset2.sh: openjdk-17-demo holds no SwingSet2.jar" >&2; exit 1; }
fi
echo "$jar"
