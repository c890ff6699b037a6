// MpiWorld: communicators, request tables, posting and delivery of messages.
// The per-call logic (issue / ready / complete) is in MpiWorldCalls.cpp.
#include "simulated-mpi/interface/MpiWorld.hpp"

#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/TypePacking.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

namespace rankfold::mpi {

const char* send_mode_name(SendMode mode) {
    switch (mode) {
    case SendMode::Standard:
        return "standard";
    case SendMode::Synchronous:
        return "synchronous";
    case SendMode::Buffered:
        return "buffered";
    case SendMode::Ready:
        return "ready";
    }
    return "?";
}

MpiWorld::MpiWorld(int ranks, Buffering buffering)
    : buffering_(buffering), ranks_(static_cast<std::size_t>(ranks)), requests_(ranks),
      comms_(ranks), matching_(ranks) {}

// ---- communicators ------------------------------------------------------------------------

int MpiWorld::world_rank(int rank, MPI_Comm comm, int comm_rank) const {
    return comms_.communicator(view(rank, comm)->id).members[comm_rank];
}

bool MpiWorld::errors_return(int rank, MPI_Comm comm) const {
    const CommHandle* h = comms_.handle(rank, comm);
    if (h == nullptr) h = comms_.handle(rank, MPI_COMM_WORLD);
    return h->errhandler == MPI_ERRORS_RETURN;
}

std::optional<int> MpiWorld::comm_size(int rank, MPI_Comm comm) const {
    auto v = view(rank, comm);
    return v ? std::optional<int>(v->size) : std::nullopt;
}

std::optional<int> MpiWorld::comm_rank(int rank, MPI_Comm comm) const {
    auto v = view(rank, comm);
    return v ? std::optional<int>(v->my_rank) : std::nullopt;
}

// ---- failures and requests ----------------------------------------------------------------

Progress MpiWorld::fail(int rank, const RankCall& call, int code, std::string message) {
    return fail(rank, call, code, misuse_of_error(code), std::move(message));
}

Progress MpiWorld::fail(int rank, const RankCall& call, int code, std::optional<Misuse> misuse,
                        std::string message) {
    ranks_[rank].failure = MpiFailure{code, misuse, fmt::format("{}: {}", call.name, message)};
    return Progress::Failed;
}

const Request* MpiWorld::request(int rank, MPI_Request handle) const {
    return requests_.find(rank, handle);
}

std::vector<const Request*> MpiWorld::unfinished_requests(int rank) const {
    return requests_.unfinished(rank);
}

// ---- argument checks ----------------------------------------------------------------------

namespace {
std::string invalid_comm_text(MPI_Comm comm) {
    if (comm == MPI_COMM_NULL) return "MPI_COMM_NULL is not a valid communicator here";
    return fmt::format("invalid communicator handle {:#x}", comm);
}
} // namespace

MpiWorld::SendArgs MpiWorld::send_args(const RankCall& c) {
    return {c.send_buffer, c.send_count, c.send_type, c.dest, c.send_tag, c.comm, c.mode};
}

MpiWorld::ReceiveArgs MpiWorld::receive_args(const RankCall& c) {
    return {c.recv_buffer, c.recv_count, c.recv_type, c.source, c.recv_tag, c.comm};
}

bool MpiWorld::check_send(int rank, const RankCall& call, SendArgs& a) {
    auto v = view(rank, a.comm);
    if (!v) return fail(rank, call, MPI_ERR_COMM, invalid_comm_text(a.comm)), false;
    if (a.count < 0)
        return fail(rank, call, MPI_ERR_COUNT, fmt::format("negative count {}", a.count)), false;
    if (!a.layout && !(a.layout = usable_datatype(rank, call, a.type))) return false;
    if (a.dest != MPI_PROC_NULL && (a.dest < 0 || a.dest >= v->size))
        return fail(rank, call, MPI_ERR_RANK,
                    fmt::format("invalid destination rank {} (communicator size {})", a.dest,
                                v->size)),
               false;
    if (a.tag < 0 || a.tag > RF_TAG_UB)
        return fail(rank, call, MPI_ERR_TAG, fmt::format("invalid tag {} for a send", a.tag)),
               false;
    if (a.buffer == nullptr && a.count > 0)
        return fail(rank, call, MPI_ERR_BUFFER, Misuse::NullBuffer,
                    fmt::format("NULL buffer with count {}", a.count)),
               false;
    return true;
}

bool MpiWorld::check_receive(int rank, const RankCall& call, ReceiveArgs& a, bool probe) {
    auto v = view(rank, a.comm);
    if (!v) return fail(rank, call, MPI_ERR_COMM, invalid_comm_text(a.comm)), false;
    if (a.source != MPI_PROC_NULL && a.source != MPI_ANY_SOURCE &&
        (a.source < 0 || a.source >= v->size))
        return fail(
                   rank, call, MPI_ERR_RANK,
                   fmt::format("invalid source rank {} (communicator size {})", a.source, v->size)),
               false;
    if (a.tag != MPI_ANY_TAG && (a.tag < 0 || a.tag > RF_TAG_UB))
        return fail(rank, call, MPI_ERR_TAG, fmt::format("invalid tag {} for a receive", a.tag)),
               false;
    if (probe) return true;
    if (a.count < 0)
        return fail(rank, call, MPI_ERR_COUNT, fmt::format("negative count {}", a.count)), false;
    if (!a.layout && !(a.layout = usable_datatype(rank, call, a.type))) return false;
    if (a.buffer == nullptr && a.count > 0)
        return fail(rank, call, MPI_ERR_BUFFER, Misuse::NullBuffer,
                    fmt::format("NULL buffer with count {}", a.count)),
               false;
    return true;
}

// ---- posting ------------------------------------------------------------------------------

int MpiWorld::post_send(int rank, const RankCall& call, SendArgs a, int slot) {
    if (!check_send(rank, call, a)) return -1;
    const bool fresh = slot < 0;
    if (fresh) slot = requests_.create(rank);
    Request& req = requests_.at(rank, slot);
    req.kind = Request::Kind::Send;
    req.mode = a.mode;
    req.active = true;
    req.complete = false;
    req.peer = a.dest;
    req.tag = a.tag;
    req.comm = a.comm;
    req.buffer = reinterpret_cast<std::uintptr_t>(a.buffer);
    req.count = a.count;
    req.datatype = a.type;
    req.layout = a.layout;
    if (fresh) req.site = call.site;
    req.status_error = MPI_SUCCESS;
    if (a.dest == MPI_PROC_NULL) {
        req.complete = true;
        return slot;
    }

    const CommView v = *view(rank, a.comm);
    Message m;
    m.id = next_post_id(rank);
    m.source = v.my_rank;
    m.tag = a.tag;
    m.context = v.id;
    m.origin = rank;
    m.signature = a.layout->signature().times(static_cast<std::uint64_t>(a.count));
    if (!pack(a.buffer, static_cast<std::uint64_t>(a.count), *a.layout, m.payload)) {
        if (fresh) requests_.release(rank, slot);
        fail(rank, call, MPI_ERR_BUFFER, Misuse::InvalidArgument,
             fmt::format("send buffer {} is not readable for {} x {}", a.buffer, a.count,
                         datatype_name(a.type)));
        return -1;
    }
    // Re-fetch: release/new_request may have moved the table.
    Request& r = requests_.at(rank, slot);
    RankState& me = ranks_[rank];
    switch (a.mode) {
    case SendMode::Buffered: {
        const std::size_t need = m.payload.size() + MPI_BSEND_OVERHEAD;
        const std::size_t free = static_cast<std::size_t>(me.attached_size) - me.attached_used;
        if (need > free) {
            if (fresh) requests_.release(rank, slot);
            fail(rank, call, MPI_ERR_BUFFER, Misuse::BufferSpace,
                 me.attached_buffer == 0
                     ? fmt::format("no buffer attached (needs {} bytes; see MPI_Buffer_attach)",
                                   need)
                     : fmt::format("attached buffer too small: needs {} bytes, {} of {} free", need,
                                   free, me.attached_size));
            return -1;
        }
        me.attached_used += need;
        m.buffered = need;
        r.complete = true;
        break;
    }
    case SendMode::Standard:
    case SendMode::Ready:
        r.complete = call.buffered >= 0 ? call.buffered == 1 : buffering_ == Buffering::Infinite;
        break;
    case SendMode::Synchronous:
        r.complete = false;
        break;
    }
    if (!r.complete) m.sender = RequestRef{rank, slot};
    matching_.post_message(world_rank(rank, a.comm, a.dest), std::move(m));
    return slot;
}

int MpiWorld::post_receive(int rank, const RankCall& call, ReceiveArgs a, int slot) {
    if (!check_receive(rank, call, a, false)) return -1;
    const bool fresh = slot < 0;
    if (fresh) slot = requests_.create(rank);
    Request& req = requests_.at(rank, slot);
    req.kind = Request::Kind::Receive;
    req.active = true;
    req.complete = false;
    req.peer = a.source;
    req.tag = a.tag;
    req.comm = a.comm;
    req.buffer = reinterpret_cast<std::uintptr_t>(a.buffer);
    req.count = a.count;
    req.datatype = a.type;
    req.layout = a.layout;
    req.sent = {};
    if (fresh) req.site = call.site;
    req.status_error = MPI_SUCCESS;
    if (a.source == MPI_PROC_NULL) {
        req.complete = true;
        req.status_source = MPI_PROC_NULL;
        req.status_tag = MPI_ANY_TAG;
        req.status_bytes = 0;
        return slot;
    }
    const CommView v = *view(rank, a.comm);
    matching_.post_receive(
        rank, PostedReceive{next_post_id(rank), a.source, a.tag, v.id, RequestRef{rank, slot}});
    return slot;
}

int MpiWorld::create_persistent(int rank, const RankCall& call) {
    const bool is_send = call.kind == CallKind::SendInit;
    SendArgs s = send_args(call);
    ReceiveArgs r = receive_args(call);
    if (is_send ? !check_send(rank, call, s) : !check_receive(rank, call, r, false)) return -1;
    const int slot = requests_.create(rank);
    Request& req = requests_.at(rank, slot);
    req.kind = is_send ? Request::Kind::Send : Request::Kind::Receive;
    req.mode = call.mode;
    req.persistent = true;
    req.peer = is_send ? call.dest : call.source;
    req.tag = is_send ? call.send_tag : call.recv_tag;
    req.comm = call.comm;
    req.buffer = reinterpret_cast<std::uintptr_t>(is_send ? call.send_buffer : call.recv_buffer);
    req.count = is_send ? call.send_count : call.recv_count;
    req.datatype = is_send ? call.send_type : call.recv_type;
    req.layout = is_send ? s.layout : r.layout;
    req.site = call.site;
    return slot;
}

bool MpiWorld::start(int rank, const RankCall& call, MPI_Request handle) {
    Request* req = requests_.find(rank, handle);
    if (!req || !req->persistent)
        return fail(rank, call, MPI_ERR_REQUEST,
                    fmt::format("{:#x} is not a persistent request", handle)),
               false;
    if (req->active)
        return fail(rank, call, MPI_ERR_REQUEST, Misuse::RequestState,
                    fmt::format("persistent request {:#x} started while still active", handle)),
               false;
    const int slot = *handle_index(handle, RF_KIND_REQUEST);
    req->started = true;
    const Request copy = *req;
    if (copy.kind == Request::Kind::Send)
        return post_send(rank, call,
                         {reinterpret_cast<const void*>(copy.buffer), copy.count, copy.datatype,
                          copy.peer, copy.tag, copy.comm, copy.mode, copy.layout},
                         slot) >= 0;
    return post_receive(rank, call,
                        {reinterpret_cast<void*>(copy.buffer), copy.count, copy.datatype, copy.peer,
                         copy.tag, copy.comm, copy.layout},
                        slot) >= 0;
}

// ---- delivery -----------------------------------------------------------------------------

void MpiWorld::apply_match(const Match& match) {
    matching_.apply(match, [&](const PostedReceive& receive, const Message& message) {
        deliver(match.receiver, receive, message);
    });
}

void MpiWorld::deliver(int receiver, const PostedReceive& receive, const Message& message) {
    Request& req = requests_.at(receiver, receive.request.slot);
    const Typemap& type = *req.layout;
    const std::size_t capacity = type.size() * static_cast<std::size_t>(req.count);
    const std::size_t bytes = std::min(capacity, message.payload.size());
    // The data lands even when the types do not match (as in MPI implementations, which do not
    // check); the first error is what the receive reports.
    const bool written =
        unpack(message.payload.data(), bytes, type, reinterpret_cast<void*>(req.buffer));
    const TypeSignature expected = type.signature().times(static_cast<std::uint64_t>(req.count));
    req.status_error = MPI_SUCCESS;
    if (!signatures_agree(expected, message.signature)) {
        req.status_error = MPI_ERR_TYPE;
        req.sent = message.signature;
    } else if (!written) {
        req.status_error = MPI_ERR_BUFFER;
    } else if (message.payload.size() > capacity) {
        req.status_error = MPI_ERR_TRUNCATE;
    }
    req.status_source = message.source;
    req.status_tag = message.tag;
    req.status_bytes = bytes;
    req.message_bytes = message.payload.size();
    req.complete = true;
    if (req.user_freed) requests_.release(receiver, receive.request.slot);

    if (message.sender.valid()) requests_.finish(message.sender.rank, message.sender.slot);
    if (message.buffered > 0) ranks_[message.origin].attached_used -= message.buffered;
}

} // namespace rankfold::mpi
