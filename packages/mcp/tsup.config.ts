// adlc-mcp: the server and the four tools' libraries in one bundle (the tools are build-time
// dependencies: their code, and core's, is inlined from the sources). Each tool, the call path and
// commander are chunks loaded on first use (src/tools/index.ts, src/cli.ts, src/server.ts).
import { defineConfig } from 'tsup';
import { cliBundle } from '../../tsup.tool.config';

// tools-list: the tools/list answer, computed once after the build (scripts/write-tools-list.mjs).
export default defineConfig({ ...cliBundle({ cli: 'src/cli.ts', 'tools-list': 'src/tools-list.ts', 'json-schemas': 'src/json-schemas.ts' }), clean: true });
