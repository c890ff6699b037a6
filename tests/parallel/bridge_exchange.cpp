// The MPICH transport of the parallel search (BridgeTransport and rankfold-mpi-bridge) under the
// traffic that made `mpiexec -n 2 rankfold-run --workers-mpi` hang: frames past MPICH's eager
// limit (a long work prefix, a long counterexample) sent by both workers to each other at once,
// and one sent to a worker that has already finished. A bridge blocked in MPI_Send waits there
// for ever in both cases. Run as `mpiexec -n 2 parallel_bridge_exchange [FRAMES] [BYTES]`;
// an alarm turns a hang into a failure with a message. `parallel_bridge_exchange abort`: worker
// 1 ends with an error (BridgeTransport::abort) while worker 0 waits for it, and the job must
// end at once (mpiexec then fails), not wait for ever.
#include "mc/parallel/BridgeTransport.hpp"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string>

using rankfold::mc::parallel::BridgeTransport;

namespace {

constexpr unsigned kAlarmSeconds = 60;

void hung(int /*signal*/) {
    const char message[] = "parallel_bridge_exchange: no end after 60 s: the bridges hang\n";
    (void)!write(STDERR_FILENO, message, sizeof message - 1);
    _exit(1);
}

std::string frame_of(int from, int index, std::size_t bytes) {
    std::string s(bytes, '\0');
    for (std::size_t i = 0; i < bytes; ++i)
        s[i] = static_cast<char>(
            (static_cast<std::size_t>(from) * 31 + static_cast<std::size_t>(index) + i) % 251);
    return s;
}

// Every frame from `peer`, in order and intact.
bool receive_all(BridgeTransport& t, int peer, int frames, std::size_t bytes) {
    for (int k = 0; k < frames; ++k) {
        int from = -1;
        std::string got;
        while (!t.receive(from, got)) t.wait(10);
        if (from != peer || got != frame_of(peer, k, bytes)) {
            std::fprintf(stderr, "worker %d: frame %d from %d is not the one sent\n", t.self(), k,
                         from);
            return false;
        }
    }
    return true;
}

} // namespace

int main(int argc, char** argv) {
    const bool abort_mode = argc > 1 && std::string(argv[1]) == "abort";
    const int frames = argc > 1 && !abort_mode ? std::atoi(argv[1]) : 8;
    const std::size_t bytes =
        argc > 2 ? std::strtoul(argv[2], nullptr, 10) : std::size_t{256} * 1024;
    std::signal(SIGALRM, hung);
    alarm(kAlarmSeconds);
    BridgeTransport t;
    if (t.size() != 2) {
        std::fprintf(stderr, "run with mpiexec -n 2\n");
        return 2;
    }
    const int peer = 1 - t.self();
    if (abort_mode) {
        if (t.self() == 1) t.abort();
        receive_all(t, peer, 1, 1); // nothing comes: worker 1 has gone
        std::fprintf(stderr, "worker 0: worker 1's end went unnoticed\n");
        return 1;
    }
    // 1. Both send everything before either receives.
    for (int k = 0; k < frames; ++k) t.send(peer, frame_of(t.self(), k, bytes));
    if (!receive_all(t, peer, frames, bytes)) return 1;
    // 2. Worker 1 finishes at once; worker 0 then sends it a large frame nobody will read (a
    // late answer to a worker that has stopped) and must still finish.
    if (t.self() == 0) {
        usleep(200 * 1000);
        t.send(1, frame_of(0, frames, bytes));
    }
    t.finish();
    if (t.self() == 0)
        std::printf("bridge exchange: %d frames of %zu bytes each way, and a late one: ok\n",
                    frames, bytes);
    return 0;
}
