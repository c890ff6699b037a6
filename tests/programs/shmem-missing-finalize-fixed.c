/* Title: the fixed twin of shmem-missing-finalize: every PE finalizes.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-missing-finalize-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    shmem_finalize();
    if (me == 1) printf("PE 1 done\n");
    return 0;
}
