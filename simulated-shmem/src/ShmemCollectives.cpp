// What a team collective does once its last member has entered: the data-moving collectives
// read every member's source and write every member's dest (through the symmetric memory, as
// seen from the member that entered last), and the splits make their teams.
#include "simulated-shmem/interface/ShmemWorld.hpp"

#include "simulated-shmem/interface/SymmetricMemory.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

namespace rankfold::shmem {

namespace {

using Bytes = std::vector<std::byte>;

// Symmetric memory as the member that entered last sees it.
class Remote {
public:
    Remote(const SymmetricMemory& memory, int caller) : memory_(memory), caller_(caller) {}
    // [address + offset, + bytes) on `pe`; nullptr when it is not symmetric (the entry points
    // check it before the call, so only a broken program gets here).
    std::byte* at(const void* address, std::size_t offset, std::size_t bytes, int pe) const {
        if (bytes == 0) return nullptr;
        const auto* p = static_cast<const std::byte*>(address) + offset;
        return static_cast<std::byte*>(memory_.translate(caller_, p, bytes, pe));
    }
    void read(const void* address, std::size_t offset, std::size_t bytes, int pe,
              std::byte* into) const {
        if (const std::byte* from = at(address, offset, bytes, pe)) std::memcpy(into, from, bytes);
    }
    void write(const void* address, std::size_t offset, const Bytes& bytes, int pe) const {
        if (std::byte* to = at(address, offset, bytes.size(), pe))
            std::memcpy(to, bytes.data(), bytes.size());
    }

private:
    const SymmetricMemory& memory_;
    int caller_;
};

} // namespace

void ShmemWorld::perform(Team& team, std::uint64_t n, const ShmemCall& call, int caller) {
    if (call.op == ShmemOp::TeamSplit || call.op == ShmemOp::TeamSplit2d) {
        split(team, call);
        return;
    }
    const SymmetricMemory* memory = symmetric_memory();
    if (memory == nullptr || call.op < ShmemOp::Broadcast) return;
    const Remote remote(*memory, caller);
    const std::size_t members = team.members.size();
    const std::size_t element = call.size;
    const std::size_t block = call.count * element;
    // Computed first, written after: dest may overlap source (a reduction in place).
    std::vector<Bytes> out(members);
    switch (call.op) {
    case ShmemOp::Broadcast: {
        Bytes data(block);
        remote.read(call.source, 0, block, team.members[static_cast<std::size_t>(call.root)].pe,
                    data.data());
        std::fill(out.begin(), out.end(), data);
        // The 1.4 active-set form (extent 1) leaves the root's dest alone.
        if (call.extent == 1) out[static_cast<std::size_t>(call.root)].clear();
        break;
    }
    case ShmemOp::Collect:
    case ShmemOp::Fcollect: {
        Bytes data;
        for (const TeamMember& m : team.members) {
            const std::size_t bytes = entry(m, n)->count * element;
            data.resize(data.size() + bytes);
            remote.read(call.source, 0, bytes, m.pe, data.data() + data.size() - bytes);
        }
        std::fill(out.begin(), out.end(), data);
        break;
    }
    case ShmemOp::Alltoall:
        for (std::size_t j = 0; j < members; ++j) {
            out[j].resize(members * block);
            for (std::size_t i = 0; i < members; ++i)
                remote.read(call.source, j * block, block, team.members[i].pe,
                            out[j].data() + i * block);
        }
        break;
    case ShmemOp::Alltoalls: {
        // Element k from member i to member j: source[(j * count + k) * sst] on i, to
        // dest[(i * count + k) * dst] on j. Written element by element below.
        const auto dst = static_cast<std::size_t>(call.stride);
        const auto sst = static_cast<std::size_t>(call.extent);
        for (std::size_t j = 0; j < members; ++j)
            for (std::size_t i = 0; i < members; ++i)
                for (std::size_t k = 0; k < call.count; ++k) {
                    Bytes value(element);
                    remote.read(call.source, (j * call.count + k) * sst * element, element,
                                team.members[i].pe, value.data());
                    out[j].insert(out[j].end(), value.begin(), value.end());
                }
        for (std::size_t j = 0; j < members; ++j)
            for (std::size_t e = 0; e < members * call.count; ++e)
                remote.write(call.address, e * dst * element,
                             Bytes(out[j].begin() + static_cast<std::ptrdiff_t>(e * element),
                                   out[j].begin() + static_cast<std::ptrdiff_t>((e + 1) * element)),
                             team.members[j].pe);
        return;
    }
    case ShmemOp::Reduce: {
        Bytes sum(block), in(block);
        remote.read(call.source, 0, block, team.members[0].pe, sum.data());
        for (std::size_t i = 1; i < members; ++i) {
            remote.read(call.source, 0, block, team.members[i].pe, in.data());
            call.combine(sum.data(), in.data(), call.count);
        }
        std::fill(out.begin(), out.end(), sum);
        break;
    }
    default:
        return;
    }
    for (std::size_t j = 0; j < members; ++j)
        remote.write(call.address, 0, out[j], team.members[j].pe);
}

int ShmemWorld::active_set(int start, int stride, int size) {
    Team set;
    set.active_set = true;
    for (int k = 0; k < size; ++k) set.members.push_back(TeamMember{start + k * stride});
    for (int t = 0; t < teams(); ++t) {
        const Team& old = teams_[static_cast<std::size_t>(t)];
        if (old.active_set && old.members.size() == set.members.size() &&
            std::equal(old.members.begin(), old.members.end(), set.members.begin(),
                       [](const TeamMember& a, const TeamMember& b) { return a.pe == b.pe; }))
            return t;
    }
    teams_.push_back(set);
    return teams() - 1;
}

void ShmemWorld::split(Team& parent, const ShmemCall& call) {
    const int created = teams();
    std::vector<Team> made;
    const auto all = static_cast<std::int64_t>(parent.members.size());
    auto member = [&](std::int64_t i) { return TeamMember{parent.members[std::size_t(i)].pe}; };
    if (call.op == ShmemOp::TeamSplit) {
        Team t;
        for (std::int64_t k = 0; k < call.extent; ++k)
            t.members.push_back(member(call.root + k * call.stride));
        made.push_back(t);
    } else {
        // PE i of the parent is at (i % x, i / x): one x-axis team per row, then one y-axis
        // team per column.
        const std::int64_t x = std::min(call.extent, all);
        const std::int64_t rows = (all + x - 1) / x;
        for (std::int64_t y = 0; y < rows; ++y) {
            Team t;
            for (std::int64_t i = y * x; i < std::min(all, (y + 1) * x); ++i)
                t.members.push_back(member(i));
            made.push_back(t);
        }
        for (std::int64_t c = 0; c < x; ++c) {
            Team t;
            for (std::int64_t i = c; i < all; i += x) t.members.push_back(member(i));
            made.push_back(t);
        }
    }
    for (TeamMember& m : parent.members) m.current.created = created;
    // `parent` may move now.
    teams_.insert(teams_.end(), made.begin(), made.end());
}

} // namespace rankfold::shmem
