/* Title: one PE puts twice to the same word of another without a fence (OpenSHMEM race).
 * PE 0 puts 1 and then 2 into PE 1's x. Without shmem_fence the two puts may be delivered in
 * either order (Schwitanski's thesis, Fig. 2.9b), so the value PE 1 finds after the barrier
 * is not defined: the race monitor reports the second put against the first.
 * shmem-put-twice-fenced orders them with a fence.
 *
 * RANKFOLD-RUN: -np 2 => race:remote states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: an OpenSHMEM program whose bug is a race
 */
#include <shmem.h>
#include <stdio.h>

static int x = 0;

int main(void) {
    shmem_init();
    if (shmem_my_pe() == 0) {
        shmem_int_p(&x, 1, 1); /* ERROR */
        shmem_int_p(&x, 2, 1); /* ERROR */
    }
    shmem_barrier_all();
    if (shmem_my_pe() == 1) printf("PE 1: x = %d\n", x);
    shmem_finalize();
    return 0;
}
