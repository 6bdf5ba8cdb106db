"""The rr tool attribute shared by every rule: one place to say where rr comes from."""

def rr_tool_attr(cfg):
    """The `rr` attribute: the rr executable, by default the `@rules_rr//rules:rr` flag."""
    return attr.label(
        default = Label("//rules:rr"),
        executable = True,
        cfg = cfg,
        doc = "The rr executable. Defaults to the `@rules_rr//rules:rr` flag (the rules_js binary).",
    )

def rr_viewer_tool_attr():
    """The live viewer's tool: by default the `@rules_rr//rules:rr_viewer` flag (its rules_js binary)."""
    return attr.label(
        default = Label("//rules:rr_viewer"),
        executable = True,
        cfg = "target",
        doc = "The live viewer's executable (`rr-viewer`, or an rr with the viewer package beside it). " +
              "Defaults to the `@rules_rr//rules:rr_viewer` flag.",
    )

# The environment of every action that runs rr. The default tool is a rules_js js_binary, which in a
# build action refuses to start without BAZEL_BINDIR and otherwise changes to that directory; "."
# keeps it in the execution root, where the paths rules_rr passes are. A plain script ignores it.
RR_ACTION_ENV = {"BAZEL_BINDIR": "."}
