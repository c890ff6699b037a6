/* Title: a put completed by shmem_barrier_all before its target reads it (OpenSHMEM).
 * The fixed twin of shmem-put-lands-late: shmem_barrier_all is a quiet and a sync, so PE 0's
 * put has landed before PE 1 leaves the barrier. PE 1 waiting in the barrier cannot see it
 * land; before that, PE 1's code up to the barrier could (as far as the checker knows), so both
 * orders are explored there: 2 states, one final state.
 *
 * RANKFOLD-RUN: -np 2 => ok states=2 transitions=2 executions=1 revisits=1
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-put-lands-late-fixed.expected
 */
#include <assert.h>
#include <shmem.h>
#include <stdio.h>

static int x = 0;

int main(void) {
    shmem_init();
    if (shmem_my_pe() == 0) shmem_int_p(&x, 42, 1);
    shmem_barrier_all();
    if (shmem_my_pe() == 1) {
        assert(x == 42);
        printf("PE 1: x = %d\n", x);
    }
    shmem_finalize();
    return 0;
}
