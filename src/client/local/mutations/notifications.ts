import { API } from '../../../shared/api/endpoints';
import { defineMutation } from './define';

/** The local effects of the notification actions (bell, /notifications, dashboards). */
export const notificationMutations = {
  'notification.read': defineMutation(API.notificationRead, {
    apply: (row) => (row ? { ...row, is_read: true } : null),
    fromResponse: (data, entry) => ({ [entry.record_key]: data }),
  }),
  /**
   * Mark-all-read names the notifications its user saw (the body's `ids`, also the entry's
   * records): one that reaches the server meanwhile is never marked read by it.
   */
  'notification.read-all': defineMutation(API.notificationMarkAllRead, {
    apply: (row) => (row ? { ...row, is_read: true } : null),
  }),
  'notification.delete': defineMutation(API.notificationDelete, {
    apply: () => null,
    fromResponse: (_data, entry) => ({ [entry.record_key]: null }),
  }),
};
