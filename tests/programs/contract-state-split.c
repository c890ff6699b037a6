/* Contract state is part of the state: two paths to the same memory, one with an open POST.
 * Rank 0 takes two results with MPI_ANY_SOURCE and begins an audit (audit_begin, whose POST
 * needs a later audit_end) only when rank 1's came first; after a barrier both orders have the
 * same memory, and a second round of wildcard receives follows. Without contracts the second
 * order reaches the state after the barrier a second time and ends there; with them the open POST
 * tells the two apart, so the second round (3 states, 4 transitions) is explored again from it.
 * The audit ends, so both runs are ok.
 *
 * RANKFOLD-CFLAGS: -finstrument-functions
 * RANKFOLD-RUN: -np 3 --contracts %S/contract-audit.contracts => ok states=10 transitions=12 executions=1 revisits=3
 * RANKFOLD-RUN: -np 3 => ok states=7 transitions=8 executions=1 revisits=2
 * RANKFOLD-NO-DIFF: built with -finstrument-functions, whose hooks only Rankfold defines
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) void audit_begin(void) {
    __asm__ volatile("");
}

__attribute__((noinline)) void audit_end(void) {
    __asm__ volatile("");
}

int value, first, sum;
MPI_Status status;

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
        first = status.MPI_SOURCE;
        MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (first == 1) audit_begin();
        first = 0;
        memset(&status, 0, sizeof status);
    } else {
        value = 5;
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        for (int i = 0; i < 2; i++) {
            MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            sum += value;
        }
        audit_end();
        printf("sum %d\n", sum);
    } else {
        MPI_Send(&value, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
