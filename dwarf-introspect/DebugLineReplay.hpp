// Two things SourceLocator reads without libdwarf: whether a file is ELF at all, and the raw
// .debug_line, to replay the DWARF 5 file register that libdwarf 20210528 gets wrong.
#pragma once

#include <cstdint>
#include <vector>

namespace rankfold::dwarf {

// What open() reads itself: whether the file is ELF at all (libdwarf only says "no entry"), and
// the raw .debug_line for dwarf5FileRegisters, as libdwarf gives no access to section bytes. The
// section stays empty when compressed (-gz) or in a non-ELF64 object: the replay is then skipped.
struct ElfProbe {
    bool is_elf = false;
    std::vector<unsigned char> debug_line;
};

ElfProbe probeElf(int fd);

// libdwarf 20210528 starts every DWARF 5 line sequence with file register 0 where DWARF 5 (table
// 6.4) says 1, so rows before the sequence's first DW_LNS_set_file name file 0, the CU's primary
// file, instead of file 1: for GCC and Clang often a header holding the sequence's first function.
// This replays just the file register of the program at `offset`, one entry per row that libdwarf
// returns, in its order. False when the table is malformed or not DWARF 5.
bool dwarf5FileRegisters(const std::vector<unsigned char>& section, std::uint64_t offset,
                         std::vector<std::uint64_t>& files);

} // namespace rankfold::dwarf
