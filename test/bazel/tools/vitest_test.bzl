"""vitest_test: runs vitest files as a Bazel test with rr's JUnit reporter (writes $XML_OUTPUT_FILE)."""

_SCRIPT = """#!/bin/sh
set -eu
exec '{vitest}' run --root "$PWD" --config "$PWD/{config}" {files}
"""

def _vitest_test_impl(ctx):
    script = ctx.actions.declare_file(ctx.label.name + ".sh")
    tests = [f for f in ctx.files.srcs if f.basename.endswith(".test.mjs")]
    ctx.actions.write(
        script,
        _SCRIPT.format(
            vitest = ctx.file._vitest.short_path,
            config = ctx.file._config.short_path,
            files = " ".join(["'%s'" % f.short_path for f in tests]),
        ),
        is_executable = True,
    )
    files = ctx.files.srcs + [ctx.file._vitest, ctx.file._config]
    return [DefaultInfo(executable = script, runfiles = ctx.runfiles(files = files))]

vitest_test = rule(
    implementation = _vitest_test_impl,
    test = True,
    attrs = {
        "srcs": attr.label_list(allow_files = [".mjs"]),
        "_config": attr.label(default = "@local_vitest//:vitest.config.mjs", allow_single_file = True),
        "_vitest": attr.label(default = "@local_vitest//:vitest.sh", allow_single_file = True),
    },
)
