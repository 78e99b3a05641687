// CCairo: cairo (image, SVG and PDF surfaces, the FreeType font backend) and FreeType, for
// BlueprintRender and nothing else. Only this header and the modulemap live here; every
// Swift wrapper is in BlueprintRender.
#ifndef CCAIRO_SHIM_H
#define CCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-ft.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_ADVANCES_H

/// `FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP` as a constant Swift can import: outlines exactly
/// as designed, never the embedded bitmaps or the hinter (which would depend on settings).
static const int ccairo_unhinted_load_flags = FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;

/// `FT_LOAD_COLOR` for a face of colour bitmaps (Noto Color Emoji): its glyphs are images,
/// which cairo scales to the size drawn.
static const int ccairo_color_load_flags = FT_LOAD_COLOR;

#endif
