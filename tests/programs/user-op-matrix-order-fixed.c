/* Non-commutative user operator on a contiguous datatype: 2x2 integer matrices (an
 * MPI_Type_contiguous of 4 MPI_INTs), multiplied by MPI_Reduce and MPI_Allreduce. MPI applies a
 * non-commutative operator in rank order, M0 * M1 * ... (MPI 3.1 §5.9.5: `in` holds the lower
 * ranks' product), which the program checks against its own product.
 * Counts: nothing to choose (collectives only): one state, one execution.
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

static MPI_Datatype matrix;

typedef struct {
    int a, b, c, d; /* [[a b] [c d]] */
} Mat;

static Mat mul(Mat x, Mat y) {
    Mat r = {x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c,
             x.c * y.b + x.d * y.d};
    return r;
}

/* inout[i] = in[i] * inout[i] for *len matrices. */
void matmul(void* in, void* inout, int* len, MPI_Datatype* type) {
    const Mat* x = in;
    Mat* y = inout;
    assert(*type == matrix);
    for (int i = 0; i < *len; i++) y[i] = mul(x[i], y[i]);
}

static Mat matrix_of(int rank) {
    Mat m = {rank + 1, 1, rank, 2};
    return m;
}

int main(int argc, char** argv) {
    int rank, size;
    MPI_Op op;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Type_contiguous(4, MPI_INT, &matrix);
    MPI_Type_commit(&matrix);
    MPI_Op_create(matmul, 0, &op);
    Mat mine = matrix_of(rank), all, root, product = matrix_of(0);
    for (int r = 1; r < size; r++) product = mul(product, matrix_of(r));
    MPI_Reduce(&mine, &root, 1, matrix, op, size - 1, MPI_COMM_WORLD);
    MPI_Allreduce(&mine, &all, 1, matrix, op, MPI_COMM_WORLD);
    assert(all.a == product.a && all.b == product.b && all.c == product.c && all.d == product.d);
    if (rank == size - 1) {
        assert(root.a == product.a && root.b == product.b && root.d == product.d);
        printf("product [[%d %d] [%d %d]]\n", all.a, all.b, all.c, all.d);
    }
    MPI_Op_free(&op);
    MPI_Type_free(&matrix);
    MPI_Finalize();
    return 0;
}
