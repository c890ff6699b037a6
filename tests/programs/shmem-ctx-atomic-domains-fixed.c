/* Title: atomics to one counter through the default context and a context of the world team
 * (OpenSHMEM contexts). The fixed twin of shmem-ctx-atomic-domains: PE 1's context is made by
 * shmem_ctx_create, on the world team like the default context, so the two adds are atomic
 * with one another.
 *
 * RANKFOLD-RUN: -np 3 => ok states=4 transitions=6 executions=1 revisits=3
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-ctx-atomic-domains-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

static int counter;

int main(void) {
    shmem_init();
    shmem_ctx_t ctx;
    shmem_ctx_create(0, &ctx);
    if (shmem_my_pe() == 0)
        shmem_int_atomic_add(&counter, 1, 2);
    else if (shmem_my_pe() == 1)
        shmem_ctx_int_atomic_add(ctx, &counter, 1, 2);
    shmem_ctx_destroy(ctx);
    shmem_barrier_all();
    if (shmem_my_pe() == 2) printf("counter %d\n", counter);
    shmem_finalize();
    return 0;
}
