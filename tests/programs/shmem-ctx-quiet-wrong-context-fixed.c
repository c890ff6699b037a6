/* Title: a put on a context quieted before the flag that announces it (OpenSHMEM contexts).
 * The fixed twin of shmem-ctx-quiet-wrong-context: PE 0 quiets context A, on which it put the
 * data, before raising PE 1's flag on the default context, so the data has landed whenever
 * PE 1 sees the flag (and the flag's landing tells PE 1 so: no race).
 *
 * RANKFOLD-RUN: -np 2 => ok states=7 transitions=10 executions=1 revisits=4
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-ctx-quiet-wrong-context-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

static int data = 0;
static int flag = 0;

int main(void) {
    shmem_init();
    shmem_ctx_t a, b;
    shmem_ctx_create(0, &a);
    shmem_ctx_create(0, &b);
    if (shmem_my_pe() == 0) {
        shmem_ctx_int_p(a, &data, 42, 1);
        shmem_ctx_quiet(a);
        shmem_int_p(&flag, 1, 1);
    } else {
        shmem_int_wait_until(&flag, SHMEM_CMP_EQ, 1);
        printf("PE 1 sees %d\n", data);
    }
    shmem_ctx_destroy(a);
    shmem_ctx_destroy(b);
    shmem_finalize();
    return 0;
}
