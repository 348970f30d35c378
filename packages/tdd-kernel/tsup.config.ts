import { toolConfig } from '../../tsup.tool.config';

// Claude Code runs the plugin (this directory) from a copy whose node_modules holds the direct dependencies
// but not theirs, so the CLI inlines every package that has dependencies of its own. It imports only those
// that have none, and the model SDKs, which core's shared code names but tdd-kernel never calls.
export default toolConfig({ selfContainedBut: ['commander', 'lilconfig', 'picomatch', 'typescript', '@anthropic-ai/sdk', 'openai', '@google/genai'] });
