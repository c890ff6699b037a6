/* A statistics counter left out of the state: rank 0 polls with MPI_Iprobe until the other
 * ranks' messages are there and counts every poll in `polls` (and how many of them came back
 * empty, in `empty_polls`, marked with rankfold_ignore), which it prints at the end but never
 * acts on. Counted in the state, every "not yet" would be a new state and the search would not
 * end (the argument count-everything adds a counter that is not ignored); ignored
 * (RANKFOLD_IGNORE on the global, rankfold_ignore on the other), the polling loop comes back to
 * a state it has seen and the search ends. Built at -O0: exact equality still counts the copies
 * of the counters the code leaves in callee-saved registers across the probe, dead ones, and
 * does not end either; semantic equality leaves dead registers out.
 *
 * RANKFOLD-RUN: -np 3 => ok states=4 transitions=7 executions=1 revisits=4
 * RANKFOLD-RUN: -np 3 --state-equality exact --max-states 200 => limit states=200 transitions=395 executions=1 revisits=196
 * RANKFOLD-RUN: -np 3 --max-states 200 -- count-everything => limit states=200 transitions=199 executions=99 revisits=0
 * RANKFOLD-CFLAGS: -O0
 * RANKFOLD-NO-DIFF: prints poll counts, which depend on the schedule
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#ifdef RANKFOLD
#include <rankfold.h>
#else
#define RANKFOLD_IGNORE
#define rankfold_ignore(address, size) ((void)(address), (void)(size))
#endif

RANKFOLD_IGNORE long polls;
long empty_polls;
long counted_polls; /* with the argument "count-everything": a counter in the state */

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int count_everything = argc > 1 && strcmp(argv[1], "count-everything") == 0;
    rankfold_ignore(&empty_polls, sizeof empty_polls);
    if (rank == 0) {
        int received = 0, sum = 0;
        while (received < size - 1) {
            int flag = 0, v;
            MPI_Status st;
            polls++;
            if (count_everything) counted_polls++;
            MPI_Iprobe(MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &flag, &st);
            if (!flag) {
                empty_polls++;
                continue;
            }
            MPI_Recv(&v, 1, MPI_INT, st.MPI_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            sum += v;
            received++;
        }
        printf("sum %d after %ld polls (%ld empty)\n", sum, polls, empty_polls);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
