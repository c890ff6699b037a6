/* Title: the 1.4 active-set collectives: broadcast64, barrier, int_sum_to_all, fcollect32
 * (OpenSHMEM, deprecated forms still in use).
 * The even PEs broadcast from their set's PE 1 (world PE 2), while the odd PEs meet in a
 * barrier of their own set; then everyone sums PE + 1 and gathers 3 * PE. By hand, at 4 PEs:
 * PE 0 gets 1002; the root PE 2 keeps -1 (the active-set broadcast does not write the root's
 * dest), as do the odd PEs; the total is 1 + 2 + 3 + 4 = 10; the ids are 0 3 6 9.
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-active-set.expected
 */
#include <shmem.h>
#include <stdio.h>

static long sync_broadcast[SHMEM_BCAST_SYNC_SIZE], sync_barrier[SHMEM_BARRIER_SYNC_SIZE];
static long sync_reduce[SHMEM_REDUCE_SYNC_SIZE], sync_collect[SHMEM_COLLECT_SYNC_SIZE];
static int work[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
static long offer, got = -1;
static int value, total, id, ids[4];

int main(void) {
    shmem_init();
    for (int i = 0; i < SHMEM_SYNC_SIZE; ++i)
        sync_broadcast[i] = sync_barrier[i] = sync_reduce[i] = sync_collect[i] =
            SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    const int me = shmem_my_pe();
    const int n = shmem_n_pes();
    offer = 1000 + me;
    if (me % 2 == 0) shmem_broadcast64(&got, &offer, 1, 1, 0, 1, (n + 1) / 2, sync_broadcast);
    else shmem_barrier(1, 1, n / 2, sync_barrier);
    value = me + 1;
    shmem_int_sum_to_all(&total, &value, 1, 0, 0, n, work, sync_reduce);
    id = 3 * me;
    shmem_fcollect32(ids, &id, 1, 0, 0, n, sync_collect);
    printf("PE %d: got %ld, total %d, ids %d %d %d %d\n", me, got, total, ids[0], ids[1], ids[2],
           ids[3]);
    shmem_finalize();
    return 0;
}
