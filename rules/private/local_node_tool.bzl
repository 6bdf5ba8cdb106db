"""rr from a local Node.js and an npm-installed rules_rr, for workspaces without rules_js.

The offline integration test uses it (Debian's Bazel has no rules_js); so can teams who install rr
with npm. It runs the Node.js on PATH and rr's node_modules from the checkout, which Bazel does not
track; rr's own compiled code (dist/tools, bin/rr.js, package.json, schemas) is a declared input, so an
rr upgrade changes every rr action's key. The script names the checkout by its real path, not through
the output base, so two clones of a workspace (and two machines with rr and Node at the same paths)
share cache entries.
"""

def _rr_tool_script_impl(ctx):
    out = ctx.actions.declare_file(ctx.label.name + ".sh")
    ctx.actions.expand_template(template = ctx.file.script, output = out, substitutions = {}, is_executable = True)
    return [DefaultInfo(executable = out, files = depset([out]), runfiles = ctx.runfiles(files = ctx.files.data))]

rr_tool_script = rule(
    implementation = _rr_tool_script_impl,
    executable = True,
    doc = "Makes a shell script an executable target that rules can use as their `rr` tool.",
    attrs = {
        "script": attr.label(allow_single_file = True, mandatory = True),
        "data": attr.label_list(allow_files = True, doc = "Files the script runs: its runfiles."),
    },
)

# rr.js is found in the tool's runfiles: beside the script in a build action (`$0.runfiles`), or in
# the runfiles tree of the `bazel run` target that starts it (RUNFILES_DIR). Node follows its symlinks
# to the checkout, where rr's node_modules are.
_SCRIPT = """#!/bin/sh
if [ -d "$0.runfiles" ]; then runfiles="$0.runfiles"; else runfiles="${{RUNFILES_DIR:?rr_local: no runfiles}}"; fi
exec '{node}' --max-semi-space-size=32 "$runfiles/{repo}/bin/rr.js" "$@"
"""

_BUILD = """load("@{rules}//rules/private:local_node_tool.bzl", "rr_tool_script")

rr_tool_script(
    name = "rr",
    script = "rr_local.sh",
    data = glob(["bin/rr.js", "package.json", "dist/tools/**/*.js", "schemas/*.json"]),
    visibility = ["//visibility:public"],
)
"""

def _rr_local_node_repository_impl(rctx):
    node = rctx.which("node")
    if node == None:
        fail("rr_local_node_repository: no `node` on PATH; install Node.js 20.19 or newer")

    # A file of the rules package: the root package loads rules_js, which this workspace may not have.
    # Its real path: the output base's external/ folder differs between clones.
    root = rctx.path(Label("//rules:BUILD.bazel")).realpath.dirname.dirname
    if not root.get_child("dist").exists:
        fail("rr_local_node_repository: %s has no dist/; run `npm ci` there first" % root)
    for part in ["bin", "package.json", "dist/tools", "schemas"]:
        rctx.symlink(rctx.path("%s/%s" % (root, part)), part)
    rctx.file("rr_local.sh", _SCRIPT.format(node = node.realpath, repo = rctx.name), executable = True)
    rctx.file("BUILD.bazel", _BUILD.format(rules = Label("//rules:BUILD.bazel").workspace_name))

rr_local_node_repository = repository_rule(
    implementation = _rr_local_node_repository_impl,
    doc = "A repository with target `:rr` running this checkout's rr with the Node.js on PATH.",
    local = True,
)
