// The program's standard output and error, attributed to the rank that wrote them.
//
// All ranks share one C library, so their printf()s land in the same FILE. The router points
// file descriptors 1 and 2 at memory files and gives stdout/stderr large buffers; after each
// slice a rank runs, whatever the slice wrote belongs to that rank. Complete lines are then
// printed (labelled "[r] " with --label, as mpirun -l does) or kept for the explorer.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

namespace rankfold::mc {

class OutputRouter {
public:
    enum class Mode { Print, Capture };
    OutputRouter(Mode mode, bool label, int ranks);
    ~OutputRouter();
    OutputRouter(const OutputRouter&) = delete;
    OutputRouter& operator=(const OutputRouter&) = delete;

    // The single run's look-ahead (PollRegionCheck) runs ranks whose output must not reach the
    // terminal: it captures meanwhile, and restoring its start state drops what it captured.
    Mode mode() const { return mode_; }
    void set_mode(Mode mode) { mode_ = mode; }

    // Takes what was written since the last call as `rank`'s output. Cheap when nothing was.
    void collect(int rank);
    // Like collect, but also finds bytes written with write(2) behind stdio's back.
    void collect_everything(int rank);
    // Prints the ranks' unfinished last lines and gives fds 1 and 2 back.
    void finish();

    // Where the checker itself writes its report: the real standard error and output.
    FILE* report() const { return report_; }
    FILE* terminal_out() const { return terminal_out_; }
    const std::string& captured(int rank) const { return captured_[rank]; }
    // Forgets what `rank` wrote after its captured output had `size` bytes (a restored state).
    void truncate_captured(int rank, std::size_t size) {
        if (captured_[rank].size() > size) captured_[rank].resize(size);
    }

private:
    struct Stream {
        FILE* file;
        int target_fd; // 1 or 2
        int saved_fd;  // the original descriptor
        int memory_fd; // where the program's bytes go
        std::size_t read_offset = 0;
        std::vector<std::string> partial; // per rank: bytes after the last newline
    };
    void drain(Stream& s, int rank);
    void emit(Stream& s, int rank, const char* data, std::size_t n);

    Mode mode_;
    bool label_;
    Stream out_, err_;
    FILE* report_ = nullptr;
    FILE* terminal_out_ = nullptr;
    std::vector<std::string> captured_;
    bool finished_ = false;
};

// Set by the fflush hook: the program flushed stdio, so bytes may be waiting in a memory file.
extern bool g_output_flushed;

} // namespace rankfold::mc
