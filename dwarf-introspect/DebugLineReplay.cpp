#include "dwarf-introspect/DebugLineReplay.hpp"

#include <elf.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <string>
#include <vector>

// dwarf.h (the DW_LNS/DW_LNE constants) may sit in /usr/include/libdwarf, on the path or not.
#if __has_include(<dwarf.h>)
#include <dwarf.h>
#else
#include <libdwarf/dwarf.h>
#endif

namespace rankfold::dwarf {

ElfProbe probeElf(int fd) {
    ElfProbe out;
    struct stat st {};
    Elf64_Ehdr eh{};
    ssize_t got = ::pread(fd, &eh, sizeof eh, 0);
    out.is_elf = got >= SELFMAG && std::memcmp(eh.e_ident, ELFMAG, SELFMAG) == 0;
    if (!out.is_elf || got != sizeof eh || ::fstat(fd, &st) != 0 ||
        eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != ELFDATA2LSB ||
        eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shstrndx >= eh.e_shnum)
        return out;
    const auto size = static_cast<std::uint64_t>(st.st_size);
    auto read = [fd, size](auto& buf, std::uint64_t n, std::uint64_t off) {
        if (off > size || n > size - off) return false;
        buf.resize(n / sizeof(buf[0]));
        return ::pread(fd, buf.data(), n, static_cast<off_t>(off)) == static_cast<ssize_t>(n);
    };
    std::vector<Elf64_Shdr> sections;
    std::string names;
    if (!read(sections, eh.e_shnum * sizeof(Elf64_Shdr), eh.e_shoff) ||
        !read(names, sections[eh.e_shstrndx].sh_size, sections[eh.e_shstrndx].sh_offset))
        return out;
    for (const Elf64_Shdr& sh : sections) {
        if (sh.sh_name >= names.size() ||
            std::strcmp(names.c_str() + sh.sh_name, ".debug_line") != 0)
            continue;
        if (sh.sh_type == SHT_NOBITS || (sh.sh_flags & SHF_COMPRESSED) ||
            !read(out.debug_line, sh.sh_size, sh.sh_offset))
            out.debug_line.clear();
        break;
    }
    return out;
}

// libdwarf 20210528 starts every DWARF 5 line sequence with file register 0 where DWARF 5 (table
// 6.4) says 1, so rows before the sequence's first DW_LNS_set_file name file 0, the CU's primary
// file, instead of file 1: for GCC and Clang often a header holding the sequence's first function.
// This replays just the file register of the program at `offset`, one entry per row that libdwarf
// returns, in its order. False when the table is malformed or not DWARF 5.
bool dwarf5FileRegisters(const std::vector<unsigned char>& section, std::uint64_t offset,
                         std::vector<std::uint64_t>& files) {
    struct Cursor {
        const unsigned char *p, *end;
        bool bad = false;
        std::uint64_t fixed(unsigned n) { // little-endian like the host that read the section
            std::uint64_t v = 0;
            if (static_cast<std::size_t>(end - p) < n) return bad = true, p = end, 0;
            for (unsigned i = 0; i < n; ++i) v |= std::uint64_t{p[i]} << (8 * i);
            return p += n, v;
        }
        std::uint64_t uleb() { // skips an SLEB128 as well
            std::uint64_t v = 0;
            for (unsigned shift = 0; p < end; shift += 7) {
                unsigned char b = *p++;
                if (shift < 64) v |= std::uint64_t{b & 0x7fu} << shift;
                if (!(b & 0x80)) return v;
            }
            return bad = true, v;
        }
        bool fits(std::uint64_t n) const { return !bad && n <= static_cast<std::size_t>(end - p); }
    };
    if (offset >= section.size()) return false;
    Cursor c{section.data() + offset, section.data() + section.size()};
    unsigned offset_size = 4;
    std::uint64_t length = c.fixed(4);
    if (length == 0xffffffff) length = c.fixed(offset_size = 8);
    if (!c.fits(length)) return false;
    c.end = c.p + length;
    if (c.fixed(2) != 5) return false;
    c.fixed(2); // address_size, segment_selector_size
    std::uint64_t header_length = c.fixed(offset_size);
    if (!c.fits(header_length)) return false;
    const unsigned char* program = c.p + header_length;
    c.fixed(5); // min_inst_length, max_ops_per_inst, default_is_stmt, line_base, line_range
    const auto opcode_base = static_cast<unsigned>(c.fixed(1));
    const unsigned char* arg_counts = c.p; // standard_opcode_lengths[opcode_base - 1]
    if (c.bad || opcode_base == 0 || program < arg_counts + opcode_base - 1) return false;
    c.p = program;
    std::uint64_t file = 1;
    while (c.p < c.end && !c.bad) {
        unsigned op = *c.p++;
        if (op >= opcode_base || op == DW_LNS_copy) { // special opcodes and copy append a row
            files.push_back(file);
        } else if (op == 0) { // extended: length, sub-opcode, operands
            std::uint64_t len = c.uleb();
            if (!c.fits(len)) return false;
            if (len > 0 && *c.p == DW_LNE_end_sequence) files.push_back(file), file = 1;
            c.p += len;
        } else if (op == DW_LNS_set_file) {
            file = c.uleb();
        } else if (op == DW_LNS_fixed_advance_pc) {
            c.fixed(2); // the one standard operand that is not LEB128
        } else {
            for (unsigned i = 0; i < arg_counts[op - 1]; ++i) c.uleb();
        }
    }
    return !c.bad;
}

} // namespace rankfold::dwarf
