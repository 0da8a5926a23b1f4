/** This feature's screen texts in Turkish (the spec's words, exactly); combined into the app's catalogue by app/catalogue-tr.ts. */
export const syncTr = {
  syncPanelTitle: 'Eşitleme',
  syncNow: 'Şimdi eşitle',
  lastSynced: 'Son eşitleme: {time}',
  neverSynced: 'Henüz eşitlenmedi',
  failedSection: 'Reddedilen değişiklikler',
  pendingSection: 'Gönderilmeyi bekleyen değişiklikler',
  noPendingChanges: 'Bekleyen değişiklik yok.',
  attemptsSoFar: '{n}. deneme',
  otherUsersWaiting:
    'Bu cihazda başka bir kullanıcının {n} değişikliği, o kullanıcı tekrar giriş yapınca gönderilecek.',
  syncServerValueHeading: 'Sunucudaki değer',
  syncServerOrderGone: 'Sipariş sunucuda artık yok',
  openOrder: 'Siparişi aç',
};
