/* Rankfold's MPI constants for what it does not implement (yet): one-sided communication, I/O,
 * sessions, dynamic processes, datatype decoding and the Fortran datatypes. MPI 4.0's C
 * interface declares them whether or not the functions that use them exist, so a program that
 * names one compiles as far as its first call of an unsupported function, which mpi.h then
 * reports by name (mpi_unsupported.h). Values follow MPICH where a program could print them.
 * Included by mpi.h (include mpi.h, not this file).
 */
#ifndef RANKFOLD_MPI_CONSTANTS_H
#define RANKFOLD_MPI_CONSTANTS_H

#include "rankfold_mpi_types.h"

/* ---- predefined datatypes Rankfold does not support: the Fortran types of the C interface ---
 * Handles of the datatype kind at the top of the index space, far above any derived datatype:
 * a call that uses one reports an invalid datatype. */
#define RF_UNSUPPORTED_DATATYPE(n) RF_HANDLE(RF_KIND_DATATYPE, 0xffff00 + (n))
#define MPI_CHARACTER RF_UNSUPPORTED_DATATYPE(1)
#define MPI_INTEGER RF_UNSUPPORTED_DATATYPE(2)
#define MPI_REAL RF_UNSUPPORTED_DATATYPE(3)
#define MPI_LOGICAL RF_UNSUPPORTED_DATATYPE(4)
#define MPI_COMPLEX RF_UNSUPPORTED_DATATYPE(5)
#define MPI_DOUBLE_PRECISION RF_UNSUPPORTED_DATATYPE(6)
#define MPI_2INTEGER RF_UNSUPPORTED_DATATYPE(7)
#define MPI_2REAL RF_UNSUPPORTED_DATATYPE(8)
#define MPI_2DOUBLE_PRECISION RF_UNSUPPORTED_DATATYPE(9)
#define MPI_DOUBLE_COMPLEX RF_UNSUPPORTED_DATATYPE(10)
#define MPI_INTEGER1 RF_UNSUPPORTED_DATATYPE(11)
#define MPI_INTEGER2 RF_UNSUPPORTED_DATATYPE(12)
#define MPI_INTEGER4 RF_UNSUPPORTED_DATATYPE(13)
#define MPI_INTEGER8 RF_UNSUPPORTED_DATATYPE(14)
#define MPI_INTEGER16 RF_UNSUPPORTED_DATATYPE(15)
#define MPI_REAL2 RF_UNSUPPORTED_DATATYPE(16)
#define MPI_REAL4 RF_UNSUPPORTED_DATATYPE(17)
#define MPI_REAL8 RF_UNSUPPORTED_DATATYPE(18)
#define MPI_REAL16 RF_UNSUPPORTED_DATATYPE(19)
#define MPI_COMPLEX4 RF_UNSUPPORTED_DATATYPE(20)
#define MPI_COMPLEX8 RF_UNSUPPORTED_DATATYPE(21)
#define MPI_COMPLEX16 RF_UNSUPPORTED_DATATYPE(22)
#define MPI_COMPLEX32 RF_UNSUPPORTED_DATATYPE(23)

/* ---- predefined attribute keys -------------------------------------------------------------
 * Of MPI_COMM_WORLD (implemented: see MPI_Comm_get_attr), then of windows (no windows yet).
 * Indices 0..3 are MPI_TAG_UB, MPI_HOST, MPI_IO and MPI_WTIME_IS_GLOBAL (rankfold_mpi_types.h);
 * user keys start after RF_PREDEFINED_KEYVAL_COUNT. */
#define MPI_UNIVERSE_SIZE RF_HANDLE(RF_KIND_KEYVAL, 4)
#define MPI_LASTUSEDCODE RF_HANDLE(RF_KIND_KEYVAL, 5)
#define MPI_APPNUM RF_HANDLE(RF_KIND_KEYVAL, 6)
#define MPI_WIN_BASE RF_HANDLE(RF_KIND_KEYVAL, 7)
#define MPI_WIN_SIZE RF_HANDLE(RF_KIND_KEYVAL, 8)
#define MPI_WIN_DISP_UNIT RF_HANDLE(RF_KIND_KEYVAL, 9)
#define MPI_WIN_CREATE_FLAVOR RF_HANDLE(RF_KIND_KEYVAL, 10)
#define MPI_WIN_MODEL RF_HANDLE(RF_KIND_KEYVAL, 11)
#define RF_PREDEFINED_KEYVAL_COUNT 12

/* ---- attribute callbacks MPI predefines, and the MPI-1 names of the communicator ones ------ */
#define MPI_NULL_COPY_FN ((MPI_Copy_function*)0)
#define MPI_NULL_DELETE_FN ((MPI_Delete_function*)0)
#define MPI_DUP_FN MPI_Comm_dup_fn
#define MPI_TYPE_NULL_COPY_FN ((MPI_Type_copy_attr_function*)0)
#define MPI_TYPE_NULL_DELETE_FN ((MPI_Type_delete_attr_function*)0)
#define MPI_TYPE_DUP_FN ((MPI_Type_copy_attr_function*)MPI_Comm_dup_fn)
#define MPI_WIN_NULL_COPY_FN ((MPI_Win_copy_attr_function*)0)
#define MPI_WIN_NULL_DELETE_FN ((MPI_Win_delete_attr_function*)0)
#define MPI_WIN_DUP_FN ((MPI_Win_copy_attr_function*)MPI_Comm_dup_fn)
#define MPI_CONVERSION_FN_NULL ((MPI_Datarep_conversion_function*)0)
#define MPI_CONVERSION_FN_NULL_C ((MPI_Datarep_conversion_function_c*)0)

/* ---- predefined handles and kinds of objects Rankfold does not have ------------------------ */
#define RF_KIND_SESSION 0x30
#define MPI_SESSION_NULL RF_NULL_HANDLE(RF_KIND_SESSION)
#define MPI_INFO_ENV RF_HANDLE(RF_KIND_INFO, 0)
#define MPI_ERRORS_ABORT RF_HANDLE(RF_KIND_ERRHANDLER, 2)

/* ---- one-sided communication --------------------------------------------------------------- */
#define MPI_LOCK_EXCLUSIVE 234
#define MPI_LOCK_SHARED 235
#define MPI_MODE_NOCHECK 1024
#define MPI_MODE_NOSTORE 2048
#define MPI_MODE_NOPUT 4096
#define MPI_MODE_NOPRECEDE 8192
#define MPI_MODE_NOSUCCEED 16384
#define MPI_WIN_FLAVOR_CREATE 1
#define MPI_WIN_FLAVOR_ALLOCATE 2
#define MPI_WIN_FLAVOR_DYNAMIC 3
#define MPI_WIN_FLAVOR_SHARED 4
#define MPI_WIN_SEPARATE 1
#define MPI_WIN_UNIFIED 2

/* ---- I/O ---------------------------------------------------------------------------------- */
#define MPI_MODE_CREATE 1
#define MPI_MODE_RDONLY 2
#define MPI_MODE_WRONLY 4
#define MPI_MODE_RDWR 8
#define MPI_MODE_DELETE_ON_CLOSE 16
#define MPI_MODE_UNIQUE_OPEN 32
#define MPI_MODE_EXCL 64
#define MPI_MODE_APPEND 128
#define MPI_MODE_SEQUENTIAL 256
#define MPI_SEEK_SET 600
#define MPI_SEEK_CUR 602
#define MPI_SEEK_END 604
#define MPI_DISPLACEMENT_CURRENT (-54278278)
#define MPI_MAX_DATAREP_STRING 128

/* ---- datatypes: distributed arrays, decoding, Fortran type classes ------------------------ */
#define MPI_DISTRIBUTE_BLOCK 121
#define MPI_DISTRIBUTE_CYCLIC 122
#define MPI_DISTRIBUTE_NONE 123
#define MPI_DISTRIBUTE_DFLT_DARG (-49767)
#define MPI_COMBINER_NAMED 1
#define MPI_COMBINER_DUP 2
#define MPI_COMBINER_CONTIGUOUS 3
#define MPI_COMBINER_VECTOR 4
#define MPI_COMBINER_HVECTOR_INTEGER 5
#define MPI_COMBINER_HVECTOR 6
#define MPI_COMBINER_INDEXED 7
#define MPI_COMBINER_HINDEXED_INTEGER 8
#define MPI_COMBINER_HINDEXED 9
#define MPI_COMBINER_INDEXED_BLOCK 10
#define MPI_COMBINER_STRUCT_INTEGER 11
#define MPI_COMBINER_STRUCT 12
#define MPI_COMBINER_SUBARRAY 13
#define MPI_COMBINER_DARRAY 14
#define MPI_COMBINER_F90_REAL 15
#define MPI_COMBINER_F90_COMPLEX 16
#define MPI_COMBINER_F90_INTEGER 17
#define MPI_COMBINER_RESIZED 18
#define MPI_COMBINER_HINDEXED_BLOCK 19
#define MPI_TYPECLASS_REAL 1
#define MPI_TYPECLASS_INTEGER 2
#define MPI_TYPECLASS_COMPLEX 3

/* ---- MPI 4.0: hardware communicator splits, sessions, new error classes -------------------- */
#define MPI_COMM_TYPE_HW_GUIDED 2
#define MPI_COMM_TYPE_HW_UNGUIDED 3
#define MPI_MAX_STRINGTAG_LEN 256
#define MPI_MAX_PSET_NAME_LEN 256
#define MPI_ERR_SESSION 75
#define MPI_ERR_PROC_ABORTED 76
#define MPI_ERR_VALUE_TOO_LARGE 77

/* ---- Fortran interoperability of statuses -------------------------------------------------- */
#define MPI_F_STATUS_SIZE 5
#define MPI_F_SOURCE 2
#define MPI_F_TAG 3
#define MPI_F_ERROR 4
#define MPI_F_STATUS_IGNORE ((MPI_Fint*)0)
#define MPI_F_STATUSES_IGNORE ((MPI_Fint*)0)

/* printf formats of MPI_Aint (an MPICH extension that programs use) */
#define MPI_AINT_FMT_DEC_SPEC "%ld"
#define MPI_AINT_FMT_HEX_SPEC "%lx"

#endif /* RANKFOLD_MPI_CONSTANTS_H */
