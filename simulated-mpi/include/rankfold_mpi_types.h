/* Rankfold's MPI types and constants: handle types and their kinds, the predefined
 * communicators, datatypes and operators, special values, error classes and the callback types
 * the prototypes need. Included by mpi.h (include mpi.h, not this file); split from it so that
 * each stays a readable size. Names and values follow MPICH where a program could depend on them.
 */
#ifndef RANKFOLD_MPI_TYPES_H
#define RANKFOLD_MPI_TYPES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RANKFOLD_MPI 1
#define MPI_VERSION 3
#define MPI_SUBVERSION 1

/* ---- handle types ---------------------------------------------------------------------- */
typedef int MPI_Comm;
typedef int MPI_Datatype;
typedef int MPI_Request;
typedef int MPI_Op;
typedef int MPI_Group;
typedef int MPI_Errhandler;
typedef int MPI_Info;
typedef int MPI_Win;
typedef int MPI_File;
typedef int MPI_Message;
typedef long MPI_Aint;
typedef long long MPI_Offset;
typedef long long MPI_Count;
typedef int MPI_Fint;

typedef struct MPI_Status {
    int MPI_SOURCE;
    int MPI_TAG;
    int MPI_ERROR;
    /* private: received size in bytes and the cancelled flag */
    int rf_count_lo;
    int rf_count_hi_and_cancelled;
} MPI_Status;

/* Handle kinds live in bits 24..29; bit 30 marks a non-null handle. */
#define RF_HANDLE(kind, index) ((int)(0x40000000 | ((kind) << 24) | (index)))
#define RF_NULL_HANDLE(kind) ((int)((kind) << 24))

#define RF_KIND_COMM 0x04
#define RF_KIND_GROUP 0x08
#define RF_KIND_DATATYPE 0x0c
#define RF_KIND_OP 0x10
#define RF_KIND_ERRHANDLER 0x14
#define RF_KIND_INFO 0x18
#define RF_KIND_WIN 0x1c
#define RF_KIND_REQUEST 0x20
#define RF_KIND_MESSAGE 0x24
#define RF_KIND_FILE 0x28
#define RF_KIND_KEYVAL 0x2c

/* ---- communicators and groups -------------------------------------------------------- */
#define MPI_COMM_NULL RF_NULL_HANDLE(RF_KIND_COMM)
#define MPI_COMM_WORLD RF_HANDLE(RF_KIND_COMM, 0)
#define MPI_COMM_SELF RF_HANDLE(RF_KIND_COMM, 1)
#define MPI_GROUP_NULL RF_NULL_HANDLE(RF_KIND_GROUP)
#define MPI_GROUP_EMPTY RF_HANDLE(RF_KIND_GROUP, 0)
#define MPI_REQUEST_NULL RF_NULL_HANDLE(RF_KIND_REQUEST)
#define MPI_OP_NULL RF_NULL_HANDLE(RF_KIND_OP)
#define MPI_DATATYPE_NULL RF_NULL_HANDLE(RF_KIND_DATATYPE)
#define MPI_ERRHANDLER_NULL RF_NULL_HANDLE(RF_KIND_ERRHANDLER)
#define MPI_INFO_NULL RF_NULL_HANDLE(RF_KIND_INFO)
#define MPI_WIN_NULL RF_NULL_HANDLE(RF_KIND_WIN)
#define MPI_FILE_NULL RF_NULL_HANDLE(RF_KIND_FILE)
#define MPI_MESSAGE_NULL RF_NULL_HANDLE(RF_KIND_MESSAGE)
#define MPI_MESSAGE_NO_PROC RF_HANDLE(RF_KIND_MESSAGE, 0)
#define MPI_ERRORS_ARE_FATAL RF_HANDLE(RF_KIND_ERRHANDLER, 0)
#define MPI_ERRORS_RETURN RF_HANDLE(RF_KIND_ERRHANDLER, 1)

/* ---- predefined datatypes (index = position in the runtime's predefined table) --------- */
#define MPI_CHAR RF_HANDLE(RF_KIND_DATATYPE, 1)
#define MPI_SIGNED_CHAR RF_HANDLE(RF_KIND_DATATYPE, 2)
#define MPI_UNSIGNED_CHAR RF_HANDLE(RF_KIND_DATATYPE, 3)
#define MPI_BYTE RF_HANDLE(RF_KIND_DATATYPE, 4)
#define MPI_WCHAR RF_HANDLE(RF_KIND_DATATYPE, 5)
#define MPI_SHORT RF_HANDLE(RF_KIND_DATATYPE, 6)
#define MPI_UNSIGNED_SHORT RF_HANDLE(RF_KIND_DATATYPE, 7)
#define MPI_INT RF_HANDLE(RF_KIND_DATATYPE, 8)
#define MPI_UNSIGNED RF_HANDLE(RF_KIND_DATATYPE, 9)
#define MPI_LONG RF_HANDLE(RF_KIND_DATATYPE, 10)
#define MPI_UNSIGNED_LONG RF_HANDLE(RF_KIND_DATATYPE, 11)
#define MPI_LONG_LONG_INT RF_HANDLE(RF_KIND_DATATYPE, 12)
#define MPI_LONG_LONG MPI_LONG_LONG_INT
#define MPI_UNSIGNED_LONG_LONG RF_HANDLE(RF_KIND_DATATYPE, 13)
#define MPI_FLOAT RF_HANDLE(RF_KIND_DATATYPE, 14)
#define MPI_DOUBLE RF_HANDLE(RF_KIND_DATATYPE, 15)
#define MPI_LONG_DOUBLE RF_HANDLE(RF_KIND_DATATYPE, 16)
#define MPI_INT8_T RF_HANDLE(RF_KIND_DATATYPE, 17)
#define MPI_INT16_T RF_HANDLE(RF_KIND_DATATYPE, 18)
#define MPI_INT32_T RF_HANDLE(RF_KIND_DATATYPE, 19)
#define MPI_INT64_T RF_HANDLE(RF_KIND_DATATYPE, 20)
#define MPI_UINT8_T RF_HANDLE(RF_KIND_DATATYPE, 21)
#define MPI_UINT16_T RF_HANDLE(RF_KIND_DATATYPE, 22)
#define MPI_UINT32_T RF_HANDLE(RF_KIND_DATATYPE, 23)
#define MPI_UINT64_T RF_HANDLE(RF_KIND_DATATYPE, 24)
#define MPI_C_BOOL RF_HANDLE(RF_KIND_DATATYPE, 25)
#define MPI_C_FLOAT_COMPLEX RF_HANDLE(RF_KIND_DATATYPE, 26)
#define MPI_C_COMPLEX MPI_C_FLOAT_COMPLEX
#define MPI_C_DOUBLE_COMPLEX RF_HANDLE(RF_KIND_DATATYPE, 27)
#define MPI_C_LONG_DOUBLE_COMPLEX RF_HANDLE(RF_KIND_DATATYPE, 28)
#define MPI_AINT RF_HANDLE(RF_KIND_DATATYPE, 29)
#define MPI_OFFSET RF_HANDLE(RF_KIND_DATATYPE, 30)
#define MPI_COUNT RF_HANDLE(RF_KIND_DATATYPE, 31)
#define MPI_PACKED RF_HANDLE(RF_KIND_DATATYPE, 32)
#define MPI_FLOAT_INT RF_HANDLE(RF_KIND_DATATYPE, 33)
#define MPI_DOUBLE_INT RF_HANDLE(RF_KIND_DATATYPE, 34)
#define MPI_LONG_INT RF_HANDLE(RF_KIND_DATATYPE, 35)
#define MPI_2INT RF_HANDLE(RF_KIND_DATATYPE, 36)
#define MPI_SHORT_INT RF_HANDLE(RF_KIND_DATATYPE, 37)
#define MPI_LONG_DOUBLE_INT RF_HANDLE(RF_KIND_DATATYPE, 38)
#define MPI_CXX_BOOL RF_HANDLE(RF_KIND_DATATYPE, 39)
#define MPI_CXX_FLOAT_COMPLEX RF_HANDLE(RF_KIND_DATATYPE, 40)
#define MPI_CXX_DOUBLE_COMPLEX RF_HANDLE(RF_KIND_DATATYPE, 41)
#define MPI_CXX_LONG_DOUBLE_COMPLEX RF_HANDLE(RF_KIND_DATATYPE, 42)
#define MPI_UB RF_HANDLE(RF_KIND_DATATYPE, 43)
#define MPI_LB RF_HANDLE(RF_KIND_DATATYPE, 44)
#define RF_PREDEFINED_DATATYPE_COUNT 45

/* ---- predefined operators ------------------------------------------------------------- */
#define MPI_MAX RF_HANDLE(RF_KIND_OP, 1)
#define MPI_MIN RF_HANDLE(RF_KIND_OP, 2)
#define MPI_SUM RF_HANDLE(RF_KIND_OP, 3)
#define MPI_PROD RF_HANDLE(RF_KIND_OP, 4)
#define MPI_LAND RF_HANDLE(RF_KIND_OP, 5)
#define MPI_BAND RF_HANDLE(RF_KIND_OP, 6)
#define MPI_LOR RF_HANDLE(RF_KIND_OP, 7)
#define MPI_BOR RF_HANDLE(RF_KIND_OP, 8)
#define MPI_LXOR RF_HANDLE(RF_KIND_OP, 9)
#define MPI_BXOR RF_HANDLE(RF_KIND_OP, 10)
#define MPI_MINLOC RF_HANDLE(RF_KIND_OP, 11)
#define MPI_MAXLOC RF_HANDLE(RF_KIND_OP, 12)
#define MPI_REPLACE RF_HANDLE(RF_KIND_OP, 13)
#define MPI_NO_OP RF_HANDLE(RF_KIND_OP, 14)

/* ---- special values ----------------------------------------------------------------- */
#define MPI_ANY_SOURCE (-2)
#define MPI_PROC_NULL (-1)
#define MPI_ROOT (-3)
#define MPI_ANY_TAG (-1)
#define MPI_UNDEFINED (-32766)
#define MPI_KEYVAL_INVALID RF_NULL_HANDLE(RF_KIND_KEYVAL)
#define MPI_TAG_UB RF_HANDLE(RF_KIND_KEYVAL, 0)
#define MPI_HOST RF_HANDLE(RF_KIND_KEYVAL, 1)
#define MPI_IO RF_HANDLE(RF_KIND_KEYVAL, 2)
#define MPI_WTIME_IS_GLOBAL RF_HANDLE(RF_KIND_KEYVAL, 3)
#define RF_TAG_UB 0x7fffffff

#define MPI_STATUS_IGNORE ((MPI_Status*)1)
#define MPI_STATUSES_IGNORE ((MPI_Status*)1)
#define MPI_ERRCODES_IGNORE ((int*)0)
#define MPI_IN_PLACE ((void*)-1)
#define MPI_BOTTOM ((void*)0)
#define MPI_ARGV_NULL ((char**)0)
#define MPI_ARGVS_NULL ((char***)0)
#define MPI_UNWEIGHTED ((int*)1)
#define MPI_WEIGHTS_EMPTY ((int*)2)

#define MPI_BSEND_OVERHEAD 96
#define MPI_MAX_PROCESSOR_NAME 128
#define MPI_MAX_ERROR_STRING 512
#define MPI_MAX_OBJECT_NAME 128
#define MPI_MAX_LIBRARY_VERSION_STRING 8192
#define MPI_MAX_INFO_KEY 255
#define MPI_MAX_INFO_VAL 1024
#define MPI_MAX_PORT_NAME 256

#define MPI_THREAD_SINGLE 0
#define MPI_THREAD_FUNNELED 1
#define MPI_THREAD_SERIALIZED 2
#define MPI_THREAD_MULTIPLE 3

#define MPI_IDENT 0
#define MPI_CONGRUENT 1
#define MPI_SIMILAR 2
#define MPI_UNEQUAL 3

#define MPI_GRAPH 1
#define MPI_CART 2
#define MPI_DIST_GRAPH 3

#define MPI_COMM_TYPE_SHARED 1

#define MPI_ORDER_C 56
#define MPI_ORDER_FORTRAN 57

/* ---- error classes ------------------------------------------------------------------- */
#define MPI_SUCCESS 0
#define MPI_ERR_BUFFER 1
#define MPI_ERR_COUNT 2
#define MPI_ERR_TYPE 3
#define MPI_ERR_TAG 4
#define MPI_ERR_COMM 5
#define MPI_ERR_RANK 6
#define MPI_ERR_ROOT 7
#define MPI_ERR_GROUP 8
#define MPI_ERR_OP 9
#define MPI_ERR_TOPOLOGY 10
#define MPI_ERR_DIMS 11
#define MPI_ERR_ARG 12
#define MPI_ERR_UNKNOWN 13
#define MPI_ERR_TRUNCATE 14
#define MPI_ERR_OTHER 15
#define MPI_ERR_INTERN 16
#define MPI_ERR_IN_STATUS 17
#define MPI_ERR_PENDING 18
#define MPI_ERR_REQUEST 19
#define MPI_ERR_ACCESS 20
#define MPI_ERR_AMODE 21
#define MPI_ERR_BAD_FILE 22
#define MPI_ERR_CONVERSION 23
#define MPI_ERR_DUP_DATAREP 24
#define MPI_ERR_FILE_EXISTS 25
#define MPI_ERR_FILE_IN_USE 26
#define MPI_ERR_FILE 27
#define MPI_ERR_INFO 28
#define MPI_ERR_INFO_KEY 29
#define MPI_ERR_INFO_VALUE 30
#define MPI_ERR_INFO_NOKEY 31
#define MPI_ERR_IO 32
#define MPI_ERR_NAME 33
#define MPI_ERR_NO_MEM 34
#define MPI_ERR_NOT_SAME 35
#define MPI_ERR_NO_SPACE 36
#define MPI_ERR_NO_SUCH_FILE 37
#define MPI_ERR_PORT 38
#define MPI_ERR_QUOTA 39
#define MPI_ERR_READ_ONLY 40
#define MPI_ERR_SERVICE 41
#define MPI_ERR_SPAWN 42
#define MPI_ERR_UNSUPPORTED_DATAREP 43
#define MPI_ERR_UNSUPPORTED_OPERATION 44
#define MPI_ERR_WIN 45
#define MPI_ERR_BASE 46
#define MPI_ERR_LOCKTYPE 47
#define MPI_ERR_KEYVAL 48
#define MPI_ERR_RMA_CONFLICT 49
#define MPI_ERR_RMA_SYNC 50
#define MPI_ERR_SIZE 51
#define MPI_ERR_DISP 52
#define MPI_ERR_ASSERT 53
#define MPI_ERR_RMA_RANGE 55
#define MPI_ERR_RMA_ATTACH 56
#define MPI_ERR_RMA_SHARED 57
#define MPI_ERR_RMA_FLAVOR 58
#define MPI_T_ERR_MEMORY 59
#define MPI_ERR_LASTCODE 0x3fffffff

/* ---- callback types (needed by prototypes, implemented or not) ----------------------- */
typedef void MPI_User_function(void* invec, void* inoutvec, int* len, MPI_Datatype* datatype);
typedef void MPI_Comm_errhandler_function(MPI_Comm*, int*, ...);
typedef MPI_Comm_errhandler_function MPI_Comm_errhandler_fn;
typedef void MPI_Win_errhandler_function(MPI_Win*, int*, ...);
typedef void MPI_File_errhandler_function(MPI_File*, int*, ...);
typedef void MPI_Handler_function(MPI_Comm*, int*, ...);
typedef int MPI_Comm_copy_attr_function(MPI_Comm, int, void*, void*, void*, int*);
typedef int MPI_Comm_delete_attr_function(MPI_Comm, int, void*, void*);
typedef int MPI_Type_copy_attr_function(MPI_Datatype, int, void*, void*, void*, int*);
typedef int MPI_Type_delete_attr_function(MPI_Datatype, int, void*, void*);
typedef int MPI_Win_copy_attr_function(MPI_Win, int, void*, void*, void*, int*);
typedef int MPI_Win_delete_attr_function(MPI_Win, int, void*, void*);
typedef int MPI_Copy_function(MPI_Comm, int, void*, void*, void*, int*);
typedef int MPI_Delete_function(MPI_Comm, int, void*, void*);
typedef int MPI_Grequest_query_function(void*, MPI_Status*);
typedef int MPI_Grequest_free_function(void*);
typedef int MPI_Grequest_cancel_function(void*, int);
typedef int MPI_Datarep_conversion_function(void*, MPI_Datatype, int, void*, MPI_Offset, void*);
typedef int MPI_Datarep_extent_function(MPI_Datatype datatype, MPI_Aint*, void*);

#ifdef __cplusplus
}
#endif

#endif /* RANKFOLD_MPI_TYPES_H */
