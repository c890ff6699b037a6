/* Title: each row gets a source buffer of its own until shmem_quiet (OpenSHMEM, fixed twin of
 * shmem-put-nbi-source-reuse.c).
 * The states are the landings of the two puts, choices while the other PE fills its own rows.
 *
 * RANKFOLD-RUN: -np 2 => ok states=11 transitions=20 executions=1 revisits=10
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-put-nbi-source-reuse-fixed.expected
 */
#include <shmem.h>
#include <stdio.h>

static int inbox[2][4];
static int rows[2][4];

int main(void) {
    shmem_init();
    const int me = shmem_my_pe(), right = (me + 1) % shmem_n_pes();
    for (int r = 0; r < 2; ++r) {
        for (int i = 0; i < 4; ++i) rows[r][i] = 100 * me + 10 * r + i;
        shmem_int_put_nbi(inbox[r], rows[r], 4, right);
    }
    shmem_quiet();
    for (int i = 0; i < 4; ++i) rows[0][i] = -1; /* reusable once the puts completed */
    shmem_barrier_all();
    printf("PE %d: %d %d\n", me, inbox[0][3], inbox[1][3]);
    shmem_finalize();
    return 0;
}
