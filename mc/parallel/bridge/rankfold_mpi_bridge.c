/* rankfold-mpi-bridge: carries the messages of a parallel search (--workers-mpi) over MPICH.
 *
 * rankfold-run cannot link libmpich itself: it defines the simulated MPI_* functions the
 * checked program calls. So each rankfold-run that mpiexec started forks and execs this small
 * process, which inherits the PMI environment, joins the MPI job and relays frames between its
 * socket (argv[1], a file descriptor) and the other bridges. A frame on the socket is a 4-byte
 * length, a 4-byte peer and the bytes (mc/parallel/FrameStream.hpp). From the bridge, peer -1
 * announces its rank and size; to the bridge, peer -2 says that the worker has finished, and
 * peer -3 that it ends with an error (the bridge then aborts the job: the other workers would
 * wait for this one for ever).
 *
 * One thread, no MPI_THREAD_MULTIPLE: it polls the socket and MPI_Iprobe in turn and sleeps
 * 20 microseconds when neither had anything, so that it leaves the cores to the explorers
 * (MPICH's blocking calls spin).
 *
 * It never blocks inside MPI. A blocking MPI_Send of a frame past MPICH's eager limit (between
 * 8 and 16 KB with ch4:ucx here: a work prefix of a few hundred choices, a long counterexample)
 * waits until the peer posts its receive; two bridges doing so towards each other, or one doing
 * so towards a bridge already in the final barrier, wait for ever, and so does the whole
 * parallel search. So frames go out with MPI_Isend and are tested in the loop, and the end is
 * an MPI_Ibarrier entered once this bridge's sends are done, with the loop still receiving
 * (and dropping) what comes meanwhile. */
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

/* The frames sent and not yet known to be delivered. */
struct Outgoing {
    MPI_Request request;
    char* bytes;
};
static struct Outgoing* outgoing = NULL;
static size_t outgoing_count = 0, outgoing_capacity = 0;

static void send_frame(const char* bytes, uint32_t length, int peer) {
    if (outgoing_count == outgoing_capacity) {
        outgoing_capacity = outgoing_capacity ? 2 * outgoing_capacity : 16;
        outgoing = realloc(outgoing, outgoing_capacity * sizeof *outgoing);
        if (!outgoing) MPI_Abort(MPI_COMM_WORLD, 3);
    }
    struct Outgoing* o = &outgoing[outgoing_count++];
    o->bytes = malloc(length ? length : 1);
    if (!o->bytes) MPI_Abort(MPI_COMM_WORLD, 3);
    memcpy(o->bytes, bytes, length);
    MPI_Isend(o->bytes, (int)length, MPI_BYTE, peer, kTag, MPI_COMM_WORLD, &o->request);
}

/* Frees what has been delivered; returns 1 if some send finished (progress was made). */
static int test_sends(void) {
    int done_some = 0;
    size_t kept = 0;
    for (size_t i = 0; i < outgoing_count; ++i) {
        int done = 0;
        MPI_Test(&outgoing[i].request, &done, MPI_STATUS_IGNORE);
        if (done) {
            free(outgoing[i].bytes);
            done_some = 1;
        } else {
            outgoing[kept++] = outgoing[i];
        }
    }
    outgoing_count = kept;
    return done_some;
}

/* Receives one message from another bridge if one has come: into *buffer, its length in *count
 * and its sender in *source. */
static int receive_one(char** buffer, size_t* capacity, int* count, int* source) {
    int flag = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, kTag, MPI_COMM_WORLD, &flag, &status);
    if (!flag) return 0;
    MPI_Get_count(&status, MPI_BYTE, count);
    if ((size_t)*count > *capacity) {
        *capacity = (size_t)*count;
        *buffer = realloc(*buffer, *capacity);
        if (!*buffer) MPI_Abort(MPI_COMM_WORLD, 3);
    }
    *source = status.MPI_SOURCE;
    MPI_Recv(*buffer, *count, MPI_BYTE, *source, kTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return 1;
}

static void pause_briefly(void) {
    const struct timespec pause = {0, 20000};
    nanosleep(&pause, NULL);
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
    char* frame = NULL; /* from the worker */
    size_t frame_capacity = 0;
    char* buffer = NULL; /* from another bridge */
    size_t capacity = 0;
    for (;;) {
        int busy = test_sends();
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 0) > 0) {
            busy = 1;
            char header[kHeader];
            uint32_t length = 0;
            int32_t peer = 0;
            /* The worker has gone without saying it has finished: it died, and the others
             * would wait for it for ever. */
            if (read_all(fd, header, kHeader) != 0) MPI_Abort(MPI_COMM_WORLD, 3);
            memcpy(&length, header, 4);
            memcpy(&peer, header + 4, 4);
            if (length > frame_capacity) {
                frame_capacity = length;
                frame = realloc(frame, frame_capacity);
                if (!frame) MPI_Abort(MPI_COMM_WORLD, 3);
            }
            if (length > 0 && read_all(fd, frame, length) != 0) MPI_Abort(MPI_COMM_WORLD, 3);
            if (peer == -2) break;
            if (peer == -3) MPI_Abort(MPI_COMM_WORLD, 3);
            if (peer >= 0 && peer < size) send_frame(frame, length, peer);
        }
        int count = 0, source = 0;
        if (receive_one(&buffer, &capacity, &count, &source)) {
            busy = 1;
            write_frame(fd, source, buffer, (uint32_t)count);
        }
        if (!busy) pause_briefly();
    }
    /* The worker has finished. Every bridge enters the barrier once its own sends are
     * delivered, and receives until the barrier is over (a peer's send to it can complete only
     * so): once it is, every send of every bridge is complete. What still arrives is not
     * needed. */
    MPI_Request barrier = MPI_REQUEST_NULL;
    int over = 0;
    while (!over) {
        int busy = test_sends();
        if (barrier == MPI_REQUEST_NULL && outgoing_count == 0)
            MPI_Ibarrier(MPI_COMM_WORLD, &barrier);
        if (barrier != MPI_REQUEST_NULL) MPI_Test(&barrier, &over, MPI_STATUS_IGNORE);
        int count = 0, source = 0;
        while (receive_one(&buffer, &capacity, &count, &source)) busy = 1;
        if (!busy && !over) pause_briefly();
    }
    free(frame);
    free(buffer);
    free(outgoing);
    MPI_Finalize();
    return 0;
}
