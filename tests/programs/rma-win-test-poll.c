/* Title: a target polls MPI_Win_test until its exposure epoch is complete; both answers are explored.
 * Rank 0 posts its window to ranks 1 and 2 and polls MPI_Win_test, noting in a global whether
 * it ever heard "not yet"; each origin puts its rank into rank 0's window and completes. The
 * closure runs the origins to their MPI_Win_free first, so the first MPI_Win_test can say "done"
 * (one execution) or "not yet" (heard_not_yet becomes 1); every later test again "done" (a second
 * execution) or "not yet", which returns to the same state (the revisit): 4 states, 4
 * transitions, 2 executions. The load after the loop is ordered after the puts by "done".
 *
 * RANKFOLD-RUN: -np 3 => ok states=4 transitions=4 executions=2 revisits=1
 * RANKFOLD-NO-DIFF: whether MPI_Win_test first says "not yet" depends on timing in MPICH
 */
#include <mpi.h>
#include <stdio.h>

static int heard_not_yet = 0;

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int memory[3] = {0, 0, 0};
    MPI_Win win;
    MPI_Win_create(memory, sizeof memory, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Group world, peers;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    if (rank == 0) {
        const int origins[2] = {1, 2};
        MPI_Group_incl(world, 2, origins, &peers);
        MPI_Win_post(peers, 0, win);
        int flag = 0;
        MPI_Win_test(win, &flag);
        while (!flag) {
            heard_not_yet = 1;
            MPI_Win_test(win, &flag);
        }
        printf("rank 0 holds %d %d after polling (not yet heard: %d)\n", memory[1], memory[2],
               heard_not_yet);
    } else {
        const int target = 0;
        MPI_Group_incl(world, 1, &target, &peers);
        MPI_Win_start(peers, 0, win);
        MPI_Put(&rank, 1, MPI_INT, 0, rank, 1, MPI_INT, win);
        MPI_Win_complete(win);
    }
    MPI_Group_free(&peers);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
