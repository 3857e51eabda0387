// libpsl: the Public Suffix List, used to accept bare domains as links.
#ifndef HIGHLIGHTD_CPSL_SHIM_H
#define HIGHLIGHTD_CPSL_SHIM_H

#include <libpsl.h>

#endif
