/* Title: atomics to one counter through contexts of different teams (OpenSHMEM contexts,
 * incorrect atomicity reported as race:remote).
 * PE 0 adds to PE 2's counter on the default context (the world team's); PE 1 adds to the
 * same counter through a context of SHMEM_TEAM_SHARED. Atomics are atomic with one another
 * only within one atomicity domain (the contexts of one team): these two are not, and the race
 * monitor reports them like two puts. shmem-ctx-atomic-domains-fixed uses a world context.
 *
 * RANKFOLD-RUN: -np 3 => race:remote states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 --no-races => ok
 * RANKFOLD-NO-DIFF: an OpenSHMEM program whose bug is a race (no output to compare)
 */
#include <shmem.h>

static int counter;

int main(void) {
    shmem_init();
    shmem_ctx_t ctx;
    shmem_team_create_ctx(SHMEM_TEAM_SHARED, 0, &ctx);
    if (shmem_my_pe() == 0)
        shmem_int_atomic_add(&counter, 1, 2); /* ERROR */
    else if (shmem_my_pe() == 1)
        shmem_ctx_int_atomic_add(ctx, &counter, 1, 2); /* ERROR */
    shmem_ctx_destroy(ctx);
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
