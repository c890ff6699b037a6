/* Title: a context never destroyed (OpenSHMEM, usage:resource-leak at shmem_finalize).
 * Each PE creates a context, uses it and never calls shmem_ctx_destroy (the predefined contract
 * class shmem-context-lifecycle names this check). shmem-ctx-leak-fixed destroys it.
 *
 * RANKFOLD-RUN: -np 2 => usage:resource-leak states=1 transitions=1 executions=1 revisits=0
 */
#include <shmem.h>

static int x;

int main(void) {
    shmem_init();
    shmem_ctx_t ctx;
    shmem_ctx_create(0, &ctx);
    shmem_ctx_int_atomic_add(ctx, &x, 1, 0);
    shmem_ctx_quiet(ctx);
    shmem_finalize(); /* ERROR */
    return 0;
}
