// Communicators as the simulated MPI keeps them: each communicator once, shared by its members
// (who belongs, in which order, its topology), and each rank's handles on them (the error
// handler and attributes are per handle, as MPI makes them per process). A value type, part of
// the MpiWorld state.
#pragma once

#include "simulated-mpi/src/GraphTopology.hpp"
#include "simulated-mpi/src/StateHasher.hpp"

#include <mpi.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rankfold::mpi {

struct Communicator {
    std::vector<int> members;   // the world rank of each rank of the communicator
    int handles = 0;            // member handles that still refer to it; 0 marks a free slot
    std::vector<int> cart_dims; // Cartesian topology (empty: none)
    std::vector<int> cart_periods;
    GraphTopology graph{}; // MPI_Graph_create, MPI_Dist_graph_create(_adjacent)
    // An intercommunicator (MPI 3.1 §6.6) keeps both groups in `members`: the first
    // `first_group_size` are one group, the rest the other. 0: an intracommunicator. Both
    // groups share the communicator, its context and its queue of collectives.
    int first_group_size = 0;
    bool is_inter() const { return first_group_size > 0; }
    // The group (world ranks) of the side `world_rank` belongs to, and the other side's.
    std::vector<int> local_group(int world_rank) const;
    std::vector<int> remote_group(int world_rank) const;
    friend bool operator==(const Communicator&, const Communicator&) = default;
};

struct CommHandle {
    int id = -1; // the communicator, -1 for a free slot
    MPI_Errhandler errhandler = MPI_ERRORS_ARE_FATAL;
    std::vector<std::pair<int, MPI_Aint>> attributes; // keyval -> value, in the order set
    std::uintptr_t site = 0;                          // where it was created (leak reports)
    std::string name{}; // MPI_Comm_set_name: local to the process (MPI 3.1 §6.8)
    friend bool operator==(const CommHandle&, const CommHandle&) = default;
};

class CommRegistry {
public:
    explicit CommRegistry(int ranks);

    struct View {
        int id;      // also the context that keeps its messages apart
        int size;    // of the viewing rank's (local) group
        int my_rank; // the viewing rank's rank in its group
        // Intercommunicators: the other group's size and where each group starts in
        // `Communicator::members`; for an intracommunicator the remote group is the local one.
        bool inter = false;
        int remote_size = 0;
        int local_offset = 0;
        int remote_offset = 0;
        // The viewing rank's index in `members` (its place in the communicator's collectives)
        // and their number.
        int member_index() const { return local_offset + my_rank; }
        int member_count() const { return inter ? size + remote_size : size; }
    };
    // `comm` as `rank` sees it, or nullopt if it is not a live handle of that rank.
    std::optional<View> view(int rank, MPI_Comm comm) const;
    // The same, written field by field into `v` (false, `v` untouched: not a live handle).
    // For the per-call checks, which keep the view in their argument record: a returned View
    // was assembled on the stack with narrow stores and copied with wide loads, a
    // store-forwarding stall that was half of view()'s time in a point-to-point stream.
    bool view_into(int rank, MPI_Comm comm, View& v) const;
    const Communicator& communicator(int id) const { return comms_[id]; }
    Communicator& communicator(int id) { return comms_[id]; }
    const CommHandle* handle(int rank, MPI_Comm comm) const;
    CommHandle* handle(int rank, MPI_Comm comm);

    // A new communicator with these members (world ranks, in rank order); its id. Each member
    // is expected to attach() one handle to it.
    int create(std::vector<int> members);
    // A new intercommunicator of the two groups (world ranks, disjoint), `first` then `second`.
    int create_inter(const std::vector<int>& first, const std::vector<int>& second);
    // A new handle of `rank` on communicator `id`, created at `site`.
    MPI_Comm attach(int rank, int id, std::uintptr_t site);
    // Frees a handle (MPI_Comm_free); false for a handle that is not live or is predefined.
    bool release(int rank, MPI_Comm comm);
    // Whether a live handle of `rank` carries an attribute with this key.
    bool uses_key(int rank, int keyval) const;
    // The handles `rank` created and never freed, for resource-leak reports.
    std::vector<std::pair<MPI_Comm, const CommHandle*>> leaked(int rank) const;

    void feed(StateHasher& h) const;
    friend bool operator==(const CommRegistry&, const CommRegistry&) = default;

private:
    std::vector<Communicator> comms_;              // 0 world, 1 + r rank r's self
    std::vector<std::vector<CommHandle>> handles_; // per rank; slot 0 world, 1 self
};

} // namespace rankfold::mpi
