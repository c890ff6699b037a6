/* Title: the fixed twin of shmem-call-before-init: shmem_init first.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-call-before-init-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    printf("PE %d\n", me);
    shmem_finalize();
    return 0;
}
