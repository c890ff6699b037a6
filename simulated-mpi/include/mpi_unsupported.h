/* mpi_unsupported.h: the MPI functions Rankfold does not implement.
 *
 * GENERATED FILE, DO NOT EDIT. Regenerate with
 *     scripts/gen-mpi-unsupported.sh [path/to/mpich/mpi.h]
 * from simulated-mpi/include/mpi_supported.list (what Rankfold implements, which must match the
 * declarations in mpi.h) and the C prototypes in MPICH 4.0.2's headers
 * (mpi.h, mpi_proto.h, mpio.h): the MPI 3.1 and 4.0 C bindings, large-count "_c" variants included.
 *
 * mpi.h includes this file at its end. Each of the 307 functions below is declared with
 * RF_UNSUPPORTED(name), so calling it fails to compile with a message naming it:
 *     gcc/g++: error: call to 'MPI_Win_create' declared with attribute error:
 *              MPI_Win_create is not supported by Rankfold
 *     clang:   error: 'MPI_Win_create' is unavailable: MPI_Win_create is not supported by Rankfold
 * GCC reports the error attribute while generating code, so not under -fsyntax-only, and not
 * for a call that optimisation removes as dead code. Clang gets the "unavailable" attribute
 * instead, checked by its front end: clang reports "error" only in its back end, so not under
 * -fsyntax-only or -emit-llvm. Define RF_UNSUPPORTED(name) before including mpi.h to override
 * the attribute (e.g. as nothing, to turn the checks off).
 *
 * With RANKFOLD_LIST_UNSUPPORTED defined (rankfold-cc --list-unsupported does), the attribute is
 * "deprecated" instead: a warning that the front end gives for every use, also under
 * -fsyntax-only, so that one compile finds every call, not only the first.
 *
 * Not declared here (so a call to one is diagnosed as a call to an undeclared function):
 *   - MPICH's 51 MPI_T_ functions: the tool information interface, whose handle and enum
 *     types (MPI_T_enum, MPI_T_cvar_handle, MPI_T_pvar_session, ...) Rankfold does not have;
 *   - names not starting with MPI_: PMPI_ (profiling), QMPI_ (MPICH's tool interface), MPIX_
 *     (MPICH extensions), MPIO_ (ROMIO internals);
 *   - functions that need MPICH's MPI_F08_status, a type Rankfold does not have:
 *       MPI_Status_c2f08 MPI_Status_f082c MPI_Status_f082f MPI_Status_f2f08
 * MPI_<Obj>_c2f and _f2c, macros in MPICH, are declared here as the functions of the standard.
 *
 * Types MPICH defines and mpi.h does not, copied from MPICH because prototypes below need them
 * (if mpi.h defines one of them itself, it should also define RF_HAVE_<type>):
 *       MPI_Datarep_conversion_function_c MPI_Session MPI_Session_errhandler_function
 *       MPI_User_function_c
 */
/* clang-format off */
#ifndef RANKFOLD_MPI_UNSUPPORTED_H
#define RANKFOLD_MPI_UNSUPPORTED_H

#ifndef RANKFOLD_MPI_H
#error "mpi_unsupported.h needs Rankfold's mpi.h; include <mpi.h> instead"
#endif

#ifndef RF_UNSUPPORTED
#if defined(RANKFOLD_LIST_UNSUPPORTED) && (defined(__clang__) || defined(__GNUC__))
#define RF_UNSUPPORTED(name) __attribute__((deprecated(#name " is not supported by Rankfold")))
#elif defined(__clang__)
#define RF_UNSUPPORTED(name) __attribute__((unavailable(#name " is not supported by Rankfold")))
#elif defined(__GNUC__)
#define RF_UNSUPPORTED(name) __attribute__((error(#name " is not supported by Rankfold")))
#else
#define RF_UNSUPPORTED(name)
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

#ifndef RF_HAVE_MPI_Session
typedef int MPI_Session;
#endif
#ifndef RF_HAVE_MPI_Datarep_conversion_function_c
typedef int MPI_Datarep_conversion_function_c(void*, MPI_Datatype, MPI_Count, void*, MPI_Offset,
                                              void*);
#endif
#ifndef RF_HAVE_MPI_Session_errhandler_function
typedef void MPI_Session_errhandler_function(MPI_Session*, int*, ...);
#endif
#ifndef RF_HAVE_MPI_User_function_c
typedef void MPI_User_function_c(void*, void*, MPI_Count*, MPI_Datatype*);
#endif

int MPI_Accumulate_c(const void* origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                     int target_rank, MPI_Aint target_disp, MPI_Count target_count,
                     MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
    RF_UNSUPPORTED(MPI_Accumulate_c);
int MPI_Allgather_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                    MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm)
    RF_UNSUPPORTED(MPI_Allgather_c);
int MPI_Allgather_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                       int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                       MPI_Request* request) RF_UNSUPPORTED(MPI_Allgather_init);
int MPI_Allgather_init_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                         void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                         MPI_Info info, MPI_Request* request) RF_UNSUPPORTED(MPI_Allgather_init_c);
int MPI_Allgatherv_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                     const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                     MPI_Comm comm) RF_UNSUPPORTED(MPI_Allgatherv_c);
int MPI_Allgatherv_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                        const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                        MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Allgatherv_init);
int MPI_Allgatherv_init_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                          void* recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
                          MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Allgatherv_init_c);
int MPI_Allreduce_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype,
                    MPI_Op op, MPI_Comm comm) RF_UNSUPPORTED(MPI_Allreduce_c);
int MPI_Allreduce_init(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype,
                       MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Allreduce_init);
int MPI_Allreduce_init_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype,
                         MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Allreduce_init_c);
int MPI_Alltoall_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                   MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm)
    RF_UNSUPPORTED(MPI_Alltoall_c);
int MPI_Alltoall_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                      int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                      MPI_Request* request) RF_UNSUPPORTED(MPI_Alltoall_init);
int MPI_Alltoall_init_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                        void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                        MPI_Info info, MPI_Request* request) RF_UNSUPPORTED(MPI_Alltoall_init_c);
int MPI_Alltoallv_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                    MPI_Datatype sendtype, void* recvbuf, const MPI_Count recvcounts[],
                    const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
    RF_UNSUPPORTED(MPI_Alltoallv_c);
int MPI_Alltoallv_init(const void* sendbuf, const int sendcounts[], const int sdispls[],
                       MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                       const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                       MPI_Request* request) RF_UNSUPPORTED(MPI_Alltoallv_init);
int MPI_Alltoallv_init_c(const void* sendbuf, const MPI_Count sendcounts[],
                         const MPI_Aint sdispls[], MPI_Datatype sendtype, void* recvbuf,
                         const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                         MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Alltoallv_init_c);
int MPI_Alltoallw_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                    const MPI_Datatype sendtypes[], void* recvbuf, const MPI_Count recvcounts[],
                    const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
    RF_UNSUPPORTED(MPI_Alltoallw_c);
int MPI_Alltoallw_init(const void* sendbuf, const int sendcounts[], const int sdispls[],
                       const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                       const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                       MPI_Info info, MPI_Request* request) RF_UNSUPPORTED(MPI_Alltoallw_init);
int MPI_Alltoallw_init_c(const void* sendbuf, const MPI_Count sendcounts[],
                         const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void* recvbuf,
                         const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                         const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                         MPI_Request* request) RF_UNSUPPORTED(MPI_Alltoallw_init_c);
int MPI_Barrier_init(MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Barrier_init);
int MPI_Bcast_c(void* buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm)
    RF_UNSUPPORTED(MPI_Bcast_c);
int MPI_Bcast_init(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                   MPI_Info info, MPI_Request* request) RF_UNSUPPORTED(MPI_Bcast_init);
int MPI_Bcast_init_c(void* buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm,
                     MPI_Info info, MPI_Request* request) RF_UNSUPPORTED(MPI_Bcast_init_c);
int MPI_Bsend_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                MPI_Comm comm) RF_UNSUPPORTED(MPI_Bsend_c);
int MPI_Bsend_init_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                     MPI_Comm comm, MPI_Request* request) RF_UNSUPPORTED(MPI_Bsend_init_c);
int MPI_Buffer_attach_c(void* buffer, MPI_Count size) RF_UNSUPPORTED(MPI_Buffer_attach_c);
int MPI_Buffer_detach_c(void* buffer_addr, MPI_Count* size) RF_UNSUPPORTED(MPI_Buffer_detach_c);
int MPI_Close_port(const char* port_name) RF_UNSUPPORTED(MPI_Close_port);
int MPI_Comm_accept(const char* port_name, MPI_Info info, int root, MPI_Comm comm,
                    MPI_Comm* newcomm) RF_UNSUPPORTED(MPI_Comm_accept);
MPI_Fint MPI_Comm_c2f(MPI_Comm comm) RF_UNSUPPORTED(MPI_Comm_c2f);
int MPI_Comm_connect(const char* port_name, MPI_Info info, int root, MPI_Comm comm,
                     MPI_Comm* newcomm) RF_UNSUPPORTED(MPI_Comm_connect);
int MPI_Comm_create_from_group(MPI_Group group, const char* stringtag, MPI_Info info,
                               MPI_Errhandler errhandler, MPI_Comm* newcomm)
    RF_UNSUPPORTED(MPI_Comm_create_from_group);
int MPI_Comm_disconnect(MPI_Comm* comm) RF_UNSUPPORTED(MPI_Comm_disconnect);
MPI_Comm MPI_Comm_f2c(MPI_Fint comm) RF_UNSUPPORTED(MPI_Comm_f2c);
int MPI_Comm_get_parent(MPI_Comm* parent) RF_UNSUPPORTED(MPI_Comm_get_parent);
int MPI_Comm_idup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm* newcomm, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Comm_idup_with_info);
int MPI_Comm_join(int fd, MPI_Comm* intercomm) RF_UNSUPPORTED(MPI_Comm_join);
int MPI_Comm_spawn(const char* command, char* argv[], int maxprocs, MPI_Info info, int root,
                   MPI_Comm comm, MPI_Comm* intercomm, int array_of_errcodes[])
    RF_UNSUPPORTED(MPI_Comm_spawn);
int MPI_Comm_spawn_multiple(int count, char* array_of_commands[], char** array_of_argv[],
                            const int array_of_maxprocs[], const MPI_Info array_of_info[], int root,
                            MPI_Comm comm, MPI_Comm* intercomm, int array_of_errcodes[])
    RF_UNSUPPORTED(MPI_Comm_spawn_multiple);
int MPI_DUP_FN(MPI_Comm oldcomm, int keyval, void* extra_state, void* attribute_val_in,
               void* attribute_val_out, int* flag) RF_UNSUPPORTED(MPI_DUP_FN);
MPI_Fint MPI_Errhandler_c2f(MPI_Errhandler errhandler) RF_UNSUPPORTED(MPI_Errhandler_c2f);
int MPI_Errhandler_create(MPI_Comm_errhandler_function* comm_errhandler_fn,
                          MPI_Errhandler* errhandler) RF_UNSUPPORTED(MPI_Errhandler_create);
MPI_Errhandler MPI_Errhandler_f2c(MPI_Fint errhandler) RF_UNSUPPORTED(MPI_Errhandler_f2c);
int MPI_Exscan_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype,
                 MPI_Op op, MPI_Comm comm) RF_UNSUPPORTED(MPI_Exscan_c);
int MPI_Exscan_init(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                    MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Exscan_init);
int MPI_Exscan_init_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype,
                      MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Exscan_init_c);
MPI_Fint MPI_File_c2f(MPI_File file) RF_UNSUPPORTED(MPI_File_c2f);
int MPI_File_call_errhandler(MPI_File fh, int errorcode) RF_UNSUPPORTED(MPI_File_call_errhandler);
int MPI_File_close(MPI_File* fh) RF_UNSUPPORTED(MPI_File_close);
int MPI_File_create_errhandler(MPI_File_errhandler_function* file_errhandler_fn,
                               MPI_Errhandler* errhandler)
    RF_UNSUPPORTED(MPI_File_create_errhandler);
int MPI_File_delete(const char* filename, MPI_Info info) RF_UNSUPPORTED(MPI_File_delete);
MPI_File MPI_File_f2c(MPI_Fint file) RF_UNSUPPORTED(MPI_File_f2c);
int MPI_File_get_amode(MPI_File fh, int* amode) RF_UNSUPPORTED(MPI_File_get_amode);
int MPI_File_get_atomicity(MPI_File fh, int* flag) RF_UNSUPPORTED(MPI_File_get_atomicity);
int MPI_File_get_byte_offset(MPI_File fh, MPI_Offset offset, MPI_Offset* disp)
    RF_UNSUPPORTED(MPI_File_get_byte_offset);
int MPI_File_get_errhandler(MPI_File file, MPI_Errhandler* errhandler)
    RF_UNSUPPORTED(MPI_File_get_errhandler);
int MPI_File_get_group(MPI_File fh, MPI_Group* group) RF_UNSUPPORTED(MPI_File_get_group);
int MPI_File_get_info(MPI_File fh, MPI_Info* info_used) RF_UNSUPPORTED(MPI_File_get_info);
int MPI_File_get_position(MPI_File fh, MPI_Offset* offset) RF_UNSUPPORTED(MPI_File_get_position);
int MPI_File_get_position_shared(MPI_File fh, MPI_Offset* offset)
    RF_UNSUPPORTED(MPI_File_get_position_shared);
int MPI_File_get_size(MPI_File fh, MPI_Offset* size) RF_UNSUPPORTED(MPI_File_get_size);
int MPI_File_get_type_extent(MPI_File fh, MPI_Datatype datatype, MPI_Aint* extent)
    RF_UNSUPPORTED(MPI_File_get_type_extent);
int MPI_File_get_type_extent_c(MPI_File fh, MPI_Datatype datatype, MPI_Count* extent)
    RF_UNSUPPORTED(MPI_File_get_type_extent_c);
int MPI_File_get_view(MPI_File fh, MPI_Offset* disp, MPI_Datatype* etype, MPI_Datatype* filetype,
                      char* datarep) RF_UNSUPPORTED(MPI_File_get_view);
int MPI_File_iread(MPI_File fh, void* buf, int count, MPI_Datatype datatype, MPI_Request* request)
    RF_UNSUPPORTED(MPI_File_iread);
int MPI_File_iread_all(MPI_File fh, void* buf, int count, MPI_Datatype datatype,
                       MPI_Request* request) RF_UNSUPPORTED(MPI_File_iread_all);
int MPI_File_iread_all_c(MPI_File fh, void* buf, MPI_Count count, MPI_Datatype datatype,
                         MPI_Request* request) RF_UNSUPPORTED(MPI_File_iread_all_c);
int MPI_File_iread_at(MPI_File fh, MPI_Offset offset, void* buf, int count, MPI_Datatype datatype,
                      MPI_Request* request) RF_UNSUPPORTED(MPI_File_iread_at);
int MPI_File_iread_at_all(MPI_File fh, MPI_Offset offset, void* buf, int count,
                          MPI_Datatype datatype, MPI_Request* request)
    RF_UNSUPPORTED(MPI_File_iread_at_all);
int MPI_File_iread_at_all_c(MPI_File fh, MPI_Offset offset, void* buf, MPI_Count count,
                            MPI_Datatype datatype, MPI_Request* request)
    RF_UNSUPPORTED(MPI_File_iread_at_all_c);
int MPI_File_iread_at_c(MPI_File fh, MPI_Offset offset, void* buf, MPI_Count count,
                        MPI_Datatype datatype, MPI_Request* request)
    RF_UNSUPPORTED(MPI_File_iread_at_c);
int MPI_File_iread_c(MPI_File fh, void* buf, MPI_Count count, MPI_Datatype datatype,
                     MPI_Request* request) RF_UNSUPPORTED(MPI_File_iread_c);
int MPI_File_iread_shared(MPI_File fh, void* buf, int count, MPI_Datatype datatype,
                          MPI_Request* request) RF_UNSUPPORTED(MPI_File_iread_shared);
int MPI_File_iread_shared_c(MPI_File fh, void* buf, MPI_Count count, MPI_Datatype datatype,
                            MPI_Request* request) RF_UNSUPPORTED(MPI_File_iread_shared_c);
int MPI_File_iwrite(MPI_File fh, const void* buf, int count, MPI_Datatype datatype,
                    MPI_Request* request) RF_UNSUPPORTED(MPI_File_iwrite);
int MPI_File_iwrite_all(MPI_File fh, const void* buf, int count, MPI_Datatype datatype,
                        MPI_Request* request) RF_UNSUPPORTED(MPI_File_iwrite_all);
int MPI_File_iwrite_all_c(MPI_File fh, const void* buf, MPI_Count count, MPI_Datatype datatype,
                          MPI_Request* request) RF_UNSUPPORTED(MPI_File_iwrite_all_c);
int MPI_File_iwrite_at(MPI_File fh, MPI_Offset offset, const void* buf, int count,
                       MPI_Datatype datatype, MPI_Request* request)
    RF_UNSUPPORTED(MPI_File_iwrite_at);
int MPI_File_iwrite_at_all(MPI_File fh, MPI_Offset offset, const void* buf, int count,
                           MPI_Datatype datatype, MPI_Request* request)
    RF_UNSUPPORTED(MPI_File_iwrite_at_all);
int MPI_File_iwrite_at_all_c(MPI_File fh, MPI_Offset offset, const void* buf, MPI_Count count,
                             MPI_Datatype datatype, MPI_Request* request)
    RF_UNSUPPORTED(MPI_File_iwrite_at_all_c);
int MPI_File_iwrite_at_c(MPI_File fh, MPI_Offset offset, const void* buf, MPI_Count count,
                         MPI_Datatype datatype, MPI_Request* request)
    RF_UNSUPPORTED(MPI_File_iwrite_at_c);
int MPI_File_iwrite_c(MPI_File fh, const void* buf, MPI_Count count, MPI_Datatype datatype,
                      MPI_Request* request) RF_UNSUPPORTED(MPI_File_iwrite_c);
int MPI_File_iwrite_shared(MPI_File fh, const void* buf, int count, MPI_Datatype datatype,
                           MPI_Request* request) RF_UNSUPPORTED(MPI_File_iwrite_shared);
int MPI_File_iwrite_shared_c(MPI_File fh, const void* buf, MPI_Count count, MPI_Datatype datatype,
                             MPI_Request* request) RF_UNSUPPORTED(MPI_File_iwrite_shared_c);
int MPI_File_open(MPI_Comm comm, const char* filename, int amode, MPI_Info info, MPI_File* fh)
    RF_UNSUPPORTED(MPI_File_open);
int MPI_File_preallocate(MPI_File fh, MPI_Offset size) RF_UNSUPPORTED(MPI_File_preallocate);
int MPI_File_read(MPI_File fh, void* buf, int count, MPI_Datatype datatype, MPI_Status* status)
    RF_UNSUPPORTED(MPI_File_read);
int MPI_File_read_all(MPI_File fh, void* buf, int count, MPI_Datatype datatype, MPI_Status* status)
    RF_UNSUPPORTED(MPI_File_read_all);
int MPI_File_read_all_begin(MPI_File fh, void* buf, int count, MPI_Datatype datatype)
    RF_UNSUPPORTED(MPI_File_read_all_begin);
int MPI_File_read_all_begin_c(MPI_File fh, void* buf, MPI_Count count, MPI_Datatype datatype)
    RF_UNSUPPORTED(MPI_File_read_all_begin_c);
int MPI_File_read_all_c(MPI_File fh, void* buf, MPI_Count count, MPI_Datatype datatype,
                        MPI_Status* status) RF_UNSUPPORTED(MPI_File_read_all_c);
int MPI_File_read_all_end(MPI_File fh, void* buf, MPI_Status* status)
    RF_UNSUPPORTED(MPI_File_read_all_end);
int MPI_File_read_at(MPI_File fh, MPI_Offset offset, void* buf, int count, MPI_Datatype datatype,
                     MPI_Status* status) RF_UNSUPPORTED(MPI_File_read_at);
int MPI_File_read_at_all(MPI_File fh, MPI_Offset offset, void* buf, int count,
                         MPI_Datatype datatype, MPI_Status* status)
    RF_UNSUPPORTED(MPI_File_read_at_all);
int MPI_File_read_at_all_begin(MPI_File fh, MPI_Offset offset, void* buf, int count,
                               MPI_Datatype datatype) RF_UNSUPPORTED(MPI_File_read_at_all_begin);
int MPI_File_read_at_all_begin_c(MPI_File fh, MPI_Offset offset, void* buf, MPI_Count count,
                                 MPI_Datatype datatype)
    RF_UNSUPPORTED(MPI_File_read_at_all_begin_c);
int MPI_File_read_at_all_c(MPI_File fh, MPI_Offset offset, void* buf, MPI_Count count,
                           MPI_Datatype datatype, MPI_Status* status)
    RF_UNSUPPORTED(MPI_File_read_at_all_c);
int MPI_File_read_at_all_end(MPI_File fh, void* buf, MPI_Status* status)
    RF_UNSUPPORTED(MPI_File_read_at_all_end);
int MPI_File_read_at_c(MPI_File fh, MPI_Offset offset, void* buf, MPI_Count count,
                       MPI_Datatype datatype, MPI_Status* status)
    RF_UNSUPPORTED(MPI_File_read_at_c);
int MPI_File_read_c(MPI_File fh, void* buf, MPI_Count count, MPI_Datatype datatype,
                    MPI_Status* status) RF_UNSUPPORTED(MPI_File_read_c);
int MPI_File_read_ordered(MPI_File fh, void* buf, int count, MPI_Datatype datatype,
                          MPI_Status* status) RF_UNSUPPORTED(MPI_File_read_ordered);
int MPI_File_read_ordered_begin(MPI_File fh, void* buf, int count, MPI_Datatype datatype)
    RF_UNSUPPORTED(MPI_File_read_ordered_begin);
int MPI_File_read_ordered_begin_c(MPI_File fh, void* buf, MPI_Count count, MPI_Datatype datatype)
    RF_UNSUPPORTED(MPI_File_read_ordered_begin_c);
int MPI_File_read_ordered_c(MPI_File fh, void* buf, MPI_Count count, MPI_Datatype datatype,
                            MPI_Status* status) RF_UNSUPPORTED(MPI_File_read_ordered_c);
int MPI_File_read_ordered_end(MPI_File fh, void* buf, MPI_Status* status)
    RF_UNSUPPORTED(MPI_File_read_ordered_end);
int MPI_File_read_shared(MPI_File fh, void* buf, int count, MPI_Datatype datatype,
                         MPI_Status* status) RF_UNSUPPORTED(MPI_File_read_shared);
int MPI_File_read_shared_c(MPI_File fh, void* buf, MPI_Count count, MPI_Datatype datatype,
                           MPI_Status* status) RF_UNSUPPORTED(MPI_File_read_shared_c);
int MPI_File_seek(MPI_File fh, MPI_Offset offset, int whence) RF_UNSUPPORTED(MPI_File_seek);
int MPI_File_seek_shared(MPI_File fh, MPI_Offset offset, int whence)
    RF_UNSUPPORTED(MPI_File_seek_shared);
int MPI_File_set_atomicity(MPI_File fh, int flag) RF_UNSUPPORTED(MPI_File_set_atomicity);
int MPI_File_set_errhandler(MPI_File file, MPI_Errhandler errhandler)
    RF_UNSUPPORTED(MPI_File_set_errhandler);
int MPI_File_set_info(MPI_File fh, MPI_Info info) RF_UNSUPPORTED(MPI_File_set_info);
int MPI_File_set_size(MPI_File fh, MPI_Offset size) RF_UNSUPPORTED(MPI_File_set_size);
int MPI_File_set_view(MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype,
                      const char* datarep, MPI_Info info) RF_UNSUPPORTED(MPI_File_set_view);
int MPI_File_sync(MPI_File fh) RF_UNSUPPORTED(MPI_File_sync);
int MPI_File_write(MPI_File fh, const void* buf, int count, MPI_Datatype datatype,
                   MPI_Status* status) RF_UNSUPPORTED(MPI_File_write);
int MPI_File_write_all(MPI_File fh, const void* buf, int count, MPI_Datatype datatype,
                       MPI_Status* status) RF_UNSUPPORTED(MPI_File_write_all);
int MPI_File_write_all_begin(MPI_File fh, const void* buf, int count, MPI_Datatype datatype)
    RF_UNSUPPORTED(MPI_File_write_all_begin);
int MPI_File_write_all_begin_c(MPI_File fh, const void* buf, MPI_Count count, MPI_Datatype datatype)
    RF_UNSUPPORTED(MPI_File_write_all_begin_c);
int MPI_File_write_all_c(MPI_File fh, const void* buf, MPI_Count count, MPI_Datatype datatype,
                         MPI_Status* status) RF_UNSUPPORTED(MPI_File_write_all_c);
int MPI_File_write_all_end(MPI_File fh, const void* buf, MPI_Status* status)
    RF_UNSUPPORTED(MPI_File_write_all_end);
int MPI_File_write_at(MPI_File fh, MPI_Offset offset, const void* buf, int count,
                      MPI_Datatype datatype, MPI_Status* status) RF_UNSUPPORTED(MPI_File_write_at);
int MPI_File_write_at_all(MPI_File fh, MPI_Offset offset, const void* buf, int count,
                          MPI_Datatype datatype, MPI_Status* status)
    RF_UNSUPPORTED(MPI_File_write_at_all);
int MPI_File_write_at_all_begin(MPI_File fh, MPI_Offset offset, const void* buf, int count,
                                MPI_Datatype datatype) RF_UNSUPPORTED(MPI_File_write_at_all_begin);
int MPI_File_write_at_all_begin_c(MPI_File fh, MPI_Offset offset, const void* buf, MPI_Count count,
                                  MPI_Datatype datatype)
    RF_UNSUPPORTED(MPI_File_write_at_all_begin_c);
int MPI_File_write_at_all_c(MPI_File fh, MPI_Offset offset, const void* buf, MPI_Count count,
                            MPI_Datatype datatype, MPI_Status* status)
    RF_UNSUPPORTED(MPI_File_write_at_all_c);
int MPI_File_write_at_all_end(MPI_File fh, const void* buf, MPI_Status* status)
    RF_UNSUPPORTED(MPI_File_write_at_all_end);
int MPI_File_write_at_c(MPI_File fh, MPI_Offset offset, const void* buf, MPI_Count count,
                        MPI_Datatype datatype, MPI_Status* status)
    RF_UNSUPPORTED(MPI_File_write_at_c);
int MPI_File_write_c(MPI_File fh, const void* buf, MPI_Count count, MPI_Datatype datatype,
                     MPI_Status* status) RF_UNSUPPORTED(MPI_File_write_c);
int MPI_File_write_ordered(MPI_File fh, const void* buf, int count, MPI_Datatype datatype,
                           MPI_Status* status) RF_UNSUPPORTED(MPI_File_write_ordered);
int MPI_File_write_ordered_begin(MPI_File fh, const void* buf, int count, MPI_Datatype datatype)
    RF_UNSUPPORTED(MPI_File_write_ordered_begin);
int MPI_File_write_ordered_begin_c(MPI_File fh, const void* buf, MPI_Count count,
                                   MPI_Datatype datatype)
    RF_UNSUPPORTED(MPI_File_write_ordered_begin_c);
int MPI_File_write_ordered_c(MPI_File fh, const void* buf, MPI_Count count, MPI_Datatype datatype,
                             MPI_Status* status) RF_UNSUPPORTED(MPI_File_write_ordered_c);
int MPI_File_write_ordered_end(MPI_File fh, const void* buf, MPI_Status* status)
    RF_UNSUPPORTED(MPI_File_write_ordered_end);
int MPI_File_write_shared(MPI_File fh, const void* buf, int count, MPI_Datatype datatype,
                          MPI_Status* status) RF_UNSUPPORTED(MPI_File_write_shared);
int MPI_File_write_shared_c(MPI_File fh, const void* buf, MPI_Count count, MPI_Datatype datatype,
                            MPI_Status* status) RF_UNSUPPORTED(MPI_File_write_shared_c);
int MPI_Gather_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                 MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
    RF_UNSUPPORTED(MPI_Gather_c);
int MPI_Gather_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                    MPI_Request* request) RF_UNSUPPORTED(MPI_Gather_init);
int MPI_Gather_init_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                      void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root,
                      MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Gather_init_c);
int MPI_Gatherv_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                  const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                  int root, MPI_Comm comm) RF_UNSUPPORTED(MPI_Gatherv_c);
int MPI_Gatherv_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                     const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                     MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Gatherv_init);
int MPI_Gatherv_init_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                       void* recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
                       MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                       MPI_Request* request) RF_UNSUPPORTED(MPI_Gatherv_init_c);
int MPI_Get_accumulate_c(const void* origin_addr, MPI_Count origin_count,
                         MPI_Datatype origin_datatype, void* result_addr, MPI_Count result_count,
                         MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
                         MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op,
                         MPI_Win win) RF_UNSUPPORTED(MPI_Get_accumulate_c);
int MPI_Get_c(void* origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
              int target_rank, MPI_Aint target_disp, MPI_Count target_count,
              MPI_Datatype target_datatype, MPI_Win win) RF_UNSUPPORTED(MPI_Get_c);
int MPI_Get_count_c(const MPI_Status* status, MPI_Datatype datatype, MPI_Count* count)
    RF_UNSUPPORTED(MPI_Get_count_c);
int MPI_Get_elements_c(const MPI_Status* status, MPI_Datatype datatype, MPI_Count* count)
    RF_UNSUPPORTED(MPI_Get_elements_c);
MPI_Fint MPI_Group_c2f(MPI_Group group) RF_UNSUPPORTED(MPI_Group_c2f);
MPI_Group MPI_Group_f2c(MPI_Fint group) RF_UNSUPPORTED(MPI_Group_f2c);
int MPI_Group_from_session_pset(MPI_Session session, const char* pset_name, MPI_Group* newgroup)
    RF_UNSUPPORTED(MPI_Group_from_session_pset);
int MPI_Iallgather_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                     MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                     MPI_Request* request) RF_UNSUPPORTED(MPI_Iallgather_c);
int MPI_Iallgatherv_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                      void* recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
                      MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Iallgatherv_c);
int MPI_Iallreduce_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype,
                     MPI_Op op, MPI_Comm comm, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Iallreduce_c);
int MPI_Ialltoall_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                    MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Ialltoall_c);
int MPI_Ialltoallv_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                     MPI_Datatype sendtype, void* recvbuf, const MPI_Count recvcounts[],
                     const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                     MPI_Request* request) RF_UNSUPPORTED(MPI_Ialltoallv_c);
int MPI_Ialltoallw_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                     const MPI_Datatype sendtypes[], void* recvbuf, const MPI_Count recvcounts[],
                     const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                     MPI_Request* request) RF_UNSUPPORTED(MPI_Ialltoallw_c);
int MPI_Ibcast_c(void* buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm,
                 MPI_Request* request) RF_UNSUPPORTED(MPI_Ibcast_c);
int MPI_Ibsend_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                 MPI_Comm comm, MPI_Request* request) RF_UNSUPPORTED(MPI_Ibsend_c);
int MPI_Iexscan_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype,
                  MPI_Op op, MPI_Comm comm, MPI_Request* request) RF_UNSUPPORTED(MPI_Iexscan_c);
int MPI_Igather_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                  MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                  MPI_Request* request) RF_UNSUPPORTED(MPI_Igather_c);
int MPI_Igatherv_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                   const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                   int root, MPI_Comm comm, MPI_Request* request) RF_UNSUPPORTED(MPI_Igatherv_c);
int MPI_Imrecv_c(void* buf, MPI_Count count, MPI_Datatype datatype, MPI_Message* message,
                 MPI_Request* request) RF_UNSUPPORTED(MPI_Imrecv_c);
int MPI_Ineighbor_allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                            void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                            MPI_Request* request) RF_UNSUPPORTED(MPI_Ineighbor_allgather);
int MPI_Ineighbor_allgather_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                              void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                              MPI_Comm comm, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Ineighbor_allgather_c);
int MPI_Ineighbor_allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                             void* recvbuf, const int recvcounts[], const int displs[],
                             MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Ineighbor_allgatherv);
int MPI_Ineighbor_allgatherv_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                               void* recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
                               MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Ineighbor_allgatherv_c);
int MPI_Ineighbor_alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                           MPI_Request* request) RF_UNSUPPORTED(MPI_Ineighbor_alltoall);
int MPI_Ineighbor_alltoall_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                             void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                             MPI_Comm comm, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Ineighbor_alltoall_c);
int MPI_Ineighbor_alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[],
                            MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                            const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                            MPI_Request* request) RF_UNSUPPORTED(MPI_Ineighbor_alltoallv);
int MPI_Ineighbor_alltoallv_c(const void* sendbuf, const MPI_Count sendcounts[],
                              const MPI_Aint sdispls[], MPI_Datatype sendtype, void* recvbuf,
                              const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                              MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Ineighbor_alltoallv_c);
int MPI_Ineighbor_alltoallw(const void* sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                            const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                            const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                            MPI_Request* request) RF_UNSUPPORTED(MPI_Ineighbor_alltoallw);
int MPI_Ineighbor_alltoallw_c(const void* sendbuf, const MPI_Count sendcounts[],
                              const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                              void* recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                              const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Ineighbor_alltoallw_c);
MPI_Fint MPI_Info_c2f(MPI_Info info) RF_UNSUPPORTED(MPI_Info_c2f);
int MPI_Info_create_env(int argc, char* argv[], MPI_Info* info) RF_UNSUPPORTED(MPI_Info_create_env);
MPI_Info MPI_Info_f2c(MPI_Fint info) RF_UNSUPPORTED(MPI_Info_f2c);
int MPI_Intercomm_create_from_groups(MPI_Group local_group, int local_leader,
                                     MPI_Group remote_group, int remote_leader,
                                     const char* stringtag, MPI_Info info,
                                     MPI_Errhandler errhandler, MPI_Comm* newintercomm)
    RF_UNSUPPORTED(MPI_Intercomm_create_from_groups);
int MPI_Irecv_c(void* buf, MPI_Count count, MPI_Datatype datatype, int source, int tag,
                MPI_Comm comm, MPI_Request* request) RF_UNSUPPORTED(MPI_Irecv_c);
int MPI_Ireduce_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype,
                  MPI_Op op, int root, MPI_Comm comm, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Ireduce_c);
int MPI_Ireduce_scatter_block_c(const void* sendbuf, void* recvbuf, MPI_Count recvcount,
                                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                MPI_Request* request) RF_UNSUPPORTED(MPI_Ireduce_scatter_block_c);
int MPI_Ireduce_scatter_c(const void* sendbuf, void* recvbuf, const MPI_Count recvcounts[],
                          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Ireduce_scatter_c);
int MPI_Irsend_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                 MPI_Comm comm, MPI_Request* request) RF_UNSUPPORTED(MPI_Irsend_c);
int MPI_Iscan_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype,
                MPI_Op op, MPI_Comm comm, MPI_Request* request) RF_UNSUPPORTED(MPI_Iscan_c);
int MPI_Iscatter_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                   MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                   MPI_Request* request) RF_UNSUPPORTED(MPI_Iscatter_c);
int MPI_Iscatterv_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                    MPI_Datatype sendtype, void* recvbuf, MPI_Count recvcount,
                    MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Iscatterv_c);
int MPI_Isend_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                MPI_Comm comm, MPI_Request* request) RF_UNSUPPORTED(MPI_Isend_c);
int MPI_Isendrecv_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest,
                    int sendtag, void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                    int source, int recvtag, MPI_Comm comm, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Isendrecv_c);
int MPI_Isendrecv_replace_c(void* buf, MPI_Count count, MPI_Datatype datatype, int dest,
                            int sendtag, int source, int recvtag, MPI_Comm comm,
                            MPI_Request* request) RF_UNSUPPORTED(MPI_Isendrecv_replace_c);
int MPI_Issend_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                 MPI_Comm comm, MPI_Request* request) RF_UNSUPPORTED(MPI_Issend_c);
int MPI_Lookup_name(const char* service_name, MPI_Info info, char* port_name)
    RF_UNSUPPORTED(MPI_Lookup_name);
int MPI_Mrecv_c(void* buf, MPI_Count count, MPI_Datatype datatype, MPI_Message* message,
                MPI_Status* status) RF_UNSUPPORTED(MPI_Mrecv_c);
int MPI_Neighbor_allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
    RF_UNSUPPORTED(MPI_Neighbor_allgather);
int MPI_Neighbor_allgather_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                             void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                             MPI_Comm comm) RF_UNSUPPORTED(MPI_Neighbor_allgather_c);
int MPI_Neighbor_allgather_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Neighbor_allgather_init);
int MPI_Neighbor_allgather_init_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                  void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                  MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Neighbor_allgather_init_c);
int MPI_Neighbor_allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                            void* recvbuf, const int recvcounts[], const int displs[],
                            MPI_Datatype recvtype, MPI_Comm comm)
    RF_UNSUPPORTED(MPI_Neighbor_allgatherv);
int MPI_Neighbor_allgatherv_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                              void* recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
                              MPI_Datatype recvtype, MPI_Comm comm)
    RF_UNSUPPORTED(MPI_Neighbor_allgatherv_c);
int MPI_Neighbor_allgatherv_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                                 void* recvbuf, const int recvcounts[], const int displs[],
                                 MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                 MPI_Request* request) RF_UNSUPPORTED(MPI_Neighbor_allgatherv_init);
int MPI_Neighbor_allgatherv_init_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                   void* recvbuf, const MPI_Count recvcounts[],
                                   const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm,
                                   MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Neighbor_allgatherv_init_c);
int MPI_Neighbor_alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                          int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
    RF_UNSUPPORTED(MPI_Neighbor_alltoall);
int MPI_Neighbor_alltoall_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                            void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                            MPI_Comm comm) RF_UNSUPPORTED(MPI_Neighbor_alltoall_c);
int MPI_Neighbor_alltoall_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                               void* recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                               MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Neighbor_alltoall_init);
int MPI_Neighbor_alltoall_init_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                 void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                 MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Neighbor_alltoall_init_c);
int MPI_Neighbor_alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[],
                           MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                           const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
    RF_UNSUPPORTED(MPI_Neighbor_alltoallv);
int MPI_Neighbor_alltoallv_c(const void* sendbuf, const MPI_Count sendcounts[],
                             const MPI_Aint sdispls[], MPI_Datatype sendtype, void* recvbuf,
                             const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                             MPI_Datatype recvtype, MPI_Comm comm)
    RF_UNSUPPORTED(MPI_Neighbor_alltoallv_c);
int MPI_Neighbor_alltoallv_init(const void* sendbuf, const int sendcounts[], const int sdispls[],
                                MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                                const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                                MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Neighbor_alltoallv_init);
int MPI_Neighbor_alltoallv_init_c(const void* sendbuf, const MPI_Count sendcounts[],
                                  const MPI_Aint sdispls[], MPI_Datatype sendtype, void* recvbuf,
                                  const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                                  MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                  MPI_Request* request)
    RF_UNSUPPORTED(MPI_Neighbor_alltoallv_init_c);
int MPI_Neighbor_alltoallw(const void* sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                           const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                           const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
    RF_UNSUPPORTED(MPI_Neighbor_alltoallw);
int MPI_Neighbor_alltoallw_c(const void* sendbuf, const MPI_Count sendcounts[],
                             const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                             void* recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                             const MPI_Datatype recvtypes[], MPI_Comm comm)
    RF_UNSUPPORTED(MPI_Neighbor_alltoallw_c);
int MPI_Neighbor_alltoallw_init(const void* sendbuf, const int sendcounts[],
                                const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                void* recvbuf, const int recvcounts[], const MPI_Aint rdispls[],
                                const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                                MPI_Request* request) RF_UNSUPPORTED(MPI_Neighbor_alltoallw_init);
int MPI_Neighbor_alltoallw_init_c(const void* sendbuf, const MPI_Count sendcounts[],
                                  const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                  void* recvbuf, const MPI_Count recvcounts[],
                                  const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
                                  MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Neighbor_alltoallw_init_c);
MPI_Fint MPI_Op_c2f(MPI_Op op) RF_UNSUPPORTED(MPI_Op_c2f);
int MPI_Op_create_c(MPI_User_function_c* user_fn, int commute, MPI_Op* op)
    RF_UNSUPPORTED(MPI_Op_create_c);
MPI_Op MPI_Op_f2c(MPI_Fint op) RF_UNSUPPORTED(MPI_Op_f2c);
int MPI_Open_port(MPI_Info info, char* port_name) RF_UNSUPPORTED(MPI_Open_port);
int MPI_Pack_c(const void* inbuf, MPI_Count incount, MPI_Datatype datatype, void* outbuf,
               MPI_Count outsize, MPI_Count* position, MPI_Comm comm) RF_UNSUPPORTED(MPI_Pack_c);
int MPI_Pack_external_c(const char* datarep, const void* inbuf, MPI_Count incount,
                        MPI_Datatype datatype, void* outbuf, MPI_Count outsize, MPI_Count* position)
    RF_UNSUPPORTED(MPI_Pack_external_c);
int MPI_Pack_external_size_c(const char* datarep, MPI_Count incount, MPI_Datatype datatype,
                             MPI_Count* size) RF_UNSUPPORTED(MPI_Pack_external_size_c);
int MPI_Pack_size_c(MPI_Count incount, MPI_Datatype datatype, MPI_Comm comm, MPI_Count* size)
    RF_UNSUPPORTED(MPI_Pack_size_c);
int MPI_Parrived(MPI_Request request, int partition, int* flag) RF_UNSUPPORTED(MPI_Parrived);
int MPI_Pcontrol(const int level, ...) RF_UNSUPPORTED(MPI_Pcontrol);
int MPI_Pready(int partition, MPI_Request request) RF_UNSUPPORTED(MPI_Pready);
int MPI_Pready_list(int length, int array_of_partitions[], MPI_Request request)
    RF_UNSUPPORTED(MPI_Pready_list);
int MPI_Pready_range(int partition_low, int partition_high, MPI_Request request)
    RF_UNSUPPORTED(MPI_Pready_range);
int MPI_Precv_init(void* buf, int partitions, MPI_Count count, MPI_Datatype datatype, int dest,
                   int tag, MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Precv_init);
int MPI_Psend_init(const void* buf, int partitions, MPI_Count count, MPI_Datatype datatype,
                   int dest, int tag, MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Psend_init);
int MPI_Publish_name(const char* service_name, MPI_Info info, const char* port_name)
    RF_UNSUPPORTED(MPI_Publish_name);
int MPI_Put_c(const void* origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
              int target_rank, MPI_Aint target_disp, MPI_Count target_count,
              MPI_Datatype target_datatype, MPI_Win win) RF_UNSUPPORTED(MPI_Put_c);
int MPI_Raccumulate_c(const void* origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                      int target_rank, MPI_Aint target_disp, MPI_Count target_count,
                      MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Raccumulate_c);
int MPI_Recv_c(void* buf, MPI_Count count, MPI_Datatype datatype, int source, int tag,
               MPI_Comm comm, MPI_Status* status) RF_UNSUPPORTED(MPI_Recv_c);
int MPI_Recv_init_c(void* buf, MPI_Count count, MPI_Datatype datatype, int source, int tag,
                    MPI_Comm comm, MPI_Request* request) RF_UNSUPPORTED(MPI_Recv_init_c);
int MPI_Reduce_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype,
                 MPI_Op op, int root, MPI_Comm comm) RF_UNSUPPORTED(MPI_Reduce_c);
int MPI_Reduce_init(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                    int root, MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Reduce_init);
int MPI_Reduce_init_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype,
                      MPI_Op op, int root, MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Reduce_init_c);
int MPI_Reduce_local_c(const void* inbuf, void* inoutbuf, MPI_Count count, MPI_Datatype datatype,
                       MPI_Op op) RF_UNSUPPORTED(MPI_Reduce_local_c);
int MPI_Reduce_scatter_block_c(const void* sendbuf, void* recvbuf, MPI_Count recvcount,
                               MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
    RF_UNSUPPORTED(MPI_Reduce_scatter_block_c);
int MPI_Reduce_scatter_block_init(const void* sendbuf, void* recvbuf, int recvcount,
                                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                  MPI_Request* request)
    RF_UNSUPPORTED(MPI_Reduce_scatter_block_init);
int MPI_Reduce_scatter_block_init_c(const void* sendbuf, void* recvbuf, MPI_Count recvcount,
                                    MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                    MPI_Request* request)
    RF_UNSUPPORTED(MPI_Reduce_scatter_block_init_c);
int MPI_Reduce_scatter_c(const void* sendbuf, void* recvbuf, const MPI_Count recvcounts[],
                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
    RF_UNSUPPORTED(MPI_Reduce_scatter_c);
int MPI_Reduce_scatter_init(const void* sendbuf, void* recvbuf, const int recvcounts[],
                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                            MPI_Request* request) RF_UNSUPPORTED(MPI_Reduce_scatter_init);
int MPI_Reduce_scatter_init_c(const void* sendbuf, void* recvbuf, const MPI_Count recvcounts[],
                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                              MPI_Request* request) RF_UNSUPPORTED(MPI_Reduce_scatter_init_c);
int MPI_Register_datarep(const char* datarep, MPI_Datarep_conversion_function* read_conversion_fn,
                         MPI_Datarep_conversion_function* write_conversion_fn,
                         MPI_Datarep_extent_function* dtype_file_extent_fn, void* extra_state)
    RF_UNSUPPORTED(MPI_Register_datarep);
int MPI_Register_datarep_c(const char* datarep,
                           MPI_Datarep_conversion_function_c* read_conversion_fn,
                           MPI_Datarep_conversion_function_c* write_conversion_fn,
                           MPI_Datarep_extent_function* dtype_file_extent_fn, void* extra_state)
    RF_UNSUPPORTED(MPI_Register_datarep_c);
MPI_Fint MPI_Request_c2f(MPI_Request request) RF_UNSUPPORTED(MPI_Request_c2f);
MPI_Request MPI_Request_f2c(MPI_Fint request) RF_UNSUPPORTED(MPI_Request_f2c);
int MPI_Rget_accumulate_c(const void* origin_addr, MPI_Count origin_count,
                          MPI_Datatype origin_datatype, void* result_addr, MPI_Count result_count,
                          MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
                          MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op,
                          MPI_Win win, MPI_Request* request) RF_UNSUPPORTED(MPI_Rget_accumulate_c);
int MPI_Rget_c(void* origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
               int target_rank, MPI_Aint target_disp, MPI_Count target_count,
               MPI_Datatype target_datatype, MPI_Win win, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Rget_c);
int MPI_Rput_c(const void* origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
               int target_rank, MPI_Aint target_disp, MPI_Count target_count,
               MPI_Datatype target_datatype, MPI_Win win, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Rput_c);
int MPI_Rsend_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                MPI_Comm comm) RF_UNSUPPORTED(MPI_Rsend_c);
int MPI_Rsend_init_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                     MPI_Comm comm, MPI_Request* request) RF_UNSUPPORTED(MPI_Rsend_init_c);
int MPI_Scan_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype,
               MPI_Op op, MPI_Comm comm) RF_UNSUPPORTED(MPI_Scan_c);
int MPI_Scan_init(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                  MPI_Comm comm, MPI_Info info, MPI_Request* request) RF_UNSUPPORTED(MPI_Scan_init);
int MPI_Scan_init_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype,
                    MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Scan_init_c);
int MPI_Scatter_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                  MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
    RF_UNSUPPORTED(MPI_Scatter_c);
int MPI_Scatter_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                     int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                     MPI_Request* request) RF_UNSUPPORTED(MPI_Scatter_init);
int MPI_Scatter_init_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                       void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root,
                       MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Scatter_init_c);
int MPI_Scatterv_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                   MPI_Datatype sendtype, void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                   int root, MPI_Comm comm) RF_UNSUPPORTED(MPI_Scatterv_c);
int MPI_Scatterv_init(const void* sendbuf, const int sendcounts[], const int displs[],
                      MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                      int root, MPI_Comm comm, MPI_Info info, MPI_Request* request)
    RF_UNSUPPORTED(MPI_Scatterv_init);
int MPI_Scatterv_init_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                        MPI_Datatype sendtype, void* recvbuf, MPI_Count recvcount,
                        MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                        MPI_Request* request) RF_UNSUPPORTED(MPI_Scatterv_init_c);
int MPI_Send_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
               MPI_Comm comm) RF_UNSUPPORTED(MPI_Send_c);
int MPI_Send_init_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                    MPI_Comm comm, MPI_Request* request) RF_UNSUPPORTED(MPI_Send_init_c);
int MPI_Sendrecv_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest,
                   int sendtag, void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                   int source, int recvtag, MPI_Comm comm, MPI_Status* status)
    RF_UNSUPPORTED(MPI_Sendrecv_c);
int MPI_Sendrecv_replace_c(void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag,
                           int source, int recvtag, MPI_Comm comm, MPI_Status* status)
    RF_UNSUPPORTED(MPI_Sendrecv_replace_c);
MPI_Fint MPI_Session_c2f(MPI_Session session) RF_UNSUPPORTED(MPI_Session_c2f);
int MPI_Session_call_errhandler(MPI_Session session, int errorcode)
    RF_UNSUPPORTED(MPI_Session_call_errhandler);
int MPI_Session_create_errhandler(MPI_Session_errhandler_function* session_errhandler_fn,
                                  MPI_Errhandler* errhandler)
    RF_UNSUPPORTED(MPI_Session_create_errhandler);
MPI_Session MPI_Session_f2c(MPI_Fint session) RF_UNSUPPORTED(MPI_Session_f2c);
int MPI_Session_finalize(MPI_Session* session) RF_UNSUPPORTED(MPI_Session_finalize);
int MPI_Session_get_errhandler(MPI_Session session, MPI_Errhandler* errhandler)
    RF_UNSUPPORTED(MPI_Session_get_errhandler);
int MPI_Session_get_info(MPI_Session session, MPI_Info* info_used)
    RF_UNSUPPORTED(MPI_Session_get_info);
int MPI_Session_get_nth_pset(MPI_Session session, MPI_Info info, int n, int* pset_len,
                             char* pset_name) RF_UNSUPPORTED(MPI_Session_get_nth_pset);
int MPI_Session_get_num_psets(MPI_Session session, MPI_Info info, int* npset_names)
    RF_UNSUPPORTED(MPI_Session_get_num_psets);
int MPI_Session_get_pset_info(MPI_Session session, const char* pset_name, MPI_Info* info)
    RF_UNSUPPORTED(MPI_Session_get_pset_info);
int MPI_Session_init(MPI_Info info, MPI_Errhandler errhandler, MPI_Session* session)
    RF_UNSUPPORTED(MPI_Session_init);
int MPI_Session_set_errhandler(MPI_Session session, MPI_Errhandler errhandler)
    RF_UNSUPPORTED(MPI_Session_set_errhandler);
int MPI_Ssend_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                MPI_Comm comm) RF_UNSUPPORTED(MPI_Ssend_c);
int MPI_Ssend_init_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                     MPI_Comm comm, MPI_Request* request) RF_UNSUPPORTED(MPI_Ssend_init_c);
int MPI_Status_c2f(const MPI_Status* c_status, MPI_Fint* f_status) RF_UNSUPPORTED(MPI_Status_c2f);
int MPI_Status_f2c(const MPI_Fint* f_status, MPI_Status* c_status) RF_UNSUPPORTED(MPI_Status_f2c);
MPI_Fint MPI_Type_c2f(MPI_Datatype datatype) RF_UNSUPPORTED(MPI_Type_c2f);
int MPI_Type_contiguous_c(MPI_Count count, MPI_Datatype oldtype, MPI_Datatype* newtype)
    RF_UNSUPPORTED(MPI_Type_contiguous_c);
int MPI_Type_create_darray_c(int size, int rank, int ndims, const MPI_Count array_of_gsizes[],
                             const int array_of_distribs[], const int array_of_dargs[],
                             const int array_of_psizes[], int order, MPI_Datatype oldtype,
                             MPI_Datatype* newtype) RF_UNSUPPORTED(MPI_Type_create_darray_c);
int MPI_Type_create_f90_complex(int p, int r, MPI_Datatype* newtype)
    RF_UNSUPPORTED(MPI_Type_create_f90_complex);
int MPI_Type_create_f90_integer(int r, MPI_Datatype* newtype)
    RF_UNSUPPORTED(MPI_Type_create_f90_integer);
int MPI_Type_create_f90_real(int p, int r, MPI_Datatype* newtype)
    RF_UNSUPPORTED(MPI_Type_create_f90_real);
int MPI_Type_create_hindexed_block_c(MPI_Count count, MPI_Count blocklength,
                                     const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                     MPI_Datatype* newtype)
    RF_UNSUPPORTED(MPI_Type_create_hindexed_block_c);
int MPI_Type_create_hindexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
                               const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                               MPI_Datatype* newtype) RF_UNSUPPORTED(MPI_Type_create_hindexed_c);
int MPI_Type_create_hvector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride,
                              MPI_Datatype oldtype, MPI_Datatype* newtype)
    RF_UNSUPPORTED(MPI_Type_create_hvector_c);
int MPI_Type_create_indexed_block_c(MPI_Count count, MPI_Count blocklength,
                                    const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                    MPI_Datatype* newtype)
    RF_UNSUPPORTED(MPI_Type_create_indexed_block_c);
int MPI_Type_create_resized_c(MPI_Datatype oldtype, MPI_Count lb, MPI_Count extent,
                              MPI_Datatype* newtype) RF_UNSUPPORTED(MPI_Type_create_resized_c);
int MPI_Type_create_struct_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
                             const MPI_Count array_of_displacements[],
                             const MPI_Datatype array_of_types[], MPI_Datatype* newtype)
    RF_UNSUPPORTED(MPI_Type_create_struct_c);
int MPI_Type_create_subarray_c(int ndims, const MPI_Count array_of_sizes[],
                               const MPI_Count array_of_subsizes[],
                               const MPI_Count array_of_starts[], int order, MPI_Datatype oldtype,
                               MPI_Datatype* newtype) RF_UNSUPPORTED(MPI_Type_create_subarray_c);
MPI_Datatype MPI_Type_f2c(MPI_Fint datatype) RF_UNSUPPORTED(MPI_Type_f2c);
int MPI_Type_get_contents_c(MPI_Datatype datatype, MPI_Count max_integers, MPI_Count max_addresses,
                            MPI_Count max_large_counts, MPI_Count max_datatypes,
                            int array_of_integers[], MPI_Aint array_of_addresses[],
                            MPI_Count array_of_large_counts[], MPI_Datatype array_of_datatypes[])
    RF_UNSUPPORTED(MPI_Type_get_contents_c);
int MPI_Type_get_envelope_c(MPI_Datatype datatype, MPI_Count* num_integers,
                            MPI_Count* num_addresses, MPI_Count* num_large_counts,
                            MPI_Count* num_datatypes, int* combiner)
    RF_UNSUPPORTED(MPI_Type_get_envelope_c);
int MPI_Type_get_extent_c(MPI_Datatype datatype, MPI_Count* lb, MPI_Count* extent)
    RF_UNSUPPORTED(MPI_Type_get_extent_c);
int MPI_Type_get_true_extent_c(MPI_Datatype datatype, MPI_Count* true_lb, MPI_Count* true_extent)
    RF_UNSUPPORTED(MPI_Type_get_true_extent_c);
int MPI_Type_indexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
                       const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                       MPI_Datatype* newtype) RF_UNSUPPORTED(MPI_Type_indexed_c);
int MPI_Type_size_c(MPI_Datatype datatype, MPI_Count* size) RF_UNSUPPORTED(MPI_Type_size_c);
int MPI_Type_vector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride,
                      MPI_Datatype oldtype, MPI_Datatype* newtype)
    RF_UNSUPPORTED(MPI_Type_vector_c);
int MPI_Unpack_c(const void* inbuf, MPI_Count insize, MPI_Count* position, void* outbuf,
                 MPI_Count outcount, MPI_Datatype datatype, MPI_Comm comm)
    RF_UNSUPPORTED(MPI_Unpack_c);
int MPI_Unpack_external_c(const char datarep[], const void* inbuf, MPI_Count insize,
                          MPI_Count* position, void* outbuf, MPI_Count outcount,
                          MPI_Datatype datatype) RF_UNSUPPORTED(MPI_Unpack_external_c);
int MPI_Unpublish_name(const char* service_name, MPI_Info info, const char* port_name)
    RF_UNSUPPORTED(MPI_Unpublish_name);
int MPI_Win_allocate_c(MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm,
                       void* baseptr, MPI_Win* win) RF_UNSUPPORTED(MPI_Win_allocate_c);
int MPI_Win_allocate_shared_c(MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm,
                              void* baseptr, MPI_Win* win)
    RF_UNSUPPORTED(MPI_Win_allocate_shared_c);
MPI_Fint MPI_Win_c2f(MPI_Win win) RF_UNSUPPORTED(MPI_Win_c2f);
int MPI_Win_create_c(void* base, MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm,
                     MPI_Win* win) RF_UNSUPPORTED(MPI_Win_create_c);
MPI_Win MPI_Win_f2c(MPI_Fint win) RF_UNSUPPORTED(MPI_Win_f2c);
int MPI_Win_shared_query_c(MPI_Win win, int rank, MPI_Aint* size, MPI_Aint* disp_unit,
                           void* baseptr) RF_UNSUPPORTED(MPI_Win_shared_query_c);

#ifdef __cplusplus
}
#endif

#endif /* RANKFOLD_MPI_UNSUPPORTED_H */
