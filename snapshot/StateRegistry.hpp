// StateRegistry: the state of the system as a list of named components (issue 11). Every part of
// the state — rank memory, the MPI world, later the SHMEM world, the property monitors, the
// Büchi automaton's state — registers here how to capture its live value into a saved part, put
// a saved part back, feed a saved part into a fingerprint and compare two saved parts. A
// StateSnapshot holds one saved part per component, in registration order, and the combined
// 128-bit fingerprint; StateRegistry::equal compares two snapshots component by component, the
// full-equality confirmation a liveness search needs before it closes a cycle (EXPLORATION.md
// §5), where the fingerprint alone is only overwhelmingly likely to be right.
//
// A component's fingerprint must agree with its equality: equal parts, equal fingerprints.
//
// Nothing here knows what the components are: snapshot/ sits below everything else.
//
// The registry keeps its components by pointer and each value component keeps its live object
// by reference: both must outlive the registry's use. Snapshots remember their registry and must
// be restored and compared only there. Not thread-safe.
#pragma once

#include "snapshot/Fingerprint.hpp"

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace rankfold::snapshot {

class StateComponent {
public:
    // A saved part; each component knows the concrete type of its own parts.
    class Part {
    public:
        Part() = default;
        Part(const Part&) = delete;
        Part& operator=(const Part&) = delete;
        virtual ~Part() = default;
    };

    StateComponent() = default;
    StateComponent(const StateComponent&) = delete;
    StateComponent& operator=(const StateComponent&) = delete;
    virtual ~StateComponent() = default;

    // The live value, saved.
    virtual std::unique_ptr<Part> capture() = 0;
    // The live value, saved to be restored only: nobody will ask for its fingerprint, so work
    // done only for the fingerprint may be skipped. Default: capture().
    virtual std::unique_ptr<Part> capture_unfingerprinted() { return capture(); }
    // Makes the live value what `part` saved.
    virtual void restore(const Part& part) = 0;
    // Feeds `part` into a fingerprint; equal parts must feed equal bytes.
    virtual void fingerprint(const Part& part, FingerprintBuilder& into) const = 0;
    virtual bool equal(const Part& a, const Part& b) const = 0;
    // Feeds the live value into a fingerprint as fingerprint(capture()) would, without saving
    // it; false if the component cannot (then it is captured). See capture_deferred.
    virtual bool fingerprint_live(FingerprintBuilder& /*into*/) const { return false; }
};

// The part of a component whose saved value is a `Saved`.
//
// Parts are allocated from a free list per type: every state the explorer reaches captures one
// part per component, and most are dropped at once (the state was seen before), so plain
// malloc/free of a handful of small blocks per state showed as a tenth of the search's time.
template <class Saved> class SavedPart final : public StateComponent::Part {
public:
    explicit SavedPart(Saved v) : value(std::move(v)) {}
    Saved value;

    static void* operator new(std::size_t size) {
        if (size == sizeof(SavedPart) && !free_list().empty()) {
            void* p = free_list().back();
            free_list().pop_back();
            return p;
        }
        return ::operator new(size);
    }
    static void operator delete(void* p, std::size_t size) {
        if (size == sizeof(SavedPart) && free_list().size() < kKeep) {
            free_list().push_back(p);
            return;
        }
        ::operator delete(p);
    }

private:
    static constexpr std::size_t kKeep = 1024; // blocks kept per type at most
    // One per thread (parallel searches); the blocks go back to the system when it ends.
    struct FreeList : std::vector<void*> {
        FreeList() = default;
        FreeList(const FreeList&) = delete;
        FreeList& operator=(const FreeList&) = delete;
        ~FreeList() {
            for (void* p : *this) ::operator delete(p);
        }
    };
    static FreeList& free_list() {
        thread_local FreeList list;
        return list;
    }
};

// A copyable value type T with operator==, kept by reference: capture copies it, restore
// assigns it back. `fingerprint(const T&, FingerprintBuilder&)` feeds it into a fingerprint.
template <class T, class FingerprintFn> class ValueComponent final : public StateComponent {
public:
    static_assert(std::is_copy_constructible_v<T> && std::is_copy_assignable_v<T>);
    ValueComponent(T& live, FingerprintFn fingerprint)
        : live_(live), fingerprint_(std::move(fingerprint)) {}

    std::unique_ptr<Part> capture() override { return std::make_unique<SavedPart<T>>(live_); }
    void restore(const Part& part) override { live_ = get(part); }
    void fingerprint(const Part& part, FingerprintBuilder& into) const override {
        fingerprint_(get(part), into);
    }
    bool equal(const Part& a, const Part& b) const override { return get(a) == get(b); }
    bool fingerprint_live(FingerprintBuilder& into) const override {
        fingerprint_(live_, into);
        return true;
    }

private:
    static const T& get(const Part& part) { return static_cast<const SavedPart<T>&>(part).value; }
    T& live_;
    FingerprintFn fingerprint_;
};

// A component described by four functions, for saved values that are not simply a copy of one
// object (a memory snapshot taken through a RegionSet, move-only; a value assembled from several
// objects).
template <class Saved> class FunctionComponent final : public StateComponent {
public:
    struct Functions {
        std::function<Saved()> capture;
        std::function<void(const Saved&)> restore;
        std::function<void(const Saved&, FingerprintBuilder&)> fingerprint;
        std::function<bool(const Saved&, const Saved&)> equal;
        // Optional: capture() for a part whose fingerprint is never asked for.
        std::function<Saved()> capture_unfingerprinted = {};
    };
    explicit FunctionComponent(Functions f) : f_(std::move(f)) {
        if (!f_.capture || !f_.restore || !f_.fingerprint || !f_.equal)
            throw std::invalid_argument("state component: all four functions are needed");
    }

    std::unique_ptr<Part> capture() override {
        return std::make_unique<SavedPart<Saved>>(f_.capture());
    }
    std::unique_ptr<Part> capture_unfingerprinted() override {
        if (!f_.capture_unfingerprinted) return capture();
        return std::make_unique<SavedPart<Saved>>(f_.capture_unfingerprinted());
    }
    void restore(const Part& part) override { f_.restore(get(part)); }
    void fingerprint(const Part& part, FingerprintBuilder& into) const override {
        f_.fingerprint(get(part), into);
    }
    bool equal(const Part& a, const Part& b) const override { return f_.equal(get(a), get(b)); }

private:
    static const Saved& get(const Part& part) {
        return static_cast<const SavedPart<Saved>&>(part).value;
    }
    Functions f_;
};

class StateRegistry;

// One saved part per component of the registry that captured it, plus the fingerprints.
class StateSnapshot {
public:
    StateSnapshot() = default;
    StateSnapshot(StateSnapshot&&) noexcept = default;
    StateSnapshot& operator=(StateSnapshot&&) noexcept = default;
    StateSnapshot(const StateSnapshot&) = delete;
    StateSnapshot& operator=(const StateSnapshot&) = delete;
    ~StateSnapshot() = default;

    // The whole state's fingerprint: the components' fingerprints, in order. Throws
    // std::logic_error for a snapshot taken without (StateRegistry::capture_unfingerprinted).
    const Fingerprint& fingerprint() const {
        if (!fingerprinted_) no_fingerprint();
        return fingerprint_;
    }
    const Fingerprint& part_fingerprint(std::size_t component) const {
        if (!fingerprinted_) no_fingerprint();
        return parts_.at(component).fingerprint;
    }
    bool fingerprinted() const { return fingerprinted_; }
    std::size_t size() const { return parts_.size(); }
    bool empty() const { return parts_.empty(); }
    // Whether some parts were only fingerprinted (StateRegistry::capture_deferred).
    bool deferred() const { return deferred_; }
    const StateComponent::Part& part(std::size_t component) const {
        return *parts_.at(component).part;
    }
    // The saved value of a component whose parts are SavedPart<T> (value and function
    // components); throws std::bad_cast for another type.
    template <class T> const T& value(std::size_t component) const {
        return dynamic_cast<const SavedPart<T>&>(part(component)).value;
    }

private:
    friend class StateRegistry;
    const StateRegistry* owner_ = nullptr;
    struct Saved {
        std::unique_ptr<StateComponent::Part> part;
        Fingerprint fingerprint;
    };
    [[noreturn]] static void no_fingerprint();
    std::vector<Saved> parts_;
    Fingerprint fingerprint_;
    bool deferred_ = false;
    bool fingerprinted_ = true;
};

class StateRegistry {
public:
    StateRegistry() = default;
    // Snapshots point at their registry; components at live objects.
    StateRegistry(const StateRegistry&) = delete;
    StateRegistry& operator=(const StateRegistry&) = delete;

    // Adds a component after those registered so far. Names are unique and not empty. Snapshots
    // taken before cannot be restored or compared afterwards (they lack the new part).
    // Returns the component's index.
    std::size_t add(std::string name, std::unique_ptr<StateComponent> component);

    // Registers the live object `live` (copyable, with operator==) by reference;
    // `fingerprint(const T&, FingerprintBuilder&)` must agree with its operator==.
    template <class T, class FingerprintFn>
    std::size_t add_value(std::string_view name, T& live, FingerprintFn fingerprint) {
        return add(std::string(name), std::make_unique<ValueComponent<T, FingerprintFn>>(
                                          live, std::move(fingerprint)));
    }
    // Registers a component from four functions (see FunctionComponent).
    template <class Saved>
    std::size_t add_functions(std::string_view name,
                              typename FunctionComponent<Saved>::Functions functions) {
        return add(std::string(name),
                   std::make_unique<FunctionComponent<Saved>>(std::move(functions)));
    }

    StateSnapshot capture();
    // The same fingerprint as capture(), but the components that can fingerprint their live
    // value are not copied yet: most states the search reaches are never come back to (a leaf,
    // a revisit, a state with one successor), and copying the runtime's value for each of them
    // was a tenth of the search. complete() copies them later, as long as nothing changed the
    // live state in between; a deferred snapshot cannot be restored or compared before that.
    StateSnapshot capture_deferred();
    void complete(StateSnapshot& snapshot);
    // A snapshot to restore and nothing else: no fingerprint is computed (each component may
    // skip what it does only for one: StateComponent::capture_unfingerprinted), and asking
    // for it, or comparing the snapshot, throws. For a search that keeps a state only to come
    // back to it (Backtracking, without state matching).
    StateSnapshot capture_unfingerprinted();
    // Puts every component back as `snapshot` saved it, in registration order.
    void restore(const StateSnapshot& snapshot);
    // Component by component, with the per-component fingerprints as a quick rejection.
    bool equal(const StateSnapshot& a, const StateSnapshot& b) const;
    // The first component whose parts differ (none: the snapshots are equal).
    std::optional<std::size_t> first_difference(const StateSnapshot& a,
                                                const StateSnapshot& b) const;

    std::size_t size() const { return components_.size(); }
    const std::vector<std::string>& component_names() const { return names_; }
    // The index of a component by name; throws std::out_of_range if there is none.
    std::size_t index_of(std::string_view name) const;

private:
    void check(const StateSnapshot& s) const;
    void check_comparable(const StateSnapshot& s) const;
    StateSnapshot capture_deferred(bool defer);

    std::vector<std::string> names_;
    std::vector<std::unique_ptr<StateComponent>> components_;
};

} // namespace rankfold::snapshot
