/* Title: a freed attribute key keeps its delete callback while a communicator uses it.
 * MPI_Comm_free_keyval only marks the key: freeing the communicator that still carries an
 * attribute with it must run the delete callback (MPI 3.1 §6.7.2), and a key made later must
 * not take over its slot meanwhile.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
int deletes;
int del(MPI_Comm c, int k, void* v, void* e) { deletes++; return MPI_SUCCESS; }
int main(int argc, char** argv) {
    int key;
    MPI_Comm dup;
    MPI_Init(&argc, &argv);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, del, &key, NULL);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_set_attr(dup, key, NULL);
    MPI_Comm_free_keyval(&key); /* legal: the key is freed once no communicator uses it */
    MPI_Comm_free(&dup);        /* must call del (MPI 3.1 §6.7.2) */
    assert(deletes == 1);
    int later;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &later, NULL);
    MPI_Comm_free_keyval(&later);
    printf("deletes %d\n", deletes);
    MPI_Finalize();
    return 0;
}
