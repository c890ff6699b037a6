#include "mc/runtime/SemanticFrames.hpp"

#include <cstring>

namespace rankfold::mc {

namespace {

constexpr int kMaxFrames = 256;

std::uint64_t word_at(std::uintptr_t address) {
    std::uint64_t v = 0;
    std::memcpy(&v, reinterpret_cast<const void*>(address), sizeof v);
    return v;
}

} // namespace

const SemanticFrames::Facts& SemanticFrames::facts(std::uint64_t pc) {
    if (auto it = facts_.find(pc); it != facts_.end()) return it->second;
    Facts f;
    const dwarf::FramePlan& plan = variables_->plan(pc);
    f.plan = &plan;
    if (plan.described && plan.function_high > plan.function_low) {
        const auto* code = reinterpret_cast<const std::uint8_t*>(code_base_ + plan.function_low);
        const std::size_t size = plan.function_high - plan.function_low;
        if (auto prologue = read_prologue(code, size)) {
            f.saves = prologue->saves;
            f.fixed_size = prologue->fixed_size;
            f.use = callee_saved_use(code, size, pc + 1 - plan.function_low);
            f.described = true;
            for (std::size_t k = 0; k < f.use.size(); ++k) {
                const bool saved = f.saves[k] != 0;
                // A register the function saved is restored before every return; one it did
                // not save it never writes. Anything else: the decoder was misled.
                if ((saved && f.use[k] == RegisterUse::PassThrough) ||
                    (!saved && f.use[k] == RegisterUse::Dead))
                    f.described = false;
            }
        }
    }
    return facts_.emplace(pc, f).first->second;
}

const std::vector<const dwarf::Layout*>& SemanticFrames::typed(std::uint64_t pc,
                                                               const dwarf::FramePlan& plan) {
    if (auto it = typed_.find(pc); it != typed_.end()) return it->second;
    std::vector<const dwarf::Layout*> out;
    for (const dwarf::FramePlan::LiveSlot& s : plan.live) {
        const dwarf::Layout* l = layouts_.of(s.type);
        if (!l->known) {
            out.clear();
            break;
        }
        out.push_back(l);
    }
    return typed_.emplace(pc, std::move(out)).first->second;
}

std::optional<SemanticFrames::Digest>
SemanticFrames::digest(const ProgramFrame& innermost, std::uintptr_t top, std::uintptr_t base,
                       std::uintptr_t code_begin, std::uintptr_t code_end,
                       HeapCanonicalForm* heap) {
    std::uint64_t ignored_count = 0;
    std::uint64_t& undescribed = heap != nullptr ? ignored_count : undescribed_;
    const auto feed = [&](snapshot::FingerprintBuilder& out, std::uintptr_t at, std::size_t n) {
        if (heap != nullptr)
            heap->feed(out, at, n);
        else
            out.bytes(reinterpret_cast<const void*>(at), n);
    };
    const auto feed_word = [&](snapshot::FingerprintBuilder& out, std::uint64_t v) {
        if (heap != nullptr)
            heap->feed_word(out, v);
        else
            out.value(v);
    };
    std::uintptr_t sp = innermost.lowest + 8;
    std::uint64_t pc = word_at(innermost.lowest);
    std::uint64_t rbp = innermost.callee_saved[1];
    // rbx, r12..r15 as the frame being looked at gets them back.
    std::array<std::uint64_t, 5> regs = {innermost.callee_saved[0], innermost.callee_saved[2],
                                         innermost.callee_saved[3], innermost.callee_saved[4],
                                         innermost.callee_saved[5]};
    const std::vector<const dwarf::Layout*> no_layouts;
    const std::vector<dwarf::ByteSpan> no_spans;
    snapshot::FingerprintBuilder out;
    for (int depth = 0; depth < kMaxFrames && pc >= code_begin && pc < code_end; ++depth) {
        if (rbp < sp || rbp + 16 > top || rbp % 8 != 0) {
            ++undescribed;
            return std::nullopt;
        }
        const std::uintptr_t cfa = rbp + 16;
        const Facts& f = facts(pc - base - 1);
        if (!f.described) {
            ++undescribed;
            return std::nullopt;
        }
        out.value(pc - base);
        const auto& layouts =
            heap != nullptr && typed_on_ ? typed(pc - base - 1, *f.plan) : no_layouts;
        for (std::size_t i = 0; i < layouts.size(); ++i) {
            const dwarf::FramePlan::LiveSlot& slot = f.plan->live[i];
            const std::uintptr_t at = cfa + static_cast<std::uintptr_t>(slot.cfa_offset);
            if (at < sp || at + layouts[i]->size > top) {
                ++undescribed;
                return std::nullopt;
            }
            heap->feed_typed(out, at, *layouts[i]);
        }
        for (const dwarf::ByteSpan& s : layouts.empty() ? f.plan->spans : no_spans) {
            const std::uintptr_t at = cfa + static_cast<std::uintptr_t>(s.offset);
            if (at < sp || at + s.size > top) {
                ++undescribed;
                return std::nullopt;
            }
            feed(out, at, s.size);
        }
        // Below the frame's fixed part: stack arguments pushed for the call, alloca'd memory.
        const std::uintptr_t fixed_bottom = rbp - f.fixed_size;
        if (sp < fixed_bottom) feed(out, sp, fixed_bottom - sp);
        for (std::size_t k = 0; k < regs.size(); ++k)
            if (f.use[k] == RegisterUse::Live) {
                out.value(k);
                feed_word(out, regs[k]);
            }
        for (std::size_t k = 0; k < regs.size(); ++k)
            if (f.saves[k] != 0) regs[k] = word_at(rbp + static_cast<std::uintptr_t>(f.saves[k]));
        pc = word_at(cfa - 8);
        sp = cfa;
        rbp = word_at(rbp);
    }
    // What the code outside the program (the checker's entry, a library calling back) gets back.
    for (const std::uint64_t r : regs) feed_word(out, r);
    if (heap == nullptr) ++described_;
    return Digest{sp, out.digest()};
}

} // namespace rankfold::mc
