"""WORKSPACE-mode setup of rules_rr without rules_js: rr from a local Node.js (see docs/bazel.md)."""

load("//rules/private:local_node_tool.bzl", _rr_local_node_repository = "rr_local_node_repository")

rr_local_node_repository = _rr_local_node_repository
