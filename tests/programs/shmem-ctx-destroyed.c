/* Title: a put on a context after shmem_ctx_destroy (OpenSHMEM misuse: usage:invalid-context).
 * Each PE creates a context, destroys it and then puts through it.
 * shmem-ctx-destroyed-fixed puts before the destroy.
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-context states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>

static int x;

int main(void) {
    shmem_init();
    shmem_ctx_t ctx;
    shmem_ctx_create(SHMEM_CTX_SERIALIZED, &ctx);
    shmem_ctx_destroy(ctx);
    shmem_ctx_int_p(ctx, &x, 1, (shmem_my_pe() + 1) % shmem_n_pes()); /* ERROR */
    shmem_finalize();
    return 0;
}
