/* Title: every member calls the team_sync (OpenSHMEM, fixed twin of
 * shmem-team-sync-missing.c).
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-team-sync-missing-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

int main(void) {
    shmem_init();
    shmem_team_t pair;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 2, NULL, 0, &pair);
    shmem_team_sync(pair);
    printf("PE %d passed\n", shmem_my_pe());
    shmem_team_destroy(pair);
    shmem_finalize();
    return 0;
}
