/* Title: a context's put on a handle shmem_ctx_create made (predefined contract class
 * shmem-context-use). The fixed twin of contract-shmem-ctx-use.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/contract-shmem-ctx-use-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

static shmem_ctx_t ctx = 1;
static long x;

int main(void) {
    shmem_init();
    shmem_ctx_create(0, &ctx);
    const long one = 1;
    shmem_ctx_putmem(ctx, &x, &one, sizeof one, shmem_my_pe());
    shmem_ctx_destroy(ctx);
    printf("PE %d: %ld\n", shmem_my_pe(), x);
    shmem_finalize();
    return 0;
}
