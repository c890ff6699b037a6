// The packed bytes of one message. Most MPI messages are small: up to kInline bytes are kept
// inside the object (no allocation, and a move is one short memcpy), larger ones on the heap.
// A value type: copies are deep and == compares the bytes.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>

namespace rankfold::mpi {

class Payload {
public:
    static constexpr std::size_t kInline = 48;

    Payload() = default;
    Payload(const Payload& other) { assign(other.data(), other.size_); }
    Payload(Payload&& other) noexcept { take(other); }
    Payload& operator=(const Payload& other) {
        if (this != &other) assign(other.data(), other.size_);
        return *this;
    }
    Payload& operator=(Payload&& other) noexcept {
        if (this != &other) take(other);
        return *this;
    }

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    std::byte* data() { return heap_ ? heap_.get() : inline_; }
    const std::byte* data() const { return heap_ ? heap_.get() : inline_; }

    // New bytes are uninitialised; existing ones are kept.
    void resize(std::size_t n) {
        if (n > kInline && n > capacity()) {
            auto bigger = std::make_unique_for_overwrite<std::byte[]>(n);
            std::memcpy(bigger.get(), data(), size_);
            heap_ = std::move(bigger);
            heap_capacity_ = n;
        }
        size_ = n;
    }

    friend bool operator==(const Payload& a, const Payload& b) {
        return a.size_ == b.size_ && std::memcmp(a.data(), b.data(), a.size_) == 0;
    }

private:
    std::size_t capacity() const { return heap_ ? heap_capacity_ : kInline; }
    void assign(const std::byte* bytes, std::size_t n) {
        size_ = 0;
        resize(n);
        if (n > 0) std::memcpy(data(), bytes, n);
    }
    void take(Payload& other) {
        size_ = other.size_;
        heap_ = std::move(other.heap_);
        heap_capacity_ = other.heap_capacity_;
        if (!heap_) std::memcpy(inline_, other.inline_, kInline);
        other.size_ = 0;
    }

    std::size_t size_ = 0;
    std::size_t heap_capacity_ = 0;
    std::unique_ptr<std::byte[]> heap_;
    std::byte inline_[kInline];
};

} // namespace rankfold::mpi
