// The process-wide malloc family is replaced by HeapHooks.cpp: while application code of a rank
// runs (g_app_arena set), blocks come from that rank's arena; otherwise from glibc. Frees and
// reallocations go by address, so they work from any context.
//
// Why process-wide rather than only the program's own references: allocations made on the
// program's behalf inside libstdc++ (std::string's out-of-line members) and libc (strdup,
// getline) must land in the rank's heap too, or a restored rank would point into memory that
// was never restored.
#pragma once

#include "snapshot/RankArena.hpp"

#include <cstdint>

namespace rankfold::snapshot {

// Called on an invalid or double free/realloc of arena memory; `site` is the caller's return
// address. May not return (the checker ends the offending rank).
using HeapErrorHandler = void (*)(const char* operation, RankArena::FreeResult result,
                                  void* pointer, std::uintptr_t site);
void set_heap_error_handler(HeapErrorHandler handler);

} // namespace rankfold::snapshot
