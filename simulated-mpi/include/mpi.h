/* Rankfold's mpi.h: the MPI interface a program compiled with rankfold-cc sees.
 *
 * Handles are integers that index the simulated runtime's tables, never pointers into checker
 * memory, so a restored application still holds valid handles. The high byte of a handle names
 * its kind, which lets every call tell a communicator from a datatype or a garbage value.
 * Constant names and types follow MPICH, so code written for MPICH compiles unchanged.
 *
 * Functions Rankfold does not implement are declared in mpi_unsupported.h with an `error`
 * attribute: calling one fails at compile time with a message naming it.
 */
#ifndef RANKFOLD_MPI_H
#define RANKFOLD_MPI_H

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

/* ---- environment ------------------------------------------------------------------- */
int MPI_Init(int* argc, char*** argv);
int MPI_Init_thread(int* argc, char*** argv, int required, int* provided);
int MPI_Initialized(int* flag);
int MPI_Finalize(void);
int MPI_Finalized(int* flag);
int MPI_Abort(MPI_Comm comm, int errorcode);
int MPI_Query_thread(int* provided);
int MPI_Is_thread_main(int* flag);
int MPI_Get_processor_name(char* name, int* resultlen);
int MPI_Get_version(int* version, int* subversion);
int MPI_Get_library_version(char* version, int* resultlen);
double MPI_Wtime(void);
double MPI_Wtick(void);

/* ---- communicators (the predefined ones) -------------------------------------------- */
int MPI_Comm_rank(MPI_Comm comm, int* rank);
int MPI_Comm_size(MPI_Comm comm, int* size);

/* ---- point-to-point ----------------------------------------------------------------- */
int MPI_Send(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_Ssend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_Bsend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_Rsend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_Recv(void* buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
             MPI_Status* status);
int MPI_Isend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
              MPI_Request* request);
int MPI_Issend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request* request);
int MPI_Ibsend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request* request);
int MPI_Irsend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request* request);
int MPI_Irecv(void* buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
              MPI_Request* request);
int MPI_Wait(MPI_Request* request, MPI_Status* status);
int MPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status* array_of_statuses);
int MPI_Waitany(int count, MPI_Request array_of_requests[], int* index, MPI_Status* status);
int MPI_Waitsome(int incount, MPI_Request array_of_requests[], int* outcount,
                 int array_of_indices[], MPI_Status* array_of_statuses);
int MPI_Test(MPI_Request* request, int* flag, MPI_Status* status);
int MPI_Testall(int count, MPI_Request array_of_requests[], int* flag,
                MPI_Status* array_of_statuses);
int MPI_Testany(int count, MPI_Request array_of_requests[], int* index, int* flag,
                MPI_Status* status);
int MPI_Testsome(int incount, MPI_Request array_of_requests[], int* outcount,
                 int array_of_indices[], MPI_Status* array_of_statuses);
int MPI_Request_get_status(MPI_Request request, int* flag, MPI_Status* status);
int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status* status);
int MPI_Iprobe(int source, int tag, MPI_Comm comm, int* flag, MPI_Status* status);
int MPI_Sendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                 void* recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status* status);
int MPI_Sendrecv_replace(void* buf, int count, MPI_Datatype datatype, int dest, int sendtag,
                         int source, int recvtag, MPI_Comm comm, MPI_Status* status);
int MPI_Send_init(const void* buf, int count, MPI_Datatype datatype, int dest, int tag,
                  MPI_Comm comm, MPI_Request* request);
int MPI_Ssend_init(const void* buf, int count, MPI_Datatype datatype, int dest, int tag,
                   MPI_Comm comm, MPI_Request* request);
int MPI_Bsend_init(const void* buf, int count, MPI_Datatype datatype, int dest, int tag,
                   MPI_Comm comm, MPI_Request* request);
int MPI_Rsend_init(const void* buf, int count, MPI_Datatype datatype, int dest, int tag,
                   MPI_Comm comm, MPI_Request* request);
int MPI_Recv_init(void* buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                  MPI_Request* request);
int MPI_Start(MPI_Request* request);
int MPI_Startall(int count, MPI_Request array_of_requests[]);
int MPI_Request_free(MPI_Request* request);
int MPI_Get_count(const MPI_Status* status, MPI_Datatype datatype, int* count);
int MPI_Buffer_attach(void* buffer, int size);
int MPI_Buffer_detach(void* buffer_addr, int* size);

/* ---- datatypes ----------------------------------------------------------------------- */
int MPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype* newtype);
int MPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype,
                    MPI_Datatype* newtype);
int MPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                            MPI_Datatype* newtype);
int MPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                     MPI_Datatype* newtype);
int MPI_Type_indexed(int count, const int array_of_blocklengths[],
                     const int array_of_displacements[], MPI_Datatype oldtype,
                     MPI_Datatype* newtype);
int MPI_Type_create_hindexed(int count, const int array_of_blocklengths[],
                             const MPI_Aint array_of_displacements[], MPI_Datatype oldtype,
                             MPI_Datatype* newtype);
int MPI_Type_create_indexed_block(int count, int blocklength, const int array_of_displacements[],
                                  MPI_Datatype oldtype, MPI_Datatype* newtype);
int MPI_Type_create_hindexed_block(int count, int blocklength,
                                   const MPI_Aint array_of_displacements[], MPI_Datatype oldtype,
                                   MPI_Datatype* newtype);
int MPI_Type_create_struct(int count, const int array_of_blocklengths[],
                           const MPI_Aint array_of_displacements[],
                           const MPI_Datatype array_of_types[], MPI_Datatype* newtype);
int MPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent,
                            MPI_Datatype* newtype);
int MPI_Type_create_subarray(int ndims, const int array_of_sizes[], const int array_of_subsizes[],
                             const int array_of_starts[], int order, MPI_Datatype oldtype,
                             MPI_Datatype* newtype);
int MPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype* newtype);
int MPI_Type_commit(MPI_Datatype* datatype);
int MPI_Type_free(MPI_Datatype* datatype);
int MPI_Type_size(MPI_Datatype datatype, int* size);
int MPI_Type_size_x(MPI_Datatype datatype, MPI_Count* size);
int MPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint* lb, MPI_Aint* extent);
int MPI_Type_get_extent_x(MPI_Datatype datatype, MPI_Count* lb, MPI_Count* extent);
int MPI_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint* true_lb, MPI_Aint* true_extent);
int MPI_Type_get_true_extent_x(MPI_Datatype datatype, MPI_Count* true_lb, MPI_Count* true_extent);
int MPI_Get_address(const void* location, MPI_Aint* address);
MPI_Aint MPI_Aint_add(MPI_Aint base, MPI_Aint disp);
MPI_Aint MPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2);
int MPI_Get_elements(const MPI_Status* status, MPI_Datatype datatype, int* count);
int MPI_Get_elements_x(const MPI_Status* status, MPI_Datatype datatype, MPI_Count* count);

/* ---- errors ---------------------------------------------------------------------------- */
int MPI_Error_string(int errorcode, char* string, int* resultlen);
int MPI_Error_class(int errorcode, int* errorclass);

/* ---- collective operations (blocking and nonblocking) -------------------------------------- */
int MPI_Barrier(MPI_Comm comm);
int MPI_Ibarrier(MPI_Comm comm, MPI_Request* request);
int MPI_Bcast(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
int MPI_Ibcast(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
               MPI_Request* request);
int MPI_Reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
               int root, MPI_Comm comm);
int MPI_Ireduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                int root, MPI_Comm comm, MPI_Request* request);
int MPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                  MPI_Comm comm);
int MPI_Iallreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                   MPI_Comm comm, MPI_Request* request);
int MPI_Scan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
             MPI_Comm comm);
int MPI_Iscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
              MPI_Comm comm, MPI_Request* request);
int MPI_Exscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
               MPI_Comm comm);
int MPI_Iexscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                MPI_Comm comm, MPI_Request* request);
int MPI_Reduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount,
                             MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
int MPI_Ireduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount,
                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                              MPI_Request* request);
int MPI_Reduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[],
                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
int MPI_Ireduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[],
                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request* request);
int MPI_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
int MPI_Igather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                MPI_Request* request);
int MPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                MPI_Comm comm);
int MPI_Igatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                 MPI_Comm comm, MPI_Request* request);
int MPI_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
int MPI_Iscatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                 MPI_Request* request);
int MPI_Scatterv(const void* sendbuf, const int sendcounts[], const int displs[],
                 MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                 int root, MPI_Comm comm);
int MPI_Iscatterv(const void* sendbuf, const int sendcounts[], const int displs[],
                  MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                  int root, MPI_Comm comm, MPI_Request* request);
int MPI_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Iallgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request);
int MPI_Allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                   MPI_Comm comm);
int MPI_Iallgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                    MPI_Comm comm, MPI_Request* request);
int MPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Ialltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request);
int MPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[],
                  MPI_Datatype sendtype, void* recvbuf, const int recvcounts[], const int rdispls[],
                  MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Ialltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[],
                   MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                   const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request);
int MPI_Alltoallw(const void* sendbuf, const int sendcounts[], const int sdispls[],
                  const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                  const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm);
int MPI_Ialltoallw(const void* sendbuf, const int sendcounts[], const int sdispls[],
                   const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                   const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                   MPI_Request* request);

/* ---- communicators, error handlers and attributes ------------------------------------------ */
int MPI_Comm_dup(MPI_Comm comm, MPI_Comm* newcomm);
int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm* newcomm);
int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm* newcomm);
int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm* newcomm);
int MPI_Comm_free(MPI_Comm* comm);
int MPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int* result);
int MPI_Comm_group(MPI_Comm comm, MPI_Group* group);
int MPI_Comm_set_name(MPI_Comm comm, const char* comm_name);
int MPI_Comm_get_name(MPI_Comm comm, char* comm_name, int* resultlen);
int MPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler);
int MPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler* errhandler);
int MPI_Errhandler_free(MPI_Errhandler* errhandler);
int MPI_Comm_create_keyval(MPI_Comm_copy_attr_function* comm_copy_attr_fn,
                           MPI_Comm_delete_attr_function* comm_delete_attr_fn, int* comm_keyval,
                           void* extra_state);
int MPI_Comm_free_keyval(int* comm_keyval);
int MPI_Comm_set_attr(MPI_Comm comm, int comm_keyval, void* attribute_val);
int MPI_Comm_get_attr(MPI_Comm comm, int comm_keyval, void* attribute_val, int* flag);
int MPI_Comm_delete_attr(MPI_Comm comm, int comm_keyval);

/* ---- groups -------------------------------------------------------------------------------- */
int MPI_Group_size(MPI_Group group, int* size);
int MPI_Group_rank(MPI_Group group, int* rank);
int MPI_Group_incl(MPI_Group group, int n, const int ranks[], MPI_Group* newgroup);
int MPI_Group_excl(MPI_Group group, int n, const int ranks[], MPI_Group* newgroup);
int MPI_Group_range_incl(MPI_Group group, int n, int ranges[][3], MPI_Group* newgroup);
int MPI_Group_range_excl(MPI_Group group, int n, int ranges[][3], MPI_Group* newgroup);
int MPI_Group_union(MPI_Group group1, MPI_Group group2, MPI_Group* newgroup);
int MPI_Group_intersection(MPI_Group group1, MPI_Group group2, MPI_Group* newgroup);
int MPI_Group_difference(MPI_Group group1, MPI_Group group2, MPI_Group* newgroup);
int MPI_Group_translate_ranks(MPI_Group group1, int n, const int ranks1[], MPI_Group group2,
                              int ranks2[]);
int MPI_Group_compare(MPI_Group group1, MPI_Group group2, int* result);
int MPI_Group_free(MPI_Group* group);

/* ---- Cartesian topologies ------------------------------------------------------------------ */
int MPI_Dims_create(int nnodes, int ndims, int dims[]);
int MPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[],
                    int reorder, MPI_Comm* comm_cart);
int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm* newcomm);
int MPI_Topo_test(MPI_Comm comm, int* status);
int MPI_Cartdim_get(MPI_Comm comm, int* ndims);
int MPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[]);
int MPI_Cart_rank(MPI_Comm comm, const int coords[], int* rank);
int MPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[]);
int MPI_Cart_shift(MPI_Comm comm, int direction, int disp, int* rank_source, int* rank_dest);

/* ---- user-defined operators ---------------------------------------------------------------- */
int MPI_Op_create(MPI_User_function* user_fn, int commute, MPI_Op* op);
int MPI_Op_free(MPI_Op* op);
int MPI_Op_commutative(MPI_Op op, int* commute);
/* Attribute copy and delete functions MPI predefines. */
#define MPI_COMM_NULL_COPY_FN ((MPI_Comm_copy_attr_function*)0)
#define MPI_COMM_NULL_DELETE_FN ((MPI_Comm_delete_attr_function*)0)
#define MPI_COMM_DUP_FN MPI_Comm_dup_fn
int MPI_Comm_dup_fn(MPI_Comm oldcomm, int comm_keyval, void* extra_state, void* attribute_val_in,
                    void* attribute_val_out, int* flag);

#ifdef __cplusplus
}
#endif

#include "mpi_unsupported.h"

#endif /* RANKFOLD_MPI_H */
