// One rank's datatypes: the predefined ones (fixed handles from mpi.h, shared by every rank) and
// the derived ones it created. MPI handles belong to a process; all ranks live in one process
// here, so a derived handle means something only together with its rank, and each rank has a
// table. Derived handles are RF_HANDLE(RF_KIND_DATATYPE, RF_PREDEFINED_DATATYPE_COUNT + slot),
// the lowest free slot first and trailing free slots dropped, so equal histories give equal
// tables (and equal states).
//
// A value type, part of MpiWorld's state. Typemaps are shared and immutable: a request keeps the
// TypemapRef it was posted with, so MPI_Type_free while it is pending changes nothing for it
// (MPI 3.1 §4.1.9: the free is deferred until the communication completes).
#pragma once

#include "simulated-mpi/src/StateHasher.hpp"
#include "simulated-mpi/src/TypeContents.hpp"
#include "simulated-mpi/src/Typemap.hpp"

#include <mpi.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace rankfold::mpi {

struct DatatypeEntry {
    TypemapRef map; // none: a free slot
    bool committed = false;
    std::uintptr_t site = 0; // where it was created, for leak reports
    std::string name{};      // MPI_Type_set_name (not inherited by MPI_Type_dup)
    ContentsRef contents{};  // its constructor and arguments (MPI_Type_get_contents)
    friend bool operator==(const DatatypeEntry&, const DatatypeEntry&) = default;
};

// An attribute cached on a datatype (MPI_Type_set_attr), predefined types included.
struct TypeAttribute {
    MPI_Datatype type;
    int keyval;
    MPI_Aint value;
    friend bool operator==(const TypeAttribute&, const TypeAttribute&) = default;
};

// The typemap of a predefined datatype, or none (also for MPI_DATATYPE_NULL).
TypemapRef predefined_typemap(MPI_Datatype type);

class DatatypeTable {
public:
    // `type` if it is predefined or a live derived type of this table; none otherwise.
    TypemapRef find(MPI_Datatype type) const;
    // The entry of a live derived type, nullptr for predefined and invalid handles.
    const DatatypeEntry* derived(MPI_Datatype type) const;
    // Whether `type` may be used for communication: predefined, or derived and committed.
    bool committed(MPI_Datatype type) const;

    // A new derived type (MPI_Type_dup shares the typemap of the original).
    MPI_Datatype create(Typemap map, std::uintptr_t site);
    MPI_Datatype create(TypemapRef map, std::uintptr_t site, bool committed);
    // Records how a live derived type was made; false if it is not one.
    bool set_contents(MPI_Datatype type, ContentsRef contents);
    // MPI_Type_commit of a derived type (again is fine); false if it is not one.
    bool commit(MPI_Datatype type);
    // MPI_Type_free; false if `type` is not a live derived type.
    bool release(MPI_Datatype type);
    // MPI_Type_set_name of a live derived or a predefined type (names are local to the
    // process, MPI 3.1 §6.8); false, and no change, for any other handle.
    bool set_name(MPI_Datatype type, std::string name);
    // The name set last, else a predefined type's own name ("MPI_INT"), else "".
    std::string name(MPI_Datatype type) const;
    // The derived types never freed, for resource-leak reports.
    std::vector<std::pair<MPI_Datatype, const DatatypeEntry*>> leaked() const;

    // The attributes of every type, in the order set; a freed type's are removed with it by
    // the caller, once their delete functions ran.
    std::vector<TypeAttribute>& attributes() { return attributes_; }
    const std::vector<TypeAttribute>& attributes() const { return attributes_; }

    void feed(StateHasher& h) const;
    friend bool operator==(const DatatypeTable&, const DatatypeTable&) = default;

private:
    DatatypeEntry* entry(MPI_Datatype type);
    std::vector<DatatypeEntry> entries_; // slot i: handle index RF_PREDEFINED_DATATYPE_COUNT + i
    std::vector<std::pair<MPI_Datatype, std::string>> predefined_names_; // renamed, by handle
    std::vector<TypeAttribute> attributes_;
};

} // namespace rankfold::mpi
