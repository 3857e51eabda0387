// glibc's malloc tuning (malloc_trim, mallopt): the daemon gives freed memory back to the
// system when it goes idle after a burst of work.
#ifndef HIGHLIGHTD_CMALLOC_SHIM_H
#define HIGHLIGHTD_CMALLOC_SHIM_H

#include <malloc.h>

#endif
