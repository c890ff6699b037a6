/* Title: the fixed twin of shmem-double-free: each block is freed once, and a block
 * allocated after a free reuses its place (the same address on every PE).
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-double-free-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

int main(void) {
    shmem_init();
    long* block = shmem_malloc(8 * sizeof(long));
    shmem_free(block);
    long* again = shmem_calloc(8, sizeof(long));
    printf("PE %d: reused %d, zeroed %d\n", shmem_my_pe(), again == block, again[7] == 0);
    shmem_free(again);
    shmem_finalize();
    return 0;
}
