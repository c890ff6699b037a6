/* Title: a put to a PE that does not exist (OpenSHMEM misuse).
 * The ring forgets the modulo: the last PE puts to PE n_pes.
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-pe states=0 transitions=0 executions=1 revisits=0
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
