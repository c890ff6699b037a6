/* Title: shmem_team_destroy completes and destroys the team's contexts (OpenSHMEM contexts).
 * The fixed twin of shmem-team-destroy-ctx: each PE puts its number to the other PE through a
 * context of a team of both, then destroys the team, which destroys the context after
 * completing its put (as shmem_ctx_destroy would). shmem_sync_all, which completes nothing,
 * then orders the read after the put: no race, the value is always there, and the context is
 * no resource leak at shmem_finalize although the program never calls shmem_ctx_destroy.
 *
 * RANKFOLD-RUN: -np 2 => ok states=9 transitions=14 executions=1 revisits=6
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-team-destroy-ctx-fixed.expected
 */
#include <assert.h>
#include <shmem.h>
#include <stdio.h>

static int x = -1;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    shmem_team_t pair;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 2, NULL, 0, &pair);
    shmem_ctx_t ctx;
    shmem_team_create_ctx(pair, 0, &ctx);
    shmem_ctx_int_p(ctx, &x, me, 1 - me);
    shmem_team_destroy(pair);
    shmem_sync_all();
    assert(x == 1 - me);
    printf("PE %d: x = %d\n", me, x);
    shmem_finalize();
    return 0;
}
