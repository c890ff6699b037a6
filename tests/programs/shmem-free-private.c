/* Title: shmem_free of memory from malloc (OpenSHMEM misuse).
 * Only blocks of the symmetric heap may be given to shmem_free.
 *
 * RANKFOLD-RUN: -np 2 => usage:bad-symmetric-free states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>
#include <stdlib.h>

int main(void) {
    shmem_init();
    int* block = malloc(4 * sizeof(int));
    shmem_free(block); /* ERROR */
    shmem_finalize();
    return 0;
}
