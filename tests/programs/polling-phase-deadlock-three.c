/* Polling deadlock of two ranks while a third finishes: rank 2 sends rank 1 its start value,
 * which rank 1 polls for with MPI_Iprobe, and finishes. Ranks 0 and 1 then each wait for the
 * other's value with MPI_Iprobe, flipping `phase` at each probe, and send their own only once
 * they have the other's (the bug: one of them must send first). Once rank 1 has rank 2's
 * value, every probe says "not yet" and moves its rank to the other phase, and nothing else
 * can happen: a deadlock of ranks 0 and 1 round a cycle of states, with rank 2 finished.
 *
 * RANKFOLD-RUN: -np 3 => deadlock states=7 transitions=12 executions=1 revisits=6
 * RANKFOLD-RUN: -np 3 --reduction source => deadlock states=7 transitions=12 executions=1 revisits=6
 * RANKFOLD-RUN: -np 3 --check-progress => deadlock states=7 transitions=12 executions=1 revisits=6
 * RANKFOLD-RUN: -np 3 --single-run => deadlock
 * RANKFOLD-RUN: -np 3 --seed 11 => deadlock
 */
#include <mpi.h>
#include <stdio.h>

/* Polls for a message from `from` with `tag`, flipping the phase at each poll, then receives
 * it. */
static int await_value(int from, int tag, int* phase) {
    int flag = 0, value = 0;
    while (!flag) {
        MPI_Iprobe(from, tag, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE); /* ERROR */
        *phase = 1 - *phase;
    }
    MPI_Recv(&value, 1, MPI_INT, from, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return value;
}

int main(int argc, char** argv) {
    int rank, start = 0, phase = 0, other;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 2) {
        start = 7;
        MPI_Send(&start, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    } else {
        if (rank == 1) start = await_value(2, 1, &phase);
        other = await_value(1 - rank, 0, &phase); /* the bug: rank 0 should send first */
        start += other;
        MPI_Send(&start, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);
        printf("rank %d: %d in phase %d\n", rank, start, phase);
    }
    MPI_Finalize();
    return 0;
}
