"""How rules_rr names targets and packages in messages and paths."""

def display_label(label):
    """`//pkg:name` for the main repository, `@repo//pkg:name` otherwise, in every Bazel version."""
    prefix = "@%s" % label.workspace_name if label.workspace_name else ""
    return "%s//%s:%s" % (prefix, label.package, label.name)

def package_dir(label):
    """The package's directory relative to the execution root ('.' for the root package)."""
    parts = [p for p in [label.workspace_root, label.package] if p]
    return "/".join(parts) if parts else "."

def workspace_path(label, path):
    """A path relative to the label's package, as a path relative to the workspace root."""
    return "%s/%s" % (label.package, path) if label.package else path
