import { useCallback, useState } from 'react';

/**
 * A form's errors by field, and the rule every form follows with them: an error appears after a
 * submit (the form's own check, or the server naming the field) and disappears as soon as the user
 * edits its field — they see at once that the correction was taken, not only at the next submit
 * (which checks everything again). An error that stays while a valid value is typed reads as if
 * the value were still wrong.
 *
 * `edited(...fields)` is what a field's onChange calls; a form-wide message that no longer holds
 * once something changed (a 'form' entry) is named there too.
 */
export type FieldErrors<F extends string, E = string> = Partial<Record<F, E>>;

/** The errors after `fields` were edited: theirs gone (the same object when none of them had one). */
export function afterEdit<F extends string, E>(
  errors: FieldErrors<F, E>,
  fields: readonly F[],
): FieldErrors<F, E> {
  if (fields.every((field) => errors[field] === undefined)) return errors;
  const next = { ...errors };
  for (const field of fields) delete next[field];
  return next;
}

export function useFieldErrors<F extends string, E = string>(initial: FieldErrors<F, E> = {}) {
  const [errors, setErrors] = useState<FieldErrors<F, E>>(initial);
  const edited = useCallback((...fields: F[]) => setErrors((current) => afterEdit(current, fields)), []);
  return { errors, setErrors, edited };
}
