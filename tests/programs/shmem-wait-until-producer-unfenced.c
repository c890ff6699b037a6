/* Title: a producer puts data, then a flag, with no fence between (OpenSHMEM race).
 * The bug twin of shmem-wait-until-producer: PE 0 puts the data and then the flag without
 * shmem_fence, so nothing orders the data's delivery before the flag's (OpenSHMEM 1.5 §9.10.1:
 * only a fence or a quiet does); PE 1 waits for the flag and reads the data, which may not be
 * there yet. The simulated delivery lands one PE's puts to a target in order, so the data is
 * always there and the program's output looks right; the race monitor counts on that order
 * only across a fence and reports PE 1's read against PE 0's data put.
 *
 * RANKFOLD-RUN: -np 2 => race:remote states=2 transitions=2 executions=1 revisits=0
 * RANKFOLD-RUN: -np 2 --no-races => ok states=7 transitions=10 executions=1 revisits=4
 * RANKFOLD-NO-DIFF: an OpenSHMEM program whose bug is a race (its output may be right)
 */
#include <shmem.h>
#include <stdio.h>

static int data[3];
static long ready = 0;

int main(void) {
    shmem_init();
    if (shmem_my_pe() == 0) {
        const int values[3] = {7, 11, 13};
        shmem_int_put(data, values, 3, 1); /* ERROR */
        shmem_long_p(&ready, 1, 1);
    } else if (shmem_my_pe() == 1) {
        shmem_long_wait_until(&ready, SHMEM_CMP_EQ, 1);
        printf("consumer got %d %d %d\n", data[0], data[1], data[2]); /* ERROR */
    }
    shmem_finalize();
    return 0;
}
