#!/bin/sh
# SPDX-License-Identifier: MIT
# embed.sh FILE...: the C source of ex_asset (tools/db/explore.h), which
# gives each FILE's bytes by its base name: the explorer's page is built
# into pdn-db, so that the server reads no file at run time.
set -e
echo '/* Made by tools/db/embed.sh from tools/db/web: do not edit. */'
echo '#include <stddef.h>'
echo '#include <string.h>'
n=0
for f in "$@"; do
    printf 'static const char asset%d[] = {\n' "$n"
    od -An -v -tx1 "$f" | sed -e 's/  */ /g' -e 's/^ //' -e '/^$/d' \
        -e 's/\([0-9a-f][0-9a-f]\)/0x\1,/g'
    printf '0x00};\n'
    n=$((n + 1))
done
echo 'const char *ex_asset(const char *name, size_t *len, const char **type);'
echo 'const char *'
echo 'ex_asset(const char *name, size_t *len, const char **type)'
echo '{'
n=0
for f in "$@"; do
    base=${f##*/}
    case $base in
    *.html) t='text/html; charset=utf-8' ;;
    *.js) t='text/javascript; charset=utf-8' ;;
    *.css) t='text/css; charset=utf-8' ;;
    *) t='application/octet-stream' ;;
    esac
    printf '    if (strcmp(name, "%s") == 0) {\n' "$base"
    printf '        *len = sizeof asset%d - 1;\n' "$n"
    printf '        *type = "%s";\n' "$t"
    printf '        return asset%d;\n    }\n' "$n"
    n=$((n + 1))
done
echo '    return NULL;'
echo '}'
