/* Two ranks polling while a third finishes, fixed: rank 2 sends rank 1 its start value, which
 * rank 1 polls for with MPI_Iprobe, and finishes; rank 0 sends its value to rank 1 first, then
 * both wait for the other's with MPI_Iprobe, flipping `phase` at each probe. A probe may say
 * "not yet" while a message is on its way, going round a cycle of states, but the other rank
 * can always send: no region of polls is closed.
 *
 * RANKFOLD-RUN: -np 3 => ok states=13 transitions=24 executions=1 revisits=12
 * RANKFOLD-RUN: -np 3 --reduction source => ok states=13 transitions=24 executions=1 revisits=12
 * RANKFOLD-RUN: -np 3 --check-progress => ok states=13 transitions=24 executions=1 revisits=12
 * RANKFOLD-RUN: -np 3 --single-run => ok
 * RANKFOLD-RUN: -np 3 --seed 11 => ok
 */
#include <mpi.h>
#include <stdio.h>

/* Polls for a message from `from` with `tag`, flipping the phase at each poll, then receives
 * it. */
static int await_value(int from, int tag, int* phase) {
    int flag = 0, value = 0;
    while (!flag) {
        MPI_Iprobe(from, tag, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
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
    } else if (rank == 0) {
        MPI_Send(&start, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        other = await_value(1, 0, &phase);
        printf("rank 0: %d\n", start + other); /* not the phase: it depends on timing */
    } else {
        start = await_value(2, 1, &phase);
        other = await_value(0, 0, &phase);
        start += other;
        MPI_Send(&start, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        printf("rank 1: %d\n", start);
    }
    MPI_Finalize();
    return 0;
}
