// zod as one CommonJS file for the tools' bins (built by tsup.config.ts; loaded through code-cache.ts).
export * from 'zod';
export { default } from 'zod';
