// How the decoders of CallArguments.cpp and CollectiveArguments.cpp write a call's C
// arguments: integers and handles zero-extended, pointers as addresses with their pointee's
// size, and buffers with how far their elements reach (from the datatypes the calling rank
// sees in `world`).
#pragma once

#include "mc/system/CallArguments.hpp"
#include "snapshot/GuardedCopy.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

namespace rankfold::mc {

using properties::CallArgument;

class ArgumentWriter {
public:
    ArgumentWriter(CallArgumentBuffer& out, const mpi::MpiWorld* world, int rank)
        : out_(out), world_(world), rank_(rank) {}
    // An integer or handle, zero-extended; a pointer as its address with its pointee's size
    // (void pointers: buffers, 0).
    template <class T> ArgumentWriter& operator<<(T v) {
        CallArgument a;
        if constexpr (std::is_pointer_v<T>) {
            a.value = reinterpret_cast<std::uintptr_t>(v);
            using Pointee = std::remove_cv_t<std::remove_pointer_t<T>>;
            if constexpr (!std::is_void_v<Pointee>) a.pointee_size = sizeof(Pointee);
        } else {
            a.value = static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<T>>(v));
        }
        if (used_ < out_.size()) out_[used_++] = a;
        return *this;
    }
    // A buffer of `count` elements of `type`, `times` over (a gather's root receives one
    // count from each rank): its address, and how far the elements reach from it.
    ArgumentWriter& buffer(const void* p, int count, MPI_Datatype type, int times = 1) {
        *this << p;
        if (used_ > 0 && used_ <= out_.size()) out_[used_ - 1].bytes = reach(p, count, type, times);
        return *this;
    }
    std::span<const CallArgument> done() const { return {out_.data(), used_}; }
    // The size of `comm` as the rank sees it (1 if unknown).
    int size_of(MPI_Comm comm) const {
        const auto n = world_ ? world_->comm_size(rank_, comm) : std::nullopt;
        return n.value_or(1);
    }
    bool is_root(int root, MPI_Comm comm) const {
        const auto me = world_ ? world_->comm_rank(rank_, comm) : std::nullopt;
        return me && *me == root;
    }

    // A v or w buffer: element block i holds counts[i] elements at displs[i] (in elements of
    // `type`, or in bytes for the w forms with types[i]), for the `n` members of the
    // communicator; reaches to the end of the farthest block. Counts and displacements are
    // read from the program's memory; unreadable ones leave the extent unknown.
    ArgumentWriter& blocks(const void* p, int n, const int* counts, const int* displs,
                           MPI_Datatype type, const MPI_Datatype* types = nullptr) {
        *this << p;
        if (used_ == 0 || used_ > out_.size() || n <= 0 || n > 4096) return *this;
        std::vector<int> c(static_cast<std::size_t>(n)), d(c.size());
        std::vector<MPI_Datatype> t(c.size(), type);
        const auto bytes = c.size() * sizeof(int);
        if (counts == nullptr || displs == nullptr ||
            !snapshot::copy_from_app(c.data(), counts, bytes) ||
            !snapshot::copy_from_app(d.data(), displs, bytes) ||
            (types != nullptr &&
             !snapshot::copy_from_app(t.data(), types, t.size() * sizeof(MPI_Datatype))))
            return *this;
        std::uint64_t farthest = 0;
        for (std::size_t i = 0; i < c.size(); ++i) {
            const mpi::Typemap* tm = world_ ? world_->datatype(rank_, t[i]) : nullptr;
            if (tm == nullptr || d[i] < 0) return *this;
            const std::int64_t start = types != nullptr ? d[i] : d[i] * tm->extent();
            const std::uint64_t block = reach(p, c[i], t[i], 1);
            if (block > 0) farthest = std::max(farthest, static_cast<std::uint64_t>(start) + block);
        }
        out_[used_ - 1].bytes = farthest;
        return *this;
    }

private:
    std::uint64_t reach(const void* p, int count, MPI_Datatype type, int times) const {
        if (world_ == nullptr || p == nullptr || p == MPI_IN_PLACE || count <= 0 || times <= 0)
            return 0;
        const mpi::Typemap* t = world_->datatype(rank_, type);
        if (t == nullptr || t->size() == 0) return 0;
        const auto n = static_cast<std::int64_t>(count) * times;
        const std::int64_t last = (n - 1) * t->extent() + t->true_ub();
        return last > 0 ? static_cast<std::uint64_t>(last) : 0;
    }

    CallArgumentBuffer& out_;
    std::size_t used_ = 0;
    const mpi::MpiWorld* world_;
    int rank_;
};

// The collectives' part of call_arguments (CollectiveArguments.cpp); false if not decoded.
bool collective_arguments(const mpi::RankCall& call, ArgumentWriter& w);

} // namespace rankfold::mc
