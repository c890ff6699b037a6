/* Title: a producer puts data, then a flag; the consumer waits on the flag (OpenSHMEM).
 * PE 0 puts the data, orders it with shmem_fence before the flag, and PE 1 waits with
 * shmem_long_wait_until until the flag is set, then prints the data. The race monitor must not
 * report it: the wait on the flag orders the data put (its landing came first) before the reads.
 * The data and the flag land in order (PE 0's puts to one PE), each a choice against PE 1's
 * wake-up and PE 0's finalize: 7 states, one final state.
 *
 * RANKFOLD-RUN: -np 2 => ok states=7 transitions=10 executions=1 revisits=4
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-wait-until-producer.expected
 */
#include <shmem.h>
#include <stdio.h>

static int data[3];
static long ready = 0;

int main(void) {
    shmem_init();
    if (shmem_my_pe() == 0) {
        const int values[3] = {7, 11, 13};
        shmem_int_put(data, values, 3, 1);
        shmem_fence();
        shmem_long_p(&ready, 1, 1);
    } else if (shmem_my_pe() == 1) {
        shmem_long_wait_until(&ready, SHMEM_CMP_EQ, 1);
        printf("consumer got %d %d %d\n", data[0], data[1], data[2]);
    }
    shmem_finalize();
    return 0;
}
