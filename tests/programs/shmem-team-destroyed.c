/* Title: a team used after shmem_team_destroy (OpenSHMEM misuse).
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-team states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>

static int value, total;

int main(void) {
    shmem_init();
    shmem_team_t pair;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 2, NULL, 0, &pair);
    value = shmem_my_pe();
    shmem_team_destroy(pair);
    shmem_int_sum_reduce(pair, &total, &value, 1); /* ERROR */
    shmem_finalize();
    return 0;
}
