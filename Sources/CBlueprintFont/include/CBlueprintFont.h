// The fonts Blueprint lays out and draws text with, compiled into the binary so that text never
// depends on the fonts (or the fontconfig settings) of the machine. All are unmodified copies;
// their licences are LICENSE (DejaVu Sans) and fonts/LICENSE-*.txt beside them.
#ifndef CBLUEPRINTFONT_H
#define CBLUEPRINTFONT_H

#include <stddef.h>

/// The bundled faces for the text of labels, by index (see `BundledFace` in Blueprint for the
/// order): the bytes of face `index` (static storage, never freed) and their number in `*size`;
/// NULL and 0 for an index out of range.
const unsigned char *blueprint_font_face(int index, size_t *size);
/// How many faces `blueprint_font_face` has.
int blueprint_font_face_count(void);

#endif
