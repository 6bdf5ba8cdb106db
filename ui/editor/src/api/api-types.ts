// The editor API's answers as the server builds them: type-only imports from the server's own modules
// (erased by the bundler), so the page and the server cannot drift apart silently. docs/api.md describes
// them in words.
export type { Config } from '../../../../tools/model/config.js';
export type { Diagnostic } from '../../../../tools/model/diagnostic.js';
export type { EntityKind } from '../../../../tools/model/entity.js';
export type { LedgerRow } from '../../../../tools/report/case-ledger.js';
export type { TraceEdge, TraceNode } from '../../../../tools/report/trace-graph.js';
export type { GitCommit, GitRef, StatusEntry } from '../../../../tools/git/git-client.js';
export type { ErrorBody } from '../../../../tools/http/error-body.js';
export type { PublishAnswer } from '../../../../tools/editor/routes/publish-routes.js';
export type { Gap } from '../../../../tools/verify/gaps.js';
export type { VerificationLockCase } from '../../../../tools/verify/verification-lock-update.js';
export type { SetMember, Verdict } from '../../../../tools/verify/verdicts.js';
export type {
  AttributionOverview,
  CaseList,
  CaseMoveAnswer,
} from '../../../../tools/editor/routes/case-routes.js';
export type { Expansion } from '../../../../tools/app/case-move.js';
export type { ClaimView, EntityDetail, EntitySummary } from '../../../../tools/app/entity-view.js';
export type { ChainNode, RiskAssessment } from '../../../../tools/app/risk-view.js';
export type {
  EntityList,
  EntityListRow,
  NextId,
  PrecheckAnswer,
  Problem,
  SaveAnswer,
} from '../../../../tools/editor/routes/entity-routes.js';
export type {
  CommitAnswer,
  CommitLog,
  DiffAnswer,
  GitStatusAnswer,
  RefList,
} from '../../../../tools/editor/routes/git-routes.js';
export type { TraceGraphAnswer } from '../../../../tools/editor/routes/graph-routes.js';
export type { ClearAnswer, SuspectList } from '../../../../tools/editor/routes/review-routes.js';
export type { LinkReviewJson } from '../../../../tools/change-control/review-json.js';
export type {
  VerificationLockState,
  VerificationLockUpdateAnswer,
} from '../../../../tools/editor/routes/verification-lock-routes.js';
export type { Conflict } from '../../../../tools/verify/owner-checks.js';
export type { WorkQueue } from '../../../../tools/app/work-queue.js';
export type { EntityChange, EntitySide, FieldChange } from '../../../../tools/app/semantic-diff.js';
export type { SourceFile } from '../../../../tools/editor/routes/source-routes.js';
export type { EditorState } from '../../../../tools/editor/routes/state-routes.js';
export type { AgentsAnswer, WorkflowInfo } from '../../../../tools/agents/workflows/workflow-info.js';
export type { AgentJob, JobState, JobSummary } from '../../../../tools/agents/jobs/job.js';
export type { Finding, Proposal, UpdateProposal } from '../../../../tools/agents/findings/finding.js';
export type { CreateForm, WorksheetAnswer } from '../../../../tools/agents/findings/finding-actions.js';
export type { WorksheetLedgerRow } from '../../../../tools/agents/worksheet/worksheet-ledger.js';
export type { WorksheetRowResult } from '../../../../tools/app/worksheet-apply.js';
export type {
  WorksheetApplyAnswer,
  WorksheetView,
} from '../../../../tools/editor/routes/worksheet-routes.js';
