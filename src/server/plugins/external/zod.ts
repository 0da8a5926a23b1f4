import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { tr } from 'zod/locales';

/**
 * The shared zod schemas validate every body, query and params directly (no JSON-schema
 * conversion): one schema per operation, used by the client's forms and by the server.
 *
 * Messages: a schema's own Turkish message wins; anything else gets zod's Turkish locale text,
 * prefixed with the field's name so the 400 always names the field (the user, or the developer of
 * another client, sees which input to fix).
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

const localeError = tr().localeError;

const PART_LABELS: Record<string, string> = {
  body: 'İstek gövdesi',
  querystring: 'Sorgu parametreleri',
  params: 'Adres parametreleri',
  headers: 'Başlıklar',
};

/** A failed validation, carrying the first issue (the error envelope renders it). */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly validationContext: string;
  constructor(
    message: string,
    readonly field: string | undefined,
    part: string,
  ) {
    super(message);
    this.name = 'RequestValidationError';
    this.validationContext = part;
  }
}

function fieldName(path: readonly PropertyKey[]): string | undefined {
  if (path.length === 0) return undefined;
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
    .join('.')
    .replace(/\.\[/g, '[');
}

export function parseWith<T extends z.ZodType>(schema: T, data: unknown, part: string): z.output<T> {
  const result = schema.safeParse(data, {
    error: (issue) => {
      const base = localeError(issue as Parameters<typeof localeError>[0]);
      const text = typeof base === 'string' ? base : (base?.message ?? 'Geçersiz değer');
      const field = fieldName(issue.path ?? []);
      return `${field ?? PART_LABELS[part] ?? part}: ${text}`;
    },
  });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new RequestValidationError(issue?.message ?? 'Geçersiz istek', fieldName(issue?.path ?? []), part);
}

export default fp(
  async function zodPlugin(app: FastifyInstance) {
    app.setValidatorCompiler(({ schema, httpPart }) => {
      const zodSchema = schema as unknown as z.ZodType;
      const part = httpPart ?? 'body';
      return (data: unknown) => {
        try {
          return { value: parseWith(zodSchema, data, part) };
        } catch (error) {
          return { error: error as Error };
        }
      };
    });

    // Responses are plain JSON. In tests every declared response is also checked against its
    // contract, so a drift between server and src/shared/api fails loudly there (as a 500).
    const checkResponses = app.config.nodeEnv === 'test';
    app.setSerializerCompiler(({ schema, url, method }) => {
      const zodSchema = schema as unknown as z.ZodType;
      return (data: unknown) => {
        if (checkResponses) {
          const result = zodSchema.safeParse(data);
          if (!result.success) {
            throw new Error(
              `Response of ${method} ${url} breaks its contract: ${JSON.stringify(result.error.issues.slice(0, 3))}`,
            );
          }
        }
        return JSON.stringify(data);
      };
    });
  },
  { name: 'zod' },
);
