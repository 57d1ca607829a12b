// libpulse (Debian 12: 16.1) for ReelPulse: the sound server's sinks and streams, watched through
// its asynchronous API on a threaded main loop. PipeWire's pulse server speaks the same protocol.
//
// The package names no pkgConfig: libpulse.pc adds `-D_REENTRANT`, which SwiftPM reports as a
// warning on every build. <pulse/pulseaudio.h> sits in the default include path.
#ifndef REEL_CPULSE_SHIM_H
#define REEL_CPULSE_SHIM_H

#include <pulse/pulseaudio.h>

#endif
