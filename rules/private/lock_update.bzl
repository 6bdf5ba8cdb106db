"""rr_lock_update: `bazel run` writes a verification set's computed lock into the workspace."""

load(":labels.bzl", "display_label")
load(":launcher.bzl", "launcher")
load(":providers.bzl", "RrVerificationSetInfo")

_SCRIPT = """#!/bin/sh
# Written by rules_rr: copies the lock computed by {label} into the workspace.
set -eu
if [ -s '{refusal}' ]; then
  cat '{refusal}' >&2
  exit 1
fi
if [ -z "${{BUILD_WORKSPACE_DIRECTORY:-}}" ]; then
  echo "run this with: bazel run {update}" >&2
  exit 2
fi
dest="$BUILD_WORKSPACE_DIRECTORY/{lock_path}"
# Same folder, then rename: the lock is the old file or the new one, never half of one.
tmp="$dest.rr-update.$$"
cp '{lock}' "$tmp"
chmod 644 "$tmp"
mv "$tmp" "$dest"
echo "wrote {lock_path}"
"""

def _rr_lock_update_impl(ctx):
    info = ctx.attr.set[RrVerificationSetInfo]
    return [launcher(
        ctx,
        _SCRIPT,
        [info.lock, info.update_refusal],
        label = display_label(ctx.attr.set.label),
        update = display_label(ctx.label),
        refusal = info.update_refusal.short_path,
        lock = info.lock.short_path,
        lock_path = info.lock_path,
    )]

rr_lock_update = rule(
    implementation = _rr_lock_update_impl,
    executable = True,
    doc = "Writes the lock an rr_verification_set computed into the workspace (the write_source_files pattern).",
    attrs = {"set": attr.label(mandatory = True, providers = [RrVerificationSetInfo])},
)
