/* Title: a put read at its target after shmem_sync_all, which does not complete it (OpenSHMEM).
 * PE 0 puts 42 into PE 1's x and both call shmem_sync_all; PE 1 then checks x. A sync orders
 * the PEs but not PE 0's put: without a quiet the put may still be on its way, and PE 1's
 * assertion fails in the explored order where it lands after PE 1's read; the race monitor
 * reports the read and the put as a remote race first, in any order (nothing orders them).
 * --single-run lands the put first and misses the assertion.
 *
 * RANKFOLD-RUN: -np 2 => race:remote states=1 transitions=1 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --no-races => assertion states=4 transitions=6 executions=2 revisits=2
 * RANKFOLD-RUN: -np 2 --no-races --single-run => ok
 */
#include <assert.h>
#include <shmem.h>

static int x = 0;

int main(void) {
    shmem_init();
    if (shmem_my_pe() == 0) shmem_int_p(&x, 42, 1); /* ERROR */
    shmem_sync_all();
    if (shmem_my_pe() == 1) assert(x == 42); /* ERROR */
    shmem_finalize();
    return 0;
}
