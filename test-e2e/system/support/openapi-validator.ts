import OpenAPIResponseValidator from 'openapi-response-validator';

type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
};

interface Route {
  template: string;
  pattern: RegExp;
  operations: Record<string, Operation>;
}

/**
 * Checks responses against the public description (GET /v1/openapi.json): the path and method must be documented,
 * the status must be one of the operation's responses, and a JSON body must match that response's schema
 * (openapi-response-validator: ajv with the document's components). Anything undocumented is an error.
 */
export class OpenApiResponseChecker {
  private readonly routes: Route[];
  private readonly validators = new Map<string, OpenAPIResponseValidator>();

  constructor(private readonly doc: OpenApiDocument) {
    this.routes = Object.entries(doc.paths).map(([template, operations]) => ({
      template,
      operations,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }));
  }

  /** The operations documented for a concrete path (`/v1/links/abc`), or undefined. */
  routeOf(path: string): Route | undefined {
    // Literal segments win over parameters, as in the routers (`/v1/links/bulk` before `/v1/links/{code}`).
    return this.routes
      .filter((r) => r.pattern.test(path))
      .sort((a, b) => paramCount(a.template) - paramCount(b.template))[0];
  }

  /** Returns the problems with one response (an empty list when the document describes it). */
  problems(method: string, url: string, status: number, contentType: string | null, body: unknown): string[] {
    const path = new URL(url, 'http://x').pathname;
    const route = this.routeOf(path);
    const where = `${method} ${path} -> ${status}`;
    if (!route) return [`${where}: path not in the OpenAPI document`];
    const operation = route.operations[method.toLowerCase()];
    if (!operation) return [`${where}: method not documented for ${route.template}`];
    const response = operation.responses[String(status)] ?? operation.responses.default;
    if (!response)
      return [`${where}: status not documented (documented: ${Object.keys(operation.responses).join(', ')})`];
    const mediaTypes = Object.keys(response.content ?? {});
    if (mediaTypes.length === 0)
      return body === undefined || body === '' ? [] : [`${where}: a body where the document declares none`];
    const type = (contentType ?? '').split(';')[0]!.trim();
    if (!mediaTypes.includes(type))
      return [`${where}: content type ${type || '(none)'} not among ${mediaTypes.join(', ')}`];
    if (type !== 'application/json') return [];
    const error = this.validatorOf(
      route.template,
      method,
      String(status) in operation.responses ? String(status) : 'default',
      response,
    ).validateResponse(String(status) in operation.responses ? status : 'default', body);
    return error ? [`${where}: ${error.message} ${JSON.stringify(error.errors)}`] : [];
  }

  private validatorOf(
    template: string,
    method: string,
    status: string,
    response: Operation['responses'][string],
  ): OpenAPIResponseValidator {
    const key = `${method} ${template} ${status}`;
    let validator = this.validators.get(key);
    if (!validator) {
      const schema = response.content?.['application/json']?.schema ?? {};
      validator = new OpenAPIResponseValidator({
        responses: { [status]: { schema } } as never,
        components: this.doc.components as never,
      });
      this.validators.set(key, validator);
    }
    return validator;
  }
}

function paramCount(template: string): number {
  return (template.match(/\{/g) ?? []).length;
}
