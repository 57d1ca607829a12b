#define _GNU_SOURCE
#include "CLibXML2.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

// libxml2's types, declared here so that no libxml2 headers are needed: a generic error handler
// is variadic, which Swift cannot write, hence this C file.
typedef void (*xml_generic_error_func)(void *context, const char *message, ...);
typedef void (*xml_set_generic_error_func)(void *context, xml_generic_error_func handler);

static reel_xml_message_callback reel_xml_callback;

// libxml2 calls the handler once per fragment ("Entity: line 2: ", "namespace error : ", the
// message and its newline, then the source line and a caret line), so fragments are gathered per
// thread into whole lines; each line goes to the callback without its newline.
static __thread char reel_xml_line[1024];
static __thread size_t reel_xml_used;

static void reel_xml_flush(reel_xml_message_callback callback) {
    reel_xml_line[reel_xml_used] = '\0';
    if (reel_xml_used > 0) callback(reel_xml_line);
    reel_xml_used = 0;
}

static void reel_xml_handler(void *context, const char *message, ...) {
    (void)context;
    reel_xml_message_callback callback = __atomic_load_n(&reel_xml_callback, __ATOMIC_ACQUIRE);
    if (callback == NULL || message == NULL) return;
    char text[1024];
    va_list arguments;
    va_start(arguments, message);
    vsnprintf(text, sizeof text, message, arguments);
    va_end(arguments);
    for (const char *character = text; *character != '\0'; character++) {
        if (*character == '\n') {
            reel_xml_flush(callback);
        } else if (*character != '\r' && reel_xml_used < sizeof reel_xml_line - 1) {
            reel_xml_line[reel_xml_used++] = *character;
        }
    }
    // A line too long for the buffer is passed on cut rather than held forever.
    if (reel_xml_used == sizeof reel_xml_line - 1) reel_xml_flush(callback);
}

int32_t reel_xml_capture_errors(reel_xml_message_callback callback) {
    // RTLD_NOLOAD finds libxml2 only when something already loaded it, also as a dependency of a
    // library opened with RTLD_LOCAL; RTLD_DEFAULT covers a libxml2 under another file name.
    void *library = dlopen("libxml2.so.2", RTLD_NOW | RTLD_NOLOAD);
    void *scope = library != NULL ? library : RTLD_DEFAULT;
    xml_set_generic_error_func set_for_thread =
        (xml_set_generic_error_func)dlsym(scope, "xmlSetGenericErrorFunc");
    xml_set_generic_error_func set_for_new_threads =
        (xml_set_generic_error_func)dlsym(scope, "xmlThrDefSetGenericErrorFunc");
    // The library stays loaded by whoever loaded it first; this reference is not needed.
    if (library != NULL) dlclose(library);
    if (set_for_thread == NULL || set_for_new_threads == NULL) return 0;
    __atomic_store_n(&reel_xml_callback, callback, __ATOMIC_RELEASE);
    // libxml2 keeps the handler per thread: a thread's copy is taken from the default for new
    // threads the first time that thread uses libxml2 (libmpv demuxes on threads it starts per
    // file), and the thread that first used libxml2 keeps the plain global.
    set_for_new_threads(NULL, reel_xml_handler);
    set_for_thread(NULL, reel_xml_handler);
    return 1;
}
