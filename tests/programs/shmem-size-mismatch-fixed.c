/* Title: the fixed twin of shmem-size-mismatch: every PE allocates for the largest.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-size-mismatch-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

int main(void) {
    shmem_init();
    int* block = shmem_malloc((size_t)shmem_n_pes() * sizeof(int));
    printf("PE %d: allocated %d\n", shmem_my_pe(), block != NULL);
    shmem_free(block);
    shmem_finalize();
    return 0;
}
