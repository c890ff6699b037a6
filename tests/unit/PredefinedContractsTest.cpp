#include "properties/contracts/PredefinedContracts.hpp"
#include "properties/contracts/ContractParser.hpp"

#include "simulated-shmem/include/rankfold_shmem_types.h"

#include <catch2/catch.hpp>

#include <string>

using namespace rankfold::properties::contracts;

TEST_CASE("the predefined sets parse", "[contracts]") {
    for (const PredefinedClass& c : predefined_classes()) {
        INFO(c.name);
        std::string error;
        CHECK(parse_contracts(c.text, c.name, error).has_value());
        CHECK(error.empty());
    }
    ContractSet set;
    std::string error;
    REQUIRE(add_predefined(set, PredefinedSets::All, error));
    // Only the classes no usage check reports are monitored.
    // Double request use on the 5 nonblocking point-to-point calls and 17 I-collectives; local
    // data races on the 7 buffers one-sided operations read (the 5 they write are the race
    // monitor's); OpenSHMEM's nonblocking puts, puts with signal and gets, 30 names each.
    CHECK(set.monitored() == 29 + 90);
    CHECK(set.watches_accesses());
    CHECK(set.concerns("MPI_Wait"));
    CHECK(set.concerns("MPI_Put"));
    CHECK_FALSE(set.concerns("MPI_Get"));
    CHECK(set.concerns("MPI_Win_flush_local"));
    CHECK_FALSE(set.concerns("MPI_Bcast"));
    ContractSet none;
    REQUIRE(add_predefined(none, PredefinedSets::None, error));
    CHECK(none.contracts().empty());
    ContractSet shmem;
    REQUIRE(add_predefined(shmem, PredefinedSets::Shmem, error));
    CHECK(shmem.monitored() == 90);
    CHECK_FALSE(shmem.concerns("MPI_Put"));
    CHECK(shmem.concerns("shmem_quiet"));
    CHECK(shmem.concerns("shmem_barrier_all"));
    CHECK(shmem.concerns("shmem_putmem_signal_nbi"));
    CHECK(shmem.concerns("shmem_get128_nbi"));
    // Completes nothing of the caller's: not a completion of the local-data-race rule.
    CHECK_FALSE(shmem.concerns("shmem_sync_all"));
    CHECK_FALSE(shmem.concerns("shmem_int_wait_until"));
}

TEST_CASE("the OpenSHMEM set covers every element type shmem.h has", "[contracts]") {
    ContractSet shmem;
    std::string error;
    REQUIRE(add_predefined(shmem, PredefinedSets::Shmem, error));
#define RF_CHECK_TYPE(T, N)                                                                        \
    CHECK(shmem.concerns("shmem_" #N "_put_nbi"));                                                 \
    CHECK(shmem.concerns("shmem_" #N "_put_signal_nbi"));                                          \
    CHECK(shmem.concerns("shmem_" #N "_get_nbi"));
    RF_SHMEM_RMA_TYPES(RF_CHECK_TYPE)
#undef RF_CHECK_TYPE
}
