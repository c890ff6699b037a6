/* Title: a put after shmem_finalize (OpenSHMEM misuse).
 *
 * RANKFOLD-RUN: -np 2 => usage:call-after-finalize states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>

static int slot;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    shmem_finalize();
    shmem_int_p(&slot, me, 0); /* ERROR */
    return 0;
}
