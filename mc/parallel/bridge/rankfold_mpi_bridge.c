/* rankfold-mpi-bridge: carries the messages of a parallel search (--workers-mpi) over MPICH.
 *
 * rankfold-run cannot link libmpich itself: it defines the simulated MPI_* functions the
 * checked program calls. So each rankfold-run that mpiexec started forks and execs this small
 * process, which inherits the PMI environment, joins the MPI job and relays frames between its
 * socket (argv[1], a file descriptor) and the other bridges. A frame on the socket is a 4-byte
 * length, a 4-byte peer and the bytes (mc/parallel/FrameStream.hpp). From the bridge, peer -1
 * announces its rank and size; to the bridge, peer -2 says that the worker has finished.
 *
 * One thread, no MPI_THREAD_MULTIPLE: it polls the socket and MPI_Iprobe in turn and sleeps
 * 20 microseconds when neither had anything, so that it leaves the cores to the explorers
 * (MPICH's blocking calls spin). */
#include <mpi.h>

#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

enum { kTag = 7, kHeader = 8 };

static int write_all(int fd, const void* data, size_t n) {
    const char* p = data;
    while (n > 0) {
        const ssize_t w = send(fd, p, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static int read_all(int fd, void* data, size_t n) {
    char* p = data;
    while (n > 0) {
        const ssize_t r = recv(fd, p, n, 0);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return -1;
        p += r;
        n -= (size_t)r;
    }
    return 0;
}

static int write_frame(int fd, int32_t peer, const char* bytes, uint32_t length) {
    char header[kHeader];
    memcpy(header, &length, 4);
    memcpy(header + 4, &peer, 4);
    if (write_all(fd, header, kHeader) != 0) return -1;
    return length == 0 ? 0 : write_all(fd, bytes, length);
}

int main(int argc, char** argv) {
    if (argc != 2) {
        fprintf(stderr, "rankfold-mpi-bridge: started by rankfold-run --workers-mpi only\n");
        return 2;
    }
    const int fd = atoi(argv[1]);
    MPI_Init(&argc, &argv);
    int rank = 0, size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int32_t hello[2] = {rank, size};
    if (write_frame(fd, -1, (const char*)hello, sizeof hello) != 0) MPI_Abort(MPI_COMM_WORLD, 2);
    char* buffer = NULL;
    size_t capacity = 0;
    int finished = 0;
    while (!finished) {
        int busy = 0;
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 0) > 0) {
            busy = 1;
            char header[kHeader];
            uint32_t length = 0;
            int32_t peer = 0;
            if (read_all(fd, header, kHeader) != 0) break; /* the worker has gone */
            memcpy(&length, header, 4);
            memcpy(&peer, header + 4, 4);
            if (length > capacity) {
                capacity = length;
                buffer = realloc(buffer, capacity);
            }
            if (length > 0 && read_all(fd, buffer, length) != 0) break;
            if (peer == -2)
                finished = 1;
            else if (peer >= 0 && peer < size)
                MPI_Send(buffer, (int)length, MPI_BYTE, peer, kTag, MPI_COMM_WORLD);
        }
        int flag = 0;
        MPI_Status status;
        MPI_Iprobe(MPI_ANY_SOURCE, kTag, MPI_COMM_WORLD, &flag, &status);
        if (flag) {
            busy = 1;
            int count = 0;
            MPI_Get_count(&status, MPI_BYTE, &count);
            if ((size_t)count > capacity) {
                capacity = (size_t)count;
                buffer = realloc(buffer, capacity);
            }
            MPI_Recv(buffer, count, MPI_BYTE, status.MPI_SOURCE, kTag, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            write_frame(fd, status.MPI_SOURCE, buffer, (uint32_t)count);
        }
        if (!busy) {
            const struct timespec pause = {0, 20000};
            nanosleep(&pause, NULL);
        }
    }
    /* Every worker has finished once all are here; what is still in flight is not needed. */
    MPI_Barrier(MPI_COMM_WORLD);
    for (;;) {
        int flag = 0;
        MPI_Status status;
        MPI_Iprobe(MPI_ANY_SOURCE, kTag, MPI_COMM_WORLD, &flag, &status);
        if (!flag) break;
        int count = 0;
        MPI_Get_count(&status, MPI_BYTE, &count);
        if ((size_t)count > capacity) {
            capacity = (size_t)count;
            buffer = realloc(buffer, capacity);
        }
        MPI_Recv(buffer, count, MPI_BYTE, status.MPI_SOURCE, kTag, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    }
    free(buffer);
    MPI_Finalize();
    return 0;
}
