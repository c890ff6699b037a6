/* Title: shmem_my_pe called before shmem_init (OpenSHMEM misuse).
 *
 * RANKFOLD-RUN: -np 2 => usage:call-before-init states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>
#include <stdio.h>

int main(void) {
    const int me = shmem_my_pe(); /* ERROR */
    shmem_init();
    printf("PE %d\n", me);
    shmem_finalize();
    return 0;
}
