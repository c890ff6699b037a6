#include "process_runner.hpp"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iostream>
#include <signal.h> // NOLINT(modernize-deprecated-headers): POSIX kill()
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace corpus {

bool g_dry_run = false;
int g_timeout = 60;

std::string Outcome::status() const {
    if (timed_out) return "timed out";
    if (signal) return std::string("killed by signal ") + strsignal(signal);
    return "exit status " + std::to_string(exit_code);
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

Strings lines_of(const std::string& text) {
    Strings lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
}

std::string tail(const Outcome& o, size_t count) {
    Strings lines = lines_of(o.err.empty() ? o.out : o.err);
    if (lines.empty()) return "";
    std::string s = o.err.empty() ? "\n    (stdout tail)" : "\n    (stderr tail)";
    for (size_t i = lines.size() > count ? lines.size() - count : 0; i < lines.size(); i++)
        s += "\n    | " + lines[i];
    return s;
}

Outcome run_process(const Strings& argv, const fs::path& base, int timeout) {
    Outcome o;
    if (g_dry_run) {
        std::cout << "+ " << join(argv) << "\n";
        o.exit_code = 0;
        return o;
    }
    fs::path out_path = base.string() + ".out", err_path = base.string() + ".err";
    pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        int in = open("/dev/null", O_RDONLY);
        int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(in, 0), dup2(out, 1), dup2(err, 2);
        std::vector<char*> cargv;
        for (const auto& a : argv) cargv.push_back(const_cast<char*>(a.c_str()));
        cargv.push_back(nullptr);
        execvp(cargv[0], cargv.data());
        dprintf(2, "corpus_runner: cannot execute %s: %s\n", cargv[0], strerror(errno));
        _exit(127);
    }
    if (pid < 0) {
        o.err = std::string("fork failed: ") + strerror(errno);
        return o;
    }
    setpgid(pid, pid); // also from this side, so the group exists before we might kill it
    auto deadline =
        std::chrono::steady_clock::now() + std::chrono::seconds(timeout > 0 ? timeout : g_timeout);
    int status = 0;
    for (;;) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid || (r < 0 && errno != EINTR)) break;
        if (std::chrono::steady_clock::now() >= deadline) {
            kill(-pid, SIGKILL);
            waitpid(pid, &status, 0);
            o.timed_out = true;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    kill(-pid, SIGKILL);
    if (!o.timed_out && WIFEXITED(status)) o.exit_code = WEXITSTATUS(status);
    if (!o.timed_out && WIFSIGNALED(status)) o.signal = WTERMSIG(status);
    o.out = slurp(out_path);
    o.err = slurp(err_path);
    return o;
}

} // namespace corpus
