/* Title: a context of a team numbers PEs as the team does (OpenSHMEM contexts).
 * The odd PEs split off a team and each makes a context on it (shmem_team_create_ctx); every
 * member adds its world number to the counter of team PE 0 (world PE 1) through the context,
 * quiets it and destroys it. shmem_ctx_get_team gives the team back; the even PEs get
 * SHMEM_CTX_INVALID from SHMEM_TEAM_INVALID and make nothing.
 *
 * RANKFOLD-RUN: -np 4 => ok states=2 transitions=2 executions=1 revisits=1
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-ctx-team.expected
 */
#include <shmem.h>
#include <stdio.h>

static int counter;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    shmem_team_t odd;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, shmem_n_pes() / 2, NULL, 0, &odd);
    shmem_ctx_t ctx;
    const int made = shmem_team_create_ctx(odd, 0, &ctx) == 0;
    if (made) {
        shmem_team_t back;
        shmem_ctx_get_team(ctx, &back);
        shmem_ctx_int_atomic_add(ctx, &counter, me, 0);
        shmem_ctx_quiet(ctx);
        shmem_ctx_destroy(ctx);
        printf("PE %d: team PE %d, context of that team %d\n", me, shmem_team_my_pe(odd),
               back == odd);
        shmem_team_destroy(odd);
    } else {
        printf("PE %d: no context %d\n", me, ctx == SHMEM_CTX_INVALID);
    }
    shmem_barrier_all();
    if (me == 1) printf("PE 1: counter %d\n", counter);
    shmem_finalize();
    return 0;
}
