import type { FastifyInstance } from 'fastify';

/**
 * Every route the app's router holds under /api, as 'METHOD /path' (HEAD left out: Fastify adds it
 * to each GET with the same options and hooks). Read from the router itself, so a route added by any
 * module or plugin shows up without anyone remembering to list it.
 */
export function listApiRoutes(app: FastifyInstance): string[] {
  // The tree prints one node per line: 4 characters of indentation per level, then the path
  // segment and, for nodes that are routes, their methods in parentheses.
  const lines = app.printRoutes({ commonPrefix: false }).split('\n').filter((l) => l.trim() !== '');
  const parents: string[] = [];
  const routes: string[] = [];
  for (const line of lines) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) throw new Error(`unexpected line in printRoutes output: ${JSON.stringify(line)}`);
    const depth = match[1].length / 4;
    const path = (parents[depth - 1] ?? '') + match[2];
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD' && path.startsWith('/api/')) routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
}
