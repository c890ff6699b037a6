/* MPI_Type_get_contents sized by MPI_Type_get_envelope: as datatype-contents-too-small, but the
 * program asks the envelope first and passes the 7 integers it announces.
 * Counts: one rank, nothing to choose.
 *
 * RANKFOLD-RUN: -np 1 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int lengths[3] = {1, 2, 1}, disps[3] = {0, 3, 7}, ints[8], ni = 3, na, nd, combiner;
    MPI_Datatype t, old;
    MPI_Aint addrs[1];
    MPI_Type_indexed(3, lengths, disps, MPI_INT, &t);
    MPI_Type_get_envelope(t, &ni, &na, &nd, &combiner);
    MPI_Type_get_contents(t, ni, 0, 1, ints, addrs, &old);
    printf("indexed: %d ints, first %d\n", ni, ints[0]);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
