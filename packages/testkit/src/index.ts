// Test kit for every package's tests: a fake provider server speaking the real wire protocols, a
// scripted model (streaming Messages and Responses, with tool calls) for driving real coding agents,
// a loopback fake of GitHub's pull-request review API, temporary git repositories, and a runner for
// the built CLIs.

export {
  startFakeProviderServer,
  FAKE_KEYS,
  type FakeProviderServer,
  type FakeReply,
  type FakeHandler,
  type RecordedRequest,
  type Protocol,
} from './fake-provider-server.js';
export {
  startFakeGitHubServer,
  splitGitDiff,
  FAKE_GITHUB_TOKEN,
  FAKE_GITHUB_BOT,
  type FakeGitHubServer,
  type GitHubRequest,
  type FakeReview,
  type FakeReviewComment,
  type FakeFailure,
  type FakeGitHubOptions,
} from './fake-github-server.js';
export type { Minimized } from './fake-github-graphql.js';
export { makeTempRepo, type TempRepo, type TempRepoOptions, type FileTree } from './temp-repo.js';
export { runCli, cleanEnv, type CliResult, type RunCliOptions } from './run-cli.js';
export { traceImportsArgs } from './trace-imports.js';
export {
  startScriptedModelServer,
  type ScriptedModelServer,
  type ScriptedModelServerOptions,
  type ModelRequest,
  type ModelApi,
} from './scripted-model-server.js';
export {
  say,
  callTool,
  SCRIPT_EXHAUSTED_TEXT,
  type ScriptedTurn,
  type ScriptedToolCall,
  type ScriptStep,
  type ToolResult,
} from './model-script.js';
export { geminiResponse, geminiStreamChunks, geminiToolResults, geminiUserTexts } from './gemini-stream.js';
export { chatCompletion, chatCompletionChunks, chatToolResults, chatUserTexts } from './chat-completions-stream.js';
