#include "simulated-mpi/src/LaidOutBuffer.hpp"

#include "simulated-mpi/src/TypePacking.hpp"

#include <algorithm>

namespace rankfold::mpi {

LaidOutBuffer::LaidOutBuffer(const Typemap& type, int count) : type_(type), count_(count) {
    if (count <= 0 || type.size() == 0) {
        ok_ = true;
        return;
    }
    // Element k covers [k * extent + true_lb, k * extent + true_ub); the first and the last
    // element bound the whole span whatever the sign of the extent.
    const std::int64_t last = static_cast<std::int64_t>(count - 1) * type.extent();
    low_ = std::min(type.true_lb(), last + type.true_lb());
    const std::int64_t high = std::max(type.true_ub(), last + type.true_ub());
    const auto span = static_cast<std::uint64_t>(high - low_);
    if (span > kMaxSpan) return;
    storage_.resize((span + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t) + 1);
    ok_ = true;
}

void* LaidOutBuffer::base() {
    // The storage starts at the lowest byte: base() lies -low_ bytes further (it may be outside
    // the storage, as the application's own buffer argument may lie outside its data).
    const auto start = reinterpret_cast<std::uintptr_t>(storage_.data());
    return reinterpret_cast<void*>(start - static_cast<std::uintptr_t>(low_));
}

bool LaidOutBuffer::fill(const std::byte* packed, std::size_t bytes) {
    if (!ok_ || bytes > type_.size() * static_cast<std::uint64_t>(std::max(count_, 0)))
        return false;
    return unpack(packed, bytes, type_, base());
}

bool LaidOutBuffer::read(Payload& out) {
    return ok_ && pack(base(), static_cast<std::uint64_t>(std::max(count_, 0)), type_, out);
}

} // namespace rankfold::mpi
