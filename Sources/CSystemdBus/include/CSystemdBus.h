// Reel's thin C layer over sd-bus (libsystemd 252, Debian 12) for ReelMPRIS.
//
// Swift imports sd-bus's plain functions directly (sd_bus_message_append_basic, _read_basic,
// _open_container, sd_bus_match_signal, …) through this module. What Swift cannot use lives in
// the .c files: the object vtables, which are built with sd-bus's SD_BUS_* macros, and the
// variadic functions (sd_bus_reply_method_return, sd_bus_emit_signal), wrapped one a use.
//
// Threading: an sd_bus connection belongs to one thread. Every function here that takes a bus or
// a message must run on that connection's thread; reel_bus_wake alone may be called from any.
#ifndef REEL_CSYSTEMDBUS_H
#define REEL_CSYSTEMDBUS_H

#include <stdint.h>
#include <systemd/sd-bus.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Connections

/// Opens a connection: to `address` when given (a D-Bus address such as "unix:path=/tmp/bus"),
/// else to the session bus (`user` true: DBUS_SESSION_BUS_ADDRESS, then $XDG_RUNTIME_DIR/bus) or
/// the system bus. Returns 0 or a negative errno; `*out` then holds the connection.
int reel_bus_open(const char *address, int user, sd_bus **out);

/// Processes everything that is pending on `bus`, then waits until the bus has more to do, its
/// timeout passes, or `wake_fd` (an eventfd) is written. Returns 0 or a negative errno.
int reel_bus_iterate(sd_bus *bus, int wake_fd);

/// Creates the eventfd that interrupts reel_bus_iterate. Returns the descriptor or a negative errno.
int reel_bus_wake_fd_new(void);

/// Makes a waiting reel_bus_iterate return. Safe from any thread.
void reel_bus_wake(int wake_fd);

/// Flushes, closes and releases the connection.
void reel_bus_close(sd_bus *bus);

// MARK: - Replies and signals (sd-bus's variadic functions, wrapped)

/// Replies to a method call with no values.
int reel_bus_reply_empty(sd_bus_message *call);

/// Replies to a method call with one unsigned 32-bit value.
int reel_bus_reply_uint32(sd_bus_message *call, uint32_t value);

/// Replies to a method call with an error.
int reel_bus_reply_error(sd_bus_message *call, const char *name, const char *message);

/// Emits a signal with one boolean argument.
int reel_bus_emit_bool(sd_bus *bus, const char *path, const char *interface, const char *member, int value);

/// Emits a signal with one signed 64-bit argument.
int reel_bus_emit_int64(sd_bus *bus, const char *path, const char *interface, const char *member, int64_t value);

// MARK: - MPRIS objects

/// The MPRIS object path.
#define REEL_MPRIS_PATH "/org/mpris/MediaPlayer2"
/// The MPRIS root interface.
#define REEL_MPRIS_ROOT_INTERFACE "org.mpris.MediaPlayer2"
/// The MPRIS player interface.
#define REEL_MPRIS_PLAYER_INTERFACE "org.mpris.MediaPlayer2.Player"

/// What the MPRIS objects call back, with `context` as the first argument. Called on the bus's
/// thread, inside sd_bus_process.
typedef struct ReelMPRISCallbacks {
    /// Passed to every callback.
    void *context;
    /// Appends the value of `property` of `interface` to `reply` (already inside the variant).
    /// Returns 0 or a negative errno.
    int (*get_property)(
        void *context, const char *interface, const char *property, sd_bus_message *reply, sd_bus_error *error);
    /// Reads a new value of `property` from `value` (already inside the variant) and applies it.
    /// Returns 0 or a negative errno.
    int (*set_property)(
        void *context, const char *interface, const char *property, sd_bus_message *value, sd_bus_error *error);
    /// Handles the method `member` of `interface`: reads its arguments from `call` and replies
    /// to it now or later (sd_bus_message_ref keeps it). Returns 1 when it replies or will, or a
    /// negative errno with `error` set.
    int (*call_method)(
        void *context, const char *interface, const char *member, sd_bus_message *call, sd_bus_error *error);
} ReelMPRISCallbacks;

/// Exported MPRIS objects; released with reel_mpris_remove.
typedef struct ReelMPRISObjects ReelMPRISObjects;

/// Adds both MPRIS interfaces at REEL_MPRIS_PATH to `bus`, answering through `callbacks`
/// (copied). Returns 0 or a negative errno; `*out` then holds the objects.
int reel_mpris_add(sd_bus *bus, const ReelMPRISCallbacks *callbacks, ReelMPRISObjects **out);

/// Removes the objects added by reel_mpris_add and frees them.
void reel_mpris_remove(ReelMPRISObjects *objects);

#ifdef __cplusplus
}
#endif

#endif
