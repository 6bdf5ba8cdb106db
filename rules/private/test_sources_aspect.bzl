"""An aspect collecting the source files of test targets and their dependencies, for annotation scanning."""

load(":providers.bzl", "RrTestSourcesInfo")

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
    return [RrTestSourcesInfo(files = depset(own, transitive = transitive))]

rr_test_sources_aspect = aspect(
    implementation = _rr_test_sources_aspect_impl,
    attr_aspects = ["deps"],
    doc = "Collects `srcs` of a test target and, through `deps`, of what it depends on.",
)
