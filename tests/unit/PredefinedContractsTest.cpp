#include "properties/contracts/PredefinedContracts.hpp"
#include "properties/contracts/ContractParser.hpp"

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
    // monitor's).
    CHECK(set.monitored() == 29);
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
    CHECK(shmem.contracts().empty()); // until Rankfold simulates OpenSHMEM
}
