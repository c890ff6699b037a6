/* Title: a consumer waits for a flag value the producer never writes (OpenSHMEM deadlock).
 * PE 0 sets the flag to 1, PE 1 waits for 2: nothing can satisfy the wait, and the report
 * names the condition and the value seen.
 * PE 0's put lands as a choice (PE 1 waits on it, PE 0 is held at shmem_finalize): 1 state.
 *
 * RANKFOLD-RUN: -np 2 => deadlock states=1 transitions=1 executions=1 revisits=0
 */
#include <shmem.h>

static long flag = 0;

int main(void) {
    shmem_init();
    if (shmem_my_pe() == 0) shmem_long_p(&flag, 1, 1);
    if (shmem_my_pe() == 1) shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 2); /* ERROR */
    shmem_finalize(); /* ERROR */
    return 0;
}
