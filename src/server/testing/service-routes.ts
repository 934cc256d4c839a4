import type { TestService } from './test-service';

export type RouteGroup = 'public' | 'partner' | 'other';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One route the service answers, in OpenAPI path form (`/v1/{client_name}/partner/hall/{hallId}`). */
export interface ServiceRoute {
  method: HttpMethod;
  path: string;
  group: RouteGroup;
  pathParams: string[];
  queryParams: string[];
  /** Declares a request body in the OpenAPI document. */
  hasBody: boolean;
  /** Top-level property names of the JSON body (of its items when the body is an array). */
  bodyFields: string[];
  bodyIsArray: boolean;
  /** Listed in the OpenAPI document (routes registered with plain `app.get` etc. are not). */
  documented: boolean;
}

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, unknown>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

function resolve(schema: JsonSchema | undefined, document: OpenApiDocument): JsonSchema | undefined {
  const name = schema?.$ref?.replace('#/components/schemas/', '');
  return name ? document.components?.schemas?.[name] : schema;
}

function bodyShape(operation: OpenApiOperation, document: OpenApiDocument): { fields: string[]; isArray: boolean } {
  let schema = resolve(operation.requestBody?.content?.['application/json']?.schema, document);
  const isArray = schema?.type === 'array';
  if (isArray) schema = resolve(schema?.items, document);
  const fields = new Set<string>();
  const collect = (part: JsonSchema | undefined) => {
    const resolved = resolve(part, document);
    for (const key of Object.keys(resolved?.properties ?? {})) fields.add(key);
    for (const nested of [...(resolved?.anyOf ?? []), ...(resolved?.oneOf ?? []), ...(resolved?.allOf ?? [])]) {
      collect(nested);
    }
  };
  collect(schema);
  return { fields: [...fields], isArray };
}

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function groupOf(path: string): RouteGroup {
  if (path.startsWith('/v1/{client_name}/partner')) return 'partner';
  if (path.startsWith('/v1/{client_name}/')) return 'public';
  return 'other';
}

function paramsOf(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
}

/** Hono's `/x/:id{[0-9]+}` → OpenAPI's `/x/{id}`. */
function toOpenApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, '{$1}');
}

/**
 * Every route of the service: the OpenAPI document's operations plus anything registered on the app
 * without a document entry. Suites iterate over this, so a route added later is covered without
 * touching them.
 */
export async function listServiceRoutes(service: TestService): Promise<ServiceRoute[]> {
  const response = await service.request('/openapi.json');
  if (!response.ok) throw new Error(`GET /openapi.json → ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const document = (await response.json()) as OpenApiDocument;
  const routes = new Map<string, ServiceRoute>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [lowerMethod, operation] of Object.entries(operations)) {
      const method = lowerMethod.toUpperCase() as HttpMethod;
      if (!METHODS.includes(method)) continue;
      const body = bodyShape(operation, document);
      routes.set(`${method} ${path}`, {
        method,
        path,
        group: groupOf(path),
        pathParams: paramsOf(path),
        queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        hasBody: operation.requestBody !== undefined,
        bodyFields: body.fields,
        bodyIsArray: body.isArray,
        documented: true,
      });
    }
  }
  for (const { method, path: honoPath } of service.app.routes) {
    const upper = method.toUpperCase() as HttpMethod;
    if (!METHODS.includes(upper) || honoPath.includes('*')) continue;
    const path = toOpenApiPath(honoPath);
    const key = `${upper} ${path}`;
    if (routes.has(key)) continue;
    routes.set(key, {
      method: upper,
      path,
      group: groupOf(path),
      pathParams: paramsOf(path),
      queryParams: [],
      hasBody: upper !== 'GET' && upper !== 'DELETE',
      bodyFields: [],
      bodyIsArray: false,
      documented: false,
    });
  }
  return [...routes.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** Fills `{name}` segments from `values`; unknown names get `fallback`. */
export function fillPath(path: string, values: Record<string, string | number>, fallback = '1'): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(values[name] ?? fallback)));
}

export const describeRoute = (route: ServiceRoute) => `${route.method} ${route.path}`;
