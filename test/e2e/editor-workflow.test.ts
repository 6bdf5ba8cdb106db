// The editor end to end, in Debian's Chromium against the real `rr serve` on a copy of the example in
// a temporary git repository: create, edit a verification set (the precheck blocking a shared case),
// keep a draft over a change on disk, rename, delete with force, move a case, update the lock, commit,
// tag, and diff. After every step each model file on disk must be byte for byte the expected text.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { collectPageErrors, launchChromium, saveScreenshot } from './browser.js';
import { showRoute } from './editor-page.js';
import { git, startEditor, TEST_AUTHOR, type EditorUnderTest } from './editor-server.js';
import { ExpectedFiles, readModelFiles } from './model-files.js';
import { available, needsProgram } from '../requirements.js';

const SHOTS = 'editor';

describe.runIf(available(needsProgram('chromium')))(
  'editor workflow in Chromium',
  { timeout: 120_000 },
  () => {
    let editor: EditorUnderTest;
    let browser: Browser;
    let page: Page;
    let errors: string[];
    let expected: ExpectedFiles;

    /** Goes to a hash route and waits for the page heading. */
    async function go(hash: string, heading: string | RegExp): Promise<void> {
      await showRoute(page, hash);
      await expectHeading(heading);
    }

    async function expectHeading(heading: string | RegExp): Promise<void> {
      await page.locator('main h1').filter({ hasText: heading }).waitFor();
    }

    /** Every model file on disk equals the expected text. */
    async function expectFilesAsExpected(): Promise<void> {
      expect(await expected.difference(editor.modelDir)).toBeUndefined();
    }

    beforeAll(async () => {
      editor = await startEditor();
      expected = new ExpectedFiles(await readModelFiles(editor.modelDir));
      browser = await launchChromium();
      page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      // A shared, busy machine can be slow; waiting longer costs nothing when all is well.
      page.setDefaultTimeout(60_000);
      errors = collectPageErrors(page);
    });

    // A failed step leaves a picture of the page behind, to see what the user would have seen.
    afterEach(async ({ task }) => {
      if (task.result?.state === 'fail' && page)
        await saveScreenshot(page, SHOTS, `failed-${task.name.replace(/[^a-z0-9]+/gi, '-')}`);
    });

    afterAll(async () => {
      await browser?.close();
      await editor?.stop();
    });

    it('takes the token from the address once and hides it', async () => {
      await page.goto(editor.url);
      await expectHeading('VIP-200 Volumetric Infusion Pump');
      expect(page.url()).not.toContain('token=');
      expect(page.url()).not.toContain(editor.token);
      await expect(page.locator('#invariant-line').textContent()).resolves.toContain(
        '127 test cases, 1 quarantined; each case maps to at most one requirement',
      );
      await page.locator('#quarantine-banner').waitFor();
      // Writes are attributed to the author set in the top bar (sent as X-RR-Author).
      await page.getByLabel('Author').fill(TEST_AUTHOR);
      await page.getByLabel('Author').press('Tab');
      await expectFilesAsExpected();
    });

    it('creates a requirement with the next id', async () => {
      await go('#/entities/requirement', 'Requirements');
      await page.getByText('Next id: REQ-030').waitFor();
      await page.getByRole('link', { name: 'New requirement' }).click();
      await expectHeading('New requirement');
      await page.getByLabel('Title (required)').fill('Dose rate unit conversion');
      await page
        .getByLabel('Description', { exact: true })
        .fill('The pump shall convert dose rates between units.');
      await page.getByLabel('Refines (parent requirement)').fill('REQ-001');
      await page.getByLabel('Method (test method or level)').fill('unit');
      await page.getByText('Precheck passed').waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await expectHeading('REQ-030 Dose rate unit conversion');
      // Beside its siblings: after REQ-003, the last requirement that refines REQ-001.
      expected.replace(
        'requirements.yaml',
        '        # level omitted: defaults to unit (config.default_provided_level)\n',
        '        # level omitted: defaults to unit (config.default_provided_level)\n' +
          '\n' +
          '  - id: REQ-030\n' +
          '    title: Dose rate unit conversion\n' +
          '    description: The pump shall convert dose rates between units.\n' +
          '    refines: REQ-001\n' +
          '    method: unit\n' +
          '    status: draft\n',
      );
      await expectFilesAsExpected();
    });

    it('edits the verification set: the precheck blocks a shared case, then saves a glob', async () => {
      await go('#/entity/REQ-030/edit', 'Edit REQ-030');
      await page.getByRole('button', { name: 'Add target' }).click();
      await page.getByLabel('Target label').fill('//pump/dosing:dose_calculator_test');
      const owned = page.locator('.case-checklist li', { hasText: 'computes_rate_from_volume_and_time' });
      await owned.getByText('owned by REQ-003').waitFor();
      await expect(owned.getByRole('checkbox').isDisabled()).resolves.toBe(true);

      const selectors = page.getByLabel(/Case selectors, one per line/);
      const save = page.getByRole('button', { name: 'Save' });
      await selectors.fill('DoseCalculatorTest/computes_rate_from_volume_and_time');
      const row = page.locator('fieldset.claim-row');
      await row.locator('.conflicts', { hasText: 'shared-case' }).waitFor();
      await row.locator('.conflicts', { hasText: 'REQ-003' }).waitFor();
      await expect(save.isDisabled()).resolves.toBe(true);
      await saveScreenshot(page, SHOTS, 'form-precheck-blocks-shared-case');

      // A whole-target claim without a reason cannot be saved.
      await page.getByRole('radio', { name: 'Whole target' }).check();
      await row.getByText('A whole-target claim needs a reason').waitFor();
      await expect(save.isDisabled()).resolves.toBe(true);
      await page.getByRole('radio', { name: 'Case selectors' }).check();

      await selectors.fill('DoseUnits/DoseUnitConversionTest/round_trips/*');
      await row.getByText('matches 6 cases').waitFor();
      await page.getByText('Precheck passed').waitFor();
      await page.locator('#set-summary', { hasText: '6 cases' }).waitFor();
      await saveScreenshot(page, SHOTS, 'form-verification-set');
      await save.click();
      await expectHeading('REQ-030 Dose rate unit conversion');
      expected.replace(
        'requirements.yaml',
        '    method: unit\n    status: draft\n',
        '    method: unit\n' +
          '    status: draft\n' +
          '    verified_by:\n' +
          '      - target: //pump/dosing:dose_calculator_test\n' +
          '        cases:\n' +
          '          - DoseUnits/DoseUnitConversionTest/round_trips/*\n',
      );
      await expectFilesAsExpected();
    });

    it('keeps the draft through a reload when a file changed on disk', async () => {
      await go('#/entity/REQ-030/edit', 'Edit REQ-030');
      await page
        .getByLabel('Description', { exact: true })
        .fill('The pump shall convert dose rates between dose units.');
      await page.getByText('Precheck passed').waitFor();
      // Someone edits the same file meanwhile.
      const path = join(editor.modelDir, 'requirements.yaml');
      const outside = (await readFile(path, 'utf8')).replace('# Conventions:', '# Conventions (reviewed):');
      await writeFile(path, outside);
      expected.replace('requirements.yaml', '# Conventions:', '# Conventions (reviewed):');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('A model file changed on disk since this form read it').waitFor();
      await expectFilesAsExpected();
      await page.getByRole('button', { name: 'Reload, keeping my draft' }).click();
      await page.getByText('your draft is kept').waitFor();
      await expect(page.getByLabel('Description', { exact: true }).inputValue()).resolves.toBe(
        'The pump shall convert dose rates between dose units.',
      );
      await page.getByText('Precheck passed').waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await expectHeading('REQ-030 Dose rate unit conversion');
      expected.replace(
        'requirements.yaml',
        '    description: The pump shall convert dose rates between units.\n',
        '    description: The pump shall convert dose rates between dose units.\n',
      );
      await expectFilesAsExpected();
    });

    it('ticks a case of one target of two: everything untouched is written back as it was', async () => {
      await go('#/entity/REQ-026/edit', 'Edit REQ-026');
      const row = page.locator('fieldset.claim-row', {
        hasText: 'Target 2: //pump/sensors:pressure_monitor_test',
      });
      await row
        .locator('.case-checklist li', { hasText: 'filters_pump_stroke_ripple' })
        .getByRole('checkbox')
        .check();
      await row.getByText('PressureMonitorTest/filters_pump_stroke_ripple matches 1 case').waitFor();
      await page.locator('fieldset.claim-row', { hasText: 'Target 1:' }).getByText('(unchanged)').waitFor();
      await page.getByText('Precheck passed').waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await expectHeading(/^REQ-026 /);
      const last = '          - PressureMonitorTest/compensates_sensor_offset_at_start\n';
      expected.replace(
        'requirements-alarms.yaml',
        last,
        last + '          - PressureMonitorTest/filters_pump_stroke_ripple\n',
      );
      await expectFilesAsExpected();
    });

    it('adds a question note as the author, then resolves it', async () => {
      await go('#/entity/REQ-030', /^REQ-030 /);
      await page.getByLabel('Note kind').selectOption('question');
      await page.getByLabel('Note', { exact: true }).fill('Which dose units does pharmacy need first?');
      await page.getByRole('button', { name: 'Add note' }).click();
      const note = page.locator('.notes-list li', { hasText: 'Which dose units' });
      await note.getByText('open').waitFor();
      const created = new Date().toISOString().slice(0, 10);
      const noteText = (status: string) =>
        '    notes:\n' +
        '      - id: n1\n' +
        '        kind: question\n' +
        `        status: ${status}\n` +
        '        text: Which dose units does pharmacy need first?\n' +
        `        author: ${TEST_AUTHOR}\n` +
        `        created: "${created}"\n`;
      const claims = '          - DoseUnits/DoseUnitConversionTest/round_trips/*\n';
      expected.replace('requirements.yaml', claims, claims + noteText('open'));
      await expectFilesAsExpected();

      await note.getByRole('button', { name: /^Resolve/ }).click();
      await note.getByText('resolved').waitFor();
      expected.replace('requirements.yaml', noteText('open'), noteText('resolved'));
      await expectFilesAsExpected();
    });

    it('renames an entity and every reference follows', async () => {
      await go('#/entity/REQ-001', /^REQ-001 /);
      await page.getByRole('button', { name: 'Rename…' }).click();
      await page.getByLabel('New id').fill('REQ-100');
      await page.getByRole('button', { name: 'Rename', exact: true }).click();
      await expectHeading(/^REQ-100 /);
      const incoming = page.locator('section[aria-labelledby="traces-in"]');
      for (const id of ['REQ-002', 'REQ-003', 'REQ-030'])
        await incoming.getByRole('link', { name: id }).waitFor();
      expected.replaceAll('requirements.yaml', 'REQ-001', 'REQ-100');
      await expectFilesAsExpected();
    });

    it('deletes a referenced entity only after asking, then with force', async () => {
      await go('#/entity/MIT-006', /^MIT-006 /);
      await page.getByRole('button', { name: 'Delete…' }).click();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      const dialog = page.locator('dialog[open]');
      await dialog.getByText('is still referenced by').waitFor();
      await dialog.getByRole('link', { name: 'RISK-006' }).waitFor();
      await expectFilesAsExpected();
      await dialog.getByRole('button', { name: 'Delete and remove references' }).click();
      await dialog.getByText('Its lock entries were dropped').waitFor();
      await dialog.getByText('AlarmAudibility/high_priority_min_volume_1_m_front').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expectHeading('Mitigations');
      const mitigations = expected.text('mitigations.yaml');
      const start = mitigations.indexOf('  - id: MIT-006\n');
      const end = mitigations.indexOf('  # ---- Information for safety ----');
      expected.replace('mitigations.yaml', mitigations.slice(start, end), '');
      expected.replace('risks.yaml', '    mitigated_by: MIT-006\n', '');
      for (const path of [
        'high_priority_min_volume_1_m_front',
        'high_priority_min_volume_1_m_side',
        'medium_priority_escalates_to_max_volume',
      ])
        expected.replace(
          'rr.lock.json',
          `    {"target": "record:alarm_audibility_2026_02", "path": "AlarmAudibility/${path}", "owner": "MIT-006"},\n`,
          '',
        );
      await expectFilesAsExpected();
    });

    it('moves a case in the ledger, confirming the rewrite of a glob', async () => {
      await go('#/cases?q=round_trips/0', 'Case ledger');
      const row = page.locator('tr', { hasText: 'DoseUnits/DoseUnitConversionTest/round_trips/0' });
      await row.getByText('REQ-030').first().waitFor();
      await row.getByRole('button', { name: /^Move/ }).click();
      const dialog = page.locator('dialog[open]');
      await dialog.getByLabel(/New owner/).fill('REQ-003');
      await dialog.getByRole('button', { name: 'Preview the change' }).click();
      await dialog.getByText('will be rewritten into literal selectors').waitFor();
      await saveScreenshot(page, SHOTS, 'case-move-confirmation', { fullPage: false });
      await dialog.getByRole('button', { name: 'Rewrite the claims and move' }).click();
      await dialog.getByText('The case now belongs to REQ-003').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await row.getByRole('link', { name: 'REQ-003' }).first().waitFor();
      expected.replace(
        'requirements.yaml',
        '          - DoseUnits/DoseUnitConversionTest/round_trips/*\n',
        [1, 2, 3, 4, 5]
          .map((n) => `          - DoseUnits/DoseUnitConversionTest/round_trips/${n}\n`)
          .join(''),
      );
      expected.replace(
        'requirements.yaml',
        '          - DoseCalculatorTest/recomputes_displayed_dose_from_rounded_rate\n',
        '          - DoseCalculatorTest/recomputes_displayed_dose_from_rounded_rate\n' +
          '          - DoseUnits/DoseUnitConversionTest/round_trips/0\n',
      );
      await expectFilesAsExpected();
    });

    it('updates the lock with a dry run first; a quarantine refuses it', async () => {
      await go('#/cases', 'Case ledger');
      await page.getByRole('button', { name: 'Update lock…' }).click();
      const dialog = page.locator('dialog[open]');
      await dialog.getByText('the lock records owners and never decides one').waitFor();
      await dialog.getByText('multi-tag').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expectFilesAsExpected();

      // The test is fixed to tag one requirement; the editor re-reads the evidence.
      const xml = join(editor.modelDir, 'bazel-testlogs/pump/sensors/pressure_monitor_test/test.xml');
      await writeFile(
        xml,
        (await readFile(xml, 'utf8')).replace('value="REQ-026, REQ-029"', 'value="REQ-026"'),
      );
      await page.getByRole('button', { name: 'Re-read files' }).click();
      await page.getByText('127 test cases, 0 quarantined').waitFor();

      await page.getByRole('button', { name: 'Update lock…' }).click();
      const dryRun = dialog.locator('#lock-dry-run-result');
      await dryRun.getByText('Added').waitFor();
      await dryRun.getByText('kept unless you confirm').waitFor();
      await dialog.getByLabel(/Remove the \d+ entries/).check();
      await dryRun.getByText('Removed').waitFor();
      await saveScreenshot(page, SHOTS, 'lock-dry-run', { fullPage: false });
      await dialog.getByRole('button', { name: 'Write the lock' }).click();
      await dialog.getByText('is written').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      // Pins for the cases the steps above gave owners (the case the fixed test now tags too); the three
      // entries whose cases lost their owner go, as confirmed.
      const entry = (target: string, path: string, owner: string) =>
        `    {"target": "${target}", "path": "${path}", "owner": "${owner}"},\n`;
      const dose = '//pump/dosing:dose_calculator_test';
      const sensors = '//pump/sensors:pressure_monitor_test';
      for (const [target, path, owner] of [
        ['//pump/alarms:alarm_priority_test', 'AlarmManagerTest/lists_all_active_conditions', 'REQ-023'],
        ['//pump/log:event_log_test', 'EventLogTest/rotates_on_power_loss', 'REQ-018'],
        ['//pump/power:power_fail_buzzer_hil_test', 'pump/power/power_fail_buzzer_hil_test', 'REQ-022'],
      ] as const)
        expected.replace('rr.lock.json', entry(target, path, owner), '');
      const before = entry(
        dose,
        'DoseCalculatorTest/rounds_half_away_from_zero_to_display_resolution',
        'REQ-003',
      );
      expected.replace(
        'rr.lock.json',
        before,
        before +
          entry(dose, 'DoseUnits/DoseUnitConversionTest/round_trips/0', 'REQ-003') +
          [1, 2, 3, 4, 5]
            .map((n) => entry(dose, `DoseUnits/DoseUnitConversionTest/round_trips/${n}`, 'REQ-030'))
            .join(''),
      );
      const sensor = entry(sensors, 'PressureMonitorTest/compensates_sensor_offset_at_start', 'REQ-026');
      expected.replace(
        'rr.lock.json',
        sensor,
        sensor +
          entry(sensors, 'PressureMonitorTest/filters_pump_stroke_ripple', 'REQ-026') +
          entry(sensors, 'PressureMonitorTest/occlusion_and_air_alarms_share_motor_stop_path', 'REQ-026'),
      );
      await expectFilesAsExpected();
    });

    it('commits the changes and tags a baseline as the author', async () => {
      await go('#/changes', 'Changes');
      await page.locator('#git-files', { hasText: 'requirements.yaml' }).waitFor();
      await page.getByRole('button', { name: 'Commit…' }).click();
      const dialog = page.locator('dialog[open]');
      await dialog.getByLabel('Commit message').fill('Dose unit conversion; MIT-006 folded into REQ-025');
      await dialog.getByRole('button', { name: 'Commit', exact: true }).click();
      await dialog.getByText('Committed').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      expect(git(editor.root, 'log', '-1', '--format=%an <%ae>%n%s')).toBe(
        `${TEST_AUTHOR}\nDose unit conversion; MIT-006 folded into REQ-025\n`,
      );
      // Only model files and the lock are committed; the re-run test's evidence stays as it is.
      expect(git(editor.root, 'status', '--porcelain', '--', 'infusion-pump')).toBe(
        ' M infusion-pump/bazel-testlogs/pump/sensors/pressure_monitor_test/test.xml\n',
      );

      await page.getByRole('button', { name: 'Tag a baseline…' }).click();
      await dialog.getByLabel('Tag name').fill('baseline-1');
      await dialog.getByLabel('Message').fill('First baseline from the editor');
      await dialog.getByRole('button', { name: 'Create tag' }).click();
      await dialog.getByText('Tagged').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      expect(git(editor.root, 'cat-file', '-t', 'baseline-1')).toBe('tag\n');
      const tag = (field: string) =>
        git(editor.root, 'for-each-ref', `--format=%(${field})`, 'refs/tags/baseline-1');
      expect(tag('taggername') + tag('taggeremail')).toBe('Erin Editor\n<erin@example.com>\n');
      expect(tag('contents')).toBe('First baseline from the editor\n\n');
      await expectFilesAsExpected();
    });

    it('opens the semantic diff between the first commit and the baseline', async () => {
      await go('#/changes', 'Changes');
      await page.getByLabel('From').selectOption('before-editor');
      await page.getByLabel('To', { exact: true }).selectOption('baseline-1');
      const diff = page.locator('#diff-result', { hasText: 'From before-editor to baseline-1' });
      await diff.waitFor();
      await diff.locator('section[aria-label="added REQ-030"]').waitFor();
      await diff.locator('section[aria-label="renamed REQ-001 to REQ-100"]').waitFor();
      await diff.locator('section[aria-label="removed MIT-006"]').waitFor();
      await diff.locator('section[aria-label="changed RISK-006"]', { hasText: 'mitigated_by' }).waitFor();
      await saveScreenshot(page, SHOTS, 'changes-diff');
      await expectFilesAsExpected();
    });

    it('logged no errors in the page (no CSP refusal, no failed request)', () => {
      expect(errors).toEqual([]);
    });
  },
);
