// The bin is CommonJS: dist/cli.cjs runs check and the hooks itself and loads dist/cli-main.cjs for the
// rest, and for the flush (a Stop hook, or a deferred flush), whose runners and core it does not carry.
import { toolConfig } from '../../tsup.tool.config';

export default toolConfig({ viaMain: { '../../turn/flush.js': ['flush'] } });
