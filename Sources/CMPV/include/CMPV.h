// The libmpv headers Reel uses. Only Debian 12's libmpv 0.35.1 API (client API 2.0) is used.
//
// The functions are declared by libmpv's own headers but defined in loader.c, which loads
// libmpv (libmpv.so.2) the first time one of them is called: a process that never plays (such as
// `reel probe`) does not pay for loading libmpv and its ~230 libraries at start-up.
#include <locale.h>
#include <mpv/client.h>
#include <mpv/render.h>
#include <mpv/render_gl.h>

/// Whether libmpv could be loaded (loading it if not yet done): 1 or 0.
int reel_mpv_available(void);
