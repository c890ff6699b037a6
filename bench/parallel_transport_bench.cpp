// The cost of one message of the parallel search (mc/parallel), for the scaling model of
// bench/run.sh: round trips of a Visit-sized message (40 bytes) between two workers, over the
// fork transport (SocketMesh) or MPICH through the bridge (BridgeTransport).
//   parallel_transport_bench fork [ROUND_TRIPS]
//   mpiexec -n 2 parallel_transport_bench mpi [ROUND_TRIPS]
#include "mc/parallel/BridgeTransport.hpp"
#include "mc/parallel/SocketMesh.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

using rankfold::mc::parallel::Transport;

namespace {

// Worker 0 sends, worker 1 echoes; the receiver waits as a worker waits for a state's owner.
double ping_pong(Transport& t, int trips) {
    const std::string message(40, 'x');
    int from = -1;
    std::string got;
    const auto take = [&] {
        while (!t.receive(from, got)) t.wait(1);
    };
    const auto begin = std::chrono::steady_clock::now();
    for (int i = 0; i < trips; ++i) {
        if (t.self() == 0) {
            t.send(1, message);
            take();
        } else {
            take();
            t.send(0, got);
        }
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
}

} // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "fork";
    const int trips = argc > 2 ? std::atoi(argv[2]) : 20000;
    std::unique_ptr<Transport> transport;
    pid_t child = -1;
    if (mode == "mpi") {
        transport = std::make_unique<rankfold::mc::parallel::BridgeTransport>();
    } else {
        auto mesh = std::make_unique<rankfold::mc::parallel::SocketMesh>(2);
        child = fork();
        mesh->for_worker(child == 0 ? 1 : 0);
        transport = std::move(mesh);
    }
    const double seconds = ping_pong(*transport, trips);
    if (transport->self() == 0)
        std::printf("transport %s: %d round trips of 40 bytes, %.2f us per round trip\n",
                    mode.c_str(), trips, seconds / trips * 1e6);
    if (mode == "mpi") static_cast<rankfold::mc::parallel::BridgeTransport&>(*transport).finish();
    if (child == 0) _exit(0);
    if (child > 0) waitpid(child, nullptr, 0);
    return 0;
}
