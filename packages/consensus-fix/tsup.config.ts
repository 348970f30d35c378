// The bin is CommonJS: dist/cli.cjs (src/cli/bin.ts) loads the CLI, dist/cli-main.cjs, through V8's code cache.
import { toolConfig } from '../../tsup.tool.config';

export default toolConfig({ entries: { bin: 'src/cli/bin.ts', cli: 'src/cli/cli.ts', jsonSchemas: 'src/output/json-schemas.ts' } });
