#include "checked_compile.hpp"

#include "subprocess.hpp"
#include "unsupported_scan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace rankfold::driver {

namespace {

bool is_source(const std::string& arg) {
    static const char* const kSuffixes[] = {".c", ".i", ".s", ".S", ".cc", ".cpp", ".cxx", ".C"};
    if (arg.empty() || arg[0] == '-') return false;
    const std::string ext = std::filesystem::path(arg).extension().string();
    return std::ranges::any_of(kSuffixes, [&](const char* s) { return ext == s; });
}

} // namespace

std::vector<std::string> compiler_outputs(const std::vector<std::string>& user, bool link) {
    bool compile_only = false;
    std::vector<std::string> sources;
    for (std::size_t i = 0; i < user.size(); ++i) {
        const std::string& a = user[i];
        if (a == "-o" && i + 1 < user.size()) return {user[i + 1]};
        if (a.size() > 2 && a.rfind("-o", 0) == 0) return {a.substr(2)};
        if (a == "-c") compile_only = true;
        if (is_source(a)) sources.push_back(a);
    }
    if (link) return {"a.out"};
    std::vector<std::string> out;
    if (compile_only)
        for (const std::string& s : sources)
            out.push_back(std::filesystem::path(s).filename().replace_extension(".o").string());
    return out;
}

int run_checked_compile(const std::string& self, const std::vector<std::string>& cmd,
                        const std::vector<std::string>& user, bool link) {
    const RunResult result = run_tool(cmd, true);
    std::fputs(result.out.c_str(), stdout);
    std::fflush(stdout);
    std::fputs(result.err.c_str(), stderr);
    if (result.status == 127) {
        fmt::print(stderr, "{}: cannot run {}: {}\n", self, cmd[0], result.error);
        return 127;
    }
    const std::vector<CallSite> undeclared = parse_undeclared_mpi(result.err);
    if (undeclared.empty()) return result.status;
    for (const CallSite& site : undeclared)
        fmt::print(stderr,
                   "{}:{}:{}: error: {} is not declared by Rankfold's mpi.h: it is not an MPI "
                   "function, or one that MPI has removed\n",
                   site.file, site.line, site.column, site.function);
    if (result.status == 0) {
        std::error_code ignored;
        for (const std::string& file : compiler_outputs(user, link))
            std::filesystem::remove(file, ignored);
    }
    return 1;
}

} // namespace rankfold::driver
