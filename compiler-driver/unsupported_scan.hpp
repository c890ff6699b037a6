// unsupported_scan: finding the unsupported MPI functions a program uses, in the compiler's
// diagnostics (sources compiled with RANKFOLD_LIST_UNSUPPORTED) and in nm's symbol tables
// (object files and libraries). Pure text processing, for rankfold-cc --list-unsupported.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace rankfold::driver {

// A use of an unsupported function in a source file; column 0 when the compiler gave none.
struct CallSite {
    std::string file;
    int line = 0;
    int column = 0;
    std::string function;
    bool operator==(const CallSite&) const = default;
};

// The uses the compiler reported, in its order: the diagnostics whose message is
// "MPI_Xxx is not supported by Rankfold" (mpi_unsupported.h's attribute text), located
// "FILE:LINE:COL:" or "FILE:LINE:". Independent of the compiler's language (the message is ours).
std::vector<CallSite> parse_diagnostics(std::string_view output);

// The text of line LINE (1-based) of FILE, or nullptr if it cannot be read.
using SourceLines = std::function<const std::string*(const std::string& file, int line)>;

// The MPI functions the compiler saw called without a declaration, in its order: gcc's and
// clang's "implicit declaration of function 'MPI_Xxx'" diagnostics (warning or error, quoted
// with ASCII or Unicode quotes), for names starting with MPI_ or PMPI_. Rankfold's mpi.h
// declares every MPI function (the unsupported ones with an error attribute), so such a name is
// not an MPI function at all, or one that MPI has removed.
std::vector<CallSite> parse_undeclared_mpi(std::string_view output);

// Points each site's column at the function's name. gcc points at the start of the statement
// (C) or at the call's "(" (C++); where the source line names the function exactly as many times
// as the compiler reported it there, the k-th report gets the k-th name. Other sites keep the
// compiler's column (a call through a macro, say).
void point_at_names(std::vector<CallSite>& sites, const SourceLines& source_line);

// A symbol in the output of `nm -A -l FILE` (with -D for a shared library).
struct NmSymbol {
    std::string member; // the archive member, or empty
    char type = '?';    // nm's letter: U undefined, T text, ...
    std::string name;
    std::string location; // "file:line" of a use, from the debug info (nm -l), or empty
};

std::vector<NmSymbol> parse_nm(std::string_view output, std::string_view file);

// A name an MPI library provides: MPI_... or PMPI_...
bool is_mpi_symbol(std::string_view name);

} // namespace rankfold::driver
