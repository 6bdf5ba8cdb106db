#!/usr/bin/env node
// Entry point for `npx rr`: runs the compiled CLI (built by `npm ci` through the prepare script).
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv);
