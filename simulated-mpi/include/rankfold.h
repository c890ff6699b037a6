/* Rankfold's own calls for the programs it checks (built with rankfold-cc, which defines
 * RANKFOLD). Include it under #ifdef RANKFOLD so the program still builds with mpicc. */
#ifndef RANKFOLD_H
#define RANKFOLD_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Declares the proposition NAME, true while *ADDRESS (SIZE bytes, a scalar) is nonzero on the
 * calling rank, for the LTL property of rankfold-run --ltl or --never. Declare each name on one
 * rank (build per-rank names such as "cs1" with snprintf), before the rank's first choice. */
void rankfold_prop_sized(const char* name, const void* address, size_t size);

/* Leaves SIZE bytes at ADDRESS (a global or static variable, or heap memory the program keeps
 * for good) out of the calling rank's state: two states that differ only there are the same
 * state (a statistics counter the program never acts on). Call it before the rank's first
 * choice; it is not undone. Stack addresses are not supported (nothing happens). */
void rankfold_ignore(const void* address, size_t size);

/* Leaves the whole heap block POINTER points at (as malloc, calloc or realloc returned it) out
 * of the calling rank's state, like rankfold_ignore on its bytes. For a block the program keeps
 * until it ends: the mark is not undone when the block is freed. A pointer that is not the start
 * of a live heap block ends the rank with a heap-error (ignore-not-a-block). */
void rankfold_ignore_heap(const void* pointer);

/* Marks progress, like a Spin progress label: with rankfold-run --check-progress, a cycle of
 * states that never passes a call of this function is reported as non-progress. Not a choice and
 * not part of the state; without --check-progress it does nothing. */
void rankfold_progress(void);

#ifdef __cplusplus
}
#endif

/* A global or static variable left out of every rank's state, from the start:
 *     RANKFOLD_IGNORE long polls;                                                          */
#define RANKFOLD_IGNORE __attribute__((section("rankfold_ignored"), used))

/* rankfold_prop("cs", &in_critical_section): the variable's size is taken from its type. */
#define rankfold_prop(name, pointer) rankfold_prop_sized((name), (pointer), sizeof(*(pointer)))

#endif
