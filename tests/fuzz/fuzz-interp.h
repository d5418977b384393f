/* fuzz-interp.h: the fuzz target's entry point, shared by libFuzzer and the corpus replay */
#pragma once

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerInitialize   (int            *argc,
                            char         ***argv);
int LLVMFuzzerTestOneInput (const uint8_t  *data,
                            size_t          size);
