#include "simulated-mpi/src/TypePacking.hpp"

#include "snapshot/GuardedCopy.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace rankfold::mpi {
namespace {

// buf + element * extent + disp, computed on unsigned integers: offsets may be negative or
// absurd (a bad program's), and then the address is just wrong, which the guarded copy reports.
std::uintptr_t at(const void* buf, std::uint64_t element, std::int64_t extent, std::int64_t disp) {
    return reinterpret_cast<std::uintptr_t>(buf) + element * static_cast<std::uint64_t>(extent) +
           static_cast<std::uint64_t>(disp);
}

} // namespace

bool pack(const void* buf, std::uint64_t count, const Typemap& type, Payload& out) {
    const std::size_t start = out.size();
    const std::size_t bytes = type.size() * count;
    out.resize(start + bytes);
    if (bytes == 0) return true;
    std::byte* dst = out.data() + start;
    const auto& blocks = type.blocks();
    if (type.dense() || (count == 1 && blocks.size() == 1))
        return snapshot::copy_from_app(
            dst, reinterpret_cast<const void*>(at(buf, 0, 0, blocks[0].disp)), bytes);
    for (std::uint64_t i = 0; i < count; ++i) {
        for (const TypeBlock& b : blocks) {
            const auto* src = reinterpret_cast<const void*>(at(buf, i, type.extent(), b.disp));
            if (!snapshot::copy_from_app(dst, src, b.length)) return false;
            dst += b.length;
        }
    }
    return true;
}

bool unpack(const std::byte* data, std::size_t bytes, const Typemap& type, void* buf) {
    if (bytes == 0 || type.size() == 0) return true;
    const auto& blocks = type.blocks();
    if (type.dense() || bytes <= blocks[0].length)
        return snapshot::copy_to_app(reinterpret_cast<void*>(at(buf, 0, 0, blocks[0].disp)), data,
                                     bytes);
    std::size_t done = 0;
    for (std::uint64_t i = 0; done < bytes; ++i) {
        for (const TypeBlock& b : blocks) {
            const std::size_t n = std::min<std::size_t>(b.length, bytes - done);
            if (!snapshot::copy_to_app(reinterpret_cast<void*>(at(buf, i, type.extent(), b.disp)),
                                       data + done, n))
                return false;
            done += n;
            if (done == bytes) break;
        }
    }
    return true;
}

namespace {

// The byte ranges [begin, end) the data of `count` elements covers, sorted; empty if more than
// kMaxAliasBlocks (or nothing).
std::vector<std::pair<std::uintptr_t, std::uintptr_t>> data_ranges(const void* buf, int count,
                                                                   const Typemap& type) {
    std::vector<std::pair<std::uintptr_t, std::uintptr_t>> out;
    const std::size_t blocks = type.blocks().size() * static_cast<std::size_t>(std::max(count, 0));
    if (blocks > kMaxAliasBlocks) return out;
    out.reserve(blocks);
    for (std::uint64_t i = 0; i < static_cast<std::uint64_t>(std::max(count, 0)); ++i)
        for (const TypeBlock& b : type.blocks()) {
            const std::uintptr_t begin = at(buf, i, type.extent(), b.disp);
            if (b.length > 0) out.emplace_back(begin, begin + b.length);
        }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

bool buffers_overlap(const void* buf_a, int count_a, const Typemap& a, const void* buf_b,
                     int count_b, const Typemap& b) {
    const auto ra = data_ranges(buf_a, count_a, a);
    const auto rb = data_ranges(buf_b, count_b, b);
    // Two sorted lists of ranges: walk both, the one that ends first moves on.
    std::size_t i = 0, j = 0;
    while (i < ra.size() && j < rb.size()) {
        if (ra[i].first < rb[j].second && rb[j].first < ra[i].second) return true;
        if (ra[i].second <= rb[j].second)
            ++i;
        else
            ++j;
    }
    return false;
}

bool null_buffer_misuse(const void* buf, int count, const Typemap& type) {
    constexpr std::int64_t kFirstPage = 4096;
    return buf == nullptr && count > 0 && type.size() > 0 && type.true_lb() < kFirstPage;
}

} // namespace rankfold::mpi
