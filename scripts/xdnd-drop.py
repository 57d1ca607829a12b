#!/usr/bin/python3
"""Drops text on an X window the way a file manager does: the XDND protocol, version 5.

    scripts/xdnd-drop.py WINDOW-ID TYPE TEXT [--shift]

TYPE is the MIME type offered (`text/uri-list` for files, `text/plain;charset=utf-8` for an
address); TEXT is what the target receives when it asks for the selection. With --shift, Shift is
held (an XTEST key press) from before the drop until after it, as a user holding it would.

xdotool moves the pointer and clicks but cannot drag between applications, so the window tests
run this (Debian's python3-xlib) to put a real drop through SDL's own XDND handling. It exits 0
once the target has said it finished, 2 when it refused the drop, 3 when it never answered
(5 s per step).
"""

import sys
import time

from Xlib import X, Xatom, display, protocol
from Xlib.ext import xtest

TIMEOUT = 5.0


def main() -> int:
    args = [a for a in sys.argv[1:] if a != "--shift"]
    if len(args) != 3:
        print(__doc__, file=sys.stderr)
        return 64
    target_id, mime, text = int(args[0], 0), args[1], args[2]
    shift = "--shift" in sys.argv[1:]

    d = display.Display()
    atom = lambda name: d.intern_atom(name)
    root = d.screen().root
    target = d.create_resource_object("window", target_id)

    aware = target.get_full_property(atom("XdndAware"), Xatom.ATOM)
    if aware is None or not aware.value:
        print(f"xdnd-drop: window {target_id:#x} is not XdndAware", file=sys.stderr)
        return 2
    version = min(5, aware.value[0])

    source = root.create_window(0, 0, 1, 1, 0, X.CopyFromParent, event_mask=X.PropertyChangeMask)
    source.set_selection_owner(atom("XdndSelection"), X.CurrentTime)
    mime_atom = atom(mime)

    def send(name, data):
        event = protocol.event.ClientMessage(
            window=target, client_type=atom(name), data=(32, (data + [0] * 5)[:5]))
        target.send_event(event, event_mask=0)
        d.flush()

    def wait_for(predicate):
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            while d.pending_events():
                event = d.next_event()
                if event.type == X.SelectionRequest:
                    answer_selection(event)
                    continue
                result = predicate(event)
                if result is not None:
                    return result
            time.sleep(0.01)
        return None

    def answer_selection(request):
        prop = request.property or request.target
        if request.target == mime_atom:
            request.requestor.change_property(prop, mime_atom, 8, text.encode("utf-8"))
        else:
            prop = X.NONE
        notify = protocol.event.SelectionNotify(
            time=request.time, requestor=request.requestor, selection=request.selection,
            target=request.target, property=prop)
        request.requestor.send_event(notify)
        d.flush()

    def client_message(name):
        def check(event):
            if event.type == X.ClientMessage and event.client_type == atom(name):
                return event.data[1]
            return None
        return check

    geometry = target.get_geometry()
    origin = target.translate_coords(root, 0, 0)
    x, y = -origin.x + geometry.width // 2, -origin.y + geometry.height // 2

    if shift:
        xtest.fake_input(d, X.KeyPress, d.keysym_to_keycode(0xFFE1))  # Shift_L
        d.sync()

    send("XdndEnter", [source.id, version << 24, mime_atom, 0, 0])
    send("XdndPosition", [source.id, 0, (x << 16) | y, X.CurrentTime, atom("XdndActionCopy")])
    status = wait_for(client_message("XdndStatus"))
    if status is None:
        print("xdnd-drop: no XdndStatus from the target", file=sys.stderr)
        return 3
    if not status[1] & 1:
        send("XdndLeave", [source.id])
        print("xdnd-drop: the target refused the drop", file=sys.stderr)
        return 2
    send("XdndDrop", [source.id, 0, X.CurrentTime])
    finished = wait_for(client_message("XdndFinished"))

    if shift:
        xtest.fake_input(d, X.KeyRelease, d.keysym_to_keycode(0xFFE1))
        d.sync()
    if finished is None:
        print("xdnd-drop: no XdndFinished from the target", file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
