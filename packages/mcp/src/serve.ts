// adlc-mcp's run: the server on stdio until the client closes the connection (or stdin ends), or a
// signal arrives; then the calls still running are cancelled (their files restored, as on SIGINT) and
// given a moment to unwind before the one exit in runMain.

import { INTERRUPT_EXIT_GRACE_MS, interruptSignal, pass, type Outcome } from '@adlc/core';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createAdlcServer } from './server.js';
import { reserveStdout } from './stdout.js';

export async function serve(): Promise<Outcome> {
  const protocolOut = reserveStdout();
  const { server, inFlight } = createAdlcServer({ env: process.env, startDir: process.cwd() });
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  await server.connect(new StdioServerTransport(process.stdin, protocolOut));
  const close = () => void server.close();
  process.stdin.once('end', close);
  const interrupt = interruptSignal();
  interrupt.addEventListener('abort', close, { once: true });
  await closed;
  // Closing aborted every call in flight: their cleanups already ran; let them finish unwinding.
  await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => setTimeout(resolve, INTERRUPT_EXIT_GRACE_MS).unref())]);
  if (interrupt.aborted) throw interrupt.reason;
  return pass(null);
}
