"""A test that replays a check computed at build time: prints it, leaves its test.xml, exits with its code."""

load(":launcher.bzl", "launcher")
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
    return [launcher(
        ctx,
        _SCRIPT,
        [check.check, check.junit, check.exit_code],
        check = check.check.short_path,
        junit = check.junit.short_path,
        exit_code = check.exit_code.short_path,
    )]

rr_check_test = rule(
    implementation = _rr_check_test_impl,
    test = True,
    doc = "Replays the check of an rr_model or rr_verification_set target as a test.",
    attrs = {
        "subject": attr.label(mandatory = True, providers = [RrCheckInfo]),
    },
)
