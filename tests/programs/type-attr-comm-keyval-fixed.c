/* The fixed twin of type-attr-comm-keyval: the key is made by MPI_Type_create_keyval, so
 * MPI_Type_set_attr takes it and MPI_Type_get_attr reads the value back.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, key, flag;
    void* value = NULL;
    MPI_Datatype pair;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &key, NULL);
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_set_attr(pair, key, (void*)1);
    MPI_Type_get_attr(pair, key, &value, &flag);
    printf("rank %d: attribute set: %d, value %ld\n", rank, flag, (long)value);
    MPI_Type_free(&pair);
    MPI_Type_free_keyval(&key);
    MPI_Finalize();
    return 0;
}
