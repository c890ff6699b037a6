/* Title: a pipeline of put-with-signal stages (OpenSHMEM shmem_put_signal).
 * PE 0 starts a value; every other PE waits on its signal with shmem_signal_wait_until, adds
 * its number and passes the value on with shmem_int_put_signal; the last PE prints it.
 * Each stage's put-with-signal lands as a choice while its PE is held at its quiet-starting
 * shmem_finalize and the next PE waits on the signal: 6 states, one final state.
 *
 * RANKFOLD-RUN: -np 4 => ok states=6 transitions=7 executions=1 revisits=2
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-put-signal-pipeline.expected
 */
#include <shmem.h>
#include <stdio.h>

static int value;
static uint64_t signal_word = 0;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    const int n = shmem_n_pes();
    int mine = 1;
    if (me > 0) {
        const uint64_t seen = shmem_signal_wait_until(&signal_word, SHMEM_CMP_GE, 1);
        mine = value + me;
        printf("stage %d: signal %lu, value %d\n", me, (unsigned long)seen, mine);
    }
    if (me + 1 < n) shmem_int_put_signal(&value, &mine, 1, &signal_word, 1, SHMEM_SIGNAL_ADD, me + 1);
    shmem_finalize();
    return 0;
}
