/* MPI_Type_get_contents with arrays too small: the program asks for the contents of an indexed
 * type of three blocks with room for 3 integers, but the envelope says 7 (count, three block
 * lengths, three displacements). MPI requires max_integers to be at least num_integers
 * (MPI 3.1 §4.1.13); datatype-contents-too-small-fixed asks the envelope first.
 *
 * RANKFOLD-RUN: -np 1 => usage:invalid-argument states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int lengths[3] = {1, 2, 1}, disps[3] = {0, 3, 7}, ints[8], ni = 3, na, nd, combiner;
    MPI_Datatype t, old;
    MPI_Aint addrs[1];
    MPI_Type_indexed(3, lengths, disps, MPI_INT, &t);
    MPI_Type_get_contents(t, ni, 0, 1, ints, addrs, &old); /* ERROR */
    MPI_Type_get_envelope(t, &ni, &na, &nd, &combiner);
    printf("indexed: %d ints, first %d\n", ni, ints[0]);
    MPI_Type_free(&t);
    MPI_Finalize();
    return 0;
}
