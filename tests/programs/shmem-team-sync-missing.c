/* Title: a team collective not called by every member (OpenSHMEM deadlock).
 * PE 1 skips the team_sync of the team both PEs are in; PE 0 waits in it forever, PE 1 in
 * shmem_finalize, and the report names PE 1 as the one missing.
 *
 * RANKFOLD-RUN: -np 2 => deadlock states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>

int main(void) {
    shmem_init();
    shmem_team_t pair;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 2, NULL, 0, &pair);
    if (shmem_my_pe() == 0) shmem_team_sync(pair); /* ERROR */
    shmem_finalize();
    return 0;
}
