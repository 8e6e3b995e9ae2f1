# Sourced by the launch scripts: builds what is missing, makes sure there is an X display, and
# runs the JVM so that signals reach it.

# Runs "$@" when the calling script exits (after whatever was registered before).
HVM_ON_EXIT=()
on_exit() {
    HVM_ON_EXIT+=("$*")
    trap 'for c in "${HVM_ON_EXIT[@]}"; do eval "$c"; done' EXIT
}

# Builds the project (without tests) when the artifact $1 is missing, so a fresh clone starts
# with one command.
ensure_built() {
    if [ -f "$1" ]; then
        return 0
    fi
    local root
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
    echo "$(basename "$0"): $1 is missing; building the project first (mvn -DskipTests package)" >&2
    (cd "$root" && timeout 15m mvn -B -q -ntp -DskipTests package >&2) || {
        echo "$(basename "$0"): the build failed; run 'mvn -DskipTests package' in $root to see why" >&2
        exit 2
    }
}

# When DISPLAY is unset, starts a private Xvfb on a free display number and stops it when the
# calling script exits.

# The plugins folder FileInstall watches (HVM_PLUGINS, else ~/.config/hvm/plugins), created 0700
# when missing: whoever can write into it runs code in the GUI, so it stays the user's own.
# Sets $plugins.
ensure_plugins_dir() {
    plugins="${HVM_PLUGINS:-$HOME/.config/hvm/plugins}"
    if [ ! -d "$plugins" ]; then
        mkdir -p "$plugins"
        chmod 700 "$plugins"
    fi
}

ensure_display() {
    if [ -n "${DISPLAY:-}" ]; then
        return 0
    fi
    if ! command -v Xvfb >/dev/null 2>&1; then
        echo "$(basename "$0"): DISPLAY is not set and Xvfb is not installed; set DISPLAY, or install Xvfb (Debian: apt-get install xvfb)" >&2
        exit 2
    fi
    local n=90
    while [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; do
        n=$((n + 1))
    done
    Xvfb ":$n" -screen 0 "${HVM_XVFB_SCREEN:-1600x1000x24}" -nolisten tcp >/dev/null 2>&1 &
    HVM_XVFB_PID=$!
    on_exit 'kill "$HVM_XVFB_PID" 2>/dev/null'

    local i
    for i in $(seq 1 100); do
        [ -e "/tmp/.X11-unix/X$n" ] && break
        if ! kill -0 "$HVM_XVFB_PID" 2>/dev/null; then
            echo "$(basename "$0"): Xvfb :$n failed to start" >&2
            exit 2
        fi
        sleep 0.05
    done
    export DISPLAY=":$n"
    echo "$(basename "$0"): no DISPLAY; started a private Xvfb on $DISPLAY" >&2
}

# Runs java in the background (stdin kept: Gogo reads it) and waits, so that Ctrl-C and TERM reach it and the EXIT trap
# (which stops a private Xvfb) still runs afterwards.
run_java() {
    java "$@" <&0 &
    local pid=$!
    trap 'kill -TERM "$pid" 2>/dev/null' INT TERM
    local rc=0
    wait "$pid" || rc=$?
    # A trapped signal interrupts the first wait; wait again for the JVM to finish stopping.
    if kill -0 "$pid" 2>/dev/null; then
        wait "$pid" || rc=$?
    fi
    return "$rc"
}
