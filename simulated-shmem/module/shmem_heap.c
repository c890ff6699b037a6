/* The symmetric heap of one PE: linked into the program, so every rank's copy of the program
 * has its own at the same offset, and snapshots capture it with the program's other globals.
 * shmem.h refers to rankfold_shmem_heap, which pulls this file in from its archive. */
#define RANKFOLD_SHMEM_HEAP_SIZE (1024 * 1024)

__attribute__((visibility("default"), aligned(4096))) unsigned char
    rankfold_shmem_heap[RANKFOLD_SHMEM_HEAP_SIZE];
__attribute__((visibility("default"))) const unsigned long rankfold_shmem_heap_size =
    RANKFOLD_SHMEM_HEAP_SIZE;
