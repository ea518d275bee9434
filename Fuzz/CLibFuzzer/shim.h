// libFuzzer's driver entry point (compiler-rt, LLVM 11 and later). Only declared here: the
// symbol comes from libclang_rt.fuzzer, linked by `-sanitize=fuzzer`, and is referenced
// only when the fuzz targets are compiled with `-D STORYGRAPH_FUZZ`.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
