#include "mc/runtime/OutputRouter.hpp"

#include <fcntl.h>
#include <stdio_ext.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>

// glibc's fflush under its internal name: this file defines fflush itself (at the end).
extern "C" int _IO_fflush(FILE*); // NOLINT(bugprone-reserved-identifier): glibc's name

namespace rankfold::mc {

bool g_output_flushed = false;

namespace {
constexpr std::size_t kStdioBuffer = 1 << 20;

void write_all(int fd, const char* data, std::size_t n) {
    while (n > 0) {
        const ssize_t w = ::write(fd, data, n);
        if (w <= 0) {
            if (w < 0 && errno == EINTR) continue;
            return;
        }
        data += w;
        n -= static_cast<std::size_t>(w);
    }
}
} // namespace

OutputRouter::OutputRouter(Mode mode, bool label, int ranks)
    : mode_(mode), label_(label), captured_(static_cast<std::size_t>(ranks)) {
    std::fflush(stdout);
    std::fflush(stderr);
    auto setup = [&](Stream& s, FILE* file, int fd, const char* name) {
        s.file = file;
        s.target_fd = fd;
        s.saved_fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
        s.memory_fd = memfd_create(name, MFD_CLOEXEC);
        if (s.saved_fd < 0 || s.memory_fd < 0 || dup2(s.memory_fd, fd) < 0)
            throw std::runtime_error(std::string("cannot redirect the program's ") + name + ": " +
                                     std::strerror(errno));
        s.partial.resize(static_cast<std::size_t>(ranks));
        // Our own buffer, fully buffered: the C library allocates none while a rank runs, and a
        // slice's output stays in it until collect() looks. It lives as long as the process:
        // setvbuf(NULL) in finish() changes the mode but keeps using it.
        static char buffers[2][kStdioBuffer];
        ::setvbuf(file, buffers[fd - 1], _IOFBF, kStdioBuffer);
    };
    setup(out_, stdout, 1, "rankfold-stdout");
    setup(err_, stderr, 2, "rankfold-stderr");
    report_ = fdopen(fcntl(err_.saved_fd, F_DUPFD_CLOEXEC, 3), "w");
    terminal_out_ = fdopen(fcntl(out_.saved_fd, F_DUPFD_CLOEXEC, 3), "w");
    if (report_) ::setvbuf(report_, nullptr, _IOLBF, 0);
}

OutputRouter::~OutputRouter() {
    finish();
}

namespace {
// What __fpending tells, without a call into libc: this runs after every slice of every rank.
bool pending(const FILE* f) {
    return f->_IO_write_ptr != f->_IO_write_base;
}
} // namespace

void OutputRouter::collect(int rank) {
    if (!g_output_flushed && !pending(stdout) && !pending(stderr)) return;
    drain(out_, rank);
    drain(err_, rank);
    g_output_flushed = false;
}

void OutputRouter::collect_everything(int rank) {
    g_output_flushed = true;
    collect(rank);
}

void OutputRouter::drain(Stream& s, int rank) {
    _IO_fflush(s.file);
    char chunk[65536];
    for (;;) {
        const ssize_t n =
            pread(s.memory_fd, chunk, sizeof chunk, static_cast<off_t>(s.read_offset));
        if (n <= 0) break;
        s.read_offset += static_cast<std::size_t>(n);
        emit(s, rank, chunk, static_cast<std::size_t>(n));
    }
    if (s.read_offset > 0) {
        // Everything is read: start the memory file over. Besides bounding its size, this keeps
        // the C library's idea of the file offset the same at the start of every slice, so no
        // offset from outside the program's state lingers in its stack frames.
        ftruncate(s.memory_fd, 0);
        lseek(s.target_fd, 0, SEEK_SET);
        s.read_offset = 0;
    }
}

void OutputRouter::emit(Stream& s, int rank, const char* data, std::size_t n) {
    if (mode_ == Mode::Capture) {
        captured_[rank].append(data, n);
        return;
    }
    std::string& partial = s.partial[rank];
    std::string ready;
    const std::string prefix = label_ ? "[" + std::to_string(rank) + "] " : "";
    while (n > 0) {
        const char* nl = static_cast<const char*>(std::memchr(data, '\n', n));
        if (nl == nullptr) {
            partial.append(data, n);
            break;
        }
        const std::size_t len = static_cast<std::size_t>(nl - data) + 1;
        ready += prefix;
        ready += partial;
        ready.append(data, len);
        partial.clear();
        data += len;
        n -= len;
    }
    if (!ready.empty()) write_all(s.saved_fd, ready.data(), ready.size());
}

void OutputRouter::finish() {
    if (finished_) return;
    finished_ = true;
    for (Stream* s : {&out_, &err_}) {
        _IO_fflush(s->file);
        for (std::size_t r = 0; r < s->partial.size(); ++r) {
            if (s->partial[r].empty()) continue;
            const std::string line = (label_ ? "[" + std::to_string(r) + "] " : "") + s->partial[r];
            write_all(s->saved_fd, line.data(), line.size());
        }
        dup2(s->saved_fd, s->target_fd);
        ::setvbuf(s->file, nullptr, s->target_fd == 2 ? _IONBF : _IOLBF, 0);
    }
    if (report_) std::fflush(report_);
    if (terminal_out_) std::fflush(terminal_out_);
}

} // namespace rankfold::mc

// Process-wide: libstdc++ (std::endl) and the program flush stdio through here.
extern "C" __attribute__((visibility("default"))) int fflush(FILE* stream) {
    rankfold::mc::g_output_flushed = true;
    return _IO_fflush(stream);
}
