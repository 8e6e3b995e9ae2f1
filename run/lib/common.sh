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

# Whether this script may read the terminal: stdin is one, and the shell did not start the script
# as a background job (`run/hvm-debug &`). A background job that reads its terminal is stopped by
# the kernel (SIGTTIN) and never comes up, so the caller must leave the terminal alone then.
in_foreground() {
    [ -t 0 ] || return 1
    local pgid="" tpgid="" stat
    # Linux says it in /proc/PID/stat (after the command's name: state ppid pgrp session tty tpgid);
    # elsewhere ps does.
    if stat="$(cat "/proc/$$/stat" 2>/dev/null)"; then
        set -- ${stat##*) }
        pgid="$3"
        tpgid="$6"
    else
        pgid="$(ps -o pgid= -p "$$" 2>/dev/null | tr -d ' ')" || true
        tpgid="$(ps -o tpgid= -p "$$" 2>/dev/null | tr -d ' ')" || true
    fi
    # Neither to ask: trust stdin, a background job's read is the rarer case.
    [ -z "$pgid" ] || [ -z "$tpgid" ] || [ "$pgid" = "$tpgid" ]
}

# The runtime's log file: HVM_LOG, else hvm-debug.log in the user's state folder (macOS:
# ~/Library/Logs/HVM). Sets $log and $logging, a java.util.logging configuration that writes every
# record there and errors (SEVERE) on stderr too, one line each; the caller passes
# -Djava.util.logging.config.file="$logging". The file starts empty on each start.
ensure_log() {
    local name="$1"
    if [ -n "${HVM_LOG:-}" ]; then
        log="$HVM_LOG"
    elif [ "$(uname -s)" = Darwin ]; then
        log="$HOME/Library/Logs/HVM/$name.log"
    else
        log="${XDG_STATE_HOME:-$HOME/.local/state}/hvm/$name.log"
    fi
    case "$log" in /*) ;; *) log="$PWD/$log" ;; esac
    mkdir -p "$(dirname "$log")"
    : >"$log"
    logging="$(mktemp "${TMPDIR:-/tmp}/hvm-logging.XXXXXX")"
    on_exit 'rm -f "$logging"'
    cat >"$logging" <<PROPS
handlers=java.util.logging.FileHandler, java.util.logging.ConsoleHandler
.level=INFO
java.util.logging.FileHandler.pattern=$log
java.util.logging.FileHandler.append=true
java.util.logging.FileHandler.encoding=UTF-8
java.util.logging.FileHandler.formatter=java.util.logging.SimpleFormatter
java.util.logging.ConsoleHandler.level=SEVERE
java.util.logging.ConsoleHandler.formatter=java.util.logging.SimpleFormatter
java.util.logging.SimpleFormatter.format=%1\$tF %1\$tT %4\$s %3\$s: %5\$s%6\$s%n
PROPS
}

# Runs java in the background (stdin kept: Gogo reads it) and waits, so that the EXIT trap (which
# stops a private Xvfb) still runs afterwards. TERM and HUP are passed on to the JVM. Ctrl-C is
# too, unless $console is 1: then the JVM's console handles it (it interrupts the running
# command) and so it does Ctrl-Z; the script only waits, until the console's Ctrl-D or `stop 0`.
run_java() {
    if [ "${console:-0}" = 1 ]; then
        # Bash starts an asynchronous command with Ctrl-C ignored; the console's JVM must get it.
        ( trap - INT QUIT; exec java "$@" ) <&0 &
    else
        java "$@" <&0 &
    fi
    local pid=$!
    if [ "${console:-0}" = 1 ]; then
        trap ':' INT TSTP
    else
        trap 'kill -TERM "$pid" 2>/dev/null' INT
    fi
    trap 'kill -TERM "$pid" 2>/dev/null' TERM HUP
    local rc=0
    # A trapped signal ends `wait` early: wait again until the JVM has ended.
    while kill -0 "$pid" 2>/dev/null; do
        if wait "$pid"; then rc=0; else rc=$?; fi
    done
    # bnd's launcher ends with 117 when the framework was stopped from inside (the GUI's Quit,
    # the console's Ctrl-D or `stop 0`): the runtime's normal end.
    if [ "$rc" = 117 ]; then
        rc=0
    fi
    return "$rc"
}
