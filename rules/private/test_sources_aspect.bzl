"""An aspect collecting the source files of test targets and their dependencies, for annotation scanning."""

load(":providers.bzl", "RrTestRunInfo", "RrTestSourcesInfo")

# Seconds of Bazel's test timeouts, and the timeout each test size implies.
_TIMEOUTS = {"short": 60, "moderate": 300, "long": 900, "eternal": 3600}
_SIZE_TIMEOUTS = {"small": "short", "medium": "moderate", "large": "long", "enormous": "eternal"}

# Tags that say where and whether a test may run or be cached: they apply as much to the build
# action that runs it for a verification set as to `bazel test` (docs/bazel.md).
_SCHEDULING_TAGS = [
    "block-network",
    "local",
    "no-cache",
    "no-remote",
    "no-remote-cache",
    "no-remote-cache-upload",
    "no-remote-exec",
    "no-sandbox",
    "requires-network",
]

def _test_run_info(rule_attr):
    timeout = getattr(rule_attr, "timeout", "") or _SIZE_TIMEOUTS.get(getattr(rule_attr, "size", ""), "moderate")
    tags = getattr(rule_attr, "tags", [])
    return RrTestRunInfo(
        timeout_seconds = _TIMEOUTS.get(timeout, 300),
        execution_requirements = {t: "" for t in tags if t in _SCHEDULING_TAGS or t.startswith("requires-")},
    )

def _main_repo_sources(files):
    # Only the workspace's own sources: annotations in external code are not the project's.
    return [f for f in files if f.is_source and not f.owner.workspace_name]

def _rr_test_sources_aspect_impl(_target, ctx):
    own = []
    if hasattr(ctx.rule.files, "srcs"):
        own = _main_repo_sources(ctx.rule.files.srcs)
    transitive = [
        dep[RrTestSourcesInfo].files
        for dep in getattr(ctx.rule.attr, "deps", [])
        if RrTestSourcesInfo in dep
    ]
    return [RrTestSourcesInfo(files = depset(own, transitive = transitive)), _test_run_info(ctx.rule.attr)]

rr_test_sources_aspect = aspect(
    implementation = _rr_test_sources_aspect_impl,
    attr_aspects = ["deps"],
    doc = "Collects `srcs` of a test target and, through `deps`, of what it depends on.",
)
