import type { RouteOptions } from 'fastify';
import type { Access } from '../plugins/auth';

/** One API route as the app declared it: its path, who may call it and its Zod schemas. */
export interface CatalogRoute {
  method: string;
  /** the full path with its prefix, e.g. /api/restaurants/:restaurantId/tickets/:ticketId */
  url: string;
  access: Access | undefined;
  /** the route reads a multipart upload instead of JSON */
  multipart: boolean;
  schema: { params?: unknown; querystring?: unknown; body?: unknown; headers?: unknown };
}

const routes: CatalogRoute[] = [];

/** Every route of the apps built since this module loaded (one app per test file). */
export const catalogRoutes = (): readonly CatalogRoute[] => routes;

/**
 * Wraps the `fastify` module so that each instance records its routes as they are declared. The
 * router itself only answers "which routes" (listApiRoutes); the schemas are what the fuzzer needs,
 * and Fastify exposes them only to `onRoute` hooks registered before the routes. A test file
 * installs it with `vi.mock('fastify', …)`: the app is built exactly as in production.
 */
export function withRouteCatalog<M extends { default: (...args: never[]) => unknown }>(fastify: M): M {
  const create = (...args: Parameters<M['default']>) => {
    const app = (fastify.default as (...a: unknown[]) => { addHook(name: 'onRoute', hook: (r: RouteOptions) => void): void })(...args);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        routes.push({
          method,
          url: route.url,
          access: route.config?.access,
          multipart: route.config?.multipart !== undefined,
          schema: (route.schema ?? {}) as CatalogRoute['schema'],
        });
      }
    });
    return app;
  };
  Object.assign(create, fastify.default);
  return { ...fastify, default: create };
}
