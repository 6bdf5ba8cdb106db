"""Public API of rules_rr: requirements models, verification sets and rr's servers in Bazel.

Load from here; rules/private/ may change between releases. See docs/bazel.md.
"""

load("//rules/private:providers.bzl", _RrCheckInfo = "RrCheckInfo", _RrModelInfo = "RrModelInfo", _RrTestSourcesInfo = "RrTestSourcesInfo", _RrVerificationSetInfo = "RrVerificationSetInfo")
load("//rules/private:rr_model.bzl", _rr_model = "rr_model")
load("//rules/private:rr_publish.bzl", _rr_publish = "rr_publish")
load("//rules/private:rr_verification_set.bzl", _rr_verification_set = "rr_verification_set")
load("//rules/private:run_targets.bzl", _rr_cli = "rr_cli", _rr_editor = "rr_editor", _rr_viewer = "rr_viewer")
load("//rules/private:test_sources_aspect.bzl", _rr_test_sources_aspect = "rr_test_sources_aspect")

rr_model = _rr_model
rr_verification_set = _rr_verification_set
rr_publish = _rr_publish
rr_editor = _rr_editor
rr_viewer = _rr_viewer
rr_cli = _rr_cli
rr_test_sources_aspect = _rr_test_sources_aspect

RrModelInfo = _RrModelInfo
RrVerificationSetInfo = _RrVerificationSetInfo
RrCheckInfo = _RrCheckInfo
RrTestSourcesInfo = _RrTestSourcesInfo
