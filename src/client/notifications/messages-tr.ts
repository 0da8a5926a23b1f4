/** This feature's screen texts in Turkish (the spec's words, exactly); combined into the app's catalogue by app/catalogue-tr.ts. */
export const notificationsTr = {
  searchNotifications: 'Bildirimlerde ara',
  allTypes: 'Tümü',
  relatedOrder: 'Sipariş',
  notificationsEmpty: 'Bildirim bulunamadı',
};
