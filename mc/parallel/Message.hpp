// The messages explorers of a parallel search exchange (ParallelWorker), and their encoding: a
// kind byte, then fixed-size little-endian fields. Every transport carries them as opaque bytes
// between worker numbers.
#pragma once

#include "mc/search/Transition.hpp"
#include "snapshot/Fingerprint.hpp"

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace rankfold::mc::parallel {

enum class MessageKind : std::uint8_t {
    Visit,      // to a state's owner: was it visited, with which sleep set (StateOwner)
    VisitReply, // the owner's answer
    Steal,      // an idle worker asks a busy one for work (StealProtocol)
    StealReply, // a subtree (WorkPrefix) and its unit, or nothing
    UnitOpened, // to the coordinator: a unit of work was given away (Termination)
    UnitClosed, // to the coordinator: a unit of work is explored
    Found,      // to the coordinator: a violation's path (stops the search unless keep-going)
    Stop,       // from the coordinator: the search is over, report and end
    Report,     // to the coordinator: a worker's statistics and findings (WorkerReport)
    Hello,      // to the coordinator: the worker's initial state's fingerprint (must agree)
    States,     // to the coordinator: new states counted since the last (StateBudget)
    Forget,     // from a state's owner: another worker explores below it (source sets)
};

class MessageWriter {
public:
    explicit MessageWriter(MessageKind kind) { bytes_.push_back(static_cast<char>(kind)); }
    MessageWriter& u64(std::uint64_t v) { return raw(&v, sizeof v); }
    MessageWriter& i32(std::int32_t v) { return raw(&v, sizeof v); }
    MessageWriter& f64(double v) { return raw(&v, sizeof v); }
    MessageWriter& fingerprint(const snapshot::Fingerprint& f) { return u64(f.low).u64(f.high); }
    MessageWriter& text(const std::string& s) {
        u64(s.size());
        bytes_.append(s);
        return *this;
    }
    MessageWriter& transition(const Transition& t);
    MessageWriter& transitions(const std::vector<Transition>& ts);
    const std::string& bytes() const { return bytes_; }

private:
    MessageWriter& raw(const void* p, std::size_t n) {
        bytes_.append(static_cast<const char*>(p), n);
        return *this;
    }
    std::string bytes_;
};

class MessageReader {
public:
    explicit MessageReader(const std::string& bytes) : bytes_(bytes) {
        if (bytes.empty()) throw std::runtime_error("an empty message between workers");
        at_ = 1;
    }
    MessageKind kind() const { return static_cast<MessageKind>(bytes_[0]); }
    std::uint64_t u64() { return raw<std::uint64_t>(); }
    std::int32_t i32() { return raw<std::int32_t>(); }
    double f64() { return raw<double>(); }
    snapshot::Fingerprint fingerprint() {
        snapshot::Fingerprint f;
        f.low = u64();
        f.high = u64();
        return f;
    }
    std::string text() {
        const std::uint64_t n = u64();
        need(n);
        std::string s = bytes_.substr(at_, n);
        at_ += n;
        return s;
    }
    Transition transition();
    std::vector<Transition> transitions();

private:
    void need(std::size_t n) const {
        if (at_ + n > bytes_.size())
            throw std::runtime_error("a truncated message between workers");
    }
    template <class T> T raw() {
        need(sizeof(T));
        T v;
        std::memcpy(&v, bytes_.data() + at_, sizeof v);
        at_ += sizeof v;
        return v;
    }
    const std::string& bytes_;
    std::size_t at_ = 0;
};

} // namespace rankfold::mc::parallel
