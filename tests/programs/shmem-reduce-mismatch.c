/* Title: PEs reduce different counts in one reduction (OpenSHMEM misuse).
 * PE 0 reduces two elements, the others one: every member must pass the same nreduce.
 *
 * RANKFOLD-RUN: -np 2 => usage:collective-mismatch states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>

static int values[2], sums[2];

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    values[0] = values[1] = me;
    shmem_int_sum_reduce(SHMEM_TEAM_WORLD, sums, values, me == 0 ? 2 : 1); /* ERROR */
    shmem_finalize();
    return 0;
}
