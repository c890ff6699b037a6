// Packed elements of a datatype laid out again in checker memory the way the application holds
// them: element k's data bytes at base() + k * extent + displacement, gaps zero. A user-defined
// reduction function indexes its buffers by the datatype's layout (a vector type's stride, a
// struct's padding), so it must be given laid-out buffers, never packed ones.
#pragma once

#include "simulated-mpi/src/Payload.hpp"
#include "simulated-mpi/src/Typemap.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rankfold::mpi {

class LaidOutBuffer {
public:
    // Room for `count` elements of `type` (nothing yet written). ok() is false when the span the
    // elements cover is larger than kMaxSpan (a datatype with an absurd extent).
    LaidOutBuffer(const Typemap& type, int count);

    static constexpr std::uint64_t kMaxSpan = std::uint64_t{1} << 30;

    bool ok() const { return ok_; }
    // The address the application would pass: element 0 at base() + 0 * extent.
    void* base();
    // Writes `bytes` packed bytes as consecutive elements; false if they do not fit.
    bool fill(const std::byte* packed, std::size_t bytes);
    // Appends the `count` elements, packed, to `out`.
    bool read(Payload& out);

private:
    const Typemap& type_;
    int count_;
    std::int64_t low_ = 0; // offset of the lowest byte any element covers, relative to base()
    // max_align_t storage: a user function may read a long double or a struct at any element.
    std::vector<std::max_align_t> storage_;
    bool ok_ = false;
};

} // namespace rankfold::mpi
