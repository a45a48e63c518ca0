#!/bin/bash
# Runs a window test on an Xvfb screen of SIZE (WxH) under openbox, as a laptop user's desktop:
#   run_under_wm.sh 1366x768 ./tst_wm_firstwindow
# Needs xvfb and openbox (packaging/test-deps.txt); says so and fails without them.
set -u
size=$1
shift
for tool in xvfb-run openbox; do
    if ! command -v "$tool" > /dev/null; then
        echo "run_under_wm.sh: $tool is missing; install xvfb and openbox (packaging/test-deps.txt)" >&2
        exit 1
    fi
done
exec xvfb-run -a -s "-screen 0 ${size}x24" bash -c '
    openbox --sm-disable > /dev/null 2>&1 &
    wm=$!
    sleep 1
    QT_QPA_PLATFORM=xcb "$@"
    rc=$?
    kill $wm 2> /dev/null
    exit $rc' run_under_wm "$@"
