import type { syncTr } from './messages-tr';

/** This feature's screen texts in English; combined by app/catalogue-en.ts (loaded on demand). */
export const syncEn: Record<keyof typeof syncTr, string> = {
  syncPanelTitle: 'Sync',
  syncNow: 'Sync now',
  lastSynced: 'Last sync: {time}',
  neverSynced: 'Not synced yet',
  failedSection: 'Rejected changes',
  pendingSection: 'Changes waiting to be sent',
  noPendingChanges: 'No pending changes.',
  attemptsSoFar: 'attempt {n}',
  otherUsersWaiting: '{n} changes of another user on this device will be sent when that user signs in again.',
  syncServerValueHeading: 'On the server',
  syncServerOrderGone: 'The order no longer exists on the server',
  openOrder: 'Open order',
};
