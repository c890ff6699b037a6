#include "mc/parallel/BridgeTransport.hpp"

#include <fmt/format.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace rankfold::mc::parallel {

namespace {
std::string bridge_path() {
    if (const char* env = std::getenv("RANKFOLD_MPI_BRIDGE"); env && *env) return env;
    std::error_code ignored;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ignored);
    return (self.parent_path() / "rankfold-mpi-bridge").string();
}
} // namespace

BridgeTransport::BridgeTransport() {
    const std::string path = bridge_path();
    if (access(path.c_str(), X_OK) != 0)
        throw std::runtime_error(fmt::format("--workers-mpi needs {} (built when CMake finds "
                                             "MPICH): {}",
                                             path, std::strerror(errno)));
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
        throw std::runtime_error(std::string("cannot connect to the MPI bridge: ") +
                                 std::strerror(errno));
    std::fflush(nullptr);
    const pid_t parent = getpid();
    bridge_ = fork();
    if (bridge_ < 0) throw std::runtime_error("cannot start the MPI bridge");
    if (bridge_ == 0) {
        // A bridge whose worker has died must not outlive it: mpiexec would wait for it (and
        // its peers for its messages) for ever.
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(127);
        // The bridge's end must survive the exec; ours must not reach it.
        const int fd = dup(pair[1]);
        const std::string arg = std::to_string(fd);
        execl(path.c_str(), path.c_str(), arg.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    close(pair[1]);
    stream_ = std::make_unique<FrameStream>(pair[0]);
    // The bridge's first frame: its rank and the job's size.
    std::deque<Frame>& queue = inbox_.frames();
    while (queue.empty()) {
        if (!stream_->drain(queue) && queue.empty())
            throw std::runtime_error("the MPI bridge ended before joining the job (is this "
                                     "rankfold-run started by MPICH's mpiexec?)");
        if (queue.empty()) {
            pollfd p{stream_->fd(), POLLIN, 0};
            ::poll(&p, 1, 100);
        }
    }
    const Frame hello = std::move(queue.front());
    queue.pop_front();
    if (hello.peer != -1 || hello.bytes.size() != 8)
        throw std::runtime_error("the MPI bridge did not say who it is");
    std::memcpy(&self_, hello.bytes.data(), 4);
    std::memcpy(&size_, hello.bytes.data() + 4, 4);
}

BridgeTransport::~BridgeTransport() {
    finish();
}

void BridgeTransport::finish() {
    if (bridge_ < 0) return;
    std::deque<Frame> ignored;
    stream_->write(-2, {}, ignored);
    int status = 0;
    while (waitpid(bridge_, &status, 0) < 0 && errno == EINTR) {
    }
    bridge_ = -1;
}

void BridgeTransport::abort() {
    if (bridge_ < 0) return;
    std::deque<Frame> ignored;
    stream_->write(-3, {}, ignored);
    int status = 0;
    while (waitpid(bridge_, &status, 0) < 0 && errno == EINTR) {
    }
    bridge_ = -1;
}

void BridgeTransport::send(int to, const std::string& bytes) {
    if (!stream_->write(to, bytes, inbox_.frames())) return;
    ++counters_.messages_sent;
    counters_.bytes_sent += bytes.size();
}

bool BridgeTransport::maybe_pending() {
    if (!inbox_.empty()) return true;
    if (++calls_ % 4 != 0) return false;
    stream_->drain(inbox_.frames());
    return !inbox_.empty();
}

bool BridgeTransport::receive(int& from, std::string& bytes) {
    if (inbox_.empty()) stream_->drain(inbox_.frames());
    return inbox_.take(from, bytes, counters_);
}

void BridgeTransport::wait(int timeout_ms) {
    if (!inbox_.empty()) return;
    pollfd p{stream_->fd(), POLLIN, 0};
    ::poll(&p, 1, timeout_ms);
}

} // namespace rankfold::mc::parallel
