/* Writing a status by hand, as a generalized request or a layered library does: after
 * MPI_Status_set_elements, MPI_Get_elements returns the count and MPI_Get_count a compatible
 * value for a pair of ints (3 ints: one pair and a half). Counts are set with a basic type:
 * MPICH 4.0.2 reads the count of a derived type as copies of it, not as basic elements as MPI
 * 3.1 §12.2 says (its MPI_Get_elements then returns twice the count for the pair);
 * MPI_Status_set_elements_x works alike; MPI_Status_set_cancelled sets what MPI_Test_cancelled
 * reads, and a status a receive filled says not cancelled.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, count, flag, errors = 0, token = 7;
    MPI_Count big;
    MPI_Status status;
    MPI_Datatype pair;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);

    MPI_Status_set_elements(&status, MPI_INT, 3);
    MPI_Get_elements(&status, pair, &count);
    errors += count != 3;
    MPI_Get_count(&status, pair, &count);
    errors += count != MPI_UNDEFINED; /* one pair and a half */
    MPI_Status_set_elements(&status, MPI_INT, 4);
    MPI_Get_count(&status, pair, &count);
    errors += count != 2;
    MPI_Status_set_elements_x(&status, MPI_INT, (MPI_Count)5);
    MPI_Get_elements_x(&status, MPI_INT, &big);
    errors += big != 5;

    MPI_Status_set_cancelled(&status, 1);
    MPI_Test_cancelled(&status, &flag);
    errors += !flag;
    MPI_Get_elements_x(&status, MPI_INT, &big); /* the count is kept */
    errors += big != 5;
    MPI_Status_set_cancelled(&status, 0);
    MPI_Test_cancelled(&status, &flag);
    errors += flag;

    if (rank == 0) {
        MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &status);
        MPI_Test_cancelled(&status, &flag);
        errors += flag;
    }
    printf("rank %d: %d errors\n", rank, errors);
    MPI_Type_free(&pair);
    MPI_Finalize();
    return errors != 0;
}
