/* Title: statistics counters in a heap block left out of the state with rankfold_ignore_heap.
 * Rank 0 polls with MPI_Iprobe until the other ranks' messages are there and counts its polls in
 * a malloc'd block it marks with rankfold_ignore_heap; it prints them at the end but never acts
 * on them, so the polling loop comes back to a state it has seen and the search ends. With the
 * argument count-in-state the block is not marked: every "not yet" is then a new state and the
 * search does not end. With interior-pointer the mark is given a pointer into the block, not its
 * start: a heap-error (ignore-not-a-block) at the call. Built at -O0, where semantic equality
 * leaves the dead copies of the counters in callee-saved registers out.
 *
 * RANKFOLD-RUN: -np 3 => ok states=4 transitions=7 executions=1 revisits=4
 * RANKFOLD-RUN: -np 3 --max-states 200 -- count-in-state => limit states=200 transitions=395 executions=1 revisits=196
 * RANKFOLD-RUN: -np 3 -- interior-pointer => heap-error:ignore-not-a-block states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-CFLAGS: -O0
 * RANKFOLD-NO-DIFF: prints poll counts, which depend on the schedule
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef RANKFOLD
#include <rankfold.h>
#else
#define rankfold_ignore_heap(pointer) ((void)(pointer))
#endif

struct poll_stats {
    long polls;
    long empty;
};

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char* how = argc > 1 ? argv[1] : "";
    struct poll_stats* stats = calloc(1, sizeof *stats);
    if (strcmp(how, "interior-pointer") == 0)
        rankfold_ignore_heap(&stats->empty); /* ERROR */
    else if (strcmp(how, "count-in-state") != 0)
        rankfold_ignore_heap(stats);
    if (rank == 0) {
        int received = 0, sum = 0;
        while (received < size - 1) {
            int flag = 0, v;
            MPI_Status st;
            stats->polls++;
            MPI_Iprobe(MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &flag, &st);
            if (!flag) {
                stats->empty++;
                continue;
            }
            MPI_Recv(&v, 1, MPI_INT, st.MPI_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            sum += v;
            received++;
        }
        printf("sum %d after %ld polls (%ld empty)\n", sum, stats->polls, stats->empty);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    free(stats);
    MPI_Finalize();
    return 0;
}
