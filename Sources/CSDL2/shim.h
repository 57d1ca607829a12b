// SDL2 (Debian 12: 2.26) for ReelSDL's window, input and software presentation.
//
// The package names no pkgConfig: sdl2.pc adds `-D_REENTRANT`, which SwiftPM reports as a
// warning on every build. <SDL2/SDL.h> sits in the default include path and includes its own
// headers relatively, so nothing else is needed. SDL_opengl.h brings OpenGL's constants and
// types only: ReelSDL loads every GL function through SDL_GL_GetProcAddress, so libGL is not
// linked (SDL loads it when a GL window is made).
#ifndef REEL_CSDL2_SHIM_H
#define REEL_CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_opengl.h>

/// SDL_WINDOWPOS_CENTERED, a function-like macro Swift cannot import.
static inline int reel_sdl_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }

#endif
