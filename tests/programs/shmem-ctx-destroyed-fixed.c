/* Title: a put on a context before shmem_ctx_destroy, which completes it (OpenSHMEM contexts).
 * The fixed twin of shmem-ctx-destroyed: each PE puts its number to its right neighbour on its
 * context and then destroys it; the destroy completes the put (a quiet of the context), and
 * the barrier lets each PE read what arrived.
 *
 * RANKFOLD-RUN: -np 2 => ok states=5 transitions=8 executions=1 revisits=4
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-ctx-destroyed-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

static int x = -1;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    shmem_ctx_t ctx;
    shmem_ctx_create(SHMEM_CTX_SERIALIZED, &ctx);
    shmem_ctx_int_p(ctx, &x, me, (me + 1) % shmem_n_pes());
    shmem_ctx_destroy(ctx);
    shmem_barrier_all();
    printf("PE %d got %d\n", me, x);
    shmem_finalize();
    return 0;
}
