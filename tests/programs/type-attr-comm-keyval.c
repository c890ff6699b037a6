/* A datatype attribute set with a key made for communicators.
 * Each rank makes its key with MPI_Comm_create_keyval and passes it to MPI_Type_set_attr: keys
 * belong to one kind of object (MPI 3.1 §6.7.4), so the key is invalid there (MPI_ERR_KEYVAL).
 *
 * RANKFOLD-RUN: -np 2 => usage:invalid-handle states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, key;
    MPI_Datatype pair;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &key, NULL);
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_set_attr(pair, key, (void*)1); /* ERROR */
    printf("rank %d: attribute set\n", rank);
    MPI_Type_free(&pair);
    MPI_Comm_free_keyval(&key);
    MPI_Finalize();
    return 0;
}
