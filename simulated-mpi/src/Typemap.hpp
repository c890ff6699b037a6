// A datatype as the runtime sees it (MPI 3.1 §4.1): its typemap, flattened. The data is a list
// of (displacement, length) byte blocks in typemap order (adjacent ones merged; displacements
// from the buffer address, possibly negative); the sequence of basic types is the signature.
// Element i of a buffer of this type starts i * extent() bytes after the buffer.
//
// Bounds are computed as MPICH computes them, which is what the differential tests compare with
// and what the standard's definitions give whenever displacements respect alignment:
//   - a basic type spans [0, size); a MINLOC pair type its C struct, padding included;
//   - a constructor's lb and ub are the least lb and greatest ub of the copies of its old
//     types it places (old lb/ub shifted by each copy's displacement: an old type's own
//     padding or resized bounds carry over), copies of zero-length blocks left out;
//   - MPI_Type_create_resized sets them; MPI_LB and MPI_UB members of a struct set them;
//   - MPI_Type_create_struct of members of different types, without MPI_LB/MPI_UB, rounds its
//     extent up to the largest alignment of its members (the standard's epsilon).
// The true bounds (MPI_Type_get_true_extent) are those of the copies' true bounds, markers and
// resizing ignored.
//
// An immutable value. Tables share them through TypemapRef, so copying a world state or
// keeping a datatype alive for a pending request costs a reference, not a copy.
#pragma once

#include "simulated-mpi/src/TypeSignature.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace rankfold::mpi {

struct TypeBlock {
    std::int64_t disp = 0;
    std::uint64_t length = 0;
    friend bool operator==(const TypeBlock&, const TypeBlock&) = default;
};

class Typemap {
public:
    Typemap() = default; // no entries: size, bounds and extent 0

    // The typemap of a predefined datatype (MPI_LB and MPI_UB: empty; see TypemapBuilder).
    static Typemap predefined(BasicIndex index);

    const std::vector<TypeBlock>& blocks() const { return blocks_; }
    const TypeSignature& signature() const { return signature_; }
    std::uint64_t size() const { return size_; }
    std::int64_t lb() const { return lb_; }
    std::int64_t ub() const { return ub_; }
    std::int64_t extent() const { return ub_ - lb_; }
    std::int64_t true_lb() const { return true_lb_; }
    std::int64_t true_ub() const { return true_ub_; }
    std::int64_t true_extent() const { return true_ub_ - true_lb_; }
    // The largest C alignment of the basic types in it.
    std::uint32_t alignment() const { return align_; }

    // Whether consecutive elements form one run of bytes starting at lb, copied at once.
    bool dense() const;

    // A digest of the whole value, computed once: what state hashes feed for a datatype.
    std::uint64_t digest() const { return digest_; }
    friend bool operator==(const Typemap& a, const Typemap& b);

private:
    friend class TypemapBuilder;
    void seal(); // computes the digest once the value is complete
    std::vector<TypeBlock> blocks_;
    TypeSignature signature_;
    std::uint64_t size_ = 0;
    std::int64_t lb_ = 0;
    std::int64_t ub_ = 0;
    std::int64_t true_lb_ = 0;
    std::int64_t true_ub_ = 0;
    std::uint32_t align_ = 1;
    std::uint64_t digest_ = 0;
};

// Builds a typemap as the concatenation of copies of others, which is how MPI defines every
// type constructor. append() fails past the limits below or on arithmetic overflow: a program
// that builds a datatype of a billion blocks gets an error, not a checker out of memory.
class TypemapBuilder {
public:
    static constexpr std::size_t kMaxBlocks = std::size_t{1} << 22;
    static constexpr std::size_t kMaxRuns = std::size_t{1} << 22;

    // Appends `copies` consecutive elements of `type` (copy k at disp + k * type.extent()).
    bool append(const Typemap& type, std::int64_t disp, std::uint64_t copies);
    // An MPI_LB / MPI_UB member of a struct at `disp`: the least lb marker is the lb, the
    // greatest ub marker the ub, whatever the data.
    void lb_marker(std::int64_t disp);
    void ub_marker(std::int64_t disp);
    // MPI_Type_create_resized: these bounds, whatever came before.
    void set_bounds(std::int64_t lb, std::int64_t ub);
    // Round the extent up to the alignment when done (a struct of mixed types without markers).
    void pad_to_alignment() { pad_ = true; }
    Typemap finish();

private:
    void add_block(std::int64_t disp, std::uint64_t length);
    bool add_signature(const TypeSignature& s, std::uint64_t copies);
    void include(std::int64_t lb, std::int64_t ub, std::int64_t true_lb, std::int64_t true_ub);

    Typemap map_;
    bool any_ = false; // a copy was appended: the bounds are set
    std::optional<std::int64_t> lb_marker_, ub_marker_, set_lb_, set_ub_;
    bool pad_ = false;
    std::vector<SignatureRun> runs_;
};

// A shared, immutable typemap; == compares the typemaps, not the pointers.
class TypemapRef {
public:
    TypemapRef() = default;
    explicit TypemapRef(std::shared_ptr<const Typemap> map) : map_(std::move(map)) {}
    const Typemap* get() const { return map_.get(); }
    const Typemap& operator*() const { return *map_; }
    const Typemap* operator->() const { return map_.get(); }
    explicit operator bool() const { return map_ != nullptr; }
    friend bool operator==(const TypemapRef& a, const TypemapRef& b) {
        return a.map_ == b.map_ || (a.map_ && b.map_ && *a.map_ == *b.map_);
    }

private:
    std::shared_ptr<const Typemap> map_;
};

} // namespace rankfold::mpi
