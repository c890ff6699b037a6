/* Iprobe polling: rank 0 polls MPI_Iprobe for any message and receives whatever is there.
 * Every other rank sends one message tagged with its own rank; rank 0 keeps probing until it
 * has received one from each, using the probed source and tag for the receive.
 *
 * RANKFOLD-RUN: -np 4 => ok states=8 transitions=19 executions=1 revisits=12
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=2 transitions=2 executions=1 revisits=1
 * Without state matching, a poll that says "not yet" and comes back to a state on the current
 * path ends that path; the search still ends:
 * RANKFOLD-RUN: -np 3 --no-state-matching => ok states=18 transitions=22 executions=8 revisits=5
 * RANKFOLD-CFLAGS: -O0
 * Built with the memory-access instrumentation at -O0, where semantic state equality (the
 * default) reads the frames' live variables from DWARF: the instrumented code leaves other
 * values in callee-saved registers and stack slots across its MPI calls, dead ones, which
 * exact equality counts (here without effect on the counts).
 * RANKFOLD-RUN: -np 4 --state-equality exact => ok states=8 transitions=19 executions=1 revisits=12
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        int received = 0, seen[64] = {0}, sum = 0;
        while (received < size - 1) {
            int flag = 0, v;
            MPI_Status st;
            MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
            if (!flag) continue;
            assert(st.MPI_TAG == st.MPI_SOURCE && !seen[st.MPI_SOURCE]);
            MPI_Recv(&v, 1, MPI_INT, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            assert(v == 3 * st.MPI_SOURCE);
            seen[st.MPI_SOURCE] = 1;
            sum += v;
            received++;
        }
        printf("rank 0: probed and received %d messages, sum %d\n", received, sum);
    } else {
        int v = 3 * rank;
        MPI_Send(&v, 1, MPI_INT, 0, rank, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
