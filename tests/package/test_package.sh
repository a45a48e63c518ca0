#!/usr/bin/env bash
# The Debian package: builds the .deb with CPack from BUILD_DIR (already built), checks what it
# holds, runs lintian, desktop-file-validate and appstreamcli on it where they are installed
# (packaging/test-deps.txt lists them, so CI has them), then unpacks it into a scratch root and
# runs the installed headroom-cli and headroom --screenshot from there, with the package's own
# data files (HEADROOM_DATA_DIR unset).
#   tests/package/test_package.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cd "$scratch"
if ! cpack --config "$build/CPackConfig.cmake" -G DEB -B "$scratch/out" >cpack.log 2>&1; then
    cat cpack.log >&2
    fail "cpack -G DEB"
fi
deb=$(ls "$scratch"/out/headroom_*.deb)
echo "package: $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"
dpkg-deb --field "$deb"

root=$scratch/root
dpkg-deb -x "$deb" "$root"
for f in usr/bin/headroom usr/bin/headroom-cli usr/libexec/headroom/headroom-report usr/share/doc/headroom/copyright \
         usr/share/doc/headroom/changelog.Debian.gz usr/share/man/man1/headroom.1.gz \
         usr/share/man/man1/headroom-cli.1.gz usr/share/applications/io.github.headroom.Headroom.desktop \
         usr/share/metainfo/io.github.headroom.Headroom.metainfo.xml \
         usr/share/icons/hicolor/scalable/apps/io.github.headroom.Headroom.svg usr/share/headroom/gpus.json \
         usr/share/headroom/examples/article-7b.json; do
    [ -f "$root/$f" ] || fail "the package lacks /$f"
done
head -n1 "$root/usr/share/doc/headroom/copyright" | grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' \
    || fail "the copyright file is not in the machine-readable format"
# Stripped: no debugging sections left in the executables.
for b in bin/headroom bin/headroom-cli libexec/headroom/headroom-report; do
    if readelf -S "$root/usr/$b" | grep -q '\.debug_info'; then fail "/usr/$b is not stripped"; fi
done
# Every file 0644 or 0755 and owned by root, as dpkg-deb --contents lists them.
if dpkg-deb --contents "$deb" | awk '$1 !~ /^(-rw-r--r--|-rwxr-xr-x|drwxr-xr-x|lrwxrwxrwx)$/ || $2 != "root/root"' | grep .; then
    fail "files with other permissions or owners"
fi

if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$root/usr/share/applications/io.github.headroom.Headroom.desktop" || fail desktop-file-validate
fi
if command -v appstreamcli >/dev/null; then
    appstreamcli validate --no-net "$root/usr/share/metainfo/io.github.headroom.Headroom.metainfo.xml" || fail "appstreamcli validate"
fi
if command -v lintian >/dev/null; then
    # Errors fail; warnings are printed for whoever reads the log.
    lintian --fail-on error --display-info "$deb" || fail "lintian reports errors"
    echo "lintian: no errors"
fi

# The installed programs, with the data files the package installed beside them.
unset HEADROOM_DATA_DIR
export HOME=$scratch/home XDG_CONFIG_HOME=$scratch/home/.config XDG_DATA_HOME=$scratch/home/.local/share
mkdir -p "$HOME"
cli=$root/usr/bin/headroom-cli
# The guide's worked example (README): 112 GB of model state plus 35.97 GB of activations,
# 147,970,351,104 bytes.
json=$("$cli" estimate --params 7e9 --layers 32 --hidden 4096 --heads 32 --batch 1 --seq 2048 \
    --recipe fp16-master --optimizer adamw --activations textbook --overhead 0 --json)
grep -q '"total": *147970351104\b' <<<"$json" || fail "the installed CLI's per-GPU total is not 147970351104: $json"
# Captured first: grep -q stops reading early, and pipefail would count the writer's SIGPIPE.
gpus=$("$cli" gpus)
grep -q 'a100-80gb' <<<"$gpus" || fail "the installed CLI does not list its GPU catalogue"
help=$("$cli" --lang zh_CN --help)
grep -q '用法' <<<"$help" || fail "the installed CLI has no Chinese"
# `report` runs the installed headroom-report from libexec (the CLI itself loads no GUI library).
QT_QPA_PLATFORM=offscreen "$cli" report --preset gpt2 --output "$scratch/report.md" || fail "the installed CLI wrote no report"
[ -s "$scratch/report.md" ] && [ -s "$scratch/report-files/breakdown.png" ] || fail "the installed report lacks its text or charts"
echo "headroom-cli: ok"

QT_QPA_PLATFORM=offscreen "$root/usr/bin/headroom" --screenshot "$scratch/window.png" --size 1280x800
[ "$(head -c 8 "$scratch/window.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "no PNG from headroom --screenshot"
# The PNG header's width and height (big-endian, bytes 16..23): the size asked for.
[ "$(od -An -tu1 -j16 -N8 "$scratch/window.png" | tr -s ' ' | sed 's/^ //')" = "0 0 5 0 0 0 3 32" ] \
    || fail "the screenshot is not 1280x800"
echo "headroom --screenshot: ok"
