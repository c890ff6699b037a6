# Writes OUT, a C++ initializer list of the names in LIST (simulated-mpi/include/mpi_supported.list):
#     "MPI_Abort",
#     ...
# so that rankfold-cc knows at run time which MPI functions Rankfold implements, with no file to
# find. Usage: cmake -DLIST=... -DOUT=... -P gen_supported_list.cmake
file(STRINGS "${LIST}" lines)
set(names "")
foreach(line IN LISTS lines)
  string(STRIP "${line}" line)
  if(line STREQUAL "" OR line MATCHES "^#")
    continue()
  endif()
  if(NOT line MATCHES "^MPI_[A-Za-z0-9_]+$")
    message(FATAL_ERROR "${LIST}: not an MPI function name: '${line}'")
  endif()
  list(APPEND names "${line}")
endforeach()
list(SORT names)
set(text "// Generated from ${LIST} by gen_supported_list.cmake; do not edit.\n")
foreach(name IN LISTS names)
  string(APPEND text "\"${name}\",\n")
endforeach()
# Rewrite only on change, so that a touched but equal list does not rebuild the driver.
file(WRITE "${OUT}.tmp" "${text}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
