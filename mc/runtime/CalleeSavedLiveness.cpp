#include "mc/runtime/CalleeSavedLiveness.hpp"

#include <vector>

namespace rankfold::mc {

namespace {

enum class Flow : std::uint8_t { Next, Jump, Branch, Return, Trap };

struct Instruction {
    std::size_t length = 0;     // 0: not decoded
    std::uint32_t mentions = 0; // general registers read, or written in part
    int written = -1;           // a register written whole and not read
    Flow flow = Flow::Next;
    std::int64_t target = 0; // Jump, Branch: relative to the next instruction
};

std::int64_t signed_bytes(const std::uint8_t* p, int n) {
    if (n == 1) return static_cast<std::int8_t>(p[0]);
    std::int32_t v = 0;
    for (int i = 3; i >= 0; --i)
        v = static_cast<std::int32_t>((static_cast<std::uint32_t>(v) << 8) | p[i]);
    return v;
}

// Operand layout of an opcode: whether a ModRM byte follows, the immediate's size (-1: 4, or 2
// with the operand-size prefix), and whether ModRM's reg field names an opcode extension.
struct Shape {
    bool known = false, modrm = false, extension = false;
    int immediate = 0;
};

Shape one_byte(std::uint8_t op, std::uint8_t reg_field) {
    Shape s;
    s.known = true;
    if (op < 0x40) {
        switch (op & 7) {
        case 0:
        case 1:
        case 2:
        case 3:
            s.modrm = true;
            return s;
        case 4:
            s.immediate = 1;
            return s;
        case 5:
            s.immediate = -1;
            return s;
        default:
            return Shape{};
        }
    }
    if (op >= 0x50 && op <= 0x5f) return s;
    if (op >= 0x70 && op <= 0x7f) {
        s.immediate = 1;
        return s;
    }
    if (op >= 0x84 && op <= 0x8b) {
        s.modrm = true;
        return s;
    }
    if (op >= 0x90 && op <= 0x99) return s;
    if (op >= 0xb0 && op <= 0xb7) {
        s.immediate = 1;
        return s;
    }
    if (op >= 0xb8 && op <= 0xbf) {
        s.immediate = -1;
        return s;
    }
    switch (op) {
    case 0x63:
    case 0x8d:
        s.modrm = true;
        return s;
    case 0x8f:
    case 0xd0:
    case 0xd1:
    case 0xd2:
    case 0xd3:
    case 0xfe:
    case 0xff:
        s.modrm = s.extension = true;
        return s;
    case 0x68:
    case 0xa9:
    case 0xe8:
    case 0xe9:
        s.immediate = -1;
        return s;
    case 0x6a:
    case 0xa8:
    case 0xeb:
        s.immediate = 1;
        return s;
    case 0x69:
        s.modrm = true;
        s.immediate = -1;
        return s;
    case 0x6b:
        s.modrm = true;
        s.immediate = 1;
        return s;
    case 0x80:
    case 0x83:
    case 0xc0:
    case 0xc1:
    case 0xc6:
        s.modrm = s.extension = true;
        s.immediate = 1;
        return s;
    case 0x81:
    case 0xc7:
        s.modrm = s.extension = true;
        s.immediate = -1;
        return s;
    case 0xf6:
        s.modrm = s.extension = true;
        s.immediate = reg_field <= 1 ? 1 : 0;
        return s;
    case 0xf7:
        s.modrm = s.extension = true;
        s.immediate = reg_field <= 1 ? -1 : 0;
        return s;
    case 0xc3:
    case 0xc9:
    case 0xcc:
        return s;
    default:
        return Shape{};
    }
}

Shape two_byte(std::uint8_t op) {
    Shape s;
    s.known = true;
    if (op >= 0x80 && op <= 0x8f) {
        s.immediate = -1;
        return s;
    }
    if (op >= 0xc8 && op <= 0xcf) return s; // bswap
    s.modrm = true;
    if ((op >= 0x10 && op <= 0x17) || (op >= 0x28 && op <= 0x2f) || (op >= 0x40 && op <= 0x6f) ||
        (op >= 0x74 && op <= 0x7f) || (op >= 0xd0 && op != 0xff) || op == 0xaf || op == 0xa3 ||
        op == 0xab || op == 0xb3 || op == 0xbb || op == 0xa5 || op == 0xad || op == 0xb0 ||
        op == 0xb1 || op == 0xb6 || op == 0xb7 || op == 0xbe || op == 0xbf || op == 0xc0 ||
        op == 0xc1)
        return s;
    if ((op >= 0x70 && op <= 0x73) || op == 0xc2 || op == 0xc4 || op == 0xc5 || op == 0xc6 ||
        op == 0xa4 || op == 0xac) {
        s.immediate = 1;
        return s;
    }
    s.extension = true;
    if (op == 0x1e || op == 0x1f || (op >= 0x90 && op <= 0x9f)) return s; // endbr, nop, setcc
    return Shape{};
}

Instruction decode(const std::uint8_t* p, std::size_t avail) {
    Instruction out;
    std::size_t i = 0;
    bool operand16 = false;
    auto need = [&](std::size_t n) { return i + n <= avail; };
    while (need(1) && (p[i] == 0x66 || p[i] == 0xf2 || p[i] == 0xf3 || p[i] == 0x2e ||
                       p[i] == 0x3e || p[i] == 0x64 || p[i] == 0x65 || p[i] == 0xf0)) {
        if (p[i] == 0x66) operand16 = true;
        ++i;
    }
    std::uint8_t rex = 0;
    if (need(1) && (p[i] & 0xf0) == 0x40) rex = p[i++];
    if (!need(1)) return out;
    std::uint8_t op = p[i++];
    const bool two = op == 0x0f;
    if (two) {
        if (!need(1)) return out;
        op = p[i++];
        if (op == 0x0b) { // ud2: the path ends
            out.length = i;
            out.flow = Flow::Trap;
            return out;
        }
        if (op == 0x05) { // syscall keeps every callee-saved register
            out.length = i;
            return out;
        }
    }
    const std::uint8_t reg_field = need(1) ? (p[i] >> 3) & 7 : 0;
    const Shape shape = two ? two_byte(op) : one_byte(op, reg_field);
    if (!shape.known) return out;
    const int rex_w = rex & 8, rex_r = (rex & 4) << 1, rex_x = (rex & 2) << 2,
              rex_b = (rex & 1) << 3;
    int reg = -1, rm_register = -1;
    std::uint32_t memory = 0; // registers an address uses
    if (shape.modrm) {
        if (!need(1)) return out;
        const std::uint8_t modrm = p[i++];
        const int mod = modrm >> 6, rm = modrm & 7;
        reg = ((modrm >> 3) & 7) | rex_r;
        if (mod == 3) {
            rm_register = rm | rex_b;
        } else {
            int displacement = mod == 1 ? 1 : mod == 2 ? 4 : 0;
            if (rm == 4) {
                if (!need(1)) return out;
                const std::uint8_t sib = p[i++];
                const int index = ((sib >> 3) & 7) | rex_x;
                if (index != 4) memory |= 1u << index;
                if ((sib & 7) == 5 && mod == 0)
                    displacement = 4;
                else
                    memory |= 1u << ((sib & 7) | rex_b);
            } else if (rm == 5 && mod == 0) {
                displacement = 4; // rip-relative
            } else {
                memory |= 1u << (rm | rex_b);
            }
            i += static_cast<std::size_t>(displacement);
        }
    }
    std::size_t immediate = shape.immediate == -1 ? (operand16 ? 2 : 4) : shape.immediate;
    if (!two && op >= 0xb8 && op <= 0xbf && rex_w) immediate = 8;
    if (!two && (op == 0xe8 || op == 0xe9)) immediate = 4;
    const std::size_t at_immediate = i;
    i += immediate;
    if (!need(0) || i > avail) return out;
    out.length = i;
    out.mentions = memory;
    if (rm_register >= 0) out.mentions |= 1u << rm_register;
    if (reg >= 0 && !shape.extension) out.mentions |= 1u << reg;
    const bool whole = !operand16; // 32- and 64-bit writes replace the whole register
    auto write_only = [&](int r, std::uint32_t reads) {
        if (!whole || (reads & (1u << r))) return;
        out.written = r;
        out.mentions = reads;
    };
    if (!two) {
        if (op >= 0x50 && op <= 0x57) out.mentions |= 1u << ((op & 7) | rex_b);
        if (op >= 0x58 && op <= 0x5f) out.written = (op & 7) | rex_b;
        if (op >= 0x91 && op <= 0x97) out.mentions |= 1u << ((op & 7) | rex_b) | 1u;
        if (op == 0x90 && rex_b) out.mentions |= 1u << 8 | 1u;
        if (op >= 0xb0 && op <= 0xb7) out.mentions |= 1u << ((op & 7) | rex_b);
        if (op >= 0xb8 && op <= 0xbf) {
            if (whole)
                out.written = (op & 7) | rex_b;
            else
                out.mentions |= 1u << ((op & 7) | rex_b);
        }
        const std::uint32_t rm_reads = memory | (rm_register >= 0 ? 1u << rm_register : 0);
        if (op == 0x8b || op == 0x8d || (op == 0x63 && rex_w)) write_only(reg, rm_reads);
        if (op == 0x89 && rm_register >= 0) write_only(rm_register, 1u << reg);
        if (op == 0xc7 && rm_register >= 0 && reg_field == 0) write_only(rm_register, 0);
        if ((op == 0x31 || op == 0x33 || op == 0x29 || op == 0x2b) && rm_register == reg)
            write_only(reg, 0); // xor/sub of a register with itself
        if (op >= 0x70 && op <= 0x7f) out.flow = Flow::Branch;
        if (op == 0xeb || op == 0xe9) out.flow = Flow::Jump;
        if (op == 0xc3) out.flow = Flow::Return;
        if (op == 0xcc) return Instruction{};
        if (op == 0xff && (reg_field == 4 || reg_field == 5)) return Instruction{}; // jmp *
        if (op == 0xff && reg_field == 3) return Instruction{};                     // far call
    } else {
        if (op >= 0xc8 && op <= 0xcf) out.mentions |= 1u << ((op & 7) | rex_b);
        if ((op == 0xb6 || op == 0xb7 || op == 0xbe || op == 0xbf))
            write_only(reg, memory | (rm_register >= 0 ? 1u << rm_register : 0));
        if (op >= 0x80 && op <= 0x8f) out.flow = Flow::Branch;
    }
    if (out.flow == Flow::Jump || out.flow == Flow::Branch)
        out.target = signed_bytes(p + at_immediate, static_cast<int>(immediate));
    return out;
}

constexpr std::size_t kBudget = 4096; // instructions decoded per register and pc

RegisterUse use_of(int reg, const std::uint8_t* code, std::size_t size, std::size_t pc) {
    std::vector<std::size_t> todo{pc};
    std::vector<bool> seen(size, false);
    RegisterUse result = RegisterUse::Dead;
    std::size_t decoded = 0;
    while (!todo.empty()) {
        std::size_t at = todo.back();
        todo.pop_back();
        for (;;) {
            if (at >= size) return RegisterUse::Live; // left the function
            if (seen[at]) break;
            seen[at] = true;
            if (++decoded > kBudget) return RegisterUse::Live;
            const Instruction insn = decode(code + at, size - at);
            if (insn.length == 0) return RegisterUse::Live;
            if (insn.mentions & (1u << reg)) return RegisterUse::Live;
            if (insn.written == reg || insn.flow == Flow::Trap) break;
            if (insn.flow == Flow::Return) {
                result = RegisterUse::PassThrough;
                break;
            }
            const std::size_t next = at + insn.length;
            if (insn.flow == Flow::Jump || insn.flow == Flow::Branch) {
                const auto target = static_cast<std::int64_t>(next) + insn.target;
                if (target < 0 || static_cast<std::size_t>(target) >= size)
                    return RegisterUse::Live;
                if (insn.flow == Flow::Jump) {
                    at = static_cast<std::size_t>(target);
                    continue;
                }
                todo.push_back(static_cast<std::size_t>(target));
            }
            at = next;
        }
    }
    return result;
}

} // namespace

std::array<RegisterUse, 5> callee_saved_use(const std::uint8_t* code, std::size_t size,
                                            std::size_t pc) {
    std::array<RegisterUse, 5> out{};
    for (std::size_t k = 0; k < out.size(); ++k)
        out[k] = use_of(kCalleeSavedRegisters[k], code, size, pc);
    return out;
}

std::optional<Prologue> read_prologue(const std::uint8_t* code, std::size_t size) {
    std::size_t i = 0;
    auto at = [&](std::initializer_list<std::uint8_t> bytes) {
        if (i + bytes.size() > size) return false;
        std::size_t k = i;
        for (std::uint8_t b : bytes)
            if (code[k++] != b) return false;
        i = k;
        return true;
    };
    at({0xf3, 0x0f, 0x1e, 0xfa}); // endbr64
    if (!at({0x55}) || !at({0x48, 0x89, 0xe5})) return std::nullopt;
    Prologue out;
    std::int64_t slot = 0;
    for (;;) {
        int reg = -1;
        if (at({0x53}))
            reg = 3;
        else if (at({0x41, 0x54}))
            reg = 12;
        else if (at({0x41, 0x55}))
            reg = 13;
        else if (at({0x41, 0x56}))
            reg = 14;
        else if (at({0x41, 0x57}))
            reg = 15;
        if (reg < 0) break;
        slot -= 8;
        for (std::size_t k = 0; k < out.saves.size(); ++k)
            if (kCalleeSavedRegisters[k] == reg) out.saves[k] = slot;
    }
    out.fixed_size = static_cast<std::uint64_t>(-slot);
    if (i + 4 <= size && code[i] == 0x48 && code[i + 1] == 0x83 && code[i + 2] == 0xec) {
        out.fixed_size += code[i + 3]; // sub $imm8,%rsp (positive: GCC uses it up to 127)
    } else if (i + 7 <= size && code[i] == 0x48 && code[i + 1] == 0x81 && code[i + 2] == 0xec) {
        std::uint32_t n = 0;
        for (int k = 6; k >= 3; --k) n = (n << 8) | code[i + static_cast<std::size_t>(k)];
        out.fixed_size += n;
    }
    return out;
}

} // namespace rankfold::mc
