#ifndef REEL_CLIBXML2_H
#define REEL_CLIBXML2_H

#include <stdint.h>

/// Receives one message libxml2 would have printed to standard error, formatted, without the
/// trailing newline. Called on whichever thread libxml2 complained on.
typedef void (*reel_xml_message_callback)(const char *message);

/// Replaces libxml2's generic error handler — for the calling thread and for every thread that
/// first uses libxml2 afterwards — with one that passes each message to `callback`. libxml2 is
/// looked up with dlsym among the libraries already loaded (FFmpeg's libavformat brings it in), so
/// Reel links no libxml2 of its own. Returns 1 when libxml2 was found and the handler installed,
/// 0 when no libxml2 is loaded (nothing to catch).
int32_t reel_xml_capture_errors(reel_xml_message_callback callback);

#endif
