// The program frames of a waiting rank as semantic state equality sees them: for each frame,
// from the innermost program frame outwards along the frame-pointer chain, its pc, the value
// bytes of its live variables (dwarf::FrameVariables: padding, dead and unnamed slots left
// out) and the callee-saved registers it still needs (CalleeSavedLiveness.hpp), with each
// register's value as that frame gets it back (read from the save slots of the frames inside
// it). The digest replaces the bytes of those frames in the state hash; the stack above the
// outermost one (the checker's entry into the program) stays hashed as bytes.
//
// A frame that is not described (optimised or C++ code, DWARF not decoded, a prologue of
// another shape) makes the whole stack hashed exactly: no digest. Facts are computed once
// per pc; a digest then costs the bytes of the live variables and a few loads per frame.
#pragma once

#include "dwarf-introspect/FrameVariables.hpp"
#include "dwarf-introspect/PointerLayout.hpp"
#include "mc/runtime/CalleeSavedLiveness.hpp"
#include "mc/runtime/HeapCanonicalForm.hpp"
#include "mc/runtime/ProgramFrame.hpp"
#include "snapshot/Fingerprint.hpp"

#include <memory>
#include <optional>
#include <unordered_map>

namespace rankfold::mc {

class SemanticFrames {
public:
    // `code_base`: the load bias of a copy of the module whose code can be read.
    SemanticFrames(std::unique_ptr<dwarf::FrameVariables> variables, std::uintptr_t code_base)
        : variables_(std::move(variables)), layouts_(variables_->types()), code_base_(code_base) {}

    struct Digest {
        std::uintptr_t outermost_cfa = 0; // the stack from here up is hashed as bytes
        snapshot::Fingerprint value;
    };
    // The program's frames of a rank's stack whose innermost program frame is `innermost`;
    // the rank's module copy is loaded at `base` with code in [code_begin, code_end), its
    // stack ends at `top`. nullopt: hash the stack exactly. With `heap`, the values are fed
    // through it (pointers into the heap as block numbers: HeapCanonicalForm.hpp) and the
    // counts below are left alone, and each live variable is fed by its type's layout (the
    // typed heap walk: its pointers claim the blocks they point at for their pointee type).
    std::optional<Digest> digest(const ProgramFrame& innermost, std::uintptr_t top,
                                 std::uintptr_t base, std::uintptr_t code_begin,
                                 std::uintptr_t code_end, HeapCanonicalForm* heap = nullptr);

    // Off: with a heap form, frames are fed by their value bytes, untyped (to measure).
    void set_typed(bool typed) { typed_on_ = typed; }

    std::uint64_t described() const { return described_; }
    std::uint64_t undescribed() const { return undescribed_; }

private:
    struct Facts {
        bool described = false;
        const dwarf::FramePlan* plan = nullptr;
        std::array<RegisterUse, 5> use{};
        std::array<std::int64_t, 5> saves{}; // from the frame pointer; 0: not saved
        std::uint64_t fixed_size = 0;        // reserved below the frame pointer by the prologue
    };
    const Facts& facts(std::uint64_t pc);
    // Per pc: the live variables' layouts (all known), or empty to feed the plan's spans.
    const std::vector<const dwarf::Layout*>& typed(std::uint64_t pc, const dwarf::FramePlan& plan);
    std::unique_ptr<dwarf::FrameVariables> variables_;
    dwarf::PointerLayouts layouts_;
    std::unordered_map<std::uint64_t, std::vector<const dwarf::Layout*>> typed_;
    std::uintptr_t code_base_;
    std::unordered_map<std::uint64_t, Facts> facts_;
    std::uint64_t described_ = 0, undescribed_ = 0;
    bool typed_on_ = true;
};

} // namespace rankfold::mc
