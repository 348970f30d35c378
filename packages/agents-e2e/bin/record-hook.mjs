#!/usr/bin/env node
// A hook command for the end-to-end tests: records the payload an agent sends on stdin (one JSON
// line appended to the log named by argv[2]) and answers with the first rule of argv[3] (a JSON
// array) that matches it, or allows (exit 0, nothing printed). Plain JavaScript: agents run it with
// node directly, before anything is built.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

const [logPath, rulesPath] = process.argv.slice(2);
const raw = readFileSync(0, 'utf8');
let payload;
try {
  payload = JSON.parse(raw);
} catch {
  payload = { unparsed: raw };
}
appendFileSync(logPath, `${JSON.stringify(payload)}\n`);

const rules = rulesPath && existsSync(rulesPath) ? JSON.parse(readFileSync(rulesPath, 'utf8')) : [];
const matches = (rule) =>
  (rule.event === undefined || rule.event === payload.hook_event_name) &&
  (rule.tool === undefined || new RegExp(rule.tool).test(String(payload.tool_name ?? ''))) &&
  (rule.stopHookActive === undefined || rule.stopHookActive === Boolean(payload.stop_hook_active));
const rule = rules.find(matches);
if (rule?.stdout) process.stdout.write(rule.stdout);
if (rule?.stderr) process.stderr.write(rule.stderr);
process.exitCode = rule?.exitCode ?? 0;
