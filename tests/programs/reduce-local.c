/* MPI_Reduce_local: inoutbuf = inbuf op inoutbuf on one process, with a predefined operator and
 * with a non-commutative user operator on a contiguous datatype (the order of its operands is
 * the one a reduction uses: inbuf is the left operand, MPI 3.1 §5.9.7).
 * Counts: nothing to choose (no communication): one state, one execution.
 *
 * RANKFOLD-RUN: -np 1 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

/* inout = in - inout for *len pairs of ints: not commutative. */
void minus(void* in, void* inout, int* len, MPI_Datatype* type) {
    const int* x = in;
    int* y = inout;
    (void)type;
    for (int i = 0; i < 2 * *len; i++) y[i] = x[i] - y[i];
}

int main(int argc, char** argv) {
    int a[4] = {1, 2, 3, 4}, b[4] = {10, 20, 30, 40};
    MPI_Datatype pair;
    MPI_Op op;
    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    MPI_Reduce_local(a, b, 4, MPI_INT, MPI_SUM);
    assert(b[0] == 11 && b[1] == 22 && b[2] == 33 && b[3] == 44);
    MPI_Op_create(minus, 0, &op);
    MPI_Reduce_local(a, b, 2, pair, op);
    assert(b[0] == -10 && b[1] == -20 && b[2] == -30 && b[3] == -40);
    printf("%d %d %d %d\n", b[0], b[1], b[2], b[3]);
    MPI_Op_free(&op);
    MPI_Type_free(&pair);
    MPI_Finalize();
    return 0;
}
