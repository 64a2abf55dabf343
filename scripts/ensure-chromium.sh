#!/usr/bin/env bash
# `npm test` runs this first: the HTML report's test opens a report in Debian's Chromium (the
# registry's package: nothing downloads a browser of its own). Installs it when missing and root.
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "tribunal tests: installing Debian's chromium for the report's browser test" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null 2>&1 && exit 0
fi
echo "tribunal tests: /usr/bin/chromium is missing; install it (apt-get install -y chromium) or the report's browser test fails" >&2
exit 0
