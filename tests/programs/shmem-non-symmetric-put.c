/* Title: a put whose destination is a local variable (OpenSHMEM misuse).
 * shmem_int_p needs a symmetric destination (a global, a static or shmem_malloc memory); a
 * stack variable exists only on the calling PE.
 *
 * RANKFOLD-RUN: -np 2 => usage:non-symmetric-address states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>

int main(void) {
    shmem_init();
    int local = 0;
    shmem_int_p(&local, 1, (shmem_my_pe() + 1) % shmem_n_pes()); /* ERROR */
    shmem_barrier_all();
    shmem_finalize();
    return local;
}
