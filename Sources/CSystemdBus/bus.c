// Connections, the wait loop and the wrapped variadic functions of CSystemdBus.h.
#include "CSystemdBus.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

int reel_bus_open(const char *address, int user, sd_bus **out) {
    *out = NULL;
    if (address == NULL) {
        return user ? sd_bus_open_user(out) : sd_bus_open_system(out);
    }
    sd_bus *bus = NULL;
    int r = sd_bus_new(&bus);
    if (r < 0) return r;
    r = sd_bus_set_address(bus, address);
    if (r >= 0) r = sd_bus_set_bus_client(bus, 1);
    if (r >= 0) r = sd_bus_start(bus);
    if (r < 0) {
        sd_bus_unref(bus);
        return r;
    }
    *out = bus;
    return 0;
}

int reel_bus_iterate(sd_bus *bus, int wake_fd) {
    for (;;) {
        int r = sd_bus_process(bus, NULL);
        if (r < 0) return r;
        if (r == 0) break;
    }
    int fd = sd_bus_get_fd(bus);
    if (fd < 0) return fd;
    int events = sd_bus_get_events(bus);
    if (events < 0) return events;
    uint64_t until = UINT64_MAX;
    int r = sd_bus_get_timeout(bus, &until);
    if (r < 0) return r;
    int timeout_ms = -1;
    if (until != UINT64_MAX) {
        // sd-bus's timeout is an absolute CLOCK_MONOTONIC time in microseconds.
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        uint64_t now_usec = (uint64_t)now.tv_sec * 1000000u + (uint64_t)now.tv_nsec / 1000u;
        timeout_ms = until <= now_usec ? 0 : (int)((until - now_usec + 999) / 1000);
    }
    struct pollfd fds[2] = {
        {.fd = fd, .events = (short)events},
        {.fd = wake_fd, .events = POLLIN},
    };
    r = poll(fds, 2, timeout_ms);
    if (r < 0 && errno != EINTR) return -errno;
    if (fds[1].revents & POLLIN) {
        uint64_t count;
        ssize_t ignored = read(wake_fd, &count, sizeof count);
        (void)ignored;
    }
    return 0;
}

int reel_bus_wake_fd_new(void) {
    int fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    return fd < 0 ? -errno : fd;
}

void reel_bus_wake(int wake_fd) {
    uint64_t one = 1;
    ssize_t ignored = write(wake_fd, &one, sizeof one);
    (void)ignored;
}

void reel_bus_close(sd_bus *bus) { sd_bus_flush_close_unref(bus); }

int reel_bus_reply_empty(sd_bus_message *call) { return sd_bus_reply_method_return(call, NULL); }

int reel_bus_reply_uint32(sd_bus_message *call, uint32_t value) {
    return sd_bus_reply_method_return(call, "u", value);
}

int reel_bus_reply_error(sd_bus_message *call, const char *name, const char *message) {
    sd_bus_error error = SD_BUS_ERROR_NULL;
    sd_bus_error_set(&error, name, message);
    int r = sd_bus_reply_method_error(call, &error);
    sd_bus_error_free(&error);
    return r;
}

int reel_bus_emit_bool(sd_bus *bus, const char *path, const char *interface, const char *member, int value) {
    return sd_bus_emit_signal(bus, path, interface, member, "b", value);
}

int reel_bus_emit_int64(sd_bus *bus, const char *path, const char *interface, const char *member, int64_t value) {
    return sd_bus_emit_signal(bus, path, interface, member, "x", value);
}
