/* Client/server: rank 0 serves requests from the other ranks in a loop, receiving each request
 * with MPI_ANY_SOURCE and replying to its sender; every client makes K requests, each one
 * waiting for its reply. The server keeps only bounded state (how many requests each client has
 * had served, and a total), not the order in which it served them, so many different
 * interleavings reach the same state: this is the workload where state matching pays off.
 * Usage: client_server [K]  (default 3), run with -np 4 (3 clients).
 */
#include <mpi.h>
#include <stdlib.h>

#define MAX_CLIENTS 16
int served[MAX_CLIENTS]; /* requests served per client (server only) */
long total;              /* sum of the request values (server) or of the replies (client) */

enum { TAG_REQUEST = 1, TAG_REPLY = 2 };

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int k = argc > 1 ? atoi(argv[1]) : 3;
    if (size > MAX_CLIENTS + 1) MPI_Abort(MPI_COMM_WORLD, 2);
    if (rank == 0) {
        for (int i = 0; i < k * (size - 1); ++i) {
            int request;
            MPI_Status status;
            MPI_Recv(&request, 1, MPI_INT, MPI_ANY_SOURCE, TAG_REQUEST, MPI_COMM_WORLD, &status);
            int client = status.MPI_SOURCE;
            served[client]++;
            total += request;
            int reply = request * 2;
            MPI_Send(&reply, 1, MPI_INT, client, TAG_REPLY, MPI_COMM_WORLD);
        }
    } else {
        for (int i = 0; i < k; ++i) {
            int request = rank, reply;
            MPI_Send(&request, 1, MPI_INT, 0, TAG_REQUEST, MPI_COMM_WORLD);
            MPI_Recv(&reply, 1, MPI_INT, 0, TAG_REPLY, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            total += reply;
        }
    }
    MPI_Finalize();
    return 0;
}
