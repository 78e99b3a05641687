// CFriBidi: GNU FriBidi's Unicode Bidirectional Algorithm, for Blueprint's text layout.
#ifndef CFRIBIDI_SHIM_H
#define CFRIBIDI_SHIM_H
#include <fribidi.h>

/// The paragraph directions as constants Swift can import (FriBidi defines them with macros):
/// weak left-to-right and weak right-to-left take the direction of the first strong character
/// (rules P2 and P3) and fall back to theirs when there is none.
static const FriBidiParType cfribidi_par_wltr = FRIBIDI_PAR_WLTR;
static const FriBidiParType cfribidi_par_wrtl = FRIBIDI_PAR_WRTL;
static const FriBidiParType cfribidi_par_rtl = FRIBIDI_PAR_RTL;
#endif
