// Where runtimes send their events: the one interface they know of the monitors.
#pragma once

#include "properties/Event.hpp"

namespace rankfold::properties {

class EventSink {
public:
    virtual ~EventSink() = default;
    virtual void on_call(const CallEvent&) {}
    virtual void on_delivery(const DeliveryEvent&) {}
    virtual void on_misuse(const MisuseEvent&) {}
    virtual void on_leak(const LeakEvent&) {}
    virtual void on_rank_fault(const RankFaultEvent&) {}
    virtual void on_end_state(const EndStateEvent&) {}
};

} // namespace rankfold::properties
