/* Title: every member destroys the team it split off (OpenSHMEM, fixed twin of
 * shmem-team-leak.c). The odd PEs, which the split left out, destroy nothing.
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-team-leak-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

int main(void) {
    shmem_init();
    shmem_team_t evens;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (shmem_n_pes() + 1) / 2, NULL, 0, &evens);
    if (evens != SHMEM_TEAM_INVALID) {
        shmem_team_sync(evens);
        shmem_team_destroy(evens);
    }
    printf("PE %d in team %d\n", shmem_my_pe(), evens != SHMEM_TEAM_INVALID);
    shmem_finalize();
    return 0;
}
