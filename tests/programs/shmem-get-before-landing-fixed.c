/* Title: a get after the put it reads was completed and announced (OpenSHMEM).
 * The fixed twin of shmem-get-before-landing: PE 0 completes its put with shmem_quiet before
 * shmem_sync_all, so PE 2's get after the sync finds 42 in every execution.
 *
 * RANKFOLD-RUN: -np 3 => ok states=4 transitions=5 executions=1 revisits=2
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-get-before-landing-fixed.expected
 */
#include <assert.h>
#include <shmem.h>
#include <stdio.h>

static int x = 0;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    if (me == 0) {
        shmem_int_p(&x, 42, 1);
        shmem_quiet();
    }
    shmem_sync_all();
    if (me == 2) {
        const int seen = shmem_int_g(&x, 1);
        assert(seen == 42);
        printf("PE 2 got %d\n", seen);
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
