// HazardMonitor: legal but hazardous calls are warnings, kept once, or violations with --strict.
#include "properties/HazardMonitor.hpp"
#include "properties/MonitorSet.hpp"

#include <catch2/catch.hpp>

using namespace rankfold::properties;

namespace {
HazardEvent free_active(int rank) {
    return {rank, "request-free-active", "MPI_Request_free of an active send request", {}};
}
} // namespace

TEST_CASE("a hazard is a warning, once per distinct finding", "[hazard]") {
    MonitorSet set;
    set.add<HazardMonitor>(false);
    set.on_hazard(free_active(0));
    set.on_hazard(free_active(0)); // the same finding on another path
    set.on_hazard(free_active(1));
    CHECK_FALSE(set.violation());
    REQUIRE(set.warnings().size() == 2);
    CHECK(set.warnings()[0].kind == ViolationKind::Usage);
    CHECK(set.warnings()[0].subkind == "request-free-active");
}

TEST_CASE("with --strict a hazard ends the path as a usage violation", "[hazard]") {
    MonitorSet set;
    set.add<HazardMonitor>(true);
    set.on_hazard(free_active(1));
    REQUIRE(set.violation());
    CHECK(set.violation()->subkind == "request-free-active");
    CHECK(set.violation()->rank == 1);
    CHECK(set.warnings().empty());
}
