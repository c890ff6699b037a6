#include "simulated-mpi/src/DatatypeTable.hpp"

#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/PredefinedTypes.hpp"

#include <algorithm>
#include <array>

namespace rankfold::mpi {
namespace {

// The predefined typemaps live as long as the process (never freed, so not destroyed at exit
// under a request that still refers to one), and their references own nothing: a shared_ptr
// aliasing them without a control block. Every send and receive copies its datatype's
// reference into its request, and for these types the copies and releases then touch no
// reference count (two atomic operations per copy, on every call of a point-to-point stream).
const std::array<TypemapRef, RF_PREDEFINED_DATATYPE_COUNT>& predefined_maps() {
    static const auto maps = [] {
        std::array<TypemapRef, RF_PREDEFINED_DATATYPE_COUNT> out;
        // NOLINTNEXTLINE(cppcoreguidelines-owning-memory): deliberately never freed (above)
        auto* forever = new std::array<Typemap, RF_PREDEFINED_DATATYPE_COUNT>();
        for (int i = 1; i < RF_PREDEFINED_DATATYPE_COUNT; ++i) {
            (*forever)[i] = Typemap::predefined(static_cast<BasicIndex>(i));
            out[i] = TypemapRef(
                std::shared_ptr<const Typemap>(std::shared_ptr<const void>(), &(*forever)[i]));
        }
        return out;
    }();
    return maps;
}

std::optional<std::size_t> slot_of(MPI_Datatype type) {
    auto index = handle_index(type, RF_KIND_DATATYPE);
    if (!index || *index < RF_PREDEFINED_DATATYPE_COUNT) return std::nullopt;
    return static_cast<std::size_t>(*index - RF_PREDEFINED_DATATYPE_COUNT);
}

} // namespace

TypemapRef predefined_typemap(MPI_Datatype type) {
    auto index = predefined_index(type);
    return index ? predefined_maps()[*index] : TypemapRef{};
}

const DatatypeEntry* DatatypeTable::derived(MPI_Datatype type) const {
    auto slot = slot_of(type);
    if (!slot || *slot >= entries_.size() || !entries_[*slot].map) return nullptr;
    return &entries_[*slot];
}

DatatypeEntry* DatatypeTable::entry(MPI_Datatype type) {
    return const_cast<DatatypeEntry*>(std::as_const(*this).derived(type));
}

TypemapRef DatatypeTable::find(MPI_Datatype type) const {
    if (const DatatypeEntry* e = derived(type)) return e->map;
    return predefined_typemap(type);
}

bool DatatypeTable::committed(MPI_Datatype type) const {
    const DatatypeEntry* e = derived(type);
    return e != nullptr ? e->committed : static_cast<bool>(predefined_typemap(type));
}

MPI_Datatype DatatypeTable::create(Typemap map, std::uintptr_t site) {
    return create(TypemapRef(std::make_shared<const Typemap>(std::move(map))), site, false);
}

MPI_Datatype DatatypeTable::create(TypemapRef map, std::uintptr_t site, bool committed) {
    // Lowest free slot: a program that creates and frees types in a loop comes back to the same
    // state.
    auto it = std::find_if(entries_.begin(), entries_.end(),
                           [](const DatatypeEntry& e) { return !e.map; });
    if (it == entries_.end()) it = entries_.insert(entries_.end(), DatatypeEntry{});
    *it = DatatypeEntry{std::move(map), committed, site};
    return make_handle(RF_KIND_DATATYPE,
                       RF_PREDEFINED_DATATYPE_COUNT + static_cast<int>(it - entries_.begin()));
}

bool DatatypeTable::set_contents(MPI_Datatype type, ContentsRef contents) {
    DatatypeEntry* e = entry(type);
    if (e == nullptr) return false;
    e->contents = std::move(contents);
    return true;
}

bool DatatypeTable::commit(MPI_Datatype type) {
    DatatypeEntry* e = entry(type);
    if (e == nullptr) return false;
    e->committed = true;
    return true;
}

bool DatatypeTable::release(MPI_Datatype type) {
    DatatypeEntry* e = entry(type);
    if (e == nullptr) return false;
    *e = DatatypeEntry{};
    while (!entries_.empty() && !entries_.back().map) entries_.pop_back();
    return true;
}

bool DatatypeTable::set_name(MPI_Datatype type, std::string name) {
    if (DatatypeEntry* e = entry(type)) {
        e->name = std::move(name);
        return true;
    }
    if (!predefined_typemap(type)) return false;
    auto it = std::lower_bound(predefined_names_.begin(), predefined_names_.end(), type,
                               [](const auto& n, MPI_Datatype t) { return n.first < t; });
    if (it != predefined_names_.end() && it->first == type)
        it->second = std::move(name);
    else
        predefined_names_.insert(it, {type, std::move(name)});
    return true;
}

std::string DatatypeTable::name(MPI_Datatype type) const {
    if (const DatatypeEntry* e = derived(type)) return e->name;
    for (const auto& [t, n] : predefined_names_)
        if (t == type) return n;
    return predefined_typemap(type) ? datatype_name(type) : std::string();
}

std::vector<std::pair<MPI_Datatype, const DatatypeEntry*>> DatatypeTable::leaked() const {
    std::vector<std::pair<MPI_Datatype, const DatatypeEntry*>> out;
    for (std::size_t i = 0; i < entries_.size(); ++i)
        if (entries_[i].map)
            out.emplace_back(
                make_handle(RF_KIND_DATATYPE, RF_PREDEFINED_DATATYPE_COUNT + static_cast<int>(i)),
                &entries_[i]);
    return out;
}

void DatatypeTable::feed(StateHasher& h) const {
    h.value(static_cast<std::uint64_t>(entries_.size()));
    for (const DatatypeEntry& e : entries_) {
        h.value(static_cast<std::uint8_t>(static_cast<bool>(e.map) | e.committed << 1));
        if (!e.map) continue;
        h.value(e.map->digest());
        h.value(static_cast<std::uint64_t>(e.site));
        h.value(static_cast<std::uint64_t>(e.name.size()));
        h.bytes(e.name.data(), e.name.size());
        if (e.contents) e.contents->feed(h);
    }
    h.value(static_cast<std::uint64_t>(predefined_names_.size()));
    for (const auto& [type, name] : predefined_names_) {
        h.value(type);
        h.value(static_cast<std::uint64_t>(name.size()));
        h.bytes(name.data(), name.size());
    }
    // Only once a type carries one: the digests of programs without type attributes stay.
    if (attributes_.empty()) return;
    h.value(static_cast<std::uint64_t>(attributes_.size()));
    for (const TypeAttribute& a : attributes_) {
        h.value(a.type);
        h.value(a.keyval);
        h.value(static_cast<std::int64_t>(a.value));
    }
}

} // namespace rankfold::mpi
