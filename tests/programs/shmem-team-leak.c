/* Title: a team split off SHMEM_TEAM_WORLD is never destroyed (OpenSHMEM, usage:resource-leak).
 * The even PEs form a team and synchronise on it; none of them calls shmem_team_destroy before
 * shmem_finalize. The odd PEs hold SHMEM_TEAM_INVALID and owe nothing (the predefined contract
 * class shmem-team-lifecycle names this check).
 *
 * RANKFOLD-RUN: -np 4 => usage:resource-leak states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>
#include <stdio.h>

int main(void) {
    shmem_init();
    shmem_team_t evens;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (shmem_n_pes() + 1) / 2, NULL, 0, &evens);
    if (evens != SHMEM_TEAM_INVALID) shmem_team_sync(evens);
    printf("PE %d in team %d\n", shmem_my_pe(), evens != SHMEM_TEAM_INVALID);
    shmem_finalize(); /* ERROR */
    return 0;
}
