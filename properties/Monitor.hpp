// The one shape of every property monitor (DESIGN.md §6): events in, violations out, and a
// state that is a value — copied into every snapshot, part of the state's fingerprint and of
// state equality (two paths that reach the same memory with different monitor states are two
// states), restored on backtrack.
#pragma once

#include "properties/EventSink.hpp"
#include "properties/Violation.hpp"
#include "snapshot/Fingerprint.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

namespace rankfold::properties {

// Semantic state equality (issue 12): whether `low` of `rank`'s memory lies in a live heap
// block that holds all of [low, high) too (high <= low: `low` alone). The memory's canonical
// form then stands for it by block number and offset, being fed the addresses a monitor lists
// as heap roots (Monitor::heap_roots), in an order its fingerprint determines.
using InHeap = std::function<bool(int rank, std::uintptr_t low, std::uintptr_t high)>;

// A monitor's state. MonitorSet only compares states of the same monitor.
class MonitorState {
public:
    virtual ~MonitorState() = default;
    virtual std::unique_ptr<MonitorState> clone() const = 0;
    virtual bool equals(const MonitorState& other) const = 0;
    virtual void fingerprint(snapshot::FingerprintBuilder& into) const = 0;
    // As fingerprint, but an address that `in_heap` places in a live block is fed as a mark:
    // where the block lies is not state. Only for the addresses heap_roots listed, in its order.
    virtual void fingerprint_semantic(snapshot::FingerprintBuilder& into,
                                      const InHeap& in_heap) const {
        (void)in_heap;
        fingerprint(into);
    }
};

// How a monitor answers.
class Verdicts {
public:
    virtual ~Verdicts() = default;
    // The current path violates the property: it ends here.
    virtual void report_violation(Violation v) = 0;
    // Worth telling, not worth ending the path for (kept once per distinct warning).
    virtual void report_warning(Violation v) = 0;
};

class Monitor : public EventSink {
public:
    explicit Monitor(Verdicts& verdicts) : verdicts_(verdicts) {}
    virtual std::string_view name() const = 0;
    // The monitor's state; nullptr for a monitor that keeps none (its verdicts are its only
    // effect, and those are part of the state already).
    virtual std::unique_ptr<MonitorState> save() const { return nullptr; }
    virtual void restore(const MonitorState& state) { (void)state; }
    // Back to the state save() gives as nullptr (a monitor whose state can be empty).
    virtual void clear() {}
    // The addresses of `rank`'s memory its state holds: roots of the heap's canonical form
    // (InHeap). Their order must follow from what fingerprint_semantic feeds (where it feeds
    // marks, the roots tell which address is which).
    virtual void heap_roots(int rank, std::vector<std::uintptr_t>& out) const {
        (void)rank;
        (void)out;
    }

protected:
    Verdicts& verdicts() { return verdicts_; }

private:
    Verdicts& verdicts_;
};

} // namespace rankfold::properties
