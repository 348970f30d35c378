// The bin is CommonJS (dist/cli.cjs loading dist/cli-main.cjs): check and the hooks run on every edit.
import { toolConfig } from '../../tsup.tool.config';

export default toolConfig({ cjsBin: { launcher: 'src/bin.ts', main: 'src/cli.ts' } });
