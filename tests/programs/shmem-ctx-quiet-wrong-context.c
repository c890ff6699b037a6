/* Title: a put completed by the quiet of another context (OpenSHMEM contexts).
 * PE 0 puts 42 into PE 1's data on context A, quiets context B (which holds nothing of it) and
 * raises PE 1's flag with a put on the default context. A quiet completes its own context's
 * puts only: the data may still be on its way when the flag lands and PE 1 reads it. The race
 * monitor reports PE 1's read against the put on A, which nothing ordered; without it the
 * assertion fails in the order where the flag lands before the data.
 * shmem-ctx-quiet-wrong-context-fixed quiets A.
 *
 * RANKFOLD-RUN: -np 2 => race:remote states=6 transitions=8 executions=2 revisits=2
 * RANKFOLD-RUN: -np 2 --no-races => assertion states=8 transitions=13 executions=2 revisits=5
 */
#include <assert.h>
#include <shmem.h>

static int data = 0;
static int flag = 0;

int main(void) {
    shmem_init();
    shmem_ctx_t a, b;
    shmem_ctx_create(0, &a);
    shmem_ctx_create(0, &b);
    if (shmem_my_pe() == 0) {
        shmem_ctx_int_p(a, &data, 42, 1); /* ERROR */
        shmem_ctx_quiet(b); /* the wrong context: the put on a may not have landed */
        shmem_int_p(&flag, 1, 1);
    } else {
        shmem_int_wait_until(&flag, SHMEM_CMP_EQ, 1);
        assert(data == 42); /* ERROR */
    }
    shmem_ctx_destroy(a);
    shmem_ctx_destroy(b);
    shmem_finalize();
    return 0;
}
