export { BackupsPanel } from '../backups/backups-panel';
