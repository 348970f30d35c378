export { default } from '../../tsup.tool.config';
