"""rr_model: loads and validates a requirements model as a build action."""

load(":check_test.bzl", "rr_check_test")
load(":labels.bzl", "display_label", "package_dir")
load(":providers.bzl", "RrCheckInfo", "RrModelInfo")
load(":rr_tool.bzl", "RR_ACTION_ENV", "rr_tool_attr")

_OUTPUTS = ["model.json", "diagnostics.json", "check.txt", "test.xml", "exit_code"]

def _rr_model_impl(ctx):
    srcs = ctx.files.srcs + ctx.files.config
    srcs_file = ctx.actions.declare_file(ctx.label.name + ".rr/srcs.txt")
    ctx.actions.write(srcs_file, "".join([f.path + "\n" for f in srcs]))
    outs = {name: ctx.actions.declare_file("%s.rr/%s" % (ctx.label.name, name)) for name in _OUTPUTS}

    args = ctx.actions.args()
    args.add_all(["bazel", "model"])
    args.add("--label", display_label(ctx.label))
    args.add("--root", package_dir(ctx.label))
    args.add("--srcs-file", srcs_file)
    args.add("--out-dir", outs["model.json"].dirname)
    ctx.actions.run(
        executable = ctx.executable.rr,
        arguments = [args],
        inputs = srcs + [srcs_file],
        outputs = outs.values(),
        env = RR_ACTION_ENV,
        mnemonic = "RrModel",
        progress_message = "Validating rr model %s" % display_label(ctx.label),
    )
    return [
        DefaultInfo(files = depset([outs["model.json"], outs["check.txt"]])),
        RrModelInfo(
            model_json = outs["model.json"],
            diagnostics = outs["diagnostics.json"],
            srcs = depset(srcs),
        ),
        RrCheckInfo(check = outs["check.txt"], junit = outs["test.xml"], exit_code = outs["exit_code"]),
    ]

rr_model_rule = rule(
    implementation = _rr_model_impl,
    doc = "Loads and validates a requirements model; the action never fails on model errors, its test does.",
    attrs = {
        "srcs": attr.label_list(
            allow_files = [".yaml", ".yml", ".json"],
            mandatory = True,
            doc = "Model files (YAML or JSON), usually a glob of the model's folder.",
        ),
        "config": attr.label(
            allow_single_file = [".yaml", ".yml", ".json"],
            doc = "A file holding the model's `config` document, when it is not among srcs.",
        ),
        "rr": rr_tool_attr("exec"),
    },
)

def rr_model(name, srcs, config = None, tags = [], visibility = None, **kwargs):
    """A model target `name` and its test `name_test`, which fails on validate errors.

    Args:
      name: the model target; `name_test` is its test.
      srcs: model files.
      config: a file with the model's config document, when not among srcs.
      tags: tags of both targets.
      visibility: visibility of the model target.
      **kwargs: passed to the model rule (for example `rr`).
    """
    rr_model_rule(name = name, srcs = srcs, config = config, tags = tags, visibility = visibility, **kwargs)
    rr_check_test(name = name + "_test", subject = ":" + name, tags = tags)
