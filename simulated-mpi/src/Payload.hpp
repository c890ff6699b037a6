// The packed bytes of one message. Most MPI messages are small; keeping up to 64 bytes inline
// saves an allocation per message, and the type stays a comparable, copyable value.
#pragma once

#include <boost/container/small_vector.hpp>

#include <cstddef>

namespace rankfold::mpi {

using Payload = boost::container::small_vector<std::byte, 64>;

} // namespace rankfold::mpi
