/* Title: puts on two contexts, each completed by its own shmem_ctx_quiet (OpenSHMEM contexts).
 * PE 0 creates two contexts, puts a block to PE 1 on each (one typed put, one putmem), quiets
 * each, destroys them and then meets PE 1 at a barrier; PE 1 prints what arrived. A context
 * handle is a PE's own: both PEs create theirs (PE 1 destroys them unused). The landings of
 * PE 0's puts are choices while PE 1 could still see them, so a few states; one final state.
 *
 * RANKFOLD-RUN: -np 2 => ok states=4 transitions=7 executions=1 revisits=4
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-ctx-two-contexts.expected
 */
#include <shmem.h>
#include <stdio.h>

static int a[2];
static long b;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    shmem_ctx_t first, second;
    if (shmem_ctx_create(0, &first) != 0 || shmem_ctx_create(SHMEM_CTX_PRIVATE, &second) != 0)
        return 1;
    shmem_team_t team;
    shmem_ctx_get_team(second, &team);
    if (me == 0) {
        const int values[2] = {7, 8};
        const long value = 42;
        shmem_ctx_int_put(first, a, values, 2, 1);
        shmem_ctx_putmem(second, &b, &value, sizeof value, 1);
        shmem_ctx_quiet(first);
        shmem_ctx_quiet(second);
    }
    shmem_ctx_destroy(first);
    shmem_ctx_destroy(second);
    shmem_barrier_all();
    printf("PE %d: a %d %d, b %ld, context team is the world: %d\n", me, a[0], a[1], b,
           team == SHMEM_TEAM_WORLD);
    shmem_finalize();
    return 0;
}
