/* Title: a broadcast whose root is outside the team (OpenSHMEM misuse).
 * PE_root numbers a PE of the team, not of the world: the team of the odd PEs at 4 PEs has
 * two PEs, and world PE 3 is its PE 1.
 *
 * RANKFOLD-RUN: -np 4 => usage:invalid-pe states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>

static long offer, got;

int main(void) {
    shmem_init();
    shmem_team_t odd;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, shmem_n_pes() / 2, NULL, 0, &odd);
    offer = shmem_my_pe();
    if (odd != SHMEM_TEAM_INVALID) shmem_long_broadcast(odd, &got, &offer, 1, 3); /* ERROR */
    shmem_finalize();
    return 0;
}
