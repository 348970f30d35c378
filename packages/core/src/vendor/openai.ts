// The OpenAI SDK as one CommonJS file for the tools' bins (built by tsup.config.ts; loaded through code-cache.ts).
export * from 'openai';
export { default } from 'openai';
