// MPI functions that write and read a status object's private fields (MPI 3.1 §3.8.2, §12.2):
// the received size, which MPI_Get_count and MPI_Get_elements read, and the cancelled flag.
// For generalized requests and layered libraries; local calls, allowed on any status.
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/DatatypeCall.hpp"

#include <cstdint>

using namespace rankfold::mpi;

namespace {

constexpr int kCancelledBit = static_cast<int>(0x80000000u);

int set_elements(const char* name, std::uintptr_t site, MPI_Status* status, MPI_Datatype datatype,
                 std::int64_t count) {
    DatatypeCall c(name, site);
    TypemapRef type = c.lookup(datatype);
    if (!type) return c.result();
    if (count < 0) return c.negative_count(count);
    const auto bytes = type->signature().bytes_of(static_cast<std::uint64_t>(count));
    if (!bytes || *bytes >= (std::uint64_t{1} << 63))
        return c.bad_argument(fmt::format("{} elements of a type without elements", count));
    MPI_Status s{};
    if (!rankfold::snapshot::copy_from_app(&s, status, sizeof s))
        return c.bad_argument(fmt::format("status ({}) is not readable", fmt::ptr(status)));
    // The same layout MpiWorld::write_status uses: 63 bits of bytes, the top bit cancelled.
    s.rf_count_lo = static_cast<int>(static_cast<std::uint32_t>(*bytes));
    s.rf_count_hi_and_cancelled = (s.rf_count_hi_and_cancelled & kCancelledBit) |
                                  static_cast<int>((*bytes >> 32) & 0x7fffffff);
    return c.write(status, s, "status");
}

} // namespace

RF_EXPORT int MPI_Status_set_elements(MPI_Status* status, MPI_Datatype datatype, int count) {
    RF_MPI_ENTRY;
    return set_elements("MPI_Status_set_elements", site, status, datatype, count);
}

RF_EXPORT int MPI_Status_set_elements_x(MPI_Status* status, MPI_Datatype datatype,
                                        MPI_Count count) {
    RF_MPI_ENTRY;
    return set_elements("MPI_Status_set_elements_x", site, status, datatype, count);
}

RF_EXPORT int MPI_Status_set_cancelled(MPI_Status* status, int flag) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Status_set_cancelled", site);
    MPI_Status s{};
    if (!rankfold::snapshot::copy_from_app(&s, status, sizeof s))
        return c.bad_argument(fmt::format("status ({}) is not readable", fmt::ptr(status)));
    s.rf_count_hi_and_cancelled =
        (s.rf_count_hi_and_cancelled & ~kCancelledBit) | (flag != 0 ? kCancelledBit : 0);
    return c.write(status, s, "status");
}

RF_EXPORT int MPI_Test_cancelled(const MPI_Status* status, int* flag) {
    RF_MPI_ENTRY;
    DatatypeCall c("MPI_Test_cancelled", site);
    MPI_Status s{};
    if (!rankfold::snapshot::copy_from_app(&s, status, sizeof s))
        return c.bad_argument(fmt::format("status ({}) is not readable", fmt::ptr(status)));
    return c.write(flag, (s.rf_count_hi_and_cancelled & kCancelledBit) != 0 ? 1 : 0, "flag");
}
