// SPDX-License-Identifier: AGPL-3.0-or-later
// `rr view`'s flags: one for every setting of the viewer's table (src/config). Declared here,
// light, so `rr --help` lists them; the viewer itself (view-run.ts) loads only when `rr view` runs.
import { Option, type Command } from 'commander';
import { SETTING_NAMES, settingSpec, type SettingKind, type SettingName } from '../config/viewer-settings.js';
import type { GeometryExtractorChoice } from '../geometry/geometry-extractor-choice.js';
import type { CliIo } from 'rules-rr/core/cli/cli-io.js';
import { untilStopped } from 'rules-rr/core/cli/stop-signal.js';

/** Options of `rr view` as commander gives them: the settings by attribute name, plus the view's own. */
export type ViewOptions = Record<string, string | string[] | boolean | undefined> & {
  config?: string;
  demo?: boolean;
  geometryExtractor?: GeometryExtractorChoice;
};

/** The commander attribute of each setting's flag (e.g. --agent-read-dir gives agentReadDir). */
export const SETTING_ATTRIBUTES = new Map<SettingName, string>(
  SETTING_NAMES.map((name) => [name, new Option(`${settingSpec(name).flag} <value>`).attributeName()]),
);

/** What a flag's value is called in the help, by the setting's kind. */
const PLACEHOLDER: Record<SettingKind, string> = {
  path: 'path',
  paths: 'path',
  string: 'text',
  strings: 'value',
  port: 'n',
  switch: 'on|off',
  usd: 'usd',
};

/** Adds `rr view` with a flag for every viewer setting. */
export function addViewCommand(rr: Command, io: CliIo, result: { code: number }): void {
  const view = rr
    .command('view')
    .description('serve the live viewer of a place-and-route experiment (--demo: a simulated one)')
    .option('--config <file>', 'project config file (schema pnr-viewer-v1)')
    .option('--demo', 'run rr pnr-sim into a temporary live directory (or --root) and serve it')
    .addOption(
      new Option('--geometry-extractor <kind>', 'board geometry from the native reader or KiCad pcbnew')
        .choices(['auto', 'native', 'pcbnew'])
        .default('auto'),
    );
  for (const name of SETTING_NAMES) {
    const spec = settingSpec(name);
    const repeatable = spec.kind === 'strings' || spec.kind === 'paths';
    const option = new Option(`${spec.flag} <${PLACEHOLDER[spec.kind]}>`, spec.help);
    if (repeatable)
      option.argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]);
    view.addOption(option);
  }
  view.action(async (options: ViewOptions) => {
    const { runView } = await import('./view-run.js');
    result.code = await untilStopped((stop) => runView(options, io, stop));
  });
}
