"""run/test's view of a Maven build: every line of it into the log file, and on the terminal one
line per test class as Surefire finishes it, the integration tests' start, and what breaks a build.

Usage: mvn ... 2>&1 | python3 test-progress.py LOG

Maven runs with its stdout in ISO-8859-1 (run/test says why), so its bytes are what the tests
wrote; a line is shown as UTF-8 when it is that, else as ISO-8859-1. Colour codes (Maven's console
library writes a few even with style.color=never) are left out of both.
"""
import re
import sys

SUREFIRE = re.compile(r"Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+), Time elapsed: ([\d.,]+ \S+).*? in (\S+)\s*$")
COLOUR = re.compile(rb"\x1b\[[0-9;]*m")
BUILD_ERROR = re.compile(r"^\[ERROR\] (/\S+\.java|COMPILATION ERROR|Failed to execute goal(?! .*There are test failures)|.*BUILD FAILURE)")


def text(raw):
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("iso-8859-1")


def main():
    out = sys.stdout
    with open(sys.argv[1], "wb") as log:
        for raw in sys.stdin.buffer:
            raw = COLOUR.sub(b"", raw)
            log.write(raw)
            log.flush()
            line = text(raw).rstrip("\r\n")
            m = SUREFIRE.search(line)
            if m and "Tests run:" in line and " in " in line:
                runs, failures, errors, skipped, elapsed, name = m.groups()
                bad = int(failures) + int(errors)
                status = "FAIL" if bad else "ok"
                detail = f"{runs} tests" + (f", {bad} failed" if bad else "") + (f", {skipped} skipped" if int(skipped) else "")
                out.write(f"  {status:<4} {name} ({detail}, {elapsed})\n")
            elif line.startswith("[INFO] Testing ") and line.endswith(".bndrun:"):
                out.write("  ...  integration tests (itest): a real Felix, the GUI under Xvfb; their classes are listed when all have run\n")
            elif BUILD_ERROR.match(line):
                out.write(line + "\n")
            out.flush()


main()
