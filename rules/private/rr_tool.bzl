"""The rr tool attribute shared by every rule: one place to say where rr comes from."""

def rr_tool_attr(cfg):
    """The `rr` attribute: the rr executable, by default the `@rules_rr//rules:rr` flag."""
    return attr.label(
        default = Label("//rules:rr"),
        executable = True,
        cfg = cfg,
        doc = "The rr executable. Defaults to the `@rules_rr//rules:rr` flag (the rules_js binary).",
    )
