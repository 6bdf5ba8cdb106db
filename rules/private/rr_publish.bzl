"""rr_publish: the audit pack of a verification set (docs/publish.md) as a build action."""

load(":labels.bzl", "display_label")
load(":providers.bzl", "RrVerificationSetInfo")
load(":rr_tool.bzl", "RR_ACTION_ENV", "rr_tool_attr")

def _rr_publish_impl(ctx):
    rr_set = ctx.attr.set[RrVerificationSetInfo]
    pack = ctx.actions.declare_directory(ctx.label.name + ".pack")
    archive = ctx.actions.declare_file(ctx.label.name + ".zip")
    args = ctx.actions.args()
    args.add_all(["bazel", "publish"])
    args.add("--label", display_label(ctx.label))
    args.add("--model-json", rr_set.model_json)
    if rr_set.evidence_dir:
        args.add("--evidence", rr_set.evidence_dir)
        args.add("--evidence-source", rr_set.evidence_source)
    if rr_set.checked_in_lock:
        args.add("--lock", rr_set.checked_in_lock)
    args.add("--lock-path", rr_set.lock_path)
    args.add("--out-dir", pack.path)
    args.add("--zip", archive)
    inputs = [rr_set.model_json] + rr_set.evidence + ([rr_set.checked_in_lock] if rr_set.checked_in_lock else [])

    # Stamped (stamp = 1, or -1 under --stamp): the stable status names the baseline commit. Only then
    # is the status file an input, so an unstamped pack stays cacheable across commits.
    if ctx.attr.stamp == 1 or (ctx.attr.stamp == -1 and ctx.attr.private_stamp_detect):
        args.add("--status-file", ctx.info_file)
        inputs.append(ctx.info_file)
    ctx.actions.run(
        executable = ctx.executable.rr,
        arguments = [args],
        inputs = inputs,
        outputs = [pack, archive],
        env = RR_ACTION_ENV,
        mnemonic = "RrPublish",
        progress_message = "Publishing the audit pack of %s" % display_label(ctx.attr.set.label),
    )
    return [DefaultInfo(files = depset([pack, archive]))]

rr_publish_rule = rule(
    implementation = _rr_publish_impl,
    doc = "The audit pack of a verification set: a static site (`<name>.pack/`) and the same as `<name>.zip`.",
    attrs = {
        "set": attr.label(
            mandatory = True,
            providers = [RrVerificationSetInfo],
            doc = "An rr_verification_set target: its model, lock and evidence are published.",
        ),
        "rr": rr_tool_attr("exec"),
        "stamp": attr.int(
            default = -1,
            values = [-1, 0, 1],
            doc = "1: name the baseline from the workspace status; 0: never; -1: when built with --stamp.",
        ),
        "private_stamp_detect": attr.bool(
            default = False,
            doc = "Set by the rr_publish macro: whether --stamp is on.",
        ),
    },
)

def rr_publish(name, set, stamp = -1, testonly = True, tags = [], visibility = None, **kwargs):
    """The audit pack `name`: `bazel build :name` writes `name.pack/` and `name.zip`.

    Args:
      name: the pack's target.
      set: an rr_verification_set target; its model, checked-in lock and evidence are published.
      stamp: 1 names the baseline commit, tag and date from the workspace status
        (STABLE_RR_BASELINE_COMMIT, _TAG, _DATE, _MODIFIED); 0 never; -1 (default) when built with --stamp.
      testonly: a set with tests is testonly, and so is what depends on it.
      tags: tags of the target.
      visibility: visibility of the target.
      **kwargs: passed to the rule (for example `rr`).
    """
    rr_publish_rule(
        name = name,
        set = set,
        stamp = stamp,
        private_stamp_detect = select({
            str(Label("//rules/private:stamp_detect")): True,
            "//conditions:default": False,
        }),
        testonly = testonly,
        tags = tags,
        visibility = visibility,
        **kwargs
    )
