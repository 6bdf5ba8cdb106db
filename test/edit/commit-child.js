// A save in a process of its own that stops at a commit step (RR_TEST_STOP_AT) and waits there to be
// killed: the crash tests of the commit journal. It runs the built library (dist/).
import { saveEdit } from '../../dist/tools/edit/save-edit.js';

const [root, request] = process.argv.slice(2);
await saveEdit({ root, modelPath: root }, JSON.parse(request), {
  onStep: async (step) => {
    if (step !== process.env.RR_TEST_STOP_AT) return;
    process.stdout.write(`stopped at ${step}\n`);
    await new Promise(() => setInterval(() => {}, 60_000)); // until the parent sends SIGKILL
  },
});
process.stdout.write('saved\n');
