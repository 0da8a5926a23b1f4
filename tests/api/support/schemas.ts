/** The fields of a body schema: an object's shape, through refinements and transforms (a pipe's input). */
export function bodyShape(schema: unknown): Record<string, unknown> {
  let at = schema as { shape?: Record<string, unknown>; in?: unknown } | undefined;
  while (at && !at.shape && at.in) at = at.in as typeof at;
  return at?.shape ?? {};
}
