/* Title: a context's put on a handle no shmem_ctx_create made (predefined contract class
 * shmem-context-use, checked by the runtime: usage:invalid-context).
 * The program puts through a context it never created (a global holding 1, a handle no
 * shmem_ctx_create returned). contract-shmem-ctx-use-fixed creates it first.
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-context states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>

static shmem_ctx_t ctx = 1;
static long x;

int main(void) {
    shmem_init();
    const long one = 1;
    shmem_ctx_putmem(ctx, &x, &one, sizeof one, 0); /* ERROR */
    shmem_finalize();
    return 0;
}
