// The editor's agentic workflows and attribution worksheet end to end, in Debian's Chromium against the
// real `rr serve` on a copy of the example, with the vendor's Messages API replaced by a fake on
// loopback that speaks its streaming wire protocol (test/agents/fake-messages-api.ts), driven through
// the real SDK. After every step each model file on disk must be byte for byte the expected text.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeMessagesApi, type FakeMessagesApi } from '../agents/fake-messages-api.js';
import { saveScreenshot, seriousAxeViolations } from './browser.js';
import { openEditorPage, showRoute, type EditorPage } from './editor-page.js';
import { startEditor, TEST_AUTHOR, type EditorUnderTest } from './editor-server.js';
import { ExpectedFiles, readModelFiles } from './model-files.js';
import { available, needsPackage, needsProgram } from '../requirements.js';

const SHOTS = 'editor-agents';

const DOSE_TEST = '//pump/dosing:dose_calculator_test';
const MULTI_TEST = '//pump/sensors:pressure_monitor_test';
const WORKSHEET = `rrplan: 1
cases:
  - target: ${DOSE_TEST}
    path: DoseCalculatorTest/rejects_zero_patient_weight
    proposed: REQ-003
    reason: a zero weight cannot give a weight-based rate
    proposed_by: assign-test-cases (claude-test)
    accepted: false
  - target: ${MULTI_TEST}
    path: PressureMonitorTest/occlusion_and_air_alarms_share_motor_stop_path
    proposed: REQ-001
    reason: stops the motor
    proposed_by: assign-test-cases (claude-test)
    accepted: true # Bo
`;

describe.runIf(available(needsProgram('chromium')))(
  'agents and worksheet in Chromium',
  { timeout: 180_000 },
  () => {
    let fake: FakeMessagesApi;
    let editor: EditorUnderTest;
    let ui: EditorPage;
    let page: Page;
    let expected: ExpectedFiles;

    async function go(hash: string, heading: string | RegExp): Promise<void> {
      await showRoute(page, hash);
      await page.locator('main h1').filter({ hasText: heading }).waitFor();
    }

    async function expectFilesAsExpected(): Promise<void> {
      expect(await expected.difference(editor.modelDir)).toBeUndefined();
    }

    /** The id of the newest assistant job. */
    async function assistantJob(): Promise<string> {
      const jobs = (
        (await (
          await fetch(new URL('api/agents/jobs', editor.origin), {
            headers: { authorization: `Bearer ${editor.token}` },
          })
        ).json()) as { jobs: { id: string; workflow: string }[] }
      ).jobs;
      return jobs.find((j) => j.workflow === 'assistant')!.id;
    }

    beforeAll(async () => {
      fake = await startFakeMessagesApi();
      editor = await startEditor({
        llm: true,
        env: { ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url },
      });
      await writeFile(join(editor.modelDir, 'cases.rrplan'), WORKSHEET);
      expected = new ExpectedFiles(await readModelFiles(editor.modelDir));
      ui = await openEditorPage(editor);
      page = ui.page;
      await page.getByLabel('Author').fill(TEST_AUTHOR);
      await page.getByLabel('Author').press('Tab');
    });

    afterEach(async ({ task }) => {
      if (task.result?.state === 'fail' && page)
        await saveScreenshot(page, SHOTS, `failed-${task.name.replace(/[^a-z0-9]+/gi, '-')}`);
    });

    afterAll(async () => {
      await ui?.browser.close();
      await editor?.stop();
      await fake?.close();
    });

    it('the worksheet shows proposals beside the ledger; accepting writes the mark into the file', async () => {
      await go('#/cases', 'Case ledger');
      await page.getByRole('link', { name: 'Attribution worksheet' }).click();
      await page.locator('main h1').filter({ hasText: 'Attribution worksheet' }).waitFor();
      await page.locator('#worksheet-counts', { hasText: '2 row(s), 1 accepted' }).waitFor();
      const dose = page.locator('tr', { hasText: 'rejects_zero_patient_weight' });
      await expect(dose.locator('td').nth(0).textContent()).resolves.toContain('none');
      await dose.getByRole('checkbox').check();
      await page.locator('#worksheet-counts', { hasText: '2 accepted' }).waitFor();
      expected.replace(
        'cases.rrplan',
        'proposed_by: assign-test-cases (claude-test)\n    accepted: false\n',
        'proposed_by: assign-test-cases (claude-test)\n    accepted: true\n',
      );
      await expectFilesAsExpected();
    });

    it('applying accepted rows moves the good case and refuses the multi-tag one with its conflict', async () => {
      await page.getByRole('button', { name: 'Apply accepted (2)' }).click();
      const results = page.locator('#worksheet-results');
      await results.locator('li', { hasText: 'rejects_zero_patient_weight' }).locator('text=moved').waitFor();
      const refused = results.locator('li', { hasText: 'occlusion_and_air_alarms_share_motor_stop_path' });
      await refused.locator('text=refused').waitFor();
      await refused.locator('.conflicts', { hasText: 'multi-tag' }).waitFor();
      expected.replace(
        'requirements.yaml',
        '          - DoseCalculatorTest/recomputes_displayed_dose_from_rounded_rate\n',
        '          - DoseCalculatorTest/recomputes_displayed_dose_from_rounded_rate\n          - DoseCalculatorTest/rejects_zero_patient_weight\n',
      );
      await expectFilesAsExpected();
      await page
        .locator('tr', { hasText: 'rejects_zero_patient_weight' })
        .locator('text=in effect')
        .waitFor();
      await saveScreenshot(page, SHOTS, 'worksheet-applied');
      expect(await seriousAxeViolations(page)).toEqual([]);
    });

    describe.runIf(available(needsPackage('@anthropic-ai/sdk')))(
      'with the LLM workflows against the fake vendor API',
      () => {
        it('runs the assistant, shows its findings, and applies an update: the file changes as shown', async () => {
          fake.script.push({
            kind: 'answer',
            thinking: 'The user wants time-based programming named in REQ-001.',
            delayMs: 5,
            json: {
              summary: 'Name time-based programming; add a KVO requirement.',
              findings: [
                {
                  severity: 'info',
                  category: 'change',
                  entity: 'REQ-001',
                  detail: 'The title should say that a duration can be programmed.',
                  proposal: {
                    type: 'update',
                    entity: 'REQ-001',
                    fields: [{ field: 'title', value: 'Continuous infusion by rate, volume and time' }],
                  },
                },
                {
                  severity: 'warning',
                  category: 'change',
                  entity: null,
                  detail: 'No requirement says what happens when the VTBI is reached.',
                  proposal: {
                    type: 'create',
                    kind: 'requirement',
                    fields: [
                      { field: 'title', value: 'Keep-vein-open rate after VTBI' },
                      {
                        field: 'description',
                        value: 'After the VTBI is delivered the pump shall continue at 1 mL/h.',
                      },
                      { field: 'refines', value: 'REQ-001' },
                    ],
                  },
                },
                {
                  severity: 'info',
                  category: 'change',
                  entity: null,
                  detail: 'Ask pharmacy which accuracy they need.',
                  proposal: null,
                },
                {
                  severity: 'info',
                  category: 'change',
                  entity: 'REQ-001',
                  detail: 'The KVO requirement should say who configures the rate.',
                  proposal: {
                    type: 'note',
                    entity: 'REQ-004',
                    kind: 'todo',
                    text: 'Name the role that configures the KVO rate.',
                  },
                },
                {
                  severity: 'info',
                  category: 'change',
                  entity: null,
                  detail: 'Consider a second review of the alarm priorities.',
                  proposal: null,
                },
              ],
            },
          });
          await go('#/agents?workflow=assistant', 'Agents');
          await page
            .getByLabel('What should change? (plain language)')
            .fill('Programming by duration must be named.');
          await page.getByRole('button', { name: 'Run' }).click();
          await page.locator('#job-state', { hasText: 'done' }).waitFor();
          expect(fake.requests.at(-1)?.prompt).toContain('Programming by duration must be named.');
          await expectFilesAsExpected();

          const update = page.locator('article.finding', { hasText: 'The title should say' });
          await update.getByRole('button', { name: 'Apply update…' }).click();
          const changes = update.locator('table.field-changes');
          await changes.locator('tr', { hasText: 'Continuous infusion by rate, volume and time' }).waitFor();
          await expect(changes.locator('tr', { hasText: 'title' }).textContent()).resolves.toContain(
            'Continuous infusion by rate and volume',
          );
          await saveScreenshot(page, SHOTS, 'agents-update-preview');
          expect(await seriousAxeViolations(page)).toEqual([]);
          await update.getByRole('button', { name: 'Apply the update' }).click();
          await update.locator('text=REQ-001 updated.').waitFor();
          expected.replace(
            'requirements.yaml',
            '    title: Continuous infusion by rate and volume\n',
            '    title: Continuous infusion by rate, volume and time\n',
          );
          await expectFilesAsExpected();
        });

        it('a create finding opens the New form pre-filled with the proposal, writing nothing', async () => {
          const create = page.locator('article.finding', { hasText: 'No requirement says' });
          await create.getByRole('link', { name: 'Create…' }).click();
          await page.locator('main h1').filter({ hasText: 'New requirement' }).waitFor();
          await page.locator('#prefill-notice').waitFor();
          await saveScreenshot(page, SHOTS, 'create-from-finding', { fullPage: false });
          await expect(page.getByLabel('Title').inputValue()).resolves.toBe('Keep-vein-open rate after VTBI');
          await expect(page.getByLabel('Description').inputValue()).resolves.toBe(
            'After the VTBI is delivered the pump shall continue at 1 mL/h.',
          );
          await expectFilesAsExpected();
        });

        it('a claim added to the pre-filled form is refused (409): a finding never sets verified_by', async () => {
          await page.getByRole('button', { name: 'Add target' }).click();
          await page.getByLabel('Target label').fill(DOSE_TEST);
          await page
            .getByLabel(/Case selectors, one per line/)
            .fill('DoseCalculatorTest/rejects_concentration_of_zero');
          await page.getByText('Precheck passed').waitFor();
          await page.getByRole('button', { name: 'Save' }).click();
          const refusal = page.locator('.banner.error', { hasText: 'protected-field' });
          await refusal.waitFor();
          await expect(refusal.textContent()).resolves.toContain(
            'applying a finding never changes verified_by: save the new entity without it',
          );
          await refusal.scrollIntoViewIfNeeded();
          await saveScreenshot(page, SHOTS, 'create-from-finding-claim-refused', { fullPage: false });
          await expectFilesAsExpected();
        });

        it('saving the pre-filled form creates the entity byte for byte, and the finding shows as applied', async () => {
          await page.getByRole('button', { name: 'Remove target 1' }).click();
          await page.getByRole('button', { name: 'Save' }).click();
          await page
            .locator('main h1')
            .filter({ hasText: 'REQ-030 Keep-vein-open rate after VTBI' })
            .waitFor();
          // Beside its siblings: after the last requirement that refines REQ-001.
          expected.replace(
            'requirements.yaml',
            '        # level omitted: defaults to unit (config.default_provided_level)\n',
            '        # level omitted: defaults to unit (config.default_provided_level)\n' +
              '\n' +
              '  - id: REQ-030\n' +
              '    title: Keep-vein-open rate after VTBI\n' +
              '    description: After the VTBI is delivered the pump shall continue at 1 mL/h.\n' +
              '    refines: REQ-001\n' +
              '    status: draft\n',
          );
          await expectFilesAsExpected();
          await go(`#/agents?job=${await assistantJob()}`, 'Agents');
          const create = page.locator('article.finding', { hasText: 'No requirement says' });
          await create.locator('.badge', { hasText: 'applied' }).waitFor();
          await create.getByText('Applied (create): infusion-pump/requirements.yaml.').waitFor();
          await expect(create.getByRole('link', { name: 'Create…' }).count()).resolves.toBe(0);
        });

        it('a whole-model finding becomes a note on the entity a person chooses; another is dismissed', async () => {
          const whole = page.locator('article.finding', { hasText: 'Ask pharmacy' });
          await whole.getByRole('button', { name: 'Add as note…' }).click();
          await whole.getByLabel('Note kind').selectOption('question');
          await whole.getByLabel('Entity the note goes on').fill('REQ-002');
          await whole.getByRole('button', { name: 'Add the note' }).click();
          await whole.locator('text=Added as a question note on REQ-002.').waitFor();
          const claims = '          - GravimetricFlow/start_up_curve_25_ml_h\n        level: system\n';
          expected.replace(
            'requirements.yaml',
            claims,
            claims +
              '    notes:\n' +
              '      - id: n1\n' +
              '        kind: question\n' +
              '        status: open\n' +
              '        text: Ask pharmacy which accuracy they need.\n' +
              `        author: ${TEST_AUTHOR}\n` +
              `        created: "${new Date().toISOString().slice(0, 10)}"\n`,
          );
          await expectFilesAsExpected();

          const other = page.locator('article.finding', { hasText: 'second review of the alarm priorities' });
          await other.getByRole('button', { name: 'Dismiss…' }).click();
          await other.getByLabel('Why it is dismissed').fill('Done in the hazard review last week.');
          await other.getByRole('button', { name: 'Dismiss the finding' }).click();
          await other.locator('.badge', { hasText: 'dismissed' }).waitFor();
          // The reason is kept with the finding, shown on it and in the job's JSON.
          await other.getByText('Dismissed: Done in the hazard review last week.').first().waitFor();
          await expect(other.getByRole('button', { name: 'Add as note…' }).count()).resolves.toBe(0);
          await expectFilesAsExpected();
        });

        it('a note proposal on another entity goes there, as the panel says, without asking for one', async () => {
          const finding = page.locator('article.finding', { hasText: 'who configures the rate' });
          await finding.getByRole('button', { name: 'Add as note…' }).click();
          await finding
            .locator('.note-target', {
              hasText: 'On REQ-004, with the proposed text: “Name the role that configures the KVO rate.”',
            })
            .waitFor();
          await expect(finding.getByLabel('Entity the note goes on').count()).resolves.toBe(0);
          await expect(finding.getByLabel('Note kind').inputValue()).resolves.toBe('todo');
          await finding.getByRole('button', { name: 'Add the note' }).click();
          await finding.locator('text=Added as a todo note on REQ-004.').waitFor();
          // Appended to REQ-004's notes, below the one it had.
          const before = '        author: Jane Doe <jane@example.com>\n        created: "2026-03-02"\n';
          expected.replace(
            'requirements.yaml',
            before,
            before +
              '      - id: n1\n' +
              '        kind: todo\n' +
              '        status: open\n' +
              '        text: Name the role that configures the KVO rate.\n' +
              `        author: ${TEST_AUTHOR}\n` +
              `        created: "${new Date().toISOString().slice(0, 10)}"\n`,
          );
          await expectFilesAsExpected();
        });

        it('assign test cases writes its proposals to a worksheet, and a finding to another', async () => {
          const model = (
            (await (
              await fetch(new URL('api/agents', editor.origin), {
                headers: { authorization: `Bearer ${editor.token}` },
              })
            ).json()) as { llm: { model: string } }
          ).llm.model;
          fake.script.push({
            kind: 'answer',
            json: {
              assignments: [
                {
                  target: DOSE_TEST,
                  path: 'DoseCalculatorTest/rejects_concentration_of_zero',
                  proposed: 'REQ-003',
                  reason: 'a zero concentration cannot give a rate',
                },
              ],
            },
          });
          await go('#/agents?workflow=assign-test-cases', 'Agents');
          await page.getByLabel('Worksheet (relative to the checkout;').fill('infusion-pump/assigned.rrplan');
          await page.getByRole('button', { name: 'Run' }).click();
          await page.locator('#job-state', { hasText: 'done' }).waitFor();
          await page.getByRole('link', { name: 'infusion-pump/assigned.rrplan' }).waitFor();
          const row = (by: string) =>
            `  - target: ${DOSE_TEST}\n` +
            '    path: DoseCalculatorTest/rejects_concentration_of_zero\n' +
            '    proposed: REQ-003\n' +
            '    reason: a zero concentration cannot give a rate\n' +
            `    proposed_by: ${by}\n` +
            '    accepted: false\n';
          const written = (await readModelFiles(editor.modelDir)).get('assigned.rrplan');
          expect(written).toMatch(/^# rr attribution worksheet/);
          expect(written).toContain(`rrplan: 1\ncases:\n${row(`assign-test-cases (${model})`)}`);
          expected.files.set('assigned.rrplan', written!);
          await expectFilesAsExpected();

          const finding = page.locator('article.finding', { hasText: 'rejects_concentration_of_zero' });
          await finding.getByRole('button', { name: 'Write to worksheet…' }).click();
          await finding.getByRole('button', { name: 'Write the proposal' }).click();
          await finding.locator('text=Written to infusion-pump/cases.rrplan (3 rows).').waitFor();
          expected.files.set(
            'cases.rrplan',
            expected.text('cases.rrplan') + row(`assign-test-cases (${model})`),
          );
          await expectFilesAsExpected();
        });

        it('a running job can be cancelled', async () => {
          fake.script.push({ kind: 'hang', tickMs: 50 });
          const gone = fake.clientsGone;
          await go('#/agents?workflow=hazard-discovery', 'Agents');
          await page.getByRole('button', { name: 'Run' }).click();
          await page.locator('#job-state', { hasText: 'running' }).waitFor();
          await page.getByRole('button', { name: 'Cancel the job' }).click();
          await page.locator('#job-state', { hasText: 'cancelled' }).waitFor();
          await expect.poll(() => fake.clientsGone).toBeGreaterThan(gone);
          await expectFilesAsExpected();
        });

        it("the completeness check's paid LLM pass is a choice, off unless ticked, with its cost", async () => {
          await go('#/agents?workflow=completeness', 'Agents');
          const pass = page.getByLabel('Also ask the model (LLM pass, paid)');
          await expect(pass.isChecked()).resolves.toBe(false);
          await page.locator('#agent-llm-pass-help', { hasText: /for the whole model/ }).waitFor();
          await expect(page.locator('#agent-llm-pass-help').textContent()).resolves.toMatch(
            /about \$\d+\.\d\d/,
          );
          const asked = fake.requests.length;
          await page.getByRole('button', { name: 'Run' }).click();
          await page.locator('#job-state', { hasText: 'done' }).waitFor();
          expect(fake.requests.length).toBe(asked);
        });

        it('an entity page offers Review, which starts the workflow on it and opens its job', async () => {
          await go('#/entity/REQ-003', 'REQ-003');
          const review = page.getByRole('group', { name: 'Review:' });
          await review.getByRole('button', { name: 'Completeness check' }).click();
          await page.locator('#job-title', { hasText: 'completeness on REQ-003' }).waitFor();
          await expectFilesAsExpected();
        });
      },
    );

    it('logs no page errors', () => {
      expect(ui.errors).toEqual([]);
    });
  },
);
