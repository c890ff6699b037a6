/* Title: a context destroyed before shmem_finalize (OpenSHMEM contexts).
 * The fixed twin of shmem-ctx-leak: each PE adds 1 to PE 0's counter through its context and
 * destroys it; after the barrier PE 0 prints the count.
 *
 * RANKFOLD-RUN: -np 2 => ok states=2 transitions=2 executions=1 revisits=1
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-ctx-leak-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

static int x;

int main(void) {
    shmem_init();
    shmem_ctx_t ctx;
    shmem_ctx_create(0, &ctx);
    shmem_ctx_int_atomic_add(ctx, &x, 1, 0);
    shmem_ctx_quiet(ctx);
    shmem_ctx_destroy(ctx);
    shmem_barrier_all();
    if (shmem_my_pe() == 0) printf("count %d\n", x);
    shmem_finalize();
    return 0;
}
