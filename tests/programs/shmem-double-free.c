/* Title: a symmetric block freed twice (OpenSHMEM misuse).
 * The second shmem_free is given an address that is no longer a live block of the symmetric
 * heap.
 *
 * RANKFOLD-RUN: -np 2 => usage:bad-symmetric-free states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>

int main(void) {
    shmem_init();
    long* block = shmem_malloc(8 * sizeof(long));
    shmem_free(block);
    shmem_free(block); /* ERROR */
    shmem_finalize();
    return 0;
}
