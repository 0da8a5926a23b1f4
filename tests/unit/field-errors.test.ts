import { describe, expect, it } from 'vitest';
import { afterEdit } from '../../src/client/shared-ui/field-errors';

/**
 * The forms' one rule for errors: an error shown after a submit goes as soon as its field is
 * edited; the other fields keep theirs until they are edited too (or the next submit).
 */
describe('a field error after an edit', () => {
  const shown = { recipient: 'Teslim alanın adı gereklidir', signature: 'İmza gereklidir' };

  it('is gone for the edited field only', () => {
    expect(afterEdit(shown, ['recipient'])).toEqual({ signature: 'İmza gereklidir' });
    expect(shown.recipient).toBe('Teslim alanın adı gereklidir'); // the shown errors are not changed in place
  });

  it('can clear a form-wide message with the field', () => {
    const withForm = { ...shown, form: 'Geçersiz değer' };
    expect(afterEdit(withForm, ['recipient', 'form'])).toEqual({ signature: 'İmza gereklidir' });
  });

  it('leaves the errors as they are (the same object) when the edited field had none', () => {
    expect(afterEdit(shown, ['notes' as 'recipient'])).toBe(shown);
  });
});
