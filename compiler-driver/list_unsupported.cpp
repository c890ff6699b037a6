#include "list_unsupported.hpp"

#include "subprocess.hpp"
#include "supported_mpi.hpp"
#include "unsupported_scan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string_view>

namespace fs = std::filesystem;

namespace rankfold::driver {

namespace {

struct Input {
    std::string path;
    std::string language; // from -x, or empty: by the file name, as the compiler does
    bool source = false;  // compiled; otherwise an object file or a library, read with nm
};

struct Inputs {
    std::vector<std::string> flags; // the user's options that matter to a syntax check
    std::vector<Input> files;
};

// Options whose value is the next argument, kept for the syntax check ...
const std::set<std::string_view> kKeptWithValue = {
    "-I",        "-D",         "-U",         "-A",       "-include",       "-imacros",
    "-isystem",  "-iquote",    "-idirafter", "-iprefix", "-iwithprefix",   "-iwithprefixbefore",
    "-isysroot", "-imultilib", "--sysroot",  "--param",  "-Xpreprocessor", "-Xclang",
    "-target"};
// ... and dropped with it (outputs, dependency files, the linker's options).
const std::set<std::string_view> kDroppedWithValue = {
    "-o", "-MF", "-MT", "-MQ", "-L",        "-l",        "-Xlinker", "-Xassembler",
    "-T", "-u",  "-e",  "-z",  "-aux-info", "-dumpbase", "-dumpdir", "-dumpbase-ext"};
// Options that select outputs or link, dropped: nothing is written or linked.
const std::set<std::string_view> kDropped = {
    "-c",   "-S",      "-E",        "-M",      "-MM",         "-MD",
    "-MMD", "-MP",     "-MG",       "-shared", "-static",     "-static-pie",
    "-pie", "-no-pie", "-rdynamic", "-s",      "-save-temps", "-fsyntax-only",
    "-###", "-w"}; // -w would silence the warnings that name the unsupported functions
const std::array<std::string_view, 12> kDroppedPrefixes = {
    "-Wl,", "-Wa,", "-Wp,-M", "-l", "-L",           "-o",
    "-MF",  "-MT",  "-MQ",    "-T", "-save-temps=", "-fdump-"};

// The names gcc compiles (C, C++, preprocessed, headers); anything else goes to the linker.
bool is_source_name(const std::string& path) {
    static const std::set<std::string_view> kExtensions = {
        ".c", ".i",  ".ii", ".cc", ".cp",  ".cxx", ".cpp", ".CPP", ".c++", ".C",
        ".h", ".hh", ".H",  ".hp", ".hxx", ".hpp", ".HPP", ".h++", ".tcc"};
    return kExtensions.contains(fs::path(path).extension().string());
}

bool is_shared_library(const std::string& path) {
    const std::string name = fs::path(path).filename().string();
    return name.size() > 3 && (name.ends_with(".so") || name.find(".so.") != std::string::npos);
}

bool is_dropped_option(const std::string& a) {
    return kDropped.contains(a) || std::ranges::any_of(kDroppedPrefixes, [&](std::string_view p) {
               return a.starts_with(p);
           });
}

Inputs split_args(const std::vector<std::string>& args) {
    Inputs inputs;
    std::string language;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool has_value = i + 1 < args.size();
        if (a == "-x" && has_value) {
            language = args[++i] == "none" ? "" : args[i];
        } else if (a.starts_with("-x") && a.size() > 2) {
            language = a.substr(2) == "none" ? "" : a.substr(2);
        } else if (kKeptWithValue.contains(a) && has_value) {
            inputs.flags.push_back(a);
            inputs.flags.push_back(args[++i]);
        } else if (kDroppedWithValue.contains(a)) {
            ++i;
        } else if (a.size() > 1 && a[0] == '-') {
            if (!is_dropped_option(a)) inputs.flags.push_back(a);
        } else if (language != "assembler" && language != "assembler-with-cpp") {
            // (assembly has no MPI calls a compiler could see)
            const bool source = !language.empty() || a == "-" || is_source_name(a);
            inputs.files.push_back({a, language, source});
        }
    }
    return inputs;
}

// Lines of the program's sources, read once each, for point_at_names.
class SourceCache {
public:
    const std::string* line(const std::string& file, int number) {
        auto [it, added] = files_.try_emplace(file);
        if (added) {
            std::ifstream in(file, std::ios::binary);
            for (std::string text; std::getline(in, text);) it->second.push_back(text);
        }
        if (number < 1 || static_cast<size_t>(number) > it->second.size()) return nullptr;
        return &it->second[static_cast<size_t>(number) - 1];
    }

private:
    std::map<std::string, std::vector<std::string>> files_;
};

// What has been found so far, printed as it is found (each line once).
struct Listing {
    std::set<std::string> printed;
    std::set<std::string> functions;
    int failed = 0;

    void report(const std::string& where, const std::string& function, const std::string& after) {
        const std::string line =
            fmt::format("{}: {} is not supported by Rankfold{}", where, function, after);
        functions.insert(function);
        if (printed.insert(line).second) fmt::print("{}\n", line);
    }
};

// -fsyntax-only with RANKFOLD_LIST_UNSUPPORTED: every use is a warning that names it.
void check_source(const ListRequest& request, const Inputs& inputs, const Input& input,
                  SourceCache& sources, Listing& listing) {
    auto with_input = [&](std::vector<std::string> cmd) {
        if (!input.language.empty()) cmd.insert(cmd.end(), {"-x", input.language});
        cmd.push_back(input.path);
        return cmd;
    };
    std::vector<std::string> base = request.compile;
    base.insert(base.end(), inputs.flags.begin(), inputs.flags.end());
    base.emplace_back("-fsyntax-only");

    std::vector<std::string> cmd = base;
    cmd.insert(cmd.begin() + 1, "-DRANKFOLD_LIST_UNSUPPORTED=1");
    // After the user's options, so that these win: warnings that name the functions, never
    // errors (-Werror), also in system headers (a library's inline code), in plain text.
    cmd.insert(cmd.end(),
               {"-Wdeprecated-declarations", "-Wno-error", "-Wno-error=deprecated-declarations",
                "-Wsystem-headers", "-fdiagnostics-color=never", "-fshow-column"});
    // gcc: a call in a macro at the macro's use; byte columns, as point_at_names counts.
    if (!request.clang)
        cmd.insert(cmd.end(), {"-fdiagnostics-format=text", "-ftrack-macro-expansion=0",
                               "-fdiagnostics-column-unit=byte"});
    const RunResult checked = run_tool(with_input(cmd), true);
    if (checked.status == 127) {
        fmt::print(stderr, "{}: cannot run {}: {}\n", request.self, cmd[0], checked.error);
        ++listing.failed;
        return;
    }
    if (checked.status != 0) {
        // The compiler's own messages, as a plain syntax check gives them.
        std::fflush(stdout);
        if (run_tool(with_input(base), false).status == 0) std::fputs(checked.err.c_str(), stderr);
        fmt::print(stderr,
                   "{}: cannot list the MPI functions {} uses: the compiler failed (see above)\n",
                   request.self, input.path);
        ++listing.failed;
        return;
    }
    std::vector<CallSite> sites = parse_diagnostics(checked.err);
    // A call to an MPI function mpi.h does not declare at all (one MPI removed, or a misspelt
    // one) is listed too: rankfold-cc refuses it as well.
    for (CallSite& site : parse_undeclared_mpi(checked.err)) sites.push_back(std::move(site));
    point_at_names(sites,
                   [&](const std::string& file, int line) { return sources.line(file, line); });
    for (const auto& site : sites) {
        const std::string where = site.column > 0
                                      ? fmt::format("{}:{}:{}", site.file, site.line, site.column)
                                      : fmt::format("{}:{}", site.file, site.line);
        listing.report(where, site.function, "");
    }
}

struct SymbolTable {
    Input input;
    std::vector<NmSymbol> symbols;
};

// nm -A -l: the symbols of an object file or library, with the source line of a use (-g).
bool read_symbols(const ListRequest& request, const Input& input, SymbolTable& table) {
    const char* nm_env = std::getenv("NM");
    std::vector<std::string> cmd{nm_env != nullptr && *nm_env != '\0' ? nm_env : "nm", "-A", "-l"};
    if (is_shared_library(input.path)) cmd.emplace_back("-D");
    cmd.push_back(input.path);
    const RunResult result = run_tool(cmd, true);
    if (result.status != 0) {
        if (result.status == 127)
            fmt::print(stderr, "{}: cannot run {}: {}\n", request.self, cmd[0], result.error);
        else
            std::fputs(result.err.c_str(), stderr);
        fmt::print(stderr, "{}: cannot list the MPI functions {} uses\n", request.self, input.path);
        return false;
    }
    table = {input, parse_nm(result.out, input.path)};
    return true;
}

// Undefined MPI_/PMPI_ symbols that Rankfold does not provide and no other input defines.
void check_binaries(const ListRequest& request, const std::vector<Input>& binaries,
                    Listing& listing) {
    std::vector<SymbolTable> tables;
    std::set<std::string> defined;
    for (const auto& input : binaries) {
        SymbolTable table;
        if (!read_symbols(request, input, table)) {
            ++listing.failed;
            continue;
        }
        for (const auto& s : table.symbols)
            if (s.type != 'U' && s.type != 'w' && s.type != 'v' && is_mpi_symbol(s.name))
                defined.insert(s.name);
        tables.push_back(std::move(table));
    }
    for (const auto& table : tables) {
        for (const auto& s : table.symbols) {
            if (s.type != 'U' || !is_mpi_symbol(s.name) || is_supported_mpi(s.name) ||
                defined.contains(s.name))
                continue;
            const std::string object = s.member.empty()
                                           ? table.input.path
                                           : fmt::format("{}({})", table.input.path, s.member);
            if (s.location.empty())
                listing.report(object, s.name, "");
            else
                listing.report(s.location, s.name, fmt::format(" (in {})", object));
        }
    }
}

} // namespace

int list_unsupported(const ListRequest& request) {
    const Inputs inputs = split_args(request.args);
    if (inputs.files.empty()) {
        fmt::print(stderr,
                   "{}: --list-unsupported: no input files (sources, object files or "
                   "libraries to check)\n",
                   request.self);
        return 2;
    }
    Listing listing;
    SourceCache sources;
    std::vector<Input> binaries;
    for (const auto& input : inputs.files) {
        if (input.source)
            check_source(request, inputs, input, sources, listing);
        else
            binaries.push_back(input);
    }
    if (!binaries.empty()) check_binaries(request, binaries, listing);

    std::fflush(stdout);
    if (listing.failed > 0) return 2;
    if (listing.functions.empty()) {
        fmt::print("no unsupported MPI functions\n");
        return 0;
    }
    std::string names;
    for (const auto& f : listing.functions) names += (names.empty() ? "" : ", ") + f;
    fmt::print("{} unsupported MPI function{} used: {}\n", listing.functions.size(),
               listing.functions.size() == 1 ? "" : "s", names);
    return 1;
}

} // namespace rankfold::driver
