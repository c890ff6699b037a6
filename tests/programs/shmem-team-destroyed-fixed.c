/* Title: a team destroyed after its last use (OpenSHMEM, fixed twin of
 * shmem-team-destroyed.c). The sum of 0 and 1 is 1.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-team-destroyed-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

static int value, total;

int main(void) {
    shmem_init();
    shmem_team_t pair;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 2, NULL, 0, &pair);
    value = shmem_my_pe();
    shmem_int_sum_reduce(pair, &total, &value, 1);
    shmem_team_destroy(pair);
    printf("PE %d: total %d\n", shmem_my_pe(), total);
    shmem_finalize();
    return 0;
}
