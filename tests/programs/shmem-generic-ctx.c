/* Title: the C11 type-generic names with and without a context (OpenSHMEM 1.5 §9.4, §9.5).
 * shmem_p, shmem_put, shmem_g, shmem_atomic_add, shmem_atomic_fetch and
 * shmem_atomic_fetch_add_nbi, each called once with a context first and once without, on int,
 * long and double: _Generic picks shmem_ctx_int_p for shmem_p(ctx, ...) and shmem_int_p for
 * shmem_p(...). Each PE writes to its right neighbour; the quiets and the barrier complete it.
 *
 * RANKFOLD-RUN: -np 2 => ok states=250 transitions=845 executions=1 revisits=596
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-generic-ctx.expected
 */
#include <shmem.h>
#include <stdio.h>

static int i[2];
static long counter;
static double d[2];

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    const int right = (me + 1) % shmem_n_pes();
    shmem_ctx_t ctx;
    shmem_ctx_create(0, &ctx);
    shmem_p(&i[0], 10 + me, right);
    shmem_p(ctx, &i[1], 20 + me, right);
    const double values[2] = {0.5 + me, 1.5 + me};
    shmem_put(&d[0], &values[0], 1, right);
    shmem_put(ctx, &d[1], &values[1], 1, right);
    shmem_atomic_add(&counter, 1L, 0);
    shmem_atomic_add(ctx, &counter, 2L, 0);
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    long before = 0;
    shmem_atomic_fetch_add_nbi(ctx, &before, &counter, 0L, 0);
    shmem_ctx_quiet(ctx);
    const long plain = shmem_atomic_fetch(&counter, 0) + shmem_atomic_fetch(ctx, &counter, 0);
    const int got = shmem_g(&i[0], right) + shmem_g(ctx, &i[1], right);
    printf("PE %d: i = %d %d, d = %.1f %.1f, counter on PE 0 = %ld (%ld), g = %d\n", me, i[0],
           i[1], d[0], d[1], before, plain, got);
    shmem_barrier_all();
    shmem_ctx_destroy(ctx);
    shmem_finalize();
    return 0;
}
