#include "CBlueprintFont.h"

// `#embed` (C23) copies the file in at compile time; clang implements it without building
// a token list, so the 740 KB font costs nothing to compile.
#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char font[] = {
#embed "DejaVuSans.ttf"
};

const unsigned char *blueprint_font_dejavu_sans(void) { return font; }

size_t blueprint_font_dejavu_sans_size(void) { return sizeof font; }
