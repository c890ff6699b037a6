/* Title: every PE reduces two elements (OpenSHMEM, fixed twin of shmem-reduce-mismatch.c).
 * The sums of 0 and 1 are 1 and 1.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-reduce-mismatch-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

static int values[2], sums[2];

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    values[0] = values[1] = me;
    shmem_int_sum_reduce(SHMEM_TEAM_WORLD, sums, values, 2);
    printf("PE %d: sums %d %d\n", me, sums[0], sums[1]);
    shmem_finalize();
    return 0;
}
