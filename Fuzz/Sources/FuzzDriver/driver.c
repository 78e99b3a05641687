#include "FuzzDriver.h"

// The Swift harness (fuzz-layout) exports this with @_cdecl.
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

// SwiftPM links an executable target with `--defsym main=<module>_main`, so libFuzzer's own
// `main` is never used: this is that `main`, and it hands the command line to libFuzzer.
int fuzz_layout_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
