import { toolConfig } from '../../tsup.tool.config';

export default toolConfig();
