/* Title: a PE syncs a team it is not in (OpenSHMEM misuse).
 * The split gives the odd PEs SHMEM_TEAM_INVALID for the even team, and they sync it anyway.
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-team states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>

int main(void) {
    shmem_init();
    shmem_team_t even;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (shmem_n_pes() + 1) / 2, NULL, 0, &even);
    shmem_team_sync(even); /* ERROR */
    shmem_finalize();
    return 0;
}
