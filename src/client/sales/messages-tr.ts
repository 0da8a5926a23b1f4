import { ORDER_MESSAGES } from '../../shared/api/order-messages';

/** This feature's screen texts in Turkish (the spec's words, exactly); combined into the app's catalogue by app/catalogue-tr.ts. */
export const salesTr = {
  offlineOrdersSaved:
    'Çevrimdışısınız: siparişler bu cihazda kaydedilir ve bağlantı gelince sunucuya gönderilir.',
  om_salesCustomerAndCart: ORDER_MESSAGES.salesCustomerAndCart,
  productSearch: 'Ürün ara',
  productSearchPlaceholder: 'Ad, kod, barkod veya marka',
  customerNotFound: 'Müşteri bulunamadı',
  cart: 'Sepet',
  noProductsOnDevice: 'Bu cihazda henüz ürün yok. Ürün kataloğu, çevrimiçi olduğunuzda sunucudan eşitlenir.',
  noProductsMatch: 'Aramanızla eşleşen ürün bulunamadı',
  cartCustomer: 'Müşteri:',
  notSelected: 'seçilmedi',
  cartEmpty: 'Sepetiniz boş',
  totalColon: 'Toplam:',
  createTheOrder: 'Siparişi Oluştur',
  outOfStock: 'Stokta yok',
  inCartN: 'Sepette: {n}',
  addToCart: 'Sepete Ekle',
};
