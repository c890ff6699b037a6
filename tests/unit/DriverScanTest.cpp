// rankfold-cc --list-unsupported's parsers: compiler diagnostics (gcc, g++, clang, translated),
// columns moved onto the function's name, nm -A -l output, the compiled-in supported list.
#include "compiler-driver/supported_mpi.hpp"
#include "compiler-driver/unsupported_scan.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

using rankfold::driver::CallSite;
using rankfold::driver::NmSymbol;

TEST_CASE("parse_diagnostics finds every use, located, whatever the compiler and language") {
    const std::string output =
        "a.c: In function 'f':\n"
        "a.c:7:3: warning: 'MPI_Win_create' is deprecated: MPI_Win_create is not supported by "
        "Rankfold [-Wdeprecated-declarations]\n"
        "    7 |   MPI_Win_create(1);\n"
        "include/mpi_unsupported.h:2:5: note: declared here\n"
        "dir:with:colons/b.cpp:8:36: warning: 'int MPI_Comm_spawn(int)' is deprecated: "
        "MPI_Comm_spawn is not supported by Rankfold [-Wdeprecated-declarations]\n"
        "c.c:12:9: Warnung: »MPI_File_open« ist veraltet: MPI_File_open is not supported by "
        "Rankfold [-Wdeprecated-declarations]\n"
        "d.c:3: warning: MPI_Win_free is not supported by Rankfold\n"
        "    3 | puts(\"MPI_Send is not supported by Rankfold\");\n";
    const std::vector<CallSite> sites = rankfold::driver::parse_diagnostics(output);
    REQUIRE(sites.size() == 4);
    CHECK(sites[0] == CallSite{"a.c", 7, 3, "MPI_Win_create"});
    CHECK(sites[1] == CallSite{"dir:with:colons/b.cpp", 8, 36, "MPI_Comm_spawn"});
    CHECK(sites[2] == CallSite{"c.c", 12, 9, "MPI_File_open"});
    CHECK(sites[3] == CallSite{"d.c", 3, 0, "MPI_Win_free"});
}

TEST_CASE("point_at_names moves each report onto its call when the line says which") {
    const std::map<int, std::string> lines = {
        {4, "  MPI_Win_create(1); MPI_Win_create(2);"},
        {5, "  x = MPI_Comm_spawn(1);  /* MPI_Comm_spawn_multiple too */"},
        {6, "  CALL(4); // MPI_Win_create"},
    };
    std::vector<CallSite> sites = {
        {"a.c", 4, 3, "MPI_Win_create"},  {"a.c", 4, 3, "MPI_Win_create"},
        {"a.c", 5, 22, "MPI_Comm_spawn"}, {"a.c", 6, 3, "MPI_Win_create"},
        {"a.c", 6, 3, "MPI_Win_create"},  {"gone.c", 1, 7, "MPI_Win_create"}};
    rankfold::driver::point_at_names(sites, [&](const std::string& file, int line) {
        auto it = lines.find(line);
        return file == "a.c" && it != lines.end() ? &it->second : nullptr;
    });
    CHECK(sites[0].column == 3);
    CHECK(sites[1].column == 22);
    CHECK(sites[2].column == 7); // MPI_Comm_spawn_multiple is another name
    CHECK(sites[3].column == 3); // two reports, one name on the line: left as reported
    CHECK(sites[4].column == 3);
    CHECK(sites[5].column == 7); // no source
}

TEST_CASE("parse_nm reads objects, archive members, types and source lines") {
    const std::string output = "libm.a:m.o:                 U MPI_Comm_rank\t/src/m.c:5\n"
                               "libm.a:m.o:0000000000000000 T helper\t/src/m.c:2\n"
                               "libm.a:n.o:                 U PMPI_Wtime\tn.c:0\n"
                               "nm: libm.a: warning: something\n";
    const std::vector<NmSymbol> symbols = rankfold::driver::parse_nm(output, "libm.a");
    REQUIRE(symbols.size() == 3);
    CHECK(symbols[0].member == "m.o");
    CHECK(symbols[0].type == 'U');
    CHECK(symbols[0].name == "MPI_Comm_rank");
    CHECK(symbols[0].location == "/src/m.c:5");
    CHECK(symbols[1].type == 'T');
    CHECK(symbols[1].name == "helper");
    CHECK(symbols[2].name == "PMPI_Wtime");
    CHECK(symbols[2].location.empty());

    const std::vector<NmSymbol> plain =
        rankfold::driver::parse_nm("x.o:                 U MPI_Win_create\n", "x.o");
    REQUIRE(plain.size() == 1);
    CHECK(plain[0].member.empty());
    CHECK(plain[0].name == "MPI_Win_create");
}

TEST_CASE("the supported list is compiled in") {
    CHECK(rankfold::driver::is_supported_mpi("MPI_Send"));
    CHECK(rankfold::driver::is_supported_mpi("MPI_Init"));
    CHECK_FALSE(rankfold::driver::is_supported_mpi("MPI_Comm_spawn"));
    CHECK(rankfold::driver::is_supported_mpi("MPI_Win_create"));
    CHECK_FALSE(rankfold::driver::is_supported_mpi("PMPI_Send"));
    CHECK(rankfold::driver::is_mpi_symbol("PMPI_Send"));
    CHECK_FALSE(rankfold::driver::is_mpi_symbol("MPIX_Foo"));
}

TEST_CASE("parse_undeclared_mpi finds calls of undeclared MPI functions, gcc or clang") {
    const std::string output =
        "a.c: In function 'main':\n"
        "a.c:5:5: warning: implicit declaration of function \xe2\x80\x98MPI_Frob\xe2\x80\x99; "
        "did you mean \xe2\x80\x98MPI_Free_mem\xe2\x80\x99? [-Wimplicit-function-declaration]\n"
        "a.c:6:3: warning: implicit declaration of function 'memset' "
        "[-Wimplicit-function-declaration]\n"
        "dir/b.c:12:9: error: implicit declaration of function 'PMPI_Type_extent' is invalid "
        "in C99 [-Werror,-Wimplicit-function-declaration]\n";
    const std::vector<CallSite> sites = rankfold::driver::parse_undeclared_mpi(output);
    REQUIRE(sites.size() == 2);
    CHECK(sites[0] == CallSite{"a.c", 5, 5, "MPI_Frob"});
    CHECK(sites[1] == CallSite{"dir/b.c", 12, 9, "PMPI_Type_extent"});
}
