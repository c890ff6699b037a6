/* Title: broadcast, collect, fcollect and a 2-D team split (OpenSHMEM collectives).
 * PE 1 broadcasts two ints to the world; each PE contributes PE + 1 ints to a collect (of
 * 10 * PE + k) and one long to an fcollect (PE squared); a split_2d with xrange 2 puts the PEs
 * in rows {0, 1}, {2, 3} (x-axis teams) and columns {0, 2}, {1, 3} (y-axis teams), and a
 * broadcastmem from the row's PE 0 copies its row number. By hand, at 4 PEs: every PE gets
 * 101 201; the collect 0 10 11 20 21 22 30 31 32 33; the fcollect 0 1 4 9.
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-broadcast-collect.expected
 */
#include <shmem.h>
#include <stdio.h>

static int offer[2], got[2];
static int pieces[4], all_pieces[10];
static long square, squares[4];
static char row, row_of_leader;

int main(void) {
    shmem_init();
    const int me = shmem_my_pe();
    offer[0] = 100 + me;
    offer[1] = 200 + me;
    shmem_int_broadcast(SHMEM_TEAM_WORLD, got, offer, 2, 1);
    for (int k = 0; k <= me; ++k) pieces[k] = 10 * me + k;
    shmem_int_collect(SHMEM_TEAM_WORLD, all_pieces, pieces, (size_t)me + 1);
    square = (long)me * me;
    shmem_long_fcollect(SHMEM_TEAM_WORLD, squares, &square, 1);
    shmem_team_t x_team, y_team;
    shmem_team_split_2d(SHMEM_TEAM_WORLD, 2, NULL, 0, &x_team, NULL, 0, &y_team);
    row = (char)shmem_team_my_pe(y_team);
    shmem_broadcastmem(x_team, &row_of_leader, &row, 1, 0);
    shmem_team_sync(y_team);
    printf("PE %d: broadcast %d %d; collect", me, got[0], got[1]);
    for (int k = 0; k < 10; ++k) printf(" %d", all_pieces[k]);
    printf("; fcollect %ld %ld %ld %ld; x %d/%d y %d/%d, row %d\n", squares[0], squares[1],
           squares[2], squares[3], shmem_team_my_pe(x_team), shmem_team_n_pes(x_team),
           shmem_team_my_pe(y_team), shmem_team_n_pes(y_team), row_of_leader);
    shmem_team_destroy(x_team);
    shmem_team_destroy(y_team);
    shmem_finalize();
    return 0;
}
