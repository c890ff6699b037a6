// RMA windows as the simulated MPI keeps them (MPI 3.1 chapter 11): each window once, shared by
// its members, with what each member exposes, the epochs each member has open, the locks each
// target grants, and the operations each origin has issued that have not landed yet. A value
// type, part of the MpiWorld state (hashed by WindowTable::feed).
//
// A window handle is the same integer on every member: the window's index in the table.
#pragma once

#include "simulated-mpi/interface/Rma.hpp"
#include "simulated-mpi/src/Payload.hpp"
#include "simulated-mpi/src/RequestTable.hpp"
#include "simulated-mpi/src/Typemap.hpp"

#include <mpi.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rankfold::mpi {

// One operation an origin issued, waiting for the synchronisation that makes it land.
struct PendingRma {
    RmaKind kind = RmaKind::Put;
    int target = -1;                // rank in the window's group
    std::int64_t target_offset = 0; // bytes from the target's base (disp x disp_unit)
    int target_count = 0;
    TypemapRef target_map{};
    Payload origin_data{};  // packed when the origin called (Put, Accumulate, ...)
    Payload compare_data{}; // MPI_Compare_and_swap
    void* result = nullptr; // where fetched data goes, in the origin's memory
    int result_count = 0;
    TypemapRef result_map{};
    MPI_Op op = MPI_OP_NULL;
    std::uintptr_t site = 0;
    // Issued in a passive target epoch (the origin held a lock on the target): its landing is
    // the explorer's choice until the unlock or flush completes it (RmaDelivery.cpp).
    bool passive = false;
    friend bool operator==(const PendingRma&, const PendingRma&) = default;
};

// The values MPI_Win_get_attr points to (MPI 3.1 §11.2.6), in a block of the member's own heap
// so that the program reads them where it reads its own data.
struct WindowAttributeBlock {
    MPI_Aint size;
    int disp_unit;
    int flavor;
    int model;
};

enum class LockHeld : std::uint8_t { None, Shared, Exclusive };

struct WindowMember {
    int world_rank = -1;
    std::uintptr_t base = 0;
    MPI_Aint size = 0;
    int disp_unit = 1;
    void* attributes = nullptr;    // the block of the rank's heap MPI_Win_get_attr points into
    MPI_Comm comm = MPI_COMM_NULL; // the rank's handle on the window's own communicator
    bool freed = false;
    MPI_Errhandler errhandler = MPI_ERRORS_ARE_FATAL;
    std::string name{};
    std::uintptr_t site = 0; // where the rank created the window
    // MPI_Win_set_attr with the program's keys (MPI_Win_create_keyval): keyval -> value,
    // sorted by keyval. Per member, as attributes are per process.
    std::vector<std::pair<int, MPI_Aint>> user_attributes{};
    // The hints of MPI_Win_create's info and MPI_Win_set_info (MPI 3.1 §11.2.7), in the order
    // set, which MPI_Win_get_info returns.
    std::vector<std::pair<std::string, std::string>> hints{};
    // A dynamic window's memory (MPI 3.1 §11.2.4): the regions MPI_Win_attach attached,
    // (address, bytes), sorted by address, never overlapping. Displacements are addresses.
    std::vector<std::pair<std::uintptr_t, MPI_Aint>> attached{};

    // Access side of this rank as an origin.
    bool fence_epoch = false; // since a fence without MPI_MODE_NOSUCCEED
    bool no_put = false;      // its last fence or post asserted MPI_MODE_NOPUT (as a target)
    // Its last fence asserted MPI_MODE_NOSUCCEED and no lock or post/start epoch opened since:
    // an operation now breaks that assertion (named in the report) rather than just lacking an
    // epoch.
    bool after_nosucceed = false;
    std::vector<LockHeld> locks; // per target: the lock this rank holds on it
    bool lock_all = false;       // holds MPI_Win_lock_all
    int lock_request = -1;       // target of the lock it waits for (-2: lock_all)
    LockHeld lock_request_type = LockHeld::None;
    bool access_started = false;  // between MPI_Win_start and MPI_Win_complete
    std::vector<int> start_group; // its targets then
    std::vector<PendingRma> pending;

    // Exposure side of this rank as a target.
    int exclusive_holder = -1;    // rank holding an exclusive lock on this target
    int shared_holders = 0;       // ranks holding a shared lock (lock_all included)
    bool exposure_posted = false; // between MPI_Win_post and MPI_Win_wait/test
    std::vector<int> post_group;  // its origins then
    int completions = 0;          // origins of post_group that called MPI_Win_complete
    std::vector<int> exposures;   // per target: its posts naming this rank, not yet started

    bool any_lock() const;
    // An epoch of any mode this rank has open as an origin or a target, beyond a fence's.
    bool passive_or_general_epoch() const;
    friend bool operator==(const WindowMember&, const WindowMember&) = default;
};

struct Window {
    int comm_id = -1; // the window's own communicator (fence and free are collective on it)
    int flavor = MPI_WIN_FLAVOR_CREATE;
    // MPI_Win_allocate_shared: the one block that holds every member's segment, in the heap
    // arena of the group's rank 0 (SharedWindowMemory.hpp); 0 for other flavors.
    std::uintptr_t shared_block = 0;
    std::vector<WindowMember> members; // by rank in the group
    bool live() const;
    friend bool operator==(const Window&, const Window&) = default;
};

class StateHasher;

class WindowTable {
public:
    // `handle` as `world_rank` sees it: the window and the rank's place in it, or none for a
    // handle that is not a live window of that rank.
    struct View {
        int index;
        int my_rank;
    };
    std::optional<View> view(int world_rank, MPI_Win handle) const;
    Window& at(int index) { return windows_[static_cast<std::size_t>(index)]; }
    const Window& at(int index) const { return windows_[static_cast<std::size_t>(index)]; }
    int size() const { return static_cast<int>(windows_.size()); }
    // A new window (reusing a slot no member uses any more); its index.
    int create(Window window);

    // Feeds every field operator== compares. Under semantic equality, an address of program
    // memory (a member's base, its attribute block, a pending result buffer, attached memory)
    // for which `heap_root` holds is fed as a mark: the heap canonical form feeds it as a root,
    // listed by heap_roots.
    void feed(StateHasher& h, const RequestTable::HeapRoot* heap_root = nullptr) const;
    // The addresses of `rank`'s memory the table holds, in the order feed meets them.
    void heap_roots(int rank, std::vector<std::uintptr_t>& out) const;
    friend bool operator==(const WindowTable&, const WindowTable&) = default;

private:
    std::vector<Window> windows_;
};

MPI_Win window_handle(int index);

} // namespace rankfold::mpi
