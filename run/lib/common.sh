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

# When DISPLAY is unset, starts a private Xvfb and stops it when the calling script exits. Private
# as xvfb-run makes it: a fresh cookie in a 0600 file inside a 0700 folder of the user's own, the
# server started with -auth (so it refuses every client without the cookie: another local user
# cannot read the screen or send input), and XAUTHORITY exported for every process started after.
# Xvfb picks a free display itself (-displayfd) and says which once it accepts clients, so the
# wait is for this Xvfb, never for some socket file another process made.
ensure_display() {
    if [ -n "${DISPLAY:-}" ]; then
        return 0
    fi
    local me
    me="$(basename "$0")"
    if ! command -v Xvfb >/dev/null 2>&1; then
        echo "$me: DISPLAY is not set and Xvfb is not installed; set DISPLAY, or install Xvfb (Debian: apt-get install xvfb xauth)" >&2
        exit 2
    fi
    if ! command -v xauth >/dev/null 2>&1; then
        echo "$me: DISPLAY is not set and xauth is not installed, which a private Xvfb needs for its cookie (Debian: apt-get install xauth)" >&2
        exit 2
    fi
    local dir cookie n="" i
    dir="$(mktemp -d "${TMPDIR:-/tmp}/hvm-x.XXXXXX")"
    chmod 700 "$dir"
    HVM_XVFB_DIR="$dir"
    on_exit 'rm -rf "$HVM_XVFB_DIR"'
    cookie="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
    export XAUTHORITY="$dir/Xauthority"
    (umask 077 && : >"$XAUTHORITY")
    # The server reads every cookie of its -auth file whatever display it names: the number is not
    # known yet, so the entry names display 0 here and the real one once Xvfb has said it. The
    # cookie goes to xauth on its standard input (printf is a builtin), never on a command line
    # that every local user may read in /proc.
    printf 'add :0 MIT-MAGIC-COOKIE-1 %s\n' "$cookie" | xauth -q -f "$XAUTHORITY" source -
    Xvfb -displayfd 3 -auth "$XAUTHORITY" -screen 0 "${HVM_XVFB_SCREEN:-1600x1000x24}" -nolisten tcp \
        3>"$dir/display" >"$dir/xvfb.log" 2>&1 &
    HVM_XVFB_PID=$!
    on_exit 'kill "$HVM_XVFB_PID" 2>/dev/null'
    for i in $(seq 1 200); do
        n="$(head -n 1 "$dir/display" 2>/dev/null || true)"
        [ -n "$n" ] && break
        if ! kill -0 "$HVM_XVFB_PID" 2>/dev/null; then
            echo "$me: the private Xvfb failed to start: $(tail -n 3 "$dir/xvfb.log" 2>/dev/null | tr '\n' ' ')" >&2
            exit 2
        fi
        sleep 0.05
    done
    if [ -z "$n" ]; then
        echo "$me: the private Xvfb did not say within 10 s which display it serves" >&2
        exit 2
    fi
    printf 'add :%s MIT-MAGIC-COOKIE-1 %s\n' "$n" "$cookie" | xauth -q -f "$XAUTHORITY" source -
    export DISPLAY=":$n"
    echo "$me: no DISPLAY; started a private Xvfb on $DISPLAY (its cookie in $XAUTHORITY)" >&2
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
# The java every script runs: JAVA_HOME's when it is set, as hvm-dbg and Maven pick theirs; else
# the one on PATH.
java_bin() {
    if [ -n "${JAVA_HOME:-}" ]; then
        echo "$JAVA_HOME/bin/java"
    else
        echo java
    fi
}

run_java() {
    # junixsocket loads its native library: allowed outright, so that Java 22+ does not warn.
    local java
    java="$(java_bin)"
    if [ "${console:-0}" = 1 ]; then
        # Bash starts an asynchronous command with Ctrl-C ignored; the console's JVM must get it.
        ( trap - INT QUIT; exec "$java" --enable-native-access=ALL-UNNAMED "$@" ) <&0 &
    else
        "$java" --enable-native-access=ALL-UNNAMED "$@" <&0 &
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

# A duration as timeout(1) takes it (90, 90s, 30m, 1h) in seconds.
seconds() {
    case "$1" in
        *s) echo "${1%s}" ;;
        *m) echo $(( ${1%m} * 60 )) ;;
        *h) echo $(( ${1%h} * 3600 )) ;;
        *d) echo $(( ${1%d} * 86400 )) ;;
        *) echo "$1" ;;
    esac
}

# Writes where every thread stands in each JVM below process $1 into folder $2 (jvm-PID.txt), with
# jcmd where the JDK has it, else through the JVM's own SIGQUIT handler into its output.
dump_jvms() {
    local root="$1" out="$2" pids=() queue=("$1") p kids
    while [ "${#queue[@]}" -gt 0 ]; do
        p="${queue[0]}"
        queue=("${queue[@]:1}")
        kids="$(pgrep -P "$p" 2>/dev/null || true)"
        for k in $kids; do
            queue+=("$k")
            case "$(cat "/proc/$k/comm" 2>/dev/null)" in java) pids+=("$k") ;; esac
        done
    done
    [ "${#pids[@]}" -gt 0 ] || return 0
    mkdir -p "$out"
    for p in "${pids[@]}"; do
        if command -v jcmd >/dev/null 2>&1; then
            timeout 20s jcmd "$p" Thread.print >"$out/jvm-$p.txt" 2>&1 || kill -QUIT "$p" 2>/dev/null || true
        else
            kill -QUIT "$p" 2>/dev/null || true
        fi
    done
    echo "run/test: the run is near its time limit; thread dumps of ${#pids[@]} JVMs in $out" >&2
}
