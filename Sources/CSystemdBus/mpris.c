// The MPRIS D-Bus objects (https://specifications.freedesktop.org/mpris-spec/2.2/): both
// interfaces' vtables, answered through ReelMPRISCallbacks.
#include "CSystemdBus.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct ReelMPRISObjects {
    ReelMPRISCallbacks callbacks;
    sd_bus_slot *root;
    sd_bus_slot *player;
};

static int get_property(
    sd_bus *bus, const char *path, const char *interface, const char *property, sd_bus_message *reply,
    void *userdata, sd_bus_error *error) {
    (void)bus;
    (void)path;
    ReelMPRISObjects *objects = userdata;
    return objects->callbacks.get_property(objects->callbacks.context, interface, property, reply, error);
}

static int set_property(
    sd_bus *bus, const char *path, const char *interface, const char *property, sd_bus_message *value,
    void *userdata, sd_bus_error *error) {
    (void)bus;
    (void)path;
    ReelMPRISObjects *objects = userdata;
    return objects->callbacks.set_property(objects->callbacks.context, interface, property, value, error);
}

static int call_method(sd_bus_message *call, void *userdata, sd_bus_error *error) {
    ReelMPRISObjects *objects = userdata;
    return objects->callbacks.call_method(
        objects->callbacks.context, sd_bus_message_get_interface(call), sd_bus_message_get_member(call), call, error);
}

#define CHANGES SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE
#define CONSTANT SD_BUS_VTABLE_PROPERTY_CONST

static const sd_bus_vtable root_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Raise", "", "", call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Quit", "", "", call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_PROPERTY("CanQuit", "b", get_property, 0, CHANGES),
    SD_BUS_WRITABLE_PROPERTY("Fullscreen", "b", get_property, set_property, 0, CHANGES),
    SD_BUS_PROPERTY("CanSetFullscreen", "b", get_property, 0, CHANGES),
    SD_BUS_PROPERTY("CanRaise", "b", get_property, 0, CHANGES),
    SD_BUS_PROPERTY("HasTrackList", "b", get_property, 0, CONSTANT),
    SD_BUS_PROPERTY("Identity", "s", get_property, 0, CONSTANT),
    SD_BUS_PROPERTY("DesktopEntry", "s", get_property, 0, CONSTANT),
    SD_BUS_PROPERTY("SupportedUriSchemes", "as", get_property, 0, CONSTANT),
    SD_BUS_PROPERTY("SupportedMimeTypes", "as", get_property, 0, CONSTANT),
    SD_BUS_VTABLE_END,
};

static const sd_bus_vtable player_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Next", "", "", call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Previous", "", "", call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Pause", "", "", call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("PlayPause", "", "", call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Stop", "", "", call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Play", "", "", call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Seek", "x", "", call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("SetPosition", "ox", "", call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("OpenUri", "s", "", call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_SIGNAL("Seeked", "x", 0),
    SD_BUS_PROPERTY("PlaybackStatus", "s", get_property, 0, CHANGES),
    SD_BUS_WRITABLE_PROPERTY("LoopStatus", "s", get_property, set_property, 0, CHANGES),
    SD_BUS_WRITABLE_PROPERTY("Rate", "d", get_property, set_property, 0, CHANGES),
    SD_BUS_WRITABLE_PROPERTY("Shuffle", "b", get_property, set_property, 0, CHANGES),
    SD_BUS_PROPERTY("Metadata", "a{sv}", get_property, 0, CHANGES),
    SD_BUS_WRITABLE_PROPERTY("Volume", "d", get_property, set_property, 0, CHANGES),
    // Position changes all the time: clients read it, and Seeked reports jumps (the spec).
    SD_BUS_PROPERTY("Position", "x", get_property, 0, 0),
    SD_BUS_PROPERTY("MinimumRate", "d", get_property, 0, CHANGES),
    SD_BUS_PROPERTY("MaximumRate", "d", get_property, 0, CHANGES),
    SD_BUS_PROPERTY("CanGoNext", "b", get_property, 0, CHANGES),
    SD_BUS_PROPERTY("CanGoPrevious", "b", get_property, 0, CHANGES),
    SD_BUS_PROPERTY("CanPlay", "b", get_property, 0, CHANGES),
    SD_BUS_PROPERTY("CanPause", "b", get_property, 0, CHANGES),
    SD_BUS_PROPERTY("CanSeek", "b", get_property, 0, CHANGES),
    SD_BUS_PROPERTY("CanControl", "b", get_property, 0, CONSTANT),
    SD_BUS_VTABLE_END,
};

int reel_mpris_add(sd_bus *bus, const ReelMPRISCallbacks *callbacks, ReelMPRISObjects **out) {
    *out = NULL;
    ReelMPRISObjects *objects = calloc(1, sizeof *objects);
    if (objects == NULL) return -ENOMEM;
    objects->callbacks = *callbacks;
    int r = sd_bus_add_object_vtable(
        bus, &objects->root, REEL_MPRIS_PATH, REEL_MPRIS_ROOT_INTERFACE, root_vtable, objects);
    if (r >= 0) {
        r = sd_bus_add_object_vtable(
            bus, &objects->player, REEL_MPRIS_PATH, REEL_MPRIS_PLAYER_INTERFACE, player_vtable, objects);
    }
    if (r < 0) {
        reel_mpris_remove(objects);
        return r;
    }
    *out = objects;
    return 0;
}

void reel_mpris_remove(ReelMPRISObjects *objects) {
    if (objects == NULL) return;
    sd_bus_slot_unref(objects->player);
    sd_bus_slot_unref(objects->root);
    free(objects);
}
