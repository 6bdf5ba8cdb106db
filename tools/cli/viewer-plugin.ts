// The live viewer is a product of its own, in its own package (rules-rr-viewer, AGPL-3.0-or-later):
// `rr view`, `rr pnr-sim`, `rr notes` and the viewer's hidden `rr engine-service` are its commands. rr
// runs them when that package is installed beside it, and otherwise says how to install it. The
// package is found by name at run time only; no module of rr's imports the viewer's code.
import { EXIT, type CliIo } from './cli-io.js';

/** The viewer's package, which provides its commands as `<package>/cli`. */
export const VIEWER_PACKAGE = 'rules-rr-viewer';

/** The rr commands the viewer package provides, with what `rr --help` says of each. */
export const VIEWER_COMMANDS: Record<string, string> = {
  view: 'serve the live viewer of a place-and-route experiment (the rules-rr-viewer package)',
  'pnr-sim':
    'simulate a place-and-route experiment writing live viewer telemetry (the rules-rr-viewer package)',
  notes: 'design notes of the live viewer (the rules-rr-viewer package)',
  'engine-service': '',
};

/** What the viewer package's `cli` module exports. */
export interface ViewerCli {
  /** Runs one viewer command line (argv as process.argv has it) and resolves to its exit code. */
  main(argv: string[], io: CliIo): Promise<number>;
}

/** The viewer command an argv names (`rr view …`), if any. */
export function viewerCommandOf(argv: string[]): string | undefined {
  const command = argv.slice(2).find((arg) => !arg.startsWith('-'));
  return command !== undefined && command in VIEWER_COMMANDS ? command : undefined;
}

/** Runs a viewer command through the installed viewer package, or says how to install it. */
export async function runViewerCommand(command: string, argv: string[], io: CliIo): Promise<number> {
  const specifier = `${VIEWER_PACKAGE}/cli`;
  let cli: ViewerCli;
  try {
    cli = (await import(specifier)) as ViewerCli;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const missing =
      (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
      (error as Error).message.includes(VIEWER_PACKAGE);
    if (!missing) throw error;
    io.err(
      `rr ${command}: this command is part of the live viewer, a package of its own under AGPL-3.0-or-later; ` +
        `install it beside rr with \`npm install ${VIEWER_PACKAGE}\` (in a checkout of rr, \`npm ci\` does)\n`,
    );
    return EXIT.usage;
  }
  return cli.main(argv, io);
}
