// What every part of MpiWorld reaches besides its own data: each rank's own state (life cycle,
// failure, clock, local tables), the request table and the communicators. A value type, part of
// the MpiWorld state; the parts (PointToPoint, Completion, Collectives, CommConstruction) are
// given it with each call instead of reaching into the world.
#pragma once

#include "simulated-mpi/interface/Misuse.hpp"
#include "simulated-mpi/interface/Progress.hpp"
#include "simulated-mpi/interface/RankCall.hpp"
#include "simulated-mpi/src/CommRegistry.hpp"
#include "simulated-mpi/src/DatatypeTable.hpp"
#include "simulated-mpi/src/ErrhandlerTable.hpp"
#include "simulated-mpi/src/ErrorCodeTable.hpp"
#include "simulated-mpi/src/GroupTable.hpp"
#include "simulated-mpi/src/InfoTable.hpp"
#include "simulated-mpi/src/KeyvalTable.hpp"
#include "simulated-mpi/src/OpTable.hpp"
#include "simulated-mpi/src/RequestTable.hpp"
#include "simulated-mpi/src/Window.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rankfold::mpi {

// A generalized request a wait or test completed: its query and free functions are still to
// run, on the rank, when the call returns (MPI 3.1 §12.2). Application addresses.
struct GrequestDone {
    std::uintptr_t query = 0;
    std::uintptr_t free = 0;
    std::uintptr_t extra_state = 0;
    MPI_Status* status = nullptr; // where the wait or test writes it; may be MPI_STATUS_IGNORE
    friend bool operator==(const GrequestDone&, const GrequestDone&) = default;
};

// A rank's local tables: the objects only its own calls create and free. A part of their own
// because they seldom change, so the state hash keeps their digest (HashMemo).
struct RankTables {
    OpTable ops;
    GroupTable groups;
    KeyvalTable keyvals;
    DatatypeTable datatypes;
    InfoTable infos;
    ErrhandlerTable errhandlers;
    ErrorCodeTable error_codes;

    friend bool operator==(const RankTables&, const RankTables&) = default;
};

// One rank's own state: what no other rank's call changes.
struct RankState : RankTables {
    bool initialized = false;
    bool finalized = false;
    int thread_level = MPI_THREAD_SINGLE;
    std::optional<MpiFailure> failure;
    std::uint64_t clock = 0;
    std::vector<GrequestDone> grequests_done; // empty but between a wait and its return

    // Simulated time: one microsecond per clock reading of this rank, so every replay of a
    // rank's history reads the same times and a rank polling the clock sees it move, while a
    // polling loop that does not read it comes back to the same state.
    double wtime() const { return 1.0 + static_cast<double>(clock) * 1e-6; }
    void tick() { ++clock; }

    friend bool operator==(const RankState&, const RankState&) = default;
};

struct WorldCore {
    explicit WorldCore(int ranks)
        : ranks(static_cast<std::size_t>(ranks)), requests(ranks), comms(ranks) {}

    std::vector<RankState> ranks;
    RequestTable requests;
    CommRegistry comms;
    WindowTable windows;

    using CommView = CommRegistry::View;
    std::optional<CommView> view(int rank, MPI_Comm comm) const { return comms.view(rank, comm); }
    // The world rank of `comm_rank` in `comm` (a live handle of `rank`).
    int world_rank(int rank, MPI_Comm comm, int comm_rank) const;

    // Records the failure of `call`; the sub-kind follows from the error class unless given.
    Progress fail(int rank, const RankCall& call, int code, std::string message);
    Progress fail(int rank, const RankCall& call, int code, std::optional<Misuse> misuse,
                  std::string message);
    // The typemap of `type` for a communication call of `rank`, or none after fail(): an
    // invalid or freed handle, or a derived datatype not committed.
    TypemapRef usable_datatype(int rank, const RankCall& call, MPI_Datatype type);

    friend bool operator==(const WorldCore&, const WorldCore&) = default;
};

// Why a communicator argument is not one.
std::string invalid_comm_text(MPI_Comm comm);

} // namespace rankfold::mpi
