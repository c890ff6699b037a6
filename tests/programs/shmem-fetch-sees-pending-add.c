/* Title: a fetching atomic reads a counter another PE's atomic add may not have reached yet
 * (OpenSHMEM).
 * PE 0 adds 1 to PE 1's counter (a non-fetching atomic: it lands later) and PE 2 fetches the
 * counter with shmem_atomic_fetch, nothing ordering the two: the explorer gives the fetch both
 * values, 0 and 1, in two executions (the program accepts either and prints nothing that
 * depends on it). After the barrier the counter is 1 everywhere.
 *
 * RANKFOLD-RUN: -np 3 => ok states=4 transitions=6 executions=1 revisits=3
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-fetch-sees-pending-add.expected
 */
#include <assert.h>
#include <shmem.h>
#include <stdio.h>

static long counter = 0;
static long seen = -1;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    if (me == 0) shmem_long_atomic_add(&counter, 1, 1);
    if (me == 2) {
        seen = shmem_long_atomic_fetch(&counter, 1);
        assert(seen == 0 || seen == 1);
    }
    shmem_barrier_all();
    if (me == 1) printf("PE 1: counter = %ld\n", counter);
    shmem_finalize();
    return 0;
}
