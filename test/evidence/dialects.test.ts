// Every JUnit dialect fixture (real runner output, docs/evidence.md "Dialects") read case by case.
import { beforeAll, describe, expect, it } from 'vitest';
import { ingestEvidence } from '../../tools/evidence/ingest-evidence.js';
import type { Evidence } from '../../tools/evidence/test-case.js';
import { rows, target, TESTLOGS } from './evidence-dir.js';

let evidence: Evidence;
beforeAll(async () => {
  evidence = await ingestEvidence(TESTLOGS);
});

describe('JUnit dialects', () => {
  it('googletest 1.12: status/result attributes, <properties> in testcases, DISABLED_ and GTEST_SKIP', () => {
    expect(rows(evidence, '//pump/dose:dose_test')).toEqual([
      {
        path: 'DoseLimits/SkipsWithoutSimulator',
        result: 'skipped',
        file: 'pump/dose/dose_test.cc',
        line: 22,
        message: 'pump/dose/dose_test.cc:22',
      },
      {
        path: 'DoseTest/ComputesRate',
        result: 'passed',
        tags: ['REQ-DOSE-1'],
        level: 'unit',
        file: 'pump/dose/dose_test.cc',
        line: 8,
      },
      // status="notrun" result="suppressed": a DISABLED_ test
      {
        path: 'DoseTest/DISABLED_ClampsToMaximum',
        result: 'skipped',
        file: 'pump/dose/dose_test.cc',
        line: 20,
        message: 'status="notrun"',
      },
      {
        path: 'DoseTest/RejectsNegativeVolume',
        result: 'failed',
        tags: ['REQ-DOSE-2', 'REQ-DOSE-3'],
        file: 'pump/dose/dose_test.cc',
        line: 14,
        message: 'pump/dose/dose_test.cc:17',
      },
      // parameterized: classname "Instantiation/Fixture", name "Test/index"
      { path: 'Volumes/RateTest/IsPositive/0', result: 'passed', file: 'pump/dose/dose_test.cc', line: 25 },
      { path: 'Volumes/RateTest/IsPositive/1', result: 'passed', file: 'pump/dose/dose_test.cc', line: 25 },
    ]);
  });

  it('googletest: a failure outside any test (classname="" name="") is a case of its suite', () => {
    expect(rows(evidence, '//pump/motor:motor_test')).toEqual([
      {
        path: 'MotorTest/StepsForward',
        result: 'passed',
        tags: ['REQ-MOTOR-1'],
        file: 'pump/motor/motor_test.cc',
        line: 11,
      },
      {
        path: 'MotorTest/StopsOnOcclusion',
        result: 'passed',
        tags: ['REQ-MOTOR-2'],
        level: 'integration',
        file: 'pump/motor/motor_test.cc',
        line: 16,
      },
      { path: 'NonTestSuiteFailure/', result: 'failed', message: 'pump/motor/motor_test.cc:5' },
    ]);
  });

  it('older googletest (1.8): RecordProperty as testcase attributes gives tags and level', () => {
    expect(rows(evidence, '//pump/alarm:alarm_test')).toEqual([
      {
        path: 'AlarmTest/DISABLED_EscalatesAfterTwoMinutes',
        result: 'skipped',
        message: 'status="notrun"',
      },
      {
        path: 'AlarmTest/SilencesAfterAcknowledge',
        result: 'failed',
        tags: ['REQ-ALARM-2', 'REQ-ALARM-5'],
        message: 'pump/alarm/alarm_test.cc:31',
      },
      { path: 'AlarmTest/SoundsOnOcclusion', result: 'passed', tags: ['REQ-ALARM-1'], level: 'unit' },
    ]);
  });

  it('vitest --reporter=junit: classname is the file, names join describe blocks with " > "', () => {
    expect(rows(evidence, '//ui/dose_view:dose_view_test')).toEqual([
      {
        path: 'pump/dose.test.ts/dose calculator > computes the hourly rate',
        result: 'passed',
        tags: ['REQ-DOSE-1'],
      },
      { path: 'pump/dose.test.ts/dose calculator > limits > clamps to the pump maximum', result: 'skipped' },
      {
        path: 'pump/dose.test.ts/dose calculator > limits > rejects a negative volume',
        result: 'failed',
        tags: ['REQ-DOSE-2', 'REQ-DOSE-3'],
        level: 'unit',
        message: 'expected -1 to be 1 // Object.is equality',
      },
      // it.todo is written as <skipped/> too
      { path: 'pump/dose.test.ts/dose calculator > limits > warns near the maximum', result: 'skipped' },
      { path: 'pump/dose.test.ts/formats the display', result: 'passed' },
    ]);
  });

  it('jest-junit: classname and name repeat the full title; a failed first attempt makes the pass flaky', () => {
    expect(rows(evidence, '//ui/settings:settings_test')).toEqual([
      {
        path: 'settings store exports to the service tool/settings store exports to the service tool',
        result: 'skipped',
      },
      {
        path:
          'settings store persistence restores after restart REQ-ALARM-4/' +
          'settings store persistence restores after restart REQ-ALARM-4',
        result: 'passed',
        flaky: true,
        tags: ['REQ-ALARM-4'],
        message: 'Error: expect(received).toBe(expected) // Object.is equality',
      },
      {
        path: 'settings store saves the occlusion limit REQ-ALARM-3/settings store saves the occlusion limit REQ-ALARM-3',
        result: 'passed',
        tags: ['REQ-ALARM-3'],
      },
    ]);
  });

  it('pytest xunit1: file and 0-based line (reported 1-based), record_property tags, runs', () => {
    expect(rows(evidence, '//tools/dosecalc:dosecalc_test')).toEqual([
      {
        path: 'tests.test_dosecalc.TestInfusionRate/test_bolus_limit',
        result: 'passed',
        flaky: true,
        tags: ['REQ-CALC-2'],
        level: 'unit',
        file: 'tests/test_dosecalc.py',
        line: 13,
        message: 'AssertionError: bolus limit read before the drug library loaded',
      },
      {
        path: 'tests.test_dosecalc.TestInfusionRate/test_rate_from_volume',
        result: 'passed',
        tags: ['REQ-CALC-1'],
        file: 'tests/test_dosecalc.py',
        line: 9,
      },
      {
        path: 'tests.test_dosecalc.TestInfusionRate/test_rounding',
        result: 'failed',
        tags: ['REQ-CALC-3'],
        file: 'tests/test_dosecalc.py',
        line: 18,
        message: 'AssertionError: rounded 0.05 mL/h down to zero',
      },
      {
        path: 'tests.test_dosecalc/test_library_v2',
        result: 'skipped',
        file: 'tests/test_dosecalc.py',
        line: 23,
        message: 'drug library v2 not released',
      },
    ]);
  });

  it('pytest xunit2 (the default): no file or line; setup errors, xfail and parametrized ids', () => {
    expect(rows(evidence, '//tools/report:report_test')).toEqual([
      {
        path: 'tests.test_dose.TestDose/test_negative_volume',
        result: 'failed',
        tags: ['REQ-DOSE-2', 'REQ-DOSE-3'],
        message: 'assert -1 == 1',
      },
      { path: 'tests.test_dose.TestDose/test_rate', result: 'passed', tags: ['REQ-DOSE-1'], level: 'unit' },
      {
        path: 'tests.test_dose.TestDose/test_simulator',
        result: 'skipped',
        message: 'needs the pump simulator',
      },
      {
        path: 'tests.test_dose/test_needs_pump',
        result: 'error',
        message: 'failed on setup with "RuntimeError: no pump attached"',
      },
      // xfail is written as <skipped type="pytest.xfail">
      { path: 'tests.test_dose/test_rounding', result: 'skipped', message: 'known rounding issue' },
      { path: 'tests.test_dose/test_volume[10]', result: 'passed', tags: ['REQ-DOSE-4'] },
      { path: 'tests.test_dose/test_volume[1]', result: 'passed', tags: ['REQ-DOSE-4'] },
    ]);
  });

  it('gotestsum: suite and classname are the Go package path; subtests; TestMain with classname=""', () => {
    expect(rows(evidence, 'suite:github.com/acme/pump/dosing')).toEqual([
      { path: 'github.com/acme/pump/dosing/TestBolus', result: 'skipped', message: '=== RUN   TestBolus' },
      { path: 'github.com/acme/pump/dosing/TestRate', result: 'failed', message: 'Failed' },
      { path: 'github.com/acme/pump/dosing/TestRate/high_rate', result: 'passed' },
      { path: 'github.com/acme/pump/dosing/TestRate/low_rate', result: 'passed' },
      { path: 'github.com/acme/pump/dosing/TestRate/zero_volume', result: 'failed', message: 'Failed' },
    ]);
    expect(rows(evidence, 'suite:github.com/acme/pump/dosing/cmd/dosectl')).toEqual([
      { path: 'github.com/acme/pump/dosing/cmd/dosectl/TestMain', result: 'failed', message: 'Failed' },
    ]);
  });

  it('go-junit-report: CDATA failure and skip bodies', () => {
    expect(rows(evidence, 'suite:github.com/acme/pump/alarm')).toEqual([
      { path: 'github.com/acme/pump/alarm/TestBatteryLow', result: 'skipped', message: 'Skipped' },
      { path: 'github.com/acme/pump/alarm/TestOcclusion', result: 'passed' },
      { path: 'github.com/acme/pump/alarm/TestOcclusion/upstream', result: 'passed' },
      { path: 'github.com/acme/pump/alarm/TestSilence', result: 'failed', message: 'Failed' },
    ]);
  });

  it('Maven Surefire with JUnit 5: flakyFailure passes flaky, failure/error with reruns stay failed', () => {
    expect(rows(evidence, 'suite:com.acme.pump.DoseServiceTest')).toEqual([
      { path: 'com.acme.pump.DoseServiceTest/computesRate', result: 'passed' },
      { path: 'com.acme.pump.DoseServiceTest/opensPort', result: 'error', message: 'port busy' },
      { path: 'com.acme.pump.DoseServiceTest/primesLine', result: 'skipped', message: 'needs hardware' },
      {
        path: 'com.acme.pump.DoseServiceTest/readsSensorEventually',
        result: 'passed',
        flaky: true,
        message: 'sensor not ready ==> expected: <2> but was: <1>',
      },
      {
        path: 'com.acme.pump.DoseServiceTest/rejectsNegativeVolume',
        result: 'failed',
        message: 'negative volume accepted ==> expected: <1> but was: <-1>',
      },
    ]);
  });

  it('Surefire-style report with only rerunFailure children: the last run passed, so flaky', () => {
    expect(rows(evidence, 'suite:com.acme.pump.SensorServiceTest')).toEqual([
      {
        path: 'com.acme.pump.SensorServiceTest/calibratesPressureSensor',
        result: 'passed',
        flaky: true,
        message: 'pressure offset 0.4 kPa ==> expected: <true> but was: <false>',
      },
      { path: 'com.acme.pump.SensorServiceTest/readsPressure', result: 'passed' },
    ]);
  });

  it('Bazel-generated XML: one synthetic case named after the target, no tags', () => {
    const boot = target(evidence, '//pump/firmware:boot_test');
    expect(boot.synthetic).toBe(true);
    expect(boot.cases).toEqual([
      {
        target: '//pump/firmware:boot_test',
        path: 'pump/firmware/boot_test',
        result: 'passed',
        flaky: false,
        tags: [],
        synthetic: true,
        sources: ['pump/firmware/boot_test/test.xml'],
        at: { file: 'pump/firmware/boot_test/test.xml', line: 4 },
      },
    ]);
  });

  it('records: JUnit XML and JSON records become record:STEM targets', () => {
    expect(rows(evidence, 'record:emc_lab')).toEqual([
      { path: 'ESD/contact 8 kV', result: 'skipped', message: 'ESD gun out for calibration' },
      {
        path: 'conducted emissions/150 kHz to 30 MHz, class B',
        result: 'passed',
        tags: ['REQ-EMC-2'],
        level: 'system',
      },
      {
        path: 'radiated immunity/80 MHz to 2.7 GHz at 10 V/m',
        result: 'passed',
        tags: ['REQ-EMC-1'],
        level: 'system',
      },
    ]);
    const accuracy = target(evidence, 'record:infusion_accuracy');
    expect(accuracy.origin).toBe('record');
    expect(accuracy.record).toEqual({
      title: 'Infusion accuracy per IEC 60601-2-24, lot 7',
      date: '2026-05-04',
      operator: 'J. Meyer',
      equipment: ['Balance XPR205 (asset 4411, calibrated 2026-03-02)', 'Flow analyser IDA-5 (asset 4420)'],
    });
    expect(rows(evidence, 'record:infusion_accuracy')).toEqual([
      { path: 'accuracy/1 mL per h', result: 'passed', tags: ['REQ-DOSE-1'], level: 'system' },
      // tags are sorted and deduplicated like XML tags
      { path: 'accuracy/25 mL per h', result: 'passed', tags: ['REQ-DOSE-1', 'REQ-DOSE-4'], level: 'system' },
      {
        path: 'accuracy/999 mL per h',
        result: 'failed',
        tags: ['REQ-DOSE-5'],
        level: 'system',
        message: 'Mean error 6.2 % exceeds the 5 % limit',
      },
      { path: 'occlusion/downstream alarm time', result: 'skipped', message: 'Pressure fixture in repair' },
    ]);
    expect(accuracy.cases[0]!.attachments).toEqual([
      {
        path: 'attachments/accuracy-1mlh.csv',
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown as string,
        description: 'Gravimetric trace, 24 h',
      },
    ]);
  });

  it('an external repository target keeps its canonical repo name', () => {
    expect(rows(evidence, '@rules_pump+//hal:hal_test')).toEqual([
      { path: 'GpioTest/ReadsPin', result: 'passed', tags: ['REQ-HAL-1'], file: 'hal/hal_test.cc', line: 3 },
      {
        path: 'GpioTest/RejectsUnknownPin',
        result: 'passed',
        tags: ['REQ-HAL-2'],
        file: 'hal/hal_test.cc',
        line: 8,
      },
    ]);
  });

  it('the whole tree gives exactly these targets and diagnostics', () => {
    expect([...evidence.targets.keys()]).toEqual([
      '//pump/alarm:alarm_test',
      '//pump/dose:dose_test',
      '//pump/firmware:boot_test',
      '//pump/firmware:flash_test',
      '//pump/motor:motor_test',
      '//tools/dosecalc:dosecalc_test',
      '//tools/report:report_test',
      '//ui/dose_view:dose_view_test',
      '//ui/settings:settings_test',
      '@rules_pump+//hal:hal_test',
      'record:emc_lab',
      'record:infusion_accuracy',
      'suite:com.acme.pump.DoseServiceTest',
      'suite:com.acme.pump.SensorServiceTest',
      'suite:github.com/acme/pump/alarm',
      'suite:github.com/acme/pump/dosing',
      'suite:github.com/acme/pump/dosing/cmd/dosectl',
    ]);
    expect(evidence.diagnostics.map((d) => [d.file, d.line, d.severity, d.rule, d.entity])).toEqual([
      ['pump/dose/dose_test/shard_1_of_2/test.xml', 3, 'warning', 'suite-level-requirement', 'REQ-DOSE-9'],
      ['pump/dose/dose_test/shard_2_of_2/test.xml', 3, 'warning', 'suite-level-requirement', 'REQ-DOSE-9'],
      ['test.xml', undefined, 'warning', 'read-error', undefined],
    ]);
    expect(evidence.unreadable).toBe(false);
    expect(evidence.root).toBe(TESTLOGS);
  });
});
