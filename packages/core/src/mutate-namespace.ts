// The mutation engine, re-exported as one namespace. It lives in a file of its own because index.ts
// re-exports it whole: a namespace re-exported from index.ts itself would put all of core in every entry.
export * as mutate from './mutate/index.js';
