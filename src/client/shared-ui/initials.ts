/** Avatar initials of a Turkish name: first and last word, upper-cased the Turkish way (i → İ). */
export function initials(name: string | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts.slice(0, 1);
  return letters.map((p) => (p as string).charAt(0).toLocaleUpperCase('tr-TR')).join('') || '?';
}
