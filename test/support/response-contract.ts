import type { HttpApp } from '@clinic/adapters/http';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Every answer of an HTTP test checked against the OpenAPI document the server publishes
 * (`/api/openapi.json`), strictly: a status the route does not declare, a body its schema does
 * not allow, or a property the schema does not name fails the request, and so the test.
 * Only answers of the routes the document lists are checked (not /api/docs, /health, /metrics).
 */
export class ResponseContract {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly validators = new Map<object, ValidateFunction>();
  private readonly paths: Record<string, Record<string, Operation>>;

  constructor(private readonly http: Pick<HttpApp, 'routeFor' | 'openApi'>) {
    addFormats.default(this.ajv);
    this.paths = (http.openApi as { paths: Record<string, Record<string, Operation>> }).paths;
  }

  /** What is wrong with an answer, or null when it keeps the contract (or no route of the document answered it). */
  problem(method: string, path: string, answer: { status: number; body: unknown; contentType: string }): string | null {
    const pathname = new URL(path, 'http://localhost').pathname;
    const route = this.http.routeFor(method, pathname);
    if (!route) return null;
    const operation = this.paths[route.path.replace(/:([A-Za-z_]\w*)/g, '{$1}')]?.[route.method];
    if (!operation) return `${method.toUpperCase()} ${route.path} is served but not in the OpenAPI document`;
    const what = `${method.toUpperCase()} ${pathname} (${route.path}) answered ${answer.status}`;
    const response = operation.responses[String(answer.status)] ?? (answer.status >= 500 ? operation.responses.default : undefined);
    if (!response) return `${what}, a status its OpenAPI document does not declare (${Object.keys(operation.responses).join(', ')})`;
    const schema = response.content?.['application/json']?.schema;
    const isJson = /^application\/json/.test(answer.contentType);
    if (!schema) {
      return isJson && answer.body !== null ? `${what} with a JSON body, but the document declares none for it: ${preview(answer.body)}` : null;
    }
    if (!isJson) return `${what} with ${answer.contentType || 'no content type'}, but the document declares JSON`;
    const validate = this.validator(schema);
    if (!validate(answer.body)) {
      const errors = (validate.errors ?? []).map(
        (error) =>
          `${error.instancePath || '(body)'} ${error.message}${'additionalProperty' in error.params ? ` '${String(error.params.additionalProperty)}'` : ''}`,
      );
      return `${what}, a body its declared schema refuses: ${[...new Set(errors)].slice(0, 8).join('; ')}\nbody: ${preview(answer.body)}`;
    }
    if (answer.status >= 400) {
      const code = (answer.body as { error: { code: string } }).error.code;
      const codes = operation['x-error-codes'];
      if (!codes.includes(code) && !ANY_ROUTE.has(code)) return `${what} with ${code}, which is not among the codes its document lists (${codes.join(', ')})`;
    }
    return null;
  }

  private validator(schema: object): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      validate = this.ajv.compile(strict(schema) as object);
      this.validators.set(schema, validate);
    }
    return validate;
  }
}

/** Codes any route may answer, whatever it declares: a crash, and a body the server cannot decode. */
const ANY_ROUTE = new Set(['INTERNAL_ERROR', 'UNSUPPORTED_MEDIA_TYPE']);

interface Operation {
  readonly responses: Record<string, { readonly content?: Record<string, { readonly schema?: object }> }>;
  readonly 'x-error-codes': readonly string[];
}

/**
 * The schema with every object closed: an object schema that lists its properties and says
 * nothing of others allows none. (zod's output schemas already say so; this keeps the check
 * strict for a schema written by hand or a loose zod object.)
 */
const strict = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(strict);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    copy[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([name, inner]) => [name, strict(inner)])) : strict(value);
  }
  if (copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
};

const preview = (body: unknown): string => {
  const text = JSON.stringify(body) ?? String(body);
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
};
