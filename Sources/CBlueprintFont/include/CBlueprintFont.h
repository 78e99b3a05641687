// The font every diagram is drawn with, compiled into the binary so that text never depends
// on the fonts (or the fontconfig settings) of the machine: DejaVu Sans 2.37, unmodified.
// Its licence is LICENSE beside the font file.
#ifndef CBLUEPRINTFONT_H
#define CBLUEPRINTFONT_H

#include <stddef.h>

/// The bytes of DejaVuSans.ttf (static storage, never freed).
const unsigned char *blueprint_font_dejavu_sans(void);
/// Their number.
size_t blueprint_font_dejavu_sans_size(void);

#endif
