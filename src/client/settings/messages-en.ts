import type { deviceSettingsTr } from './messages-tr';

/** Texts of /settings: the user's own settings and this device (English). */
export const deviceSettingsEn: Record<keyof typeof deviceSettingsTr, string> = {
  dset_appearance: 'Appearance and language',
  dset_theme: 'Theme',
  dset_themeLight: 'Light',
  dset_themeDark: 'Dark',
  dset_language: 'Language',
  dset_scanner: 'Scanner feedback',
  dset_scanSound: 'Sound on scan',
  dset_scanVibration: 'Vibration on scan',
  dset_scanTest: 'Try it',
  dset_device: 'This device',
  dset_deviceId: 'Device ID',
  dset_appVersion: 'App version',
  dset_persisted: 'Persistent storage',
  dset_persistedYes: 'Granted: the browser will not delete the data on this device by itself.',
  dset_persistedNo:
    'Not granted: when space runs low the browser may delete the data on this device, unsent changes included.',
  dset_persistedUnknown: 'This browser does not support persistent storage.',
  dset_persistAsk: 'Request persistent storage',
  dset_persistRefused: 'The browser did not grant persistent storage.',
  dset_storage: 'Storage used',
  dset_storageValue: '{used} of {quota}',
  dset_lastSync: 'Last sync',
  dset_never: 'Not synced yet',
  dset_outbox: 'Unsent changes',
  dset_outboxValue: '{n} waiting, {failed} refused',
  dset_outboxOldest: 'Oldest: {time}',
  dset_outboxEmpty: 'No unsent changes.',
  dset_export: 'Export unsent changes to a file',
  dset_exported: '{n} changes exported to a file.',
  dset_clear: "Clear this device's data",
  dset_clearHint:
    'You are signed out and your data on this device is deleted; nothing on the server changes.',
  dset_clearTitle: "Clear this device's data?",
  dset_clearBody:
    'You will be signed out and your data on this device will be deleted. It is downloaded from the server again at your next sign-in.',
  dset_clearUnsent:
    'This device holds {n} changes the server has not received. Clearing loses them for good. You can export them to a file or sync first.',
  dset_clearConfirmLoss: 'I understand that the unsent changes will be lost',
  dset_clearConfirm: 'Clear and sign out',
  dset_clearFailed: 'The data could not be cleared: {message}',
  dset_cancel: 'Cancel',
  dset_offlineNote: 'Everything on this page is kept on the device; it works offline too.',
  dset_noStore: 'The local data store is not open.',
};
