// cairo (Debian 12: 1.16) and the part of Pango (1.50) that ReelDrawing draws text with.
//
// cairo's headers sit in /usr/include/cairo and include each other relatively, so
// <cairo/cairo.h> needs no search path. Pango's need glib's folders (one of them under
// /usr/lib/x86_64-linux-gnu), which only pkg-config knows, and pangocairo.pc adds `-pthread`,
// which SwiftPM reports as a warning on every build ("prohibited flag(s)"). So this header
// declares the few Pango and GObject functions Reel calls, copied from Pango's headers with
// glib's typedefs spelled out (gpointer = void *). Their ABI has been stable since Pango 1.38.
// Tests/ReelDrawingTests/PangoDeclarationTests.swift compiles this file together with the real
// headers, so a mismatch fails the tests instead of corrupting memory.
#ifndef REEL_CCAIRO_SHIM_H
#define REEL_CCAIRO_SHIM_H

#include <cairo/cairo.h>

typedef struct _PangoLayout PangoLayout;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoAttrList PangoAttrList;
typedef struct _PangoAttribute PangoAttribute;

/// Pango units per device unit.
#define REEL_PANGO_SCALE 1024

PangoLayout *pango_cairo_create_layout(cairo_t *cr);
void pango_cairo_update_layout(cairo_t *cr, PangoLayout *layout);
void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);

void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_attributes(PangoLayout *layout, PangoAttrList *attrs);
void pango_layout_get_size(PangoLayout *layout, int *width, int *height);

PangoFontDescription *pango_font_description_from_string(const char *str);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);
void pango_font_description_free(PangoFontDescription *desc);

PangoAttrList *pango_attr_list_new(void);
void pango_attr_list_insert(PangoAttrList *list, PangoAttribute *attr);
void pango_attr_list_unref(PangoAttrList *list);
PangoAttribute *pango_attr_font_features_new(const char *features);

void g_object_unref(void *object);

#endif
