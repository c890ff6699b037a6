/* Title: MPI_Finalize deletes the attributes of MPI_COMM_SELF first.
 * Libraries hang a delete callback on MPI_COMM_SELF as a finalization hook (MPI 3.1 §8.7.1):
 * it must run, on every rank, inside MPI_Finalize.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>
int rank;
int del(MPI_Comm c, int k, void* v, void* e) {
    /* MPI 3.1 §8.7.1: runs in MPI_Finalize. One rank prints: under mpiexec the ranks' last
     * writes at exit can interleave within a line. */
    if (rank == 0) printf("delete callback on MPI_COMM_SELF\n");
    return MPI_SUCCESS;
}
int main(int argc, char** argv) {
    int key;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, del, &key, NULL);
    MPI_Comm_set_attr(MPI_COMM_SELF, key, NULL);
    MPI_Finalize();
    return 0;
}
