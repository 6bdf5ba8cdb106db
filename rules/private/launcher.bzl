"""The generated shell scripts behind rules_rr's test and run targets."""

def launcher(ctx, template, files, runfiles = None, **fields):
    """Writes a formatted script as the target's executable.

    Args:
      ctx: the rule context.
      template: the script, a format string.
      files: files the script reads at run time (its runfiles).
      runfiles: more runfiles, e.g. a tool's own.
      **fields: values for the template's fields.

    Returns:
      DefaultInfo with the script as executable and its runfiles.
    """
    script = ctx.actions.declare_file(ctx.label.name + ".sh")
    ctx.actions.write(script, template.format(**fields), is_executable = True)
    all_runfiles = ctx.runfiles(files = files)
    if runfiles:
        all_runfiles = all_runfiles.merge(runfiles)
    return DefaultInfo(executable = script, runfiles = all_runfiles)
