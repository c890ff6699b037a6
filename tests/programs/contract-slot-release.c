/* Contract (user library, with arguments): rank 0 acquires a slot numbered by each worker's
 * result, taken with MPI_ANY_SOURCE, then releases "the first slot" twice, assuming the two
 * results come in rank order. When rank 2 answers first, slot 2 is released twice and slot 1
 * never is (contract-slot-release.contracts: slot_acquire's POST). When rank 1 answers first,
 * slots 1 and 2 are released and every contract holds: one execution under the fixed schedule
 * takes that order and misses the bug. Without arguments (as before Rankfold
 * read them) any release would satisfy any acquire, and the bug was invisible in both orders.
 *
 * RANKFOLD-CFLAGS: -O0 -finstrument-functions
 * RANKFOLD-RUN: -np 3 --contracts %S/contract-slot-release.contracts => contract states=4 transitions=4 executions=2 revisits=0
 * RANKFOLD-RUN: -np 3 --single-run --contracts %S/contract-slot-release.contracts => ok
 * RANKFOLD-RUN: -np 3 => ok states=5 transitions=4 executions=2 revisits=0
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
        int first = -1;
        for (int i = 0; i < 2; i++) {
            int value;
            MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            slot_acquire(value); /* ERROR */
            if (i == 0) first = value;
        }
        slot_release(first);
        slot_release(first == 1 ? 2 : first);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
