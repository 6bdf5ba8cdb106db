"""rr from a local Node.js and an npm-installed rules_rr, for workspaces without rules_js.

The offline integration test uses it (Debian's Bazel has no rules_js); so can teams who install rr
with npm. The script is not hermetic: it runs whatever Node and rr build are installed.
"""

def _rr_tool_script_impl(ctx):
    out = ctx.actions.declare_file(ctx.label.name + ".sh")
    ctx.actions.expand_template(template = ctx.file.script, output = out, substitutions = {}, is_executable = True)
    return [DefaultInfo(executable = out, files = depset([out]))]

rr_tool_script = rule(
    implementation = _rr_tool_script_impl,
    executable = True,
    doc = "Makes a shell script an executable target that rules can use as their `rr` tool.",
    attrs = {"script": attr.label(allow_single_file = True, mandatory = True)},
)

_SCRIPT = """#!/bin/sh
exec '{node}' --max-semi-space-size=32 '{rr}' "$@"
"""

_BUILD = """load("@{rules}//rules/private:local_node_tool.bzl", "rr_tool_script")

rr_tool_script(
    name = "rr",
    script = "rr_local.sh",
    visibility = ["//visibility:public"],
)
"""

def _rr_local_node_repository_impl(rctx):
    node = rctx.which("node")
    if node == None:
        fail("rr_local_node_repository: no `node` on PATH; install Node.js 20.19 or newer")

    # A file of the rules package: the root package loads rules_js, which this workspace may not have.
    root = rctx.path(Label("//rules:BUILD.bazel")).dirname.dirname
    rr = root.get_child("bin").get_child("rr.js")
    if not root.get_child("dist").exists:
        fail("rr_local_node_repository: %s has no dist/; run `npm ci` there first" % root)
    rctx.file("rr_local.sh", _SCRIPT.format(node = node, rr = rr), executable = True)
    rctx.file("BUILD.bazel", _BUILD.format(rules = Label("//rules:BUILD.bazel").workspace_name))

rr_local_node_repository = repository_rule(
    implementation = _rr_local_node_repository_impl,
    doc = "A repository with target `:rr` running this checkout's rr with the Node.js on PATH.",
    local = True,
)
