import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { errorResponseSchema } from '../../contract/apiResponses.ts';

/**
 * A route's `response` schemas: its 200 answer (validated and serialised by fastify-type-provider-zod, unnamed fields
 * stripped) and the error answer of every 4xx (`{ success: false, message, code, ...details }`, details kept).
 */
export const answers = <Ok extends z.ZodType>(ok: Ok) => ({ 200: ok, '4xx': errorResponseSchema });

/** The `response` schemas of a route that answers 201 Created with `created` (and every 4xx as `answers` does). */
export const createdAnswers = <Created extends z.ZodType>(created: Created) => ({ 201: created, '4xx': errorResponseSchema });

/** `{ success: true }`: the answer of a delete. */
export const doneSchema = z.object({ success: z.literal(true) });

/**
 * The validator of route schemas, which are the contract's zod schemas: a request part is parsed by `parse`, and what
 * `parse` throws (its 400 with the message the API promises) is the refusal. A missing part arrives as null.
 */
export const validatorOf =
  // Fastify types a route's own validatorCompiler by the route's whole schema object; each call gets one part's schema.
  <Schema = z.ZodType>(parse: <S extends z.ZodType>(schema: S, input: unknown) => z.infer<S>): FastifySchemaCompiler<Schema> =>
  ({ schema }) =>
  (data) => {
    try {
      return { value: parse(schema as z.ZodType, data) };
    } catch (error) {
      return { error: error as Error };
    }
  };
