// The Anthropic SDK as one CommonJS file for the tools' bins (built by tsup.config.ts; loaded through code-cache.ts).
export * from '@anthropic-ai/sdk';
export { default } from '@anthropic-ai/sdk';
