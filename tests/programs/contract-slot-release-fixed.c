/* Contract (user library, with arguments), fixed: the twin of contract-slot-release.c releases
 * the slots it acquired, whatever order the workers' results come in
 * (contract-slot-release.contracts holds in every order).
 *
 * RANKFOLD-CFLAGS: -O0 -finstrument-functions
 * RANKFOLD-RUN: -np 3 --contracts %S/contract-slot-release.contracts => ok states=5 transitions=4 executions=2 revisits=0
 * RANKFOLD-NO-DIFF: built with -finstrument-functions, whose hooks only Rankfold defines
 */
#include <mpi.h>
#include <stdio.h>

/* ---- the "library": numbered slots ---- */
int slots_in_use;

__attribute__((noinline)) void slot_acquire(int slot) {
    slots_in_use |= 1 << slot;
}

__attribute__((noinline)) void slot_release(int slot) {
    slots_in_use &= ~(1 << slot);
}

/* ---- the program ---- */
int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int taken[2];
        for (int i = 0; i < 2; i++) {
            MPI_Recv(&taken[i], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            slot_acquire(taken[i]);
        }
        slot_release(taken[0]);
        slot_release(taken[1]);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
