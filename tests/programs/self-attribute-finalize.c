/* Title: MPI_Finalize deletes the attributes of MPI_COMM_SELF first.
 * Libraries hang a delete callback on MPI_COMM_SELF as a finalization hook (MPI 3.1 §8.7.1):
 * it must run, on every rank, inside MPI_Finalize.
 *
 * RANKFOLD-RUN: -np 2 => ok
 */
#include <mpi.h>
#include <stdio.h>
int del(MPI_Comm c, int k, void* v, void* e) {
    printf("delete callback on MPI_COMM_SELF\n"); /* MPI 3.1 §8.7.1: runs in MPI_Finalize */
    return MPI_SUCCESS;
}
int main(int argc, char** argv) {
    int key;
    MPI_Init(&argc, &argv);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, del, &key, NULL);
    MPI_Comm_set_attr(MPI_COMM_SELF, key, NULL);
    MPI_Finalize();
    return 0;
}
