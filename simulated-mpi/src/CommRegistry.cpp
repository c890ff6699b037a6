#include "simulated-mpi/src/CommRegistry.hpp"

#include "simulated-mpi/src/Handles.hpp"

#include <algorithm>
#include <numeric>

namespace rankfold::mpi {

CommRegistry::CommRegistry(int ranks) : handles_(static_cast<std::size_t>(ranks)) {
    std::vector<int> world(static_cast<std::size_t>(ranks));
    std::iota(world.begin(), world.end(), 0);
    comms_.push_back({world, ranks, {}, {}});
    for (int r = 0; r < ranks; ++r) {
        comms_.push_back({{r}, 1, {}, {}});
        handles_[r].push_back({0, MPI_ERRORS_ARE_FATAL, {}, 0});
        handles_[r].push_back({1 + r, MPI_ERRORS_ARE_FATAL, {}, 0});
    }
}

const CommHandle* CommRegistry::handle(int rank, MPI_Comm comm) const {
    auto index = handle_index(comm, RF_KIND_COMM);
    const auto& table = handles_[rank];
    if (!index || *index >= static_cast<int>(table.size())) return nullptr;
    const CommHandle& h = table[*index];
    return h.id < 0 ? nullptr : &h;
}

CommHandle* CommRegistry::handle(int rank, MPI_Comm comm) {
    return const_cast<CommHandle*>(std::as_const(*this).handle(rank, comm));
}

bool CommRegistry::view_into(int rank, MPI_Comm comm, View& v) const {
    const CommHandle* h = handle(rank, comm);
    if (h == nullptr) return false;
    const Communicator& c = comms_[h->id];
    // Members are distinct: where the world rank sits at its own index (MPI_COMM_WORLD, and
    // the first ranks of many communicators) that is its place, found without a search.
    const auto at = static_cast<std::size_t>(rank);
    const int index = at < c.members.size() && c.members[at] == rank
                          ? rank
                          : static_cast<int>(std::find(c.members.begin(), c.members.end(), rank) -
                                             c.members.begin());
    const int total = static_cast<int>(c.members.size());
    v.id = h->id;
    v.inter = c.is_inter();
    if (!v.inter) {
        v.size = v.remote_size = total;
        v.my_rank = index;
        v.local_offset = v.remote_offset = 0;
        return true;
    }
    const int first = c.first_group_size;
    const bool in_first = index < first;
    v.size = in_first ? first : total - first;
    v.my_rank = in_first ? index : index - first;
    v.remote_size = in_first ? total - first : first;
    v.local_offset = in_first ? 0 : first;
    v.remote_offset = in_first ? first : 0;
    return true;
}

std::optional<CommRegistry::View> CommRegistry::view(int rank, MPI_Comm comm) const {
    View v{};
    if (!view_into(rank, comm, v)) return std::nullopt;
    return v;
}

std::vector<int> Communicator::local_group(int world_rank) const {
    if (!is_inter()) return members;
    const auto split = members.begin() + first_group_size;
    const bool first = std::find(members.begin(), split, world_rank) != split;
    return first ? std::vector<int>(members.begin(), split)
                 : std::vector<int>(split, members.end());
}

std::vector<int> Communicator::remote_group(int world_rank) const {
    if (!is_inter()) return members;
    const auto split = members.begin() + first_group_size;
    const bool first = std::find(members.begin(), split, world_rank) != split;
    return first ? std::vector<int>(split, members.end())
                 : std::vector<int>(members.begin(), split);
}

int CommRegistry::create(std::vector<int> members) {
    // Lowest free slot: a program that creates and frees communicators in a loop comes back
    // to the same state.
    auto it = std::find_if(comms_.begin(), comms_.end(),
                           [](const Communicator& c) { return c.handles == 0; });
    if (it == comms_.end()) it = comms_.insert(comms_.end(), Communicator{});
    const int expected = static_cast<int>(members.size());
    *it = Communicator{std::move(members), expected, {}, {}};
    return static_cast<int>(it - comms_.begin());
}

int CommRegistry::create_inter(const std::vector<int>& first, const std::vector<int>& second) {
    std::vector<int> members = first;
    members.insert(members.end(), second.begin(), second.end());
    const int id = create(std::move(members));
    comms_[id].first_group_size = static_cast<int>(first.size());
    return id;
}

MPI_Comm CommRegistry::attach(int rank, int id, std::uintptr_t site) {
    auto& table = handles_[rank];
    auto it =
        std::find_if(table.begin(), table.end(), [](const CommHandle& h) { return h.id < 0; });
    if (it == table.end()) it = table.insert(table.end(), CommHandle{});
    *it = CommHandle{id, MPI_ERRORS_ARE_FATAL, {}, site, {}};
    return make_handle(RF_KIND_COMM, static_cast<int>(it - table.begin()));
}

bool CommRegistry::release(int rank, MPI_Comm comm) {
    if (comm == MPI_COMM_WORLD || comm == MPI_COMM_SELF) return false;
    CommHandle* h = handle(rank, comm);
    if (h == nullptr) return false;
    Communicator& c = comms_[h->id];
    if (--c.handles == 0) c = Communicator{};
    *h = CommHandle{};
    auto& table = handles_[rank];
    while (table.size() > 2 && table.back().id < 0) table.pop_back();
    while (comms_.size() > handles_.size() + 1 && comms_.back().handles == 0) comms_.pop_back();
    return true;
}

std::vector<std::pair<MPI_Comm, const CommHandle*>> CommRegistry::leaked(int rank) const {
    std::vector<std::pair<MPI_Comm, const CommHandle*>> out;
    const auto& table = handles_[rank];
    for (std::size_t i = 2; i < table.size(); ++i)
        if (table[i].id >= 0)
            out.emplace_back(make_handle(RF_KIND_COMM, static_cast<int>(i)), &table[i]);
    return out;
}

bool CommRegistry::uses_key(int rank, int keyval) const {
    return std::any_of(handles_[rank].begin(), handles_[rank].end(), [&](const CommHandle& h) {
        return h.id >= 0 && std::any_of(h.attributes.begin(), h.attributes.end(),
                                        [&](const auto& a) { return a.first == keyval; });
    });
}

namespace {
void feed_ints(StateHasher& h, const std::vector<int>& v) {
    h.value(static_cast<std::uint64_t>(v.size()));
    h.bytes(v.data(), v.size() * sizeof(int));
}
void feed_graph(StateHasher& h, const GraphTopology& g) {
    h.value(g.kind);
    h.value(static_cast<std::uint8_t>(g.weighted));
    feed_ints(h, g.index);
    feed_ints(h, g.edges);
    h.value(static_cast<std::uint64_t>(g.adjacency.size()));
    for (const DistNeighbours& n : g.adjacency)
        for (const auto* v :
             {&n.sources, &n.source_weights, &n.destinations, &n.destination_weights})
            feed_ints(h, *v);
}
} // namespace

void CommRegistry::feed(StateHasher& h) const {
    h.value(static_cast<std::uint64_t>(comms_.size()));
    for (const Communicator& c : comms_) {
        h.value(c.handles);
        // Intercommunicators only: the digests of programs without them stay.
        if (c.is_inter()) h.value(c.first_group_size);
        for (const auto* v : {&c.members, &c.cart_dims, &c.cart_periods}) {
            h.value(static_cast<std::uint64_t>(v->size()));
            h.bytes(v->data(), v->size() * sizeof(int));
        }
        // Graph topologies only, for the same reason.
        if (!c.graph.empty()) feed_graph(h, c.graph);
    }
    for (const auto& table : handles_) {
        h.value(static_cast<std::uint64_t>(table.size()));
        for (const CommHandle& c : table) {
            h.value(c.id);
            h.value(c.errhandler);
            h.value(static_cast<std::uint64_t>(c.site));
            h.value(static_cast<std::uint64_t>(c.name.size()));
            h.bytes(c.name.data(), c.name.size());
            h.value(static_cast<std::uint64_t>(c.attributes.size()));
            for (const auto& [key, value] : c.attributes) {
                h.value(key);
                h.value(value);
            }
        }
    }
}

} // namespace rankfold::mpi
