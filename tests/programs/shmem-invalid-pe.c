/* Title: a put to a PE that does not exist (OpenSHMEM misuse).
 * The ring forgets the modulo: the last PE puts to PE n_pes.
 * One landing choice (PE 0's put to PE 1) comes before PE 1's bad put: 1 state.
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-pe states=1 transitions=1 executions=1 revisits=0
 */
#include <shmem.h>

static int slot;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    shmem_int_p(&slot, me, me + 1); /* ERROR */
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
