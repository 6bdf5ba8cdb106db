"""vitest from the rules_rr checkout's node_modules, for the offline test workspace (no rules_js)."""

_RUN = """#!/bin/sh
exec '{node}' '{vitest}' "$@"
"""

# Paths are absolute: test files in a runfiles tree cannot resolve packages by walking up.
_CONFIG = """export default {{
  cacheDir: process.env.TEST_TMPDIR,
  resolve: {{
    preserveSymlinks: true,
    alias: {{ 'rules-rr/vitest': '{rr}/dist/tools/vitest/verifies.js' }},
  }},
  test: {{
    globals: true,
    include: ['**/*.test.mjs'],
    reporters: ['default', '{rr}/dist/tools/vitest/junit-reporter.js'],
  }},
}};
"""

_BUILD = """exports_files(["vitest.sh", "vitest.config.mjs"])
"""

def _local_vitest_repository_impl(rctx):
    node = rctx.which("node")
    if node == None:
        fail("no `node` on PATH")

    # The real path: the output base (and so external/rules_rr) differs between clones.
    rr = rctx.path(Label("@rules_rr//rules:BUILD.bazel")).realpath.dirname.dirname
    rctx.file("vitest.sh", _RUN.format(node = node, vitest = "%s/node_modules/vitest/vitest.mjs" % rr), executable = True)
    rctx.file("vitest.config.mjs", _CONFIG.format(rr = rr))
    rctx.file("BUILD.bazel", _BUILD)

local_vitest_repository = repository_rule(
    implementation = _local_vitest_repository_impl,
    local = True,
)
