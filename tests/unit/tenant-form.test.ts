import { describe, expect, it } from 'vitest';
import {
  brandingBody,
  companyNameKey,
  describeCompany,
  descriptionAfterRename,
} from '../../src/shared/api/tenant-admin';
import { brandColourMessage, isBrandColour } from '../../src/shared/domain/brand-colour';

/**
 * The tenant form's rules: a brand colour is `#RRGGBB` (a name such as 'mavi' is refused, not
 * turned into black), said naming the field by its label; the description written from the
 * company name follows a new name, a description the user wrote stays; company names compare by
 * the search fold.
 */
describe('the brand colour rule', () => {
  it('accepts #RRGGBB in either case (blanks around it ignored) and nothing else', () => {
    for (const ok of ['#1976d2', '#DC004E', ' #00ff00 ']) expect(isBrandColour(ok), ok).toBe(true);
    for (const bad of ['mavi', '#000', '1976d2', '#1976d', '#1976d2f', '#gggggg', '', 'rgb(0,0,0)'])
      expect(isBrandColour(bad), bad).toBe(false);
  });

  it('names the field by its label, in Turkish', () => {
    expect(brandColourMessage('Ana Renk')).toBe('Ana Renk #RRGGBB biçiminde olmalıdır');
  });

  it('is the same rule the server applies to the branding', () => {
    const refused = brandingBody.safeParse({ primary_color: 'mavi' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(brandColourMessage('Ana renk'));
    expect(brandingBody.parse({ primary_color: '#ABCDEF' }).primary_color).toBe('#abcdef');
  });
});

describe('the description after a rename', () => {
  it('follows the new name when it was the one written from the old name', () => {
    expect(descriptionAfterRename('Acme', 'Acme Gıda', describeCompany('Acme'))).toBe(
      describeCompany('Acme Gıda'),
    );
  });

  it('keeps a description the user wrote, and an empty one', () => {
    expect(descriptionAfterRename('Acme', 'Acme Gıda', 'Toptan gıda dağıtımı')).toBe('Toptan gıda dağıtımı');
    expect(descriptionAfterRename('Acme', 'Acme Gıda', '')).toBe('');
  });

  it('follows letter by letter while the name is typed', () => {
    let description = describeCompany('A');
    let name = 'A';
    for (const next of ['Ac', 'Acm', 'Acme']) {
      description = descriptionAfterRename(name, next, description);
      name = next;
    }
    expect(description).toBe(describeCompany('Acme'));
  });
});

describe('the same company name', () => {
  it('folds case, Turkish letters and blanks', () => {
    expect(companyNameKey('IŞIK  Gıda Ltd ')).toBe(companyNameKey('ışık gida ltd'));
    expect(companyNameKey('İstanbul Ticaret')).toBe(companyNameKey('istanbul ticaret'));
    expect(companyNameKey('Acme')).not.toBe(companyNameKey('Acme Gıda'));
  });
});
