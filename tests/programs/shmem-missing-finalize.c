/* Title: a PE returns from main without shmem_finalize (OpenSHMEM misuse).
 * PE 1 leaves early; shmem_finalize is collective, so PE 0 also waits for it in vain, but the
 * first thing found is PE 1's return without it.
 *
 * RANKFOLD-RUN: -np 2 => usage:missing-finalize states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>

int main(void) {
    shmem_init(); /* ERROR */
    if (shmem_my_pe() == 1) return 0;
    shmem_finalize();
    return 0;
}
