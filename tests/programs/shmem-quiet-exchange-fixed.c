/* Title: a PE reads what its neighbour put after shmem_quiet and shmem_sync_all (OpenSHMEM).
 * The fixed twin of shmem-quiet-exchange: each PE's quiet completes its own put, and the sync
 * after it tells every PE that the others' quiets are done, so x holds the left neighbour's
 * number. Both PEs start held at a quiet that would land a put the other could see: the
 * explorer lands those puts one by one and offers a PE's step once its own put has landed
 * (16 transitions and 8 revisits before, when the held quiet was a choice too; the same 9
 * states).
 *
 * RANKFOLD-RUN: -np 2 => ok states=9 transitions=14 executions=1 revisits=6
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-quiet-exchange-fixed.expected
 */
#include <assert.h>
#include <shmem.h>
#include <stdio.h>

static int x = -1;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    const int n = shmem_n_pes();
    shmem_int_p(&x, me, (me + 1) % n);
    shmem_quiet();
    shmem_sync_all();
    assert(x == (me + n - 1) % n);
    printf("PE %d: x = %d\n", me, x);
    shmem_finalize();
    return 0;
}
