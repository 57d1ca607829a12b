// The libmpv headers Reel uses. Only Debian 12's libmpv 0.35.1 API (client API 2.0) is used.
#include <locale.h>
#include <mpv/client.h>
#include <mpv/render.h>
#include <mpv/render_gl.h>
