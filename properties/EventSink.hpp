// Where runtimes send their events: the one interface they know of the monitors.
#pragma once

#include "properties/Event.hpp"
#include "properties/RemoteOrderEvents.hpp"

#include <string_view>

namespace rankfold::properties {

class EventSink {
public:
    virtual ~EventSink() = default;
    virtual void on_call(const CallEvent&) {}
    // Whether on_call wants the calls of `function`. The runtimes decode a call's arguments
    // and send it only when some sink does (most calls concern no monitor, and decoding every
    // one showed in the point-to-point stream), so a sink that overrides on_call overrides this.
    virtual bool watches_call(std::string_view /*function*/) const { return false; }
    virtual void on_delivery(const DeliveryEvent&) {}
    virtual void on_misuse(const MisuseEvent&) {}
    virtual void on_leak(const LeakEvent&) {}
    virtual void on_hazard(const HazardEvent&) {}
    virtual void on_rank_fault(const RankFaultEvent&) {}
    virtual void on_end_state(const EndStateEvent&) {}
    virtual void on_pending_buffers(const PendingBuffersEvent&) {}
    virtual void on_memory_access(const MemoryAccessEvent&) {}
    // The bytes of `rank` whose loads and stores the sink wants as MemoryAccessEvents, as one
    // hull ({0, 0}: none). The instrumentation's fast path lets every other access through
    // without a call, so a sink that overrides on_memory_access overrides this.
    virtual ByteRange watched_bytes(int /*rank*/) const { return {}; }
    virtual void on_sync(const SyncEvent&) {}
    virtual void on_remote_op(const RemoteOpEvent&) {}
    virtual void on_remote_completion(const RemoteCompletionEvent&) {}
    virtual void on_exposed_memory(const ExposedMemoryEvent&) {}
};

} // namespace rankfold::properties
