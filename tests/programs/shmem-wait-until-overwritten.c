/* Title: a wait_until for a value another PE's put may overwrite first (OpenSHMEM deadlock).
 * PE 0 puts 1 into PE 1's flag and PE 2 puts 2; PE 1 waits until flag == 1. When PE 0's put
 * lands last, or PE 1 wakes before PE 2's lands, the wait ends; when PE 2's lands after PE 0's
 * and before PE 1 looks, the flag stays 2 and nothing can satisfy the wait any more (found
 * with the race monitor off: with it on, the two unordered puts are a remote race first).
 *
 * RANKFOLD-RUN: -np 3 --no-races => deadlock states=5 transitions=5 executions=2 revisits=0
 */
#include <shmem.h>

static long flag = 0;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    if (me == 0) shmem_long_p(&flag, 1, 1);
    if (me == 2) shmem_long_p(&flag, 2, 1);
    if (me == 1) shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1); /* ERROR */
    shmem_finalize(); /* ERROR */
    return 0;
}
