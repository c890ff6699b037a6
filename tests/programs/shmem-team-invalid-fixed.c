/* Title: only the members sync the team they split (OpenSHMEM, fixed twin of
 * shmem-team-invalid.c).
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-team-invalid-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

int main(void) {
    shmem_init();
    shmem_team_t even;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (shmem_n_pes() + 1) / 2, NULL, 0, &even);
    if (even != SHMEM_TEAM_INVALID) shmem_team_sync(even);
    printf("PE %d synced\n", shmem_my_pe());
    shmem_team_destroy(even);
    shmem_finalize();
    return 0;
}
