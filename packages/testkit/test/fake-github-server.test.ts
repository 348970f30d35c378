import { describe, expect, it } from 'vitest';
import { splitGitDiff, startFakeGitHubServer, FAKE_GITHUB_BOT, FAKE_GITHUB_TOKEN } from '../src/index.js';

const DIFF = `diff --git a/src/a.js b/src/a.js
index 1..2 100644
--- a/src/a.js
+++ b/src/a.js
@@ -1,3 +1,3 @@
 one
-two
+TWO
 three
diff --git a/logo.png b/logo.png
new file mode 100644
Binary files /dev/null and b/logo.png differ
`;

describe('the fake GitHub', () => {
  it('cuts a git diff into the files API shape', () => {
    expect(splitGitDiff(DIFF)).toEqual([
      { filename: 'src/a.js', status: 'modified', patch: '@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three' },
      { filename: 'logo.png', status: 'added' },
    ]);
  });

  it('refuses a wrong token and a comment outside the diff, and records requests', async () => {
    const github = await startFakeGitHubServer();
    try {
      github.addPullRequest('o/r', 1, { headSha: 'abc', diff: DIFF });
      const post = (token: string, line: number) =>
        fetch(`${github.url}/repos/o/r/pulls/1/reviews`, {
          method: 'POST',
          headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ event: 'COMMENT', body: 'b', comments: [{ path: 'src/a.js', line, side: 'RIGHT', body: 'c' }] }),
        });
      expect((await post('wrong', 2)).status).toBe(401);
      expect((await post(FAKE_GITHUB_TOKEN, 9)).status).toBe(422);
      expect((await post(FAKE_GITHUB_TOKEN, 2)).status).toBe(200);
      expect(github.reviews).toHaveLength(1);
      expect(github.comments.map((c) => [c.path, c.line])).toEqual([['src/a.js', 2]]);
      expect(github.requests.map((r) => r.method)).toEqual(['POST', 'POST', 'POST']);
      // A failure with `times` stops after that many requests.
      github.fail('POST', /\/reviews$/, { status: 502, times: 1 });
      expect((await post(FAKE_GITHUB_TOKEN, 2)).status).toBe(502);
      expect((await post(FAKE_GITHUB_TOKEN, 2)).status).toBe(200);
    } finally {
      await github.close();
    }
  });

  it('hides a review through GraphQL minimizeComment, answers its state, refuses an unknown id and a missing token', async () => {
    const github = await startFakeGitHubServer();
    try {
      github.addPullRequest('o/r', 1, { headSha: 'abc', diff: DIFF });
      const mine = github.addReview('o/r', 1, { login: FAKE_GITHUB_BOT, body: 'old' });
      const theirs = github.addReview('o/r', 1, { login: 'octocat', body: 'a person' });
      const graphql = async (query: string, variables: object, token: string | null = FAKE_GITHUB_TOKEN) => {
        const res = await fetch(`${github.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `bearer ${token}` }) },
          body: JSON.stringify({ query, variables }),
        });
        return { status: res.status, body: (await res.json()) as any };
      };
      const minimize = 'mutation($id: ID!) { minimizeComment(input: { subjectId: $id, classifier: OUTDATED }) { minimizedComment { isMinimized } } }';
      const state = 'query($ids: [ID!]!) { nodes(ids: $ids) { id ... on Comment { viewerDidAuthor } ... on Minimizable { isMinimized } } }';

      expect((await graphql(minimize, { id: mine.node_id }, null)).status).toBe(401);
      expect(github.minimized).toEqual([]);
      const unknown = await graphql(minimize, { id: 'PRR_nobody' });
      expect(unknown.status).toBe(200);
      expect(unknown.body.errors[0]).toMatchObject({ type: 'NOT_FOUND', message: "Could not resolve to a node with the global id of 'PRR_nobody'." });
      expect((await graphql(minimize, { id: theirs.node_id })).body.errors[0].type).toBe('FORBIDDEN');
      expect((await graphql(minimize, { id: mine.node_id })).body).toEqual({ data: { minimizeComment: { minimizedComment: { isMinimized: true, minimizedReason: 'outdated' } } } });
      expect(github.minimized).toEqual([{ nodeId: mine.node_id, classifier: 'OUTDATED' }]);

      const nodes = await graphql(state, { ids: [mine.node_id, theirs.node_id] });
      expect(nodes.body.data.nodes).toEqual([
        { id: mine.node_id, viewerDidAuthor: true, isMinimized: true },
        { id: theirs.node_id, viewerDidAuthor: false, isMinimized: false },
      ]);
    } finally {
      await github.close();
    }
  });
});
