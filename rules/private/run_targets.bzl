"""rr_editor and rr_viewer: `bazel run` targets that start rr's servers on the workspace's files."""

load(":labels.bzl", "workspace_path")
load(":launcher.bzl", "launcher")
load(":rr_tool.bzl", "rr_tool_attr", "rr_viewer_tool_attr")

# rr itself resolves relative arguments against BUILD_WORKING_DIRECTORY (where the user ran bazel), so
# `bazel run //:viewer -- --root live` means ./live there; paths the rule fixes are workspace paths.
_SCRIPT = """#!/bin/sh
# Written by rules_rr.
set -eu
if [ -z "${{BUILD_WORKSPACE_DIRECTORY:-}}" ]; then
  echo "run this with bazel run" >&2
  exit 2
fi
# A runfiles-aware tool (a rules_js binary) finds its files through RUNFILES_DIR.
RUNFILES_DIR="${{RUNFILES_DIR:-$(cd .. && pwd)}}"
export RUNFILES_DIR
exec '{tool}' {args} "$@"
"""

def _quote(word):
    return "'" + word.replace("'", "'\\''") + "'"

def _run_target(ctx, args):
    return [launcher(
        ctx,
        _SCRIPT,
        [ctx.executable.rr],
        runfiles = ctx.attr.rr[DefaultInfo].default_runfiles,
        tool = ctx.executable.rr.short_path,
        args = " ".join(args),
    )]

def _workspace_arg(ctx, path):
    return '"$BUILD_WORKSPACE_DIRECTORY"/' + _quote(workspace_path(ctx.label, path))

def _rr_editor_impl(ctx):
    args = ["serve", "--model", _workspace_arg(ctx, ctx.attr.model_dir)]
    if ctx.attr.evidence_dir:
        args += ["--evidence", _workspace_arg(ctx, ctx.attr.evidence_dir)]
    return _run_target(ctx, args + [_quote(a) for a in ctx.attr.args_before])

def _rr_viewer_impl(ctx):
    return _run_target(ctx, ["view"] + [_quote(a) for a in ctx.attr.args_before])

def _rr_cli_impl(ctx):
    return _run_target(ctx, [_quote(a) for a in ctx.attr.args_before])

_COMMON = {
    "args_before": attr.string_list(doc = "Arguments placed before the ones given after `--`."),
    "rr": rr_tool_attr("target"),
}

rr_editor = rule(
    implementation = _rr_editor_impl,
    executable = True,
    doc = "`bazel run` starts the model editor (`rr serve`) on the workspace's model files.",
    attrs = dict(_COMMON, **{
        "model_dir": attr.string(default = ".", doc = "The model's folder, relative to the package."),
        "evidence_dir": attr.string(doc = "An evidence folder (e.g. a bazel-testlogs link), relative to the package."),
    }),
)

rr_viewer = rule(
    implementation = _rr_viewer_impl,
    executable = True,
    doc = "`bazel run` starts the live viewer (`rr view`); `-- --root DIR` is relative to where bazel ran.",
    attrs = {
        "args_before": attr.string_list(doc = "Arguments placed before the ones given after `--`."),
        "rr": rr_viewer_tool_attr(),
    },
)

rr_cli = rule(
    implementation = _rr_cli_impl,
    executable = True,
    doc = "`bazel run` runs the rr command line in the directory bazel was run from.",
    attrs = _COMMON,
)
