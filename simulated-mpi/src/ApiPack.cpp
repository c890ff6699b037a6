// MPI_Pack, MPI_Unpack, MPI_Pack_size and their external32 forms (MPI 3.1 §4.2, §13.5.2): local
// calls that copy between a typed buffer and a byte buffer through the typemaps messages use, so
// a packed buffer holds what a message of that datatype carries, and one sent as MPI_PACKED
// matches any receive of the same signature. Rankfold's native representation is the packed
// bytes themselves: MPI_Pack_size is exact, and a buffer packed natively and one packed in
// external32 differ only in byte order.
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/DatatypeCall.hpp"
#include "simulated-mpi/src/External32.hpp"
#include "simulated-mpi/src/TypePacking.hpp"
#include "simulated-mpi/src/WorldCore.hpp"

#include <climits>
#include <cstring>

using namespace rankfold::mpi;

namespace {

enum class Representation : std::uint8_t { Native, External32 };

// The checks MPI_Pack and MPI_Unpack share: the datatype (valid, committed, convertible), the
// count and where in the byte buffer of `buffer_size` bytes the packed data goes.
class PackCall : public DatatypeCall {
public:
    using DatatypeCall::DatatypeCall;

    // The typemap, or none after an error (rc() is then what to return). The size queries take
    // an uncommitted datatype, as MPICH does; the copies need a committed one.
    TypemapRef datatype(MPI_Datatype handle, int count, Representation rep,
                        bool must_be_committed = true) {
        if (count < 0) return fail(negative_count(count));
        TypemapRef type = lookup(handle);
        if (!type) return fail(result());
        if (must_be_committed && !table().committed(handle))
            return fail(
                error(MPI_ERR_TYPE, Misuse::UncommittedDatatype,
                      fmt::format("{} is not committed (MPI_Type_commit)", datatype_name(handle))));
        if (rep == Representation::External32)
            if (auto basic = external32_unsupported(type->signature()))
                return fail(error(MPI_ERR_TYPE, Misuse::Unsupported,
                                  fmt::format("Rankfold has no external32 conversion of {} (its "
                                              "external32 size differs from the native one)",
                                              predefined_type(*basic).name)));
        return type;
    }

    // The packed size of `count` elements, or none if it overflows.
    std::optional<std::uint64_t> packed_size(const Typemap& type, int count) {
        std::uint64_t bytes = 0;
        if (__builtin_mul_overflow(type.size(), static_cast<std::uint64_t>(count), &bytes) ||
            bytes > static_cast<std::uint64_t>(INT64_MAX)) {
            rc_ = error(MPI_ERR_ARG, Misuse::Unsupported,
                        fmt::format("{} elements of {} bytes overflow a packed buffer", count,
                                    type.size()));
            return std::nullopt;
        }
        return bytes;
    }

    // *position, checked against the buffer: [position, position + bytes) within
    // [0, buffer_size). `verb` and `what` word the truncation error.
    template <class Position>
    std::optional<std::int64_t> place(const Position* position, std::int64_t buffer_size,
                                      std::uint64_t bytes, const char* verb, const char* what) {
        Position at{};
        if (!rankfold::snapshot::copy_from_app(&at, position, sizeof at)) {
            rc_ = bad_argument(fmt::format("position ({}) is not readable", fmt::ptr(position)));
            return std::nullopt;
        }
        if (buffer_size < 0 || at < 0) {
            rc_ = bad_argument(fmt::format("negative {} ({})", at < 0 ? "position" : "size",
                                           at < 0 ? std::int64_t{at} : buffer_size));
            return std::nullopt;
        }
        const std::int64_t start = at;
        if (start > buffer_size || bytes > static_cast<std::uint64_t>(buffer_size - start)) {
            rc_ = error(MPI_ERR_TRUNCATE, Misuse::Truncation,
                        fmt::format("{} {} bytes at position {} goes past the end of the {} "
                                    "buffer of {} bytes",
                                    verb, bytes, start, what, buffer_size));
            return std::nullopt;
        }
        return start;
    }

    int rc() const { return rc_; }
    void fail_with(int rc) { rc_ = rc; }

private:
    TypemapRef fail(int rc) {
        rc_ = rc;
        return {};
    }
    int rc_ = MPI_SUCCESS;
};

// What both directions check first, in this order: the datatype, the packed size, the place in
// the byte buffer, and the NULL buffers. `typed` is the buffer of `count` elements, `packed` the
// byte buffer of `packed_size` bytes.
struct Span {
    TypemapRef type;
    std::uint64_t bytes = 0;
    std::int64_t at = 0;
};
enum class Direction : std::uint8_t { Pack, Unpack };

template <class Position>
std::optional<Span> span(PackCall& c, Direction dir, MPI_Datatype datatype, const void* typed,
                         int count, const void* packed, std::int64_t packed_size,
                         const Position* position, Representation rep) {
    const bool packing = dir == Direction::Pack;
    Span s{c.datatype(datatype, count, rep)};
    if (!s.type) return std::nullopt;
    auto bytes = c.packed_size(*s.type, count);
    if (!bytes) return std::nullopt;
    s.bytes = *bytes;
    auto at = c.place(position, packed_size, s.bytes, packing ? "packing" : "unpacking",
                      packing ? "output" : "input");
    if (!at) return std::nullopt;
    s.at = *at;
    const bool typed_null = null_buffer_misuse(typed, count, *s.type);
    if (typed_null || (s.bytes > 0 && packed == nullptr)) {
        const char* typed_name = packing ? "inbuf" : "outbuf";
        const char* packed_name = packing ? "outbuf" : "inbuf";
        c.fail_with(c.error(MPI_ERR_BUFFER, Misuse::NullBuffer,
                            fmt::format("{} is NULL with {} bytes to {}",
                                        typed_null ? typed_name : packed_name, s.bytes,
                                        packing ? "pack" : "unpack")));
        return std::nullopt;
    }
    return s;
}

template <class Position>
int pack_into(PackCall& c, const void* inbuf, int incount, MPI_Datatype datatype, void* outbuf,
              std::int64_t outsize, Position* position, Representation rep) {
    auto s = span(c, Direction::Pack, datatype, inbuf, incount, outbuf, outsize, position, rep);
    if (!s) return c.rc();
    bool read = false, written = false;
    { // the payload is gone before an error can end the rank
        Payload data;
        read = pack(inbuf, static_cast<std::uint64_t>(incount), *s->type, data);
        if (read && rep == Representation::External32)
            convert_external32(data.data(), data.size(), s->type->signature());
        written = read && rankfold::snapshot::copy_to_app(static_cast<char*>(outbuf) + s->at,
                                                          data.data(), data.size());
    }
    if (!read)
        return c.bad_argument(fmt::format("inbuf ({}) is not readable for {} elements of {}", inbuf,
                                          incount, datatype_name(datatype)));
    if (!written)
        return c.bad_argument(fmt::format("outbuf ({}) is not writable at position {} for {} bytes",
                                          outbuf, s->at, s->bytes));
    return c.write(position, static_cast<Position>(s->at + static_cast<std::int64_t>(s->bytes)),
                   "position");
}

template <class Position>
int unpack_from(PackCall& c, const void* inbuf, std::int64_t insize, Position* position,
                void* outbuf, int outcount, MPI_Datatype datatype, Representation rep) {
    auto s = span(c, Direction::Unpack, datatype, outbuf, outcount, inbuf, insize, position, rep);
    if (!s) return c.rc();
    bool read = false, written = false;
    {
        Payload data;
        data.resize(s->bytes);
        read = rankfold::snapshot::copy_from_app(
            data.data(), static_cast<const char*>(inbuf) + s->at, data.size());
        if (read && rep == Representation::External32)
            convert_external32(data.data(), data.size(), s->type->signature());
        written = read && unpack(data.data(), data.size(), *s->type, outbuf);
    }
    if (!read)
        return c.bad_argument(fmt::format("inbuf ({}) is not readable at position {} for {} bytes",
                                          inbuf, s->at, s->bytes));
    if (!written)
        return c.bad_argument(fmt::format("outbuf ({}) is not writable for {} elements of {}",
                                          outbuf, outcount, datatype_name(datatype)));
    return c.write(position, static_cast<Position>(s->at + static_cast<std::int64_t>(s->bytes)),
                   "position");
}

// MPI_SUCCESS if `comm` is a communicator of the calling rank, else the error raised.
int check_comm(const DatatypeCall& c, MPI_Comm comm) {
    if (rank_gate().world().comm_size(rank_gate().current_rank(), comm)) return MPI_SUCCESS;
    return c.error(MPI_ERR_COMM, Misuse::InvalidHandle, invalid_comm_text(comm));
}

// MPI_SUCCESS if `datarep` names external32, the one representation the standard defines here.
int check_datarep(const DatatypeCall& c, const char* datarep) {
    char text[64] = {};
    if (datarep == nullptr || !read_app_string(datarep, text, sizeof text))
        return c.bad_argument("datarep is not a readable string");
    if (std::strcmp(text, "external32") == 0) return MPI_SUCCESS;
    return c.bad_argument(fmt::format("datarep \"{}\" is not \"external32\", the only data "
                                      "representation of MPI_Pack_external",
                                      text));
}

// MPI_Pack_size and MPI_Pack_external_size: the exact packed size in both representations.
template <class Size>
int write_packed_size(PackCall& c, int incount, MPI_Datatype datatype, Representation rep,
                      Size* size) {
    TypemapRef type = c.datatype(datatype, incount, rep, false);
    if (!type) return c.rc();
    auto bytes = c.packed_size(*type, incount);
    if (!bytes) return c.rc();
    if (*bytes > static_cast<std::uint64_t>(std::numeric_limits<Size>::max()))
        return c.error(MPI_ERR_ARG, Misuse::Unsupported,
                       fmt::format("the packed size {} does not fit the size argument", *bytes));
    return c.write(size, static_cast<Size>(*bytes), "size");
}

} // namespace

RF_EXPORT int MPI_Pack(const void* inbuf, int incount, MPI_Datatype datatype, void* outbuf,
                       int outsize, int* position, MPI_Comm comm) {
    RF_MPI_ENTRY;
    PackCall c("MPI_Pack", site,
               local_arguments(inbuf, incount, datatype, outbuf, outsize, position, comm));
    if (const int rc = check_comm(c, comm); rc != MPI_SUCCESS) return rc;
    return pack_into(c, inbuf, incount, datatype, outbuf, outsize, position,
                     Representation::Native);
}

RF_EXPORT int MPI_Unpack(const void* inbuf, int insize, int* position, void* outbuf, int outcount,
                         MPI_Datatype datatype, MPI_Comm comm) {
    RF_MPI_ENTRY;
    PackCall c("MPI_Unpack", site,
               local_arguments(inbuf, insize, position, outbuf, outcount, datatype, comm));
    if (const int rc = check_comm(c, comm); rc != MPI_SUCCESS) return rc;
    return unpack_from(c, inbuf, insize, position, outbuf, outcount, datatype,
                       Representation::Native);
}

RF_EXPORT int MPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int* size) {
    RF_MPI_ENTRY;
    PackCall c("MPI_Pack_size", site, local_arguments(incount, datatype, comm, size));
    if (const int rc = check_comm(c, comm); rc != MPI_SUCCESS) return rc;
    return write_packed_size(c, incount, datatype, Representation::Native, size);
}

RF_EXPORT int MPI_Pack_external(const char* datarep, const void* inbuf, int incount,
                                MPI_Datatype datatype, void* outbuf, MPI_Aint outsize,
                                MPI_Aint* position) {
    RF_MPI_ENTRY;
    PackCall c("MPI_Pack_external", site,
               local_arguments(datarep, inbuf, incount, datatype, outbuf, outsize, position));
    if (const int rc = check_datarep(c, datarep); rc != MPI_SUCCESS) return rc;
    return pack_into(c, inbuf, incount, datatype, outbuf, outsize, position,
                     Representation::External32);
}

RF_EXPORT int MPI_Unpack_external(const char datarep[], const void* inbuf, MPI_Aint insize,
                                  MPI_Aint* position, void* outbuf, int outcount,
                                  MPI_Datatype datatype) {
    RF_MPI_ENTRY;
    PackCall c("MPI_Unpack_external", site,
               local_arguments(datarep, inbuf, insize, position, outbuf, outcount, datatype));
    if (const int rc = check_datarep(c, datarep); rc != MPI_SUCCESS) return rc;
    return unpack_from(c, inbuf, insize, position, outbuf, outcount, datatype,
                       Representation::External32);
}

RF_EXPORT int MPI_Pack_external_size(const char* datarep, int incount, MPI_Datatype datatype,
                                     MPI_Aint* size) {
    RF_MPI_ENTRY;
    PackCall c("MPI_Pack_external_size", site, local_arguments(datarep, incount, datatype, size));
    if (const int rc = check_datarep(c, datarep); rc != MPI_SUCCESS) return rc;
    return write_packed_size(c, incount, datatype, Representation::External32, size);
}
