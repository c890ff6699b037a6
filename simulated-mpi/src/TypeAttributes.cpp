#include "simulated-mpi/src/TypeAttributes.hpp"

#include "simulated-mpi/src/WorldCore.hpp"

#include <algorithm>
#include <vector>

namespace rankfold::mpi {

int delete_type_attribute(MpiWorld& world, int rank, const snapshot::RuntimeSection& section,
                          MPI_Datatype datatype, int type_keyval, MPI_Aint value) {
    const Keyval* k = world.rank_state(rank).keyvals.find(type_keyval);
    if (k == nullptr || k->del == nullptr) return MPI_SUCCESS;
    auto* del = reinterpret_cast<MPI_Type_delete_attr_function*>(k->del);
    snapshot::CallbackScope app(section);
    return del(datatype, type_keyval, reinterpret_cast<void*>(value),
               reinterpret_cast<void*>(k->extra_state));
}

TypeCallbackFailure copy_type_attributes(MpiWorld& world, int rank,
                                         const snapshot::RuntimeSection& section, MPI_Datatype from,
                                         MPI_Datatype to) {
    std::vector<TypeAttribute> copied;
    for (const TypeAttribute& a : world.rank_state(rank).datatypes.attributes()) {
        if (a.type != from) continue;
        const Keyval* k = world.rank_state(rank).keyvals.find(a.keyval);
        if (k == nullptr || k->copy == nullptr) continue;
        auto* copy = reinterpret_cast<MPI_Type_copy_attr_function*>(k->copy);
        void* out = nullptr;
        int flag = 0;
        int result = MPI_SUCCESS;
        {
            snapshot::CallbackScope app(section);
            result = copy(from, a.keyval, reinterpret_cast<void*>(k->extra_state),
                          reinterpret_cast<void*>(a.value), &out, &flag);
        }
        if (result != MPI_SUCCESS) return {result, a.keyval};
        if (flag != 0) copied.push_back({to, a.keyval, reinterpret_cast<MPI_Aint>(out)});
    }
    auto& attributes = world.rank_state(rank).datatypes.attributes();
    attributes.insert(attributes.end(), copied.begin(), copied.end());
    return {};
}

TypeCallbackFailure delete_type_attributes(MpiWorld& world, int rank,
                                           const snapshot::RuntimeSection& section,
                                           MPI_Datatype type) {
    std::vector<TypeAttribute> mine;
    for (const TypeAttribute& a : world.rank_state(rank).datatypes.attributes())
        if (a.type == type) mine.push_back(a);
    for (const TypeAttribute& a : mine)
        if (const int err = delete_type_attribute(world, rank, section, type, a.keyval, a.value);
            err != MPI_SUCCESS)
            return {err, a.keyval};
    std::erase_if(world.rank_state(rank).datatypes.attributes(),
                  [&](const TypeAttribute& a) { return a.type == type; });
    for (const TypeAttribute& a : mine) reclaim_type_keyval_if_unused(world, rank, a.keyval);
    return {};
}

void reclaim_type_keyval_if_unused(MpiWorld& world, int rank, int keyval) {
    const auto& attributes = world.rank_state(rank).datatypes.attributes();
    if (std::any_of(attributes.begin(), attributes.end(),
                    [&](const TypeAttribute& a) { return a.keyval == keyval; }))
        return;
    world.rank_state(rank).keyvals.reclaim(keyval);
}

} // namespace rankfold::mpi
