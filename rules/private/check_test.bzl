"""A test that replays a check computed at build time: prints it, leaves its test.xml, exits with its code."""

load(":providers.bzl", "RrCheckInfo")

_SCRIPT = """#!/bin/sh
# Written by rules_rr: the check ran as a build action; this replays its result.
cat '{check}'
if [ -n "${{XML_OUTPUT_FILE:-}}" ]; then
  cp '{junit}' "$XML_OUTPUT_FILE" && chmod u+w "$XML_OUTPUT_FILE"
fi
exit "$(cat '{exit_code}')"
"""

def _rr_check_test_impl(ctx):
    check = ctx.attr.subject[RrCheckInfo]
    script = ctx.actions.declare_file(ctx.label.name + ".sh")
    ctx.actions.write(
        script,
        _SCRIPT.format(
            check = check.check.short_path,
            junit = check.junit.short_path,
            exit_code = check.exit_code.short_path,
        ),
        is_executable = True,
    )
    files = [check.check, check.junit, check.exit_code]
    return [DefaultInfo(executable = script, runfiles = ctx.runfiles(files = files))]

rr_check_test = rule(
    implementation = _rr_check_test_impl,
    test = True,
    doc = "Replays the check of an rr_model or rr_verification_set target as a test.",
    attrs = {
        "subject": attr.label(mandatory = True, providers = [RrCheckInfo]),
    },
)
