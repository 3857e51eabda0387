// zlib's inflate, for gzip-compressed editing traces.
#ifndef HIGHLIGHTD_CZLIB_SHIM_H
#define HIGHLIGHTD_CZLIB_SHIM_H

#include <zlib.h>

#endif
