// rankfold-cc / rankfold-cxx: compiler drivers in the manner of mpicc. They run the system
// compiler with Rankfold's mpi.h first on the include path, debug info, zero-initialised locals,
// and, when linking, produce a loadable module that rankfold-run loads once per rank.
//
// The language follows the name it was called by: anything with "cxx", "c++", "CC" or "++" is
// C++ (rankfold-cxx, mpicxx, mpic++). RANKFOLD_CC / RANKFOLD_CXX choose the compiler.
// rankfold-oshcc / rankfold-oshcxx (oshcc, oshcxx, oshc++) are the same driver: shmem.h sits
// beside mpi.h, and a program may use both.
#include "checked_compile.hpp"
#include "list_unsupported.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// Calls the module must not make directly: exit and abort end one rank only; assertions become
// violations; stdio buffering stays under the checker's control so output is attributed to
// the rank that wrote it; exit handlers are kept in the rank's own state (module_marker.c).
const char* const kWrapped[] = {"exit",       "_exit",         "_Exit",       "quick_exit",
                                "abort",      "__assert_fail", "setvbuf",     "setbuf",
                                "setlinebuf", "setbuffer",     "__cxa_atexit", "sleep",
                                "usleep",     "nanosleep",     "clock_nanosleep"};

// The memory-access instrumentation the race and heap checks read: every load and store calls
// __tsan_readN/__tsan_writeN, which Rankfold implements itself (mc/runtime/tsan_entry_points.c;
// function entry/exit hooks are of no use to it). The string and memory routines stay calls,
// checked by their wrappers: GCC does not instrument its own inline expansion of them.
const char* const kInstrumentation[] = {
    "-fsanitize=thread",   "--param=tsan-instrument-func-entry-exit=0",
    "-fno-builtin-memcpy", "-fno-builtin-memmove",
    "-fno-builtin-memset", "-fno-builtin-memcmp",
    "-fno-builtin-strcpy", "-fno-builtin-strncpy",
    "-fno-builtin-strcat", "-fno-builtin-strlen"};

// Library routines that touch the program's memory: linked through wrappers that check the
// bytes like the program's own loads and stores (mc/runtime/libc_access_wrappers.c).
const char* const kAccessWrapped[] = {"memcpy", "memmove", "memset", "memcmp", "strcpy", "strncpy",
                                      "strcat", "strlen",  "puts",   "fputs",  "fwrite", "fread"};

bool is_cxx_name(const std::string& name) {
    return name.find("cxx") != std::string::npos || name.find("c++") != std::string::npos ||
           name.find("CC") != std::string::npos || name.find("++") != std::string::npos;
}

std::string quote(const std::string& s) {
    if (!s.empty() && s.find_first_of(" \t\n'\"\\$`*?[]{}()<>|&;#~") == std::string::npos) return s;
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

struct Layout {
    fs::path include;
    fs::path lib;
};

// Headers and libraries relative to the driver: <prefix>/bin/rankfold-cc finds
// <prefix>/include/rankfold and the library folder, in the build tree and once installed.
Layout find_layout() {
    const fs::path bin = fs::canonical("/proc/self/exe").parent_path();
    const fs::path prefix = bin.parent_path();
    Layout l{prefix / "include" / "rankfold", prefix / "lib"};
    if (!fs::exists(l.lib / "librankfold.so")) l.lib = prefix / RANKFOLD_INSTALL_LIBDIR;
    return l;
}

// The compiler and the flags every compile gets: Rankfold's mpi.h first, debug info, code that
// can be loaded once per rank, zeroed locals, frames gdb and the checker can walk.
std::vector<std::string> compile_command(const std::string& compiler, bool cxx,
                                         const Layout& layout) {
    std::vector<std::string> cmd{compiler,
                                 "-I" + layout.include.string(),
                                 "-DRANKFOLD=1",
                                 "-g",
                                 "-fPIC",
                                 "-ftrivial-auto-var-init=zero",
                                 "-fno-omit-frame-pointer",
                                 "-fno-optimize-sibling-calls"};
    // C++ statics of inline functions and templates are STB_GNU_UNIQUE symbols by default, which
    // the loader binds to the first copy of the module loaded: every rank would share them.
    if (cxx) cmd.emplace_back("-fno-gnu-unique");
    cmd.insert(cmd.end(), std::begin(kInstrumentation), std::end(kInstrumentation));
    return cmd;
}

void print_help(const std::string& self, const std::string& compiler) {
    fmt::print(R"({0} (Rankfold {1}) — wraps {2}

Usage: {0} [options] files...

Compiles and links MPI and OpenSHMEM programs for rankfold-run, like mpicc or oshcc: {2}'s
options and files, with Rankfold's mpi.h and shmem.h first on the include path, debug info,
zero-initialised locals and the memory-access instrumentation the race and heap checks read
(-fsanitize=thread, served by Rankfold itself; -fno-sanitize=thread after them builds without
it); linking makes a module that rankfold-run loads once per rank. Calling an MPI or OpenSHMEM
function Rankfold does not implement is a compile-time error naming it.

Rankfold's options:
  --list-unsupported  build nothing; list every use of an MPI function Rankfold does not
                      implement, one line each ("FILE:LINE:COL: MPI_Xxx is not supported by
                      Rankfold"), then how many functions and which. Give the arguments of a
                      normal compile or link: sources are checked by {2} -fsyntax-only,
                      object files and static libraries by their undefined MPI_/PMPI_
                      symbols (nm; with -g, "FILE:LINE" of one use per object file).
                      Exit status: 0 none, 1 some, 2 an input could not be checked (a compile
                      error: the compiler's messages are printed).
  -show, --showme     print the compiler command instead of running it
  --version           print this driver's version and run {2} --version
  --help              this help

Environment: RANKFOLD_CC and RANKFOLD_CXX choose the compiler (default gcc and g++); NM the nm
of --list-unsupported (default nm).
)",
               self, RANKFOLD_VERSION, compiler);
}

} // namespace

int main(int argc, char** argv) {
    const std::string self = fs::path(argv[0]).filename().string();
    const bool cxx = is_cxx_name(self);
    const char* env = std::getenv(cxx ? "RANKFOLD_CXX" : "RANKFOLD_CC");
    const std::string compiler = env && *env ? env : (cxx ? "g++" : "gcc");

    if (argc == 2 && std::strcmp(argv[1], "--help") == 0) {
        print_help(self, compiler);
        return 0;
    }
    rankfold::driver::ListRequest list{self, {}, {}, false};
    bool list_mode = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--list-unsupported") == 0)
            list_mode = true;
        else
            list.args.emplace_back(argv[i]);
    }
    if (list_mode) {
        list.compile = compile_command(compiler, cxx, find_layout());
        list.clang = fs::path(compiler).filename().string().find("clang") != std::string::npos;
        return rankfold::driver::list_unsupported(list);
    }

    bool link = true, show = false, any_input = false;
    std::vector<std::string> user;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "-show" || a == "--showme" || a == "-showme") {
            show = true;
            continue;
        }
        if (a == "--help") link = false;
        if (a == "--version" || a == "-v") {
            if (argc == 2) {
                fmt::print("{} (Rankfold {}) — wraps {}\n", self, RANKFOLD_VERSION, compiler);
                std::fflush(stdout);
            }
            link = false;
        }
        if (a == "-c" || a == "-S" || a == "-E" || a == "-M" || a == "-MM" ||
            a.rfind("-print-", 0) == 0 || a.rfind("-dump", 0) == 0)
            link = false;
        // Position-dependent or static output cannot be loaded once per rank.
        if (a == "-fPIE" || a == "-fpie" || a == "-pie" || a == "-no-pie" || a == "-fno-pic" ||
            a == "-fno-PIC")
            continue;
        if (a == "-static" || a == "-static-pie") {
            fmt::print(stderr, "{}: note: ignoring {} (ranks share one process)\n", self, a);
            continue;
        }
        if (!a.empty() && a[0] != '-') any_input = true;
        user.push_back(a);
    }
    if (!any_input && !show) link = false;

    const Layout layout = find_layout();
    std::vector<std::string> cmd = compile_command(compiler, cxx, layout);
    cmd.insert(cmd.end(), user.begin(), user.end());
    if (link) {
        cmd.insert(cmd.end(), {"-shared", "-Wl,-Bsymbolic", "-Wl,-z,defs", "-Wl,-z,now"});
        for (const char* fn : kWrapped) cmd.push_back(std::string("-Wl,--wrap=") + fn);
        for (const char* fn : kAccessWrapped) cmd.push_back(std::string("-Wl,--wrap=") + fn);
        // gcc links -ltsan for -fsanitize=thread: an empty archive there stands in for it.
        cmd.insert(cmd.end(), {"-L" + (layout.lib / "rankfold-tsan").string(),
                               "-L" + layout.lib.string(), "-Wl,-rpath," + layout.lib.string(),
                               "-Wl,--whole-archive", "-lrankfold_module", "-Wl,--no-whole-archive",
                               // The symmetric heap, pulled in by programs that include shmem.h.
                               "-lrankfold_shmem_module", "-lrankfold"});
    }

    if (show) {
        std::string line;
        for (const auto& c : cmd) line += (line.empty() ? "" : " ") + quote(c);
        fmt::print("{}\n", line);
        return 0;
    }
    // C: a call to an undeclared function is only a warning (as with mpicc), unless it is an
    // MPI function. C++ has no implicit declarations: the compiler itself refuses them.
    if (!cxx) return rankfold::driver::run_checked_compile(self, cmd, user, link);
    std::vector<char*> args;
    args.reserve(cmd.size() + 1);
    for (auto& c : cmd) args.push_back(c.data());
    args.push_back(nullptr);
    execvp(args[0], args.data());
    fmt::print(stderr, "{}: cannot run {}: {}\n", self, compiler, std::strerror(errno));
    return 127;
}
