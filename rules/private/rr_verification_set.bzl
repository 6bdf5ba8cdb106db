"""rr_verification_set: attribution, report and the verification-set lock as build actions."""

load(":check_test.bzl", "rr_check_test")
load(":labels.bzl", "display_label", "package_dir", "workspace_path")
load(":lock_update.bzl", "rr_lock_update")
load(":providers.bzl", "RrCheckInfo", "RrModelInfo", "RrTestRunInfo", "RrTestSourcesInfo", "RrVerificationSetInfo")
load(":rr_tool.bzl", "RR_ACTION_ENV", "rr_tool_attr")
load(":test_sources_aspect.bzl", "rr_test_sources_aspect")

_OUTPUTS = ["report.json", "report.txt", "lock.json", "update_refusal.txt", "check.txt", "test.xml", "exit_code"]

def _evidence_root(ctx):
    """The evidence tree's folder relative to the workspace root ('.' for the root itself)."""
    root = package_dir(ctx.label)
    if ctx.attr.evidence_root:
        root = root + "/" + ctx.attr.evidence_root if root != "." else ctx.attr.evidence_root
    return root

def _stage_evidence(ctx):
    """Links each evidence file into <name>.rr/evidence/ at its path below evidence_root."""
    root = _evidence_root(ctx)
    prefix = "" if root == "." else root + "/"
    staged = []
    for f in ctx.files.evidence:
        # Source files sit at their path; generated ones under bazel-out/... with the same short path.
        path = f.short_path
        if not path.startswith(prefix):
            fail("evidence file %s is not under evidence_root %s" % (path, root))
        link = ctx.actions.declare_file("%s.rr/evidence/%s" % (ctx.label.name, path[len(prefix):]))
        ctx.actions.symlink(output = link, target_file = f)
        staged.append(link)
    return staged

def _testlogs_dir(label):
    """A test's folder in bazel-testlogs: `<package>/<name>`, under `external/<repo>/` for other repos."""
    path = "%s/%s" % (label.package, label.name) if label.package else label.name
    return "external/%s/%s" % (label.workspace_name, path) if label.workspace_name else path

def _run_tests(ctx):
    """Runs each executable test of `tests` once in an action; its test.xml lands in the evidence tree.

    The action is hermetic as far as the test is: its runfiles are its inputs, rr gives it the test
    environment, and it takes the test's timeout and scheduling tags (`local`, `no-remote-exec`,
    `requires-network`, ...), so a remote executor runs it where `bazel test` would.
    """
    results = []
    for test in ctx.attr.tests:
        run = test[DefaultInfo].files_to_run
        if not run or not run.executable:
            continue
        xml = ctx.actions.declare_file("%s.rr/evidence/%s/test.xml" % (ctx.label.name, _testlogs_dir(test.label)))
        args = ctx.actions.args()
        args.add_all(["bazel", "test-results"])
        args.add("--label", display_label(test.label))
        args.add("--exe", run.executable)
        args.add("--workspace", ctx.workspace_name)
        args.add("--xml", xml)
        run_info = test[RrTestRunInfo] if RrTestRunInfo in test else None
        if run_info:
            args.add("--timeout", str(run_info.timeout_seconds))
        ctx.actions.run(
            executable = ctx.executable.rr,
            arguments = [args],
            tools = [run],
            outputs = [xml],
            env = RR_ACTION_ENV,
            mnemonic = "RrTestResults",
            progress_message = "Running %s for %s" % (display_label(test.label), display_label(ctx.label)),
            use_default_shell_env = True,
            execution_requirements = run_info.execution_requirements if run_info else {},
        )
        results.append(xml)
    return results

def _rr_verification_set_impl(ctx):
    model = ctx.attr.model[RrModelInfo]
    outs = {name: ctx.actions.declare_file("%s.rr/%s" % (ctx.label.name, name)) for name in _OUTPUTS}
    evidence = _stage_evidence(ctx) + (_run_tests(ctx) if ctx.attr.run_tests else [])
    sources = depset(
        ctx.files.sources,
        transitive = [t[RrTestSourcesInfo].files for t in ctx.attr.tests if RrTestSourcesInfo in t],
    ).to_list()
    sources_file = ctx.actions.declare_file(ctx.label.name + ".rr/sources.txt")
    ctx.actions.write(sources_file, "".join([f.path + "\n" for f in sources]))
    lock_path = workspace_path(ctx.label, ctx.attr.lock_path)
    update_label = display_label(ctx.label).rsplit(":", 1)[0] + ":" + ctx.label.name + ".update"

    args = ctx.actions.args()
    args.add_all(["bazel", "set"])
    args.add("--label", display_label(ctx.label))
    args.add("--model-json", model.model_json)
    if evidence:
        args.add("--evidence", outs["report.json"].dirname + "/evidence")
        args.add("--evidence-source", _evidence_root(ctx))
    if ctx.file.lock:
        args.add("--lock", ctx.file.lock)
    args.add("--lock-path", lock_path)
    if ctx.file.reviewed:
        args.add("--reviewed", ctx.file.reviewed)
        args.add("--reviewed-path", workspace_path(ctx.label, ctx.attr.reviewed_path))
    args.add("--sources-file", sources_file)
    args.add("--update-command", "bazel run " + update_label)
    if ctx.attr.allow_removals:
        args.add("--allow-removals")
    args.add("--out-dir", outs["report.json"].dirname)
    ctx.actions.run(
        executable = ctx.executable.rr,
        arguments = [args],
        inputs = [model.model_json, sources_file] + evidence + sources + [f for f in [ctx.file.lock, ctx.file.reviewed] if f],
        outputs = outs.values(),
        env = RR_ACTION_ENV,
        mnemonic = "RrVerificationSet",
        progress_message = "Attributing test cases of %s" % display_label(ctx.label),
    )
    return [
        DefaultInfo(files = depset([outs["report.txt"], outs["report.json"], outs["lock.json"]])),
        RrVerificationSetInfo(
            report_json = outs["report.json"],
            report_txt = outs["report.txt"],
            lock = outs["lock.json"],
            update_refusal = outs["update_refusal.txt"],
            lock_path = lock_path,
            model_json = model.model_json,
            evidence = evidence,
            evidence_dir = (outs["report.json"].dirname + "/evidence") if evidence else None,
            evidence_source = _evidence_root(ctx),
            checked_in_lock = ctx.file.lock,
        ),
        RrCheckInfo(check = outs["check.txt"], junit = outs["test.xml"], exit_code = outs["exit_code"]),
    ]

rr_verification_set_rule = rule(
    implementation = _rr_verification_set_impl,
    doc = "Ingests evidence, attributes every case to at most one entity, and computes the report and lock.",
    attrs = {
        "model": attr.label(mandatory = True, providers = [RrModelInfo], doc = "An rr_model target."),
        "tests": attr.label_list(
            aspects = [rr_test_sources_aspect],
            doc = "Test targets: run once for their results (run_tests) and scanned for annotations.",
        ),
        "evidence": attr.label_list(
            allow_files = [".xml", ".json"],
            doc = "Result files laid out like bazel-testlogs below evidence_root (records/, test.xml trees).",
        ),
        "evidence_root": attr.string(doc = "Folder of the evidence tree, relative to the package."),
        "run_tests": attr.bool(
            default = True,
            doc = "Run each test of `tests` once in a build action and read its test.xml as evidence.",
        ),
        "sources": attr.label_list(allow_files = True, doc = "More source files to scan for annotations."),
        "lock": attr.label(allow_single_file = True, doc = "The checked-in lock, when it exists."),
        "lock_path": attr.string(mandatory = True, doc = "The lock's path relative to the package."),
        "reviewed": attr.label(
            allow_single_file = True,
            doc = "The review stamps (docs/change-control.md), when they exist: suspect links are reported.",
        ),
        "reviewed_path": attr.string(default = "rr.reviewed", doc = "The stamps' path relative to the package."),
        "allow_removals": attr.bool(doc = "Drop lock entries whose cases no longer have an owner."),
        "rr": rr_tool_attr("exec"),
    },
)

def rr_verification_set(
        name,
        model,
        tests = [],
        evidence = [],
        evidence_root = "",
        sources = [],
        run_tests = True,
        lock = "rr.lock.json",
        reviewed = "rr.reviewed",
        allow_removals = False,
        tags = [],
        visibility = None,
        **kwargs):
    """A verification set `name`, its test `name_test` and the lock writer `name.update`.

    Args:
      name: the set's target; `name_test` fails when the checked-in lock is out of date or the
        analysis finds errors; `bazel run :name.update` writes the computed lock into the workspace.
      model: an rr_model target.
      tests: test targets; each runs once in a build action (its test.xml becomes evidence of the
        set, at its bazel-testlogs path) and its sources are scanned for `@verifies`-style annotations.
      evidence: result files (JUnit XML, records) laid out like bazel-testlogs below evidence_root.
      evidence_root: the evidence tree's folder, relative to the package.
      sources: more files to scan for annotations.
      run_tests: run the tests for their results; False reads declared evidence only.
      lock: the lock's path relative to the package; it need not exist yet.
      reviewed: the review stamps' path relative to the package (docs/change-control.md); while they
        exist, suspect links are reported, and fail the test when config.rules makes suspect-link an error.
      allow_removals: drop lock entries whose cases no longer have an owner.
      tags: tags of every target.
      visibility: visibility of the set target.
      **kwargs: passed to the set rule (for example `rr`).
    """

    # A glob, not a label: the lock does not exist before the first update.
    existing = native.glob([lock], allow_empty = True)
    stamps = native.glob([reviewed], allow_empty = True)

    # Test targets are testonly, and so is whatever depends on them.
    testonly = kwargs.pop("testonly", False) or bool(tests)
    rr_verification_set_rule(
        name = name,
        model = model,
        tests = tests,
        evidence = evidence,
        evidence_root = evidence_root,
        sources = sources,
        run_tests = run_tests,
        lock = existing[0] if existing else None,
        lock_path = lock,
        reviewed = stamps[0] if stamps else None,
        reviewed_path = reviewed,
        allow_removals = allow_removals,
        tags = tags,
        testonly = testonly,
        visibility = visibility,
        **kwargs
    )
    rr_check_test(name = name + "_test", subject = ":" + name, tags = tags)
    rr_lock_update(name = name + ".update", set = ":" + name, tags = tags, testonly = testonly)
