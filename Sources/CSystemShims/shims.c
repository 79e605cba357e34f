// Everything is in include/CSystemShims.h (static inline); SwiftPM wants a source file per C target.
#include "CSystemShims.h"
