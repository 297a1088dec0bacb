/* SPDX-License-Identifier: MIT */
/* Library version. */
#include <config.h>
#include "pdn/version.h"

const char *
pdn_version(void)
{
    return PACKAGE_VERSION;
}
