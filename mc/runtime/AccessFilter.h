/* The fast path of the memory-access instrumentation (DESIGN.md §6), shared by the entry points
 * linked into every program (tsan_entry_points.c, libc_access_wrappers.c) and the checker
 * (AccessChecker.cpp). Programs are compiled with -fsanitize=thread; the calls the compiler
 * inserts before each load and store land in the program's own copy of those entry points,
 * which compare the access with the running rank's filter and call the checker only when it
 * may matter: when it touches the hull of the rank's pending buffers, or heap memory outside
 * the block it last found live. Everything else costs a load and a few comparisons.
 *
 * No filter (NULL): checker code runs, or --no-races.
 */
#ifndef RANKFOLD_ACCESS_FILTER_H
#define RANKFOLD_ACCESS_FILTER_H

/* Also compiled as C (the entry points), hence the C headers. */
#include <stddef.h> /* NOLINT(modernize-deprecated-headers) */
#include <stdint.h> /* NOLINT(modernize-deprecated-headers) */

#ifdef __cplusplus
extern "C" {
#endif

struct rankfold_access_filter {
    uintptr_t watch_low, watch_high; /* hull of the pending buffers; empty when equal */
    uintptr_t heap_low;              /* the rank's heap arena */
    uintptr_t heap_size;
    uintptr_t known_low, known_high; /* a live heap block the checker found last */
};

/* The running rank's filter, or NULL. Defined in librankfold. */
extern struct rankfold_access_filter* rankfold_access_filter_current;

/* The slow path: `routine` is "" for a load or store of the program, else the C library
 * routine that makes the access ("memcpy"). `site` is the return address into the program. */
void rankfold_access_slow(uintptr_t address, size_t size, int write, uintptr_t site,
                          const char* routine);

/* Whether the access [a, a+n) needs the slow path under filter f. */
static inline __attribute__((always_inline)) int
rankfold_access_needs_check(const struct rankfold_access_filter* f, uintptr_t a, size_t n) {
    return (a < f->watch_high && a + n > f->watch_low) ||
           (a - f->heap_low < f->heap_size && (a < f->known_low || a + n > f->known_high));
}

static inline __attribute__((always_inline)) void
rankfold_access(uintptr_t a, size_t n, int write, uintptr_t site, const char* routine) {
    const struct rankfold_access_filter* f = rankfold_access_filter_current;
    if (__builtin_expect(!f || n == 0, 0)) return;
    if (rankfold_access_needs_check(f, a, n)) rankfold_access_slow(a, n, write, site, routine);
}

#ifdef __cplusplus
}
#endif

#endif
