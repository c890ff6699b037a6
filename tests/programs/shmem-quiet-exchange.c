/* Title: a PE reads what its neighbour put after its own shmem_quiet, which completes only its
 * own put (OpenSHMEM). Each PE puts its number into its right neighbour's x and calls
 * shmem_quiet; it then checks that x holds its left neighbour's number. The quiet lands the
 * PE's own put, not the neighbour's: in the order where PE 0 passes its quiet before PE 1's
 * put lands, PE 0's assertion fails. That is the first order tried, so the assertion is the
 * verdict with the race monitor on as well.
 * Both PEs start held at a quiet that would land a put the other could see: the explorer lands
 * those puts one by one (a choice each) and offers a PE's step only once its own put has
 * landed, so "PE 0 reads before PE 1's put lands" is the landing of PE 0's put, then PE 0's
 * step.
 *
 * RANKFOLD-RUN: -np 2 => assertion states=1 transitions=1 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --no-races => assertion states=1 transitions=1 executions=1 revisits=0
 */
#include <assert.h>
#include <shmem.h>

static int x = -1;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    const int n = shmem_n_pes();
    shmem_int_p(&x, me, (me + 1) % n);
    shmem_quiet();
    assert(x == (me + n - 1) % n); /* ERROR */
    shmem_finalize();
    return 0;
}
