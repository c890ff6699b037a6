/* a user library */
typedef struct lib lib_t;
int lib_init(lib_t** handle);
int lib_put(lib_t* h, const void* data, int n) CONTRACT(
    PRE { call!(lib_init) MSG "lib_put before lib_init" }
    POST { (call!(lib_flush, 0:0) | call!(lib_close, 0:&0)) MSG "put never flushed",
           no! (call!(lib_put, 0:0)) until! (call!(lib_flush, 0:*0)) });
int lib_close(lib_t* h) CONTRACT(TAGS { lib_done(0), closing });
