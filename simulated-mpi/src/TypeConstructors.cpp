#include "simulated-mpi/src/TypeConstructors.hpp"

#include <algorithm>

namespace rankfold::mpi {
namespace {

std::optional<std::int64_t> times(std::int64_t a, std::int64_t b) {
    std::int64_t out = 0;
    if (__builtin_mul_overflow(a, b, &out)) return std::nullopt;
    return out;
}

std::optional<Typemap> done(TypemapBuilder& b, bool ok) {
    if (!ok) return std::nullopt;
    return b.finish();
}

} // namespace

std::optional<Typemap> make_contiguous(std::int64_t count, const Typemap& old) {
    TypemapBuilder b;
    return done(b, b.append(old, 0, static_cast<std::uint64_t>(count)));
}

std::optional<Typemap> make_vector(std::int64_t count, std::int64_t blocklength,
                                   std::int64_t stride, const Typemap& old) {
    auto bytes = times(stride, old.extent());
    if (!bytes) return std::nullopt;
    return make_hvector(count, blocklength, *bytes, old);
}

std::optional<Typemap> make_hvector(std::int64_t count, std::int64_t blocklength,
                                    std::int64_t stride_bytes, const Typemap& old) {
    TypemapBuilder b;
    const auto copies = static_cast<std::uint64_t>(blocklength);
    if (count == 0 || blocklength == 0) return b.finish();
    auto block_bytes = times(blocklength, old.extent());
    if (!block_bytes) return std::nullopt;
    // Blocks that follow one another without gaps are one contiguous run.
    if (stride_bytes == *block_bytes) {
        auto total = times(count, blocklength);
        return total ? make_contiguous(*total, old) : std::nullopt;
    }
    // Without data, only the first and last blocks matter (for the bounds).
    const bool empty = old.blocks().empty();
    if (!empty && static_cast<std::uint64_t>(count) > TypemapBuilder::kMaxBlocks)
        return std::nullopt;
    bool ok = true;
    for (std::int64_t i = 0; ok && i < count; ++i) {
        if (empty && i > 0 && i < count - 1) continue;
        auto disp = times(i, stride_bytes);
        ok = disp && b.append(old, *disp, copies);
    }
    return done(b, ok);
}

std::optional<Typemap> make_indexed(std::span<const std::int64_t> blocklengths,
                                    std::span<const std::int64_t> displacements,
                                    const Typemap& old) {
    std::vector<std::int64_t> bytes(displacements.size());
    for (std::size_t i = 0; i < displacements.size(); ++i) {
        auto d = times(displacements[i], old.extent());
        if (!d) return std::nullopt;
        bytes[i] = *d;
    }
    return make_hindexed(blocklengths, bytes, old);
}

std::optional<Typemap> make_hindexed(std::span<const std::int64_t> blocklengths,
                                     std::span<const std::int64_t> displacements,
                                     const Typemap& old) {
    TypemapBuilder b;
    bool ok = true;
    for (std::size_t i = 0; ok && i < blocklengths.size(); ++i)
        ok = b.append(old, displacements[i], static_cast<std::uint64_t>(blocklengths[i]));
    return done(b, ok);
}

std::optional<Typemap> make_struct(std::span<const StructMember> members) {
    TypemapBuilder b;
    bool ok = true;
    for (const StructMember& m : members) {
        if (m.blocklength == 0) continue; // not part of the typemap, markers included
        if (m.handle == MPI_LB)
            b.lb_marker(m.disp);
        else if (m.handle == MPI_UB)
            b.ub_marker(m.disp);
        else
            ok = ok && b.append(*m.type, m.disp, static_cast<std::uint64_t>(m.blocklength));
    }
    // A struct of one type is an hindexed in disguise: MPICH pads only mixed structs.
    const bool mixed = std::ranges::any_of(
        members, [&](const StructMember& m) { return m.handle != members.front().handle; });
    if (mixed) b.pad_to_alignment();
    return done(b, ok);
}

std::optional<Typemap> make_resized(const Typemap& old, std::int64_t lb, std::int64_t extent) {
    TypemapBuilder b;
    std::int64_t ub = 0;
    if (__builtin_add_overflow(lb, extent, &ub)) return std::nullopt;
    const bool ok = b.append(old, 0, 1);
    b.set_bounds(lb, ub);
    return done(b, ok);
}

std::optional<Typemap> make_subarray(std::span<const std::int64_t> sizes,
                                     std::span<const std::int64_t> subsizes,
                                     std::span<const std::int64_t> starts, ArrayOrder order,
                                     const Typemap& old) {
    const std::size_t n = sizes.size();
    if (n == 0) return std::nullopt;
    // Dimension k from the slowest to the fastest varying.
    auto dim = [&](std::span<const std::int64_t> v, std::size_t k) {
        return order == ArrayOrder::C ? v[k] : v[n - 1 - k];
    };
    std::optional<Typemap> t = make_contiguous(dim(subsizes, n - 1), old);
    std::int64_t stride = old.extent(); // bytes from one index of dimension k to the next
    auto offset = times(dim(starts, n - 1), stride);
    for (std::size_t k = n - 1; k-- > 0;) {
        auto next = times(stride, dim(sizes, k + 1));
        if (!t || !offset || !next) return std::nullopt;
        stride = *next;
        t = make_hvector(dim(subsizes, k), 1, stride, *t);
        auto shift = times(dim(starts, k), stride);
        std::int64_t sum = 0;
        if (!shift || __builtin_add_overflow(*offset, *shift, &sum)) return std::nullopt;
        offset = sum;
    }
    auto total = times(stride, dim(sizes, 0));
    if (!t || !offset || !total) return std::nullopt;
    TypemapBuilder b;
    const bool ok = b.append(*t, *offset, 1);
    b.set_bounds(0, *total);
    return done(b, ok);
}

} // namespace rankfold::mpi
