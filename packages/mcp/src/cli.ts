// adlc-mcp: the gates as Model Context Protocol tools over stdio. A client starts it without
// arguments: then it goes straight to the server, and commander (the flags, src/program.ts) is never
// loaded; any argument (--help, --version, a mistake) is parsed first, as every adlc CLI does.

import { runMain } from '@adlc/core';

await runMain('adlc-mcp', async () => {
  const argv = process.argv.slice(2);
  if (argv.length > 0) (await import('./program.js')).parseCliArgs(argv);
  const { serve } = await import('./serve.js');
  return serve();
});
