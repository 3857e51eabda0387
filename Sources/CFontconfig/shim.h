#ifndef HIGHLIGHTD_CFONTCONFIG_SHIM_H
#define HIGHLIGHTD_CFONTCONFIG_SHIM_H
// fontconfig: font names (and fallbacks for characters a font lacks) to font files.
#include <fontconfig/fontconfig.h>
#endif
