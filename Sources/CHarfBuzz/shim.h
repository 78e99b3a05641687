// CHarfBuzz: HarfBuzz's shaping API (and its OpenType metrics), for Blueprint's text layout.
// Fonts come from memory (hb_blob_create), never from the system.
#ifndef CHARFBUZZ_SHIM_H
#define CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
