/* Title: a put on a context after shmem_team_destroy of the context's team (OpenSHMEM misuse:
 * usage:invalid-context).
 * Each PE splits a team of both PEs off the world, makes a context on it and destroys the
 * team: the contexts created from a team are destroyed with it (OpenSHMEM 1.5 §9.4.2), so the
 * put through the context afterwards uses a destroyed context.
 * shmem-team-destroy-ctx-fixed puts before the destroy.
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-context states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: an OpenSHMEM misuse (no output to compare)
 */
#include <shmem.h>

static int x;

int main(void) {
    shmem_init();
    shmem_team_t pair;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 2, NULL, 0, &pair);
    shmem_ctx_t ctx;
    shmem_team_create_ctx(pair, 0, &ctx);
    shmem_team_destroy(pair);
    shmem_ctx_int_p(ctx, &x, 1, 1 - shmem_my_pe()); /* ERROR */
    shmem_finalize();
    return 0;
}
