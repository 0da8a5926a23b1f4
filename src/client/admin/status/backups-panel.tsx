/** The tenant's backups on the status tab (placeholder until backups exist). */
export function BackupsPanel() {
  return null;
}
