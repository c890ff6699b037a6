/* Title: a symmetric allocation whose size differs between PEs (OpenSHMEM misuse).
 * shmem_malloc is collective and must be given the same size on every PE; here each PE asks
 * for a block sized by its own number.
 *
 * RANKFOLD-RUN: -np 2 => usage:symmetric-size-mismatch states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>

int main(void) {
    shmem_init();
    int* block = shmem_malloc((size_t)(shmem_my_pe() + 1) * sizeof(int)); /* ERROR */
    shmem_free(block);
    shmem_finalize();
    return 0;
}
