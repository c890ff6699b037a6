/* Title: one PE puts twice to the same word of another, a fence between (OpenSHMEM).
 * The fixed twin of shmem-put-twice-unfenced: shmem_fence orders the first put's delivery
 * before the second's, so PE 1 finds 2 after the barrier in every execution and the race
 * monitor reports nothing.
 *
 * RANKFOLD-RUN: -np 2 => ok states=3 transitions=4 executions=1 revisits=2
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-put-twice-fenced.expected
 */
#include <assert.h>
#include <shmem.h>
#include <stdio.h>

static int x = 0;

int main(void) {
    shmem_init();
    if (shmem_my_pe() == 0) {
        shmem_int_p(&x, 1, 1);
        shmem_fence();
        shmem_int_p(&x, 2, 1);
    }
    shmem_barrier_all();
    if (shmem_my_pe() == 1) {
        assert(x == 2);
        printf("PE 1: x = %d\n", x);
    }
    shmem_finalize();
    return 0;
}
