# What a window manager sends when a person presses a window's close button: the ICCCM client
# message WM_PROTOCOLS / WM_DELETE_WINDOW, to the window's client (XSendEvent, no event mask).
# xdotool 3.2016 has no such command (windowclose destroys the window, windowkill kills the
# client), so the test sends it through libX11 with ctypes.
#
# Usage: python3 - WINDOW [MARKER X Y] < this file
#   WINDOW  the X window id of the top-level window to close (decimal or 0x hex)
#   MARKER  optional: a window of the same client to move to (X, Y) right after, on the same
#           connection, so that once the client sees that move it has seen the close too
# Exits 0 when the requests were sent and flushed (XSync), 2 when the display cannot be opened.
import ctypes
import ctypes.util
import sys


class XClientMessageEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("l", ctypes.c_long * 5)]


class XEvent(ctypes.Union):
    # Xlib's XEvent is 24 longs.
    _fields_ = [("xclient", XClientMessageEvent), ("pad", ctypes.c_long * 24)]


CLIENT_MESSAGE = 33
NO_EVENT_MASK = 0
CURRENT_TIME = 0


def main(argv):
    x = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x.XInternAtom.restype = ctypes.c_ulong
    x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.POINTER(XEvent)]
    x.XMoveWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int]
    x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    x.XCloseDisplay.argtypes = [ctypes.c_void_p]

    window = int(argv[1], 0)
    display = x.XOpenDisplay(None)
    if not display:
        print("cannot open the display", file=sys.stderr)
        return 2
    ev = XEvent()
    ev.xclient.type = CLIENT_MESSAGE
    ev.xclient.window = window
    ev.xclient.message_type = x.XInternAtom(display, b"WM_PROTOCOLS", False)
    ev.xclient.format = 32
    ev.xclient.l[0] = x.XInternAtom(display, b"WM_DELETE_WINDOW", False)
    ev.xclient.l[1] = CURRENT_TIME
    if not x.XSendEvent(display, window, False, NO_EVENT_MASK, ctypes.byref(ev)):
        print("XSendEvent failed", file=sys.stderr)
        return 1
    if len(argv) >= 5:
        x.XMoveWindow(display, int(argv[2], 0), int(argv[3]), int(argv[4]))
    x.XSync(display, False)
    x.XCloseDisplay(display)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
