// Most of the shims are static inline in include/CSystemShims.h; the ones whose headers clash
// with Swift's Glibc module when read with _GNU_SOURCE live here.
#include "CSystemShims.h"

#ifdef __linux__
#include <sys/resource.h>

int csystem_limit_file_size(pid_t pid, uint64_t bytes) {
    struct rlimit limit = {.rlim_cur = bytes, .rlim_max = bytes};
    return prlimit(pid, RLIMIT_FSIZE, &limit, NULL);
}
#endif
