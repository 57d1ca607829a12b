// The X11 side of an SDL window, for what SDL 2.26 does not do right: its title.
//
// A module of its own, so that Xlib's names (Window, Display, Font, Bool, Status, …) stay out
// of CSDL2 and of every Swift file that draws: only ReelSDL's WindowTitle.swift imports it.
#ifndef REEL_CSDLX11_SHIM_H
#define REEL_CSDLX11_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <string.h>

/// Writes `utf8` to the window's `_NET_WM_NAME` (UTF8_STRING: what window managers, taskbars
/// and xdotool show) and `latin1` (`latin1_length` bytes) to its `WM_NAME` (STRING, for old
/// window managers). SDL 2.26 converts the title through the process's locale first and, in the
/// C locale a Swift program runs in, gives up on any character outside ASCII: the title bar
/// then shows the old title, or mojibake. Returns 0, or -1 when the window is not an X11 one.
static inline int reel_x11_set_title(SDL_Window *window, const char *utf8, const char *latin1, int latin1_length) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return -1;
    Display *display = info.info.x11.display;
    Window xwindow = info.info.x11.window;
    Atom net_wm_name = XInternAtom(display, "_NET_WM_NAME", False);
    Atom utf8_string = XInternAtom(display, "UTF8_STRING", False);
    XChangeProperty(display, xwindow, net_wm_name, utf8_string, 8, PropModeReplace, (const unsigned char *)utf8,
                    (int)strlen(utf8));
    XChangeProperty(display, xwindow, XA_WM_NAME, XA_STRING, 8, PropModeReplace, (const unsigned char *)latin1,
                    latin1_length);
    XFlush(display);
    return 0;
}

#endif
