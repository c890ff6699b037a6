/* Title: the fixed twin of shmem-collective-mismatch: every PE frees the block.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-collective-mismatch-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

int main(void) {
    shmem_init();
    int* block = shmem_malloc(sizeof(int));
    shmem_free(block);
    shmem_barrier_all();
    printf("PE %d freed\n", shmem_my_pe());
    shmem_finalize();
    return 0;
}
