/* Title: a ring of puts on the symmetric heap and a global, with barriers (OpenSHMEM).
 * Each PE puts its number into the next PE's symmetric block and a global, then after a
 * barrier reads its left neighbour's block with a get. A PE's puts may land before or after its
 * right neighbour runs its code up to the barrier (which could read them, as far as the checker
 * knows): 9 states at 4 PEs, 3 at 2, one final state; the barriers complete the puts.
 *
 * RANKFOLD-RUN: -np 4 => ok states=9 transitions=16 executions=1 revisits=8
 * RANKFOLD-RUN: -np 2 => ok states=3 transitions=4 executions=1 revisits=2
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-ring-put.expected
 */
#include <shmem.h>
#include <stdio.h>

static int from_left = -1;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    const int n = shmem_n_pes();
    int* block = shmem_malloc(2 * sizeof(int));
    block[0] = 100 + me;
    block[1] = -1;
    shmem_barrier_all(); /* every block is written before anyone reads */
    shmem_int_p(&from_left, me, (me + 1) % n);
    shmem_int_put(&block[1], &block[0], 1, (me + 1) % n);
    shmem_barrier_all();
    int left_block[2];
    shmem_int_get(left_block, block, 2, (me + n - 1) % n);
    shmem_barrier_all();
    printf("PE %d: from the left %d, block %d %d, left's block %d %d\n", me, from_left, block[0],
           block[1], left_block[0], left_block[1]);
    shmem_free(block);
    shmem_finalize();
    return 0;
}
