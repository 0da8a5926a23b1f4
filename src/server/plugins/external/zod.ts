import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { MESSAGES } from '../../../shared/api/errors';
import { fieldName, labelledErrorMap, refusalText } from '../../../shared/api/field-labels';

/**
 * The shared zod schemas validate every body, query and params directly (no JSON-schema
 * conversion): one schema per operation, used by the client's forms and by the server.
 *
 * Messages: one rule for every route (shared/api/field-labels.ts). A schema's own Turkish message
 * wins; anything else gets the generic Turkish text naming the field by its label ('Beklenen sürüm
 * gereklidir'), never zod's own text. A field inside a list is named with its position ('2. kalem:
 * …'). The wire name travels only in `field`, for the client that puts the text under the input.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

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

/** One refusal of a request part: the text a person reads and the field it is about (wire name). */
export interface Refusal {
  message: string;
  field: string | undefined;
}

function parse<T extends z.ZodType>(schema: T, data: unknown, part: string) {
  const errorMap = labelledErrorMap(PART_LABELS[part] ?? PART_LABELS.body ?? '');
  return schema.safeParse(data, { error: (issue) => errorMap(issue) });
}

function refusalsFrom(issues: readonly z.core.$ZodIssue[]): Refusal[] {
  return issues.map((issue) => {
    // An unknown key is reported on the object that holds it: `field` names the key itself.
    const path = [...issue.path];
    if (issue.code === 'unrecognized_keys' && issue.keys[0]) path.push(issue.keys[0]);
    const field = fieldName(path);
    return { message: refusalText(field, issue.message), field };
  });
}

/** Every refusal of `data` by `schema`, worded by the one rule; [] when it is valid. */
export function refusalsOf(schema: z.ZodType, data: unknown, part: string): Refusal[] {
  const result = parse(schema, data, part);
  return result.success ? [] : refusalsFrom(result.error.issues);
}

/** The value `schema` makes of `data`, or the first refusal thrown (the 400 names its field). */
export function parseWith<T extends z.ZodType>(schema: T, data: unknown, part: string): z.output<T> {
  const result = parse(schema, data, part);
  if (result.success) return result.data;
  const [first] = refusalsFrom(result.error.issues);
  throw new RequestValidationError(first?.message ?? MESSAGES.badRequest, first?.field, part);
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
