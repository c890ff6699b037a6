/* MPI_BOTTOM with absolute addresses: each rank describes two of its variables by their
 * addresses (MPI_Get_address) in a struct datatype and sends or receives it with the buffer
 * MPI_BOTTOM, which is how MPI addresses absolute displacements (MPI 3.1 §4.1.5). MPI_BOTTOM
 * is a null pointer here (as in MPICH), yet it is a valid buffer with such a datatype.
 * Counts: nothing to choose (one send, one receive): one state, one execution.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, count = 0;
    double value = 0;
    int lengths[2] = {1, 1};
    MPI_Aint where[2];
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, both;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Get_address(&count, &where[0]);
    MPI_Get_address(&value, &where[1]);
    MPI_Type_create_struct(2, lengths, where, types, &both);
    MPI_Type_commit(&both);
    if (rank == 0) {
        count = 7;
        value = 2.5;
        MPI_Send(MPI_BOTTOM, 1, both, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(MPI_BOTTOM, 1, both, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(count == 7 && value == 2.5);
        printf("received %d and %g\n", count, value);
    }
    MPI_Type_free(&both);
    MPI_Finalize();
    return 0;
}
