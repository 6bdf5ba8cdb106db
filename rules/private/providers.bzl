"""Providers of rules_rr."""

RrModelInfo = provider(
    doc = "A requirements model read and validated by rr_model.",
    fields = {
        "model_json": "File: the composed model (rr's own JSON form), read by later actions instead of the YAML",
        "diagnostics": "File: JSON {ok, diagnostics} as `rr validate --format json` prints it",
        "srcs": "depset of File: the model's source files",
    },
)

RrCheckInfo = provider(
    doc = "What a check's test prints and reports: the files a rules_rr test replays.",
    fields = {
        "check": "File: the text the test prints",
        "junit": "File: the JUnit XML the test leaves as its test.xml",
        "exit_code": "File: the test's exit code (0 passes)",
    },
)

RrVerificationSetInfo = provider(
    doc = "A verification set's report and the lock an update would write.",
    fields = {
        "report_json": "File: `rr report --format json` of the set",
        "report_txt": "File: the text report",
        "lock": "File: the lock to check in (the checked-in one when an update is refused)",
        "update_refusal": "File: why the lock cannot be updated; empty when it can",
        "lock_path": "string: the lock's path in the workspace",
        "model_json": "File: the composed model the set was analysed with (rr_publish reads it)",
        "evidence": "list of File: the set's evidence, staged and run, below evidence_dir",
        "evidence_dir": "string: the folder of the staged evidence (execroot-relative), or None without evidence",
        "evidence_source": "string: the evidence folder in the workspace, as the pack names it",
        "checked_in_lock": "File or None: the lock the set read",
    },
)

RrTestSourcesInfo = provider(
    doc = "Source files of test targets and their dependencies, scanned for annotations.",
    fields = {"files": "depset of File"},
)

RrTestRunInfo = provider(
    doc = "How a test target runs in a build action: its timeout and its scheduling tags (private).",
    fields = {
        "timeout_seconds": "int: the test's timeout, from its `timeout` or `size`",
        "execution_requirements": "dict of string: the test's tags that schedule or cache actions",
    },
)
