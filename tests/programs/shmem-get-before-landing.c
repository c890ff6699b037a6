/* Title: a get from a PE that another PE's put has not reached yet (OpenSHMEM).
 * PE 0 puts 42 into PE 1's x and PE 2 gets x from PE 1, with nothing ordering the two: the put
 * may land before or after the get reads, and the explorer tries both (the get is a choice
 * point while a put of another PE to those bytes is pending). PE 2's assertion fails where the
 * get comes first. shmem-get-before-landing-fixed completes the put and synchronises first.
 *
 * RANKFOLD-RUN: -np 3 => assertion states=3 transitions=4 executions=2 revisits=1
 * RANKFOLD-RUN: -np 3 --single-run => ok
 * RANKFOLD-NO-DIFF: its bug depends on the delivery order
 */
#include <assert.h>
#include <shmem.h>

static int x = 0;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    if (me == 0) shmem_int_p(&x, 42, 1);
    if (me == 2) {
        const int seen = shmem_int_g(&x, 1);
        assert(seen == 42); /* ERROR */
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
