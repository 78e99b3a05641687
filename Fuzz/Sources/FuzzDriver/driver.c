#include "FuzzDriver.h"

// The Swift harness (fuzz-layout or fuzz-engine) exports this with @_cdecl.
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

// SwiftPM links an executable target with `--defsym main=<module>_main`, so libFuzzer's own
// `main` is never used: these are the executables' `main`s; each hands the command line to
// libFuzzer.
int fuzz_layout_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}

int fuzz_engine_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
