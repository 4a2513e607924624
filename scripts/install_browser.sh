#!/usr/bin/env bash
# Install Debian's Chromium and ChromeDriver for the browser tests (the HTML report, the dashboard)
# and for `sim report --format pdf|png`. Does nothing when both are already there.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install_browser.sh: no apt-get here; install Chromium and ChromeDriver (chromium, chromium-driver) by hand" >&2
    exit 1
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y -q chromium chromium-driver >/dev/null 2>&1 || {
    $SUDO apt-get update -q >/dev/null
    $SUDO apt-get install -y -q chromium chromium-driver >/dev/null
}
chromium --version
