// The fake GitHub's GraphQL endpoint (POST /graphql): just what hiding a review needs. It reads
// the fields a document asks for by name (no GraphQL parser): `nodes(ids:)` with `id`,
// `viewerDidAuthor` and `isMinimized`, and the `minimizeComment` mutation. Like GitHub,
// an unknown node id is an `errors` entry beside the data, with status 200.

/** What the endpoint can see of a review or review comment, by its node id. */
export interface GraphqlSubject {
  nodeId: string;
  login: string;
}

export interface Minimized {
  nodeId: string;
  classifier: string;
}

interface GraphqlError {
  type?: string;
  path?: string[];
  message: string;
}

export interface GraphqlAnswer {
  data: Record<string, unknown> | null;
  errors?: GraphqlError[];
}

/** A mutation argument: a literal (`classifier: OUTDATED`, `subjectId: "X"`) or a `$variable`. */
function argument(query: string, name: string, variables: Record<string, unknown>): unknown {
  const found = new RegExp(`\\b${name}\\s*:\\s*(\\$\\w+|"[^"]*"|\\w+)`).exec(query)?.[1];
  if (found === undefined) return undefined;
  if (found.startsWith('$')) return variables[found.slice(1)];
  return found.startsWith('"') ? found.slice(1, -1) : found;
}

const notFound = (id: unknown, path: string[]): GraphqlError => ({
  type: 'NOT_FOUND',
  path,
  message: `Could not resolve to a node with the global id of '${String(id)}'.`,
});

export function answerGraphql(
  body: { query?: unknown; variables?: Record<string, unknown> } | null,
  world: { viewer: string; subjects: () => GraphqlSubject[]; minimized: Minimized[] },
): GraphqlAnswer {
  const query = typeof body?.query === 'string' ? body.query : '';
  const variables = body?.variables ?? {};
  const find = (id: unknown) => world.subjects().find((s) => s.nodeId === id);
  const isMinimized = (id: string) => world.minimized.some((m) => m.nodeId === id);

  if (/\bminimizeComment\s*\(/.test(query)) {
    const subjectId = argument(query, 'subjectId', variables);
    const classifier = String(argument(query, 'classifier', variables) ?? '');
    if (!['SPAM', 'ABUSE', 'OFF_TOPIC', 'OUTDATED', 'DUPLICATE', 'RESOLVED'].includes(classifier)) {
      return { data: null, errors: [{ message: `Argument 'classifier' has an invalid value (${classifier}).` }] };
    }
    const subject = find(subjectId);
    if (!subject) return { data: { minimizeComment: null }, errors: [notFound(subjectId, ['minimizeComment'])] };
    if (subject.login !== world.viewer) {
      return { data: { minimizeComment: null }, errors: [{ type: 'FORBIDDEN', path: ['minimizeComment'], message: `${world.viewer} does not have permission to minimize ${subject.nodeId}.` }] };
    }
    if (!isMinimized(subject.nodeId)) world.minimized.push({ nodeId: subject.nodeId, classifier });
    return { data: { minimizeComment: { minimizedComment: { isMinimized: true, minimizedReason: classifier.toLowerCase() } } } };
  }

  const data: Record<string, unknown> = {};
  const errors: GraphqlError[] = [];
  if (/\bnodes\s*\(/.test(query)) {
    const ids = argument(query, 'ids', variables);
    data.nodes = (Array.isArray(ids) ? ids : []).map((id, i) => {
      const subject = find(id);
      if (!subject) {
        errors.push(notFound(id, ['nodes', String(i)]));
        return null;
      }
      return { id: subject.nodeId, viewerDidAuthor: subject.login === world.viewer, isMinimized: isMinimized(subject.nodeId) };
    });
  }
  if (Object.keys(data).length === 0) return { data: null, errors: [{ message: 'the fake GitHub answers nodes(ids:) and minimizeComment only' }] };
  return errors.length > 0 ? { data, errors } : { data };
}
