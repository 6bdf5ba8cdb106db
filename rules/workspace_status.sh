#!/bin/sh
# A workspace status command for stamped builds of rr_publish (docs/publish.md): names the commit the
# pack is built from, its tag, its author date and whether the working tree differs from it. Copy it
# into your repository and add to .bazelrc, e.g.:
#   build:release --stamp --workspace_status_command=tools/workspace_status.sh
commit=$(git rev-parse HEAD 2>/dev/null) || exit 0
echo "STABLE_RR_BASELINE_COMMIT $commit"
echo "STABLE_RR_BASELINE_TAG $(git tag --points-at HEAD 2>/dev/null | LC_ALL=C sort | head -n 1)"
echo "STABLE_RR_BASELINE_DATE $(git show -s --format=%aI HEAD)"
if git diff --quiet HEAD 2>/dev/null; then
  echo "STABLE_RR_BASELINE_MODIFIED 0"
else
  echo "STABLE_RR_BASELINE_MODIFIED 1"
fi
