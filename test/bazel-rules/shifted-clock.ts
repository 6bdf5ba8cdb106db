// A clock far ahead for a Bazel server and every action it runs, for the two-clone test: Debian's
// libfaketime in /etc/ld.so.preload and /etc/faketimerc of a private mount namespace (an overlay over
// /etc, so the machine's /etc is never touched). LD_PRELOAD and FAKETIME in the environment would reach
// the Bazel client and server only: Bazel starts actions with their own environment, and rr's model and
// set actions get a fixed one. Every dynamically linked program in the namespace (Bazel's JVM, Node.js,
// the shell) sees the shifted clock. linux-sandbox refuses to run there (libfaketime cannot open its
// shared memory in the sandbox's read-only /dev/shm), so such a build uses processwrapper-sandbox.
import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { programPath } from '../requirements.js';

// $1 upper and $2 work folder of the overlay, $3 libfaketime, $4 the clock (FAKETIME syntax), then the command.
const SCRIPT = `set -e
mount -t overlay overlay -o "lowerdir=/etc,upperdir=$1,workdir=$2" /etc
printf '%s\\n' "$3" > /etc/ld.so.preload
printf '%s\\n' "$4" > /etc/faketimerc
shift 4
exec "$@"`;

/**
 * The command prefix that runs a program in a new mount namespace whose clock is `offset` ahead
 * (libfaketime's syntax: `+1000d`); each call makes a fresh overlay under `dir`, since an overlay's
 * folders serve one mount at a time and a Bazel server keeps its namespace alive.
 */
export async function shiftedClockPrefix(dir: string, offset: string): Promise<string[]> {
  const lib = programPath('libfaketime');
  if (lib === undefined) throw new Error('no libfaketime: apt-get install faketime (.ci/run does)');
  const upper = await mkdtemp(join(dir, 'etc-upper-'));
  const work = await mkdtemp(join(dir, 'etc-work-'));
  // As root a mount namespace is enough; otherwise a user namespace maps this user to root in it.
  const unshare = process.getuid?.() === 0 ? ['unshare', '-m'] : ['unshare', '-r', '-m'];
  return [...unshare, '--', 'sh', '-c', SCRIPT, 'sh', upper, work, lib, offset];
}

/** Seconds since the epoch as a program started under `prefix` sees them. */
export function secondsUnder(prefix: string[]): number {
  const [command, ...args] = [...prefix, 'date', '+%s'];
  return Number(execFileSync(command!, args, { encoding: 'utf8' }).trim());
}
