// libmpv, loaded when first used.
//
// Each libmpv function Reel calls is defined here with libmpv's own signature (the headers
// declare them, so the compiler checks every one) and forwards to the function of the same name
// in libmpv.so.2, which is opened with dlopen on the first call. Linking libmpv directly made
// every process that links ReelMPV load libmpv's ~230 libraries at start-up (~45 ms of symbol
// lookups on this project's machine), whether it played anything or not.
//
// The executable does not export these definitions, so libmpv's calls to itself stay inside
// libmpv. When libmpv cannot be loaded, mpv_create returns NULL (as it does when libmpv fails),
// and the other functions return an error or nothing; they are never reached without a handle.
#include "CMPV.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>

/// Debian 12's libmpv (libmpv2, client API 2.0).
static const char *const library_name = "libmpv.so.2";

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static void *library;

static void load_library(void) { library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL); }

static void *symbol(_Atomic(void *) *cache, const char *name) {
    void *function = atomic_load_explicit(cache, memory_order_acquire);
    if (function) return function;
    pthread_once(&load_once, load_library);
    function = library ? dlsym(library, name) : NULL;
    atomic_store_explicit(cache, function, memory_order_release);
    return function;
}

int reel_mpv_available(void) {
    pthread_once(&load_once, load_library);
    return library != NULL;
}

// FORWARD(result, name, fallback, (parameters), (arguments)) defines `name`.
#define FORWARD(result, name, fallback, parameters, arguments)                                                         \
    result name parameters {                                                                                           \
        static _Atomic(void *) cache;                                                                                  \
        result(*function) parameters = (result(*) parameters)symbol(&cache, #name);                                    \
        return function ? function arguments : (fallback);                                                             \
    }

#define FORWARD_VOID(name, parameters, arguments)                                                                      \
    void name parameters {                                                                                             \
        static _Atomic(void *) cache;                                                                                  \
        void(*function) parameters = (void(*) parameters)symbol(&cache, #name);                                        \
        if (function) function arguments;                                                                              \
    }

FORWARD(mpv_handle *, mpv_create, NULL, (void), ())
FORWARD(int, mpv_initialize, MPV_ERROR_UNINITIALIZED, (mpv_handle * ctx), (ctx))
FORWARD(const char *, mpv_error_string, "libmpv (libmpv.so.2) could not be loaded", (int error), (error))
FORWARD_VOID(mpv_free, (void *data), (data))
FORWARD_VOID(mpv_free_node_contents, (mpv_node * node), (node))
FORWARD_VOID(mpv_terminate_destroy, (mpv_handle * ctx), (ctx))
FORWARD_VOID(mpv_wakeup, (mpv_handle * ctx), (ctx))
FORWARD(mpv_event *, mpv_wait_event, NULL, (mpv_handle * ctx, double timeout), (ctx, timeout))
FORWARD(int, mpv_command_node, MPV_ERROR_UNINITIALIZED, (mpv_handle * ctx, mpv_node *args, mpv_node *result),
    (ctx, args, result))
FORWARD(int, mpv_command_node_async, MPV_ERROR_UNINITIALIZED,
    (mpv_handle * ctx, uint64_t reply_userdata, mpv_node *args), (ctx, reply_userdata, args))
FORWARD(int, mpv_command_string, MPV_ERROR_UNINITIALIZED, (mpv_handle * ctx, const char *args), (ctx, args))
FORWARD(int, mpv_get_property, MPV_ERROR_UNINITIALIZED,
    (mpv_handle * ctx, const char *name, mpv_format format, void *data), (ctx, name, format, data))
FORWARD(char *, mpv_get_property_string, NULL, (mpv_handle * ctx, const char *name), (ctx, name))
FORWARD(int, mpv_set_property, MPV_ERROR_UNINITIALIZED,
    (mpv_handle * ctx, const char *name, mpv_format format, void *data), (ctx, name, format, data))
FORWARD(int, mpv_set_property_string, MPV_ERROR_UNINITIALIZED,
    (mpv_handle * ctx, const char *name, const char *data), (ctx, name, data))
FORWARD(int, mpv_set_option_string, MPV_ERROR_UNINITIALIZED, (mpv_handle * ctx, const char *name, const char *data),
    (ctx, name, data))
FORWARD(int, mpv_observe_property, MPV_ERROR_UNINITIALIZED,
    (mpv_handle * mpv, uint64_t reply_userdata, const char *name, mpv_format format),
    (mpv, reply_userdata, name, format))
FORWARD(int, mpv_hook_add, MPV_ERROR_UNINITIALIZED,
    (mpv_handle * ctx, uint64_t reply_userdata, const char *name, int priority), (ctx, reply_userdata, name, priority))
FORWARD(int, mpv_hook_continue, MPV_ERROR_UNINITIALIZED, (mpv_handle * ctx, uint64_t id), (ctx, id))
FORWARD(int, mpv_request_log_messages, MPV_ERROR_UNINITIALIZED, (mpv_handle * ctx, const char *min_level),
    (ctx, min_level))
FORWARD(int, mpv_render_context_create, MPV_ERROR_UNINITIALIZED,
    (mpv_render_context * *res, mpv_handle *mpv, mpv_render_param *params), (res, mpv, params))
FORWARD_VOID(mpv_render_context_free, (mpv_render_context * ctx), (ctx))
FORWARD(int, mpv_render_context_render, MPV_ERROR_UNINITIALIZED, (mpv_render_context * ctx, mpv_render_param *params),
    (ctx, params))
FORWARD_VOID(mpv_render_context_report_swap, (mpv_render_context * ctx), (ctx))
FORWARD_VOID(mpv_render_context_set_update_callback,
    (mpv_render_context * ctx, mpv_render_update_fn callback, void *callback_ctx), (ctx, callback, callback_ctx))
FORWARD(uint64_t, mpv_render_context_update, 0, (mpv_render_context * ctx), (ctx))
