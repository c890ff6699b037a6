/* Title: a broadcast from the team's PE 1, world PE 3 (OpenSHMEM, fixed twin of
 * shmem-broadcast-root.c). The odd PEs get 3; the even ones keep 0.
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-broadcast-root-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

static long offer, got;

int main(void) {
    shmem_init();
    shmem_team_t odd;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, shmem_n_pes() / 2, NULL, 0, &odd);
    offer = shmem_my_pe();
    if (odd != SHMEM_TEAM_INVALID) shmem_long_broadcast(odd, &got, &offer, 1, 1);
    printf("PE %d got %ld\n", shmem_my_pe(), got);
    shmem_team_destroy(odd);
    shmem_finalize();
    return 0;
}
