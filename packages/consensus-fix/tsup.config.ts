import { toolConfig } from '../../tsup.tool.config';

export default toolConfig({ cli: 'src/cli/cli.ts', jsonSchemas: 'src/output/json-schemas.ts' });
