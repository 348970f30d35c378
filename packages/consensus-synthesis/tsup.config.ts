// The bin is CommonJS: dist/cli.cjs (src/bin.ts) loads the CLI, dist/cli-main.cjs, through V8's code cache.
import { toolConfig } from '../../tsup.tool.config';

export default toolConfig();
