#include "CBlueprintFont.h"

// `#embed` (C23) copies the files in at compile time; clang implements it without building
// a token list, so the fonts (19 MB with the colour emoji and CJK) cost little to compile.
#pragma clang diagnostic ignored "-Wc23-extensions"

// The order is `BundledFace`'s (Sources/Blueprint/Text/BundledFace.swift): change both together.
static const unsigned char inter_regular[] = {
#embed "fonts/Inter-Regular.otf"
};
static const unsigned char inter_medium[] = {
#embed "fonts/Inter-Medium.otf"
};
static const unsigned char inter_semibold[] = {
#embed "fonts/Inter-SemiBold.otf"
};
static const unsigned char inter_bold[] = {
#embed "fonts/Inter-Bold.otf"
};
static const unsigned char inter_extrabold[] = {
#embed "fonts/Inter-ExtraBold.otf"
};
static const unsigned char inter_italic[] = {
#embed "fonts/Inter-Italic.otf"
};
static const unsigned char inter_medium_italic[] = {
#embed "fonts/Inter-MediumItalic.otf"
};
static const unsigned char inter_semibold_italic[] = {
#embed "fonts/Inter-SemiBoldItalic.otf"
};
static const unsigned char inter_bold_italic[] = {
#embed "fonts/Inter-BoldItalic.otf"
};
static const unsigned char inter_extrabold_italic[] = {
#embed "fonts/Inter-ExtraBoldItalic.otf"
};
static const unsigned char arabic_regular[] = {
#embed "fonts/NotoSansArabic-Regular.ttf"
};
static const unsigned char arabic_bold[] = {
#embed "fonts/NotoSansArabic-Bold.ttf"
};
static const unsigned char hebrew_regular[] = {
#embed "fonts/NotoSansHebrew-Regular.ttf"
};
static const unsigned char hebrew_bold[] = {
#embed "fonts/NotoSansHebrew-Bold.ttf"
};
static const unsigned char devanagari_regular[] = {
#embed "fonts/NotoSansDevanagari-Regular.ttf"
};
static const unsigned char devanagari_bold[] = {
#embed "fonts/NotoSansDevanagari-Bold.ttf"
};
static const unsigned char dejavu_sans[] = {
#embed "DejaVuSans.ttf"
};
static const unsigned char emoji[] = {
#embed "fonts/NotoColorEmoji.ttf"
};
static const unsigned char cjk[] = {
#embed "fonts/DroidSansFallbackFull.ttf"
};

static const struct { const unsigned char *bytes; size_t size; } faces[] = {
    { inter_regular, sizeof inter_regular },
    { inter_medium, sizeof inter_medium },
    { inter_semibold, sizeof inter_semibold },
    { inter_bold, sizeof inter_bold },
    { inter_extrabold, sizeof inter_extrabold },
    { inter_italic, sizeof inter_italic },
    { inter_medium_italic, sizeof inter_medium_italic },
    { inter_semibold_italic, sizeof inter_semibold_italic },
    { inter_bold_italic, sizeof inter_bold_italic },
    { inter_extrabold_italic, sizeof inter_extrabold_italic },
    { arabic_regular, sizeof arabic_regular },
    { arabic_bold, sizeof arabic_bold },
    { hebrew_regular, sizeof hebrew_regular },
    { hebrew_bold, sizeof hebrew_bold },
    { devanagari_regular, sizeof devanagari_regular },
    { devanagari_bold, sizeof devanagari_bold },
    { dejavu_sans, sizeof dejavu_sans },
    { emoji, sizeof emoji },
    { cjk, sizeof cjk },
};

int blueprint_font_face_count(void) { return (int)(sizeof faces / sizeof faces[0]); }

const unsigned char *blueprint_font_face(int index, size_t *size) {
    if (index < 0 || index >= blueprint_font_face_count()) {
        *size = 0;
        return NULL;
    }
    *size = faces[index].size;
    return faces[index].bytes;
}
