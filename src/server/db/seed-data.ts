import type { Role } from '../../shared/domain/roles';

/** Demo content (Turkish), used by seed.ts. Prices in kuruş. */

export interface SeedTenant {
  id: string;
  company_name: string;
  subscription_plan: 'free' | 'basic' | 'pro' | 'enterprise';
  primary_color: string;
  secondary_color: string;
  registration_enabled: boolean;
  legal_name: string;
  tax_number: string;
  tax_office: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  /** 2 digits inside the EAN-13 so barcodes differ per tenant. */
  barcodeCode: string;
  users: { username: string; role: Role; full_name: string; email: string; phone: string }[];
}

export const SEED_TENANTS: SeedTenant[] = [
  {
    id: 'default',
    company_name: 'OrderApp Platform',
    subscription_plan: 'enterprise',
    primary_color: '#1976d2',
    secondary_color: '#dc004e',
    registration_enabled: false,
    legal_name: 'OrderApp Yazılım A.Ş.',
    tax_number: '1234567890',
    tax_office: 'Kadıköy',
    address: 'Caferağa Mah. Moda Cad. No:12, Kadıköy / İstanbul',
    phone: '+90 216 555 00 00',
    email: 'info@orderapp.com.tr',
    website: 'https://orderapp.com.tr',
    barcodeCode: '10',
    users: [
      { username: 'admin', role: 'admin', full_name: 'Platform Yöneticisi', email: 'admin@orderapp.com.tr', phone: '+90 532 100 00 01' },
      { username: 'manager', role: 'manager', full_name: 'Emre Aydın', email: 'emre.aydin@orderapp.com.tr', phone: '+90 532 100 00 02' },
      { username: 'sales', role: 'salesperson', full_name: 'Selin Arslan', email: 'selin.arslan@orderapp.com.tr', phone: '+90 532 100 00 03' },
      { username: 'sales2', role: 'salesperson', full_name: 'Burak Koç', email: 'burak.koc@orderapp.com.tr', phone: '+90 532 100 00 06' },
      { username: 'warehouse', role: 'warehouse', full_name: 'Hakan Öztürk', email: 'hakan.ozturk@orderapp.com.tr', phone: '+90 532 100 00 04' },
      { username: 'driver', role: 'driver', full_name: 'Murat Yıldız', email: 'murat.yildiz@orderapp.com.tr', phone: '+90 532 100 00 05' },
      { username: 'driver2', role: 'driver', full_name: 'Serkan Polat', email: 'serkan.polat@orderapp.com.tr', phone: '+90 532 100 00 07' },
    ],
  },
  {
    id: 'demo',
    company_name: 'Demo Ticaret A.Ş.',
    subscription_plan: 'pro',
    primary_color: '#2e7d32',
    secondary_color: '#ff6f00',
    registration_enabled: true,
    legal_name: 'Demo Ticaret Anonim Şirketi',
    tax_number: '9876543210',
    tax_office: 'Çankaya',
    address: 'Kızılay Mah. Atatürk Blv. No:45, Çankaya / Ankara',
    phone: '+90 312 444 12 34',
    email: 'iletisim@demoticaret.com.tr',
    website: 'https://demoticaret.com.tr',
    barcodeCode: '20',
    users: [
      { username: 'admin', role: 'admin', full_name: 'Ayşe Yılmaz', email: 'ayse.yilmaz@demoticaret.com.tr', phone: '+90 533 200 00 01' },
      { username: 'manager', role: 'manager', full_name: 'Mehmet Demir', email: 'mehmet.demir@demoticaret.com.tr', phone: '+90 533 200 00 02' },
      { username: 'sales', role: 'salesperson', full_name: 'Zeynep Kaya', email: 'zeynep.kaya@demoticaret.com.tr', phone: '+90 533 200 00 03' },
      { username: 'sales2', role: 'salesperson', full_name: 'Can Erdoğan', email: 'can.erdogan@demoticaret.com.tr', phone: '+90 533 200 00 06' },
      { username: 'warehouse', role: 'warehouse', full_name: 'Ali Çelik', email: 'ali.celik@demoticaret.com.tr', phone: '+90 533 200 00 04' },
      { username: 'driver', role: 'driver', full_name: 'Mustafa Şahin', email: 'mustafa.sahin@demoticaret.com.tr', phone: '+90 533 200 00 05' },
      { username: 'driver2', role: 'driver', full_name: 'İbrahim Kurt', email: 'ibrahim.kurt@demoticaret.com.tr', phone: '+90 533 200 00 07' },
    ],
  },
  {
    id: 'client1',
    company_name: 'Anadolu Dağıtım Ltd. Şti.',
    subscription_plan: 'basic',
    primary_color: '#6a1b9a',
    secondary_color: '#00897b',
    registration_enabled: false,
    legal_name: 'Anadolu Dağıtım Limited Şirketi',
    tax_number: '5554443332',
    tax_office: 'Konak',
    address: 'Alsancak Mah. Kıbrıs Şehitleri Cad. No:7, Konak / İzmir',
    phone: '+90 232 333 44 55',
    email: 'bilgi@anadoludagitim.com.tr',
    website: 'https://anadoludagitim.com.tr',
    barcodeCode: '30',
    users: [
      { username: 'admin', role: 'admin', full_name: 'Fatma Aksoy', email: 'fatma.aksoy@anadoludagitim.com.tr', phone: '+90 534 300 00 01' },
      { username: 'manager', role: 'manager', full_name: 'Ahmet Güneş', email: 'ahmet.gunes@anadoludagitim.com.tr', phone: '+90 534 300 00 02' },
      { username: 'sales', role: 'salesperson', full_name: 'Elif Doğan', email: 'elif.dogan@anadoludagitim.com.tr', phone: '+90 534 300 00 03' },
      { username: 'sales2', role: 'salesperson', full_name: 'Deniz Yalçın', email: 'deniz.yalcin@anadoludagitim.com.tr', phone: '+90 534 300 00 06' },
      { username: 'warehouse', role: 'warehouse', full_name: 'Osman Kılıç', email: 'osman.kilic@anadoludagitim.com.tr', phone: '+90 534 300 00 04' },
      { username: 'driver', role: 'driver', full_name: 'Hüseyin Aslan', email: 'huseyin.aslan@anadoludagitim.com.tr', phone: '+90 534 300 00 05' },
      { username: 'driver2', role: 'driver', full_name: 'Kemal Bulut', email: 'kemal.bulut@anadoludagitim.com.tr', phone: '+90 534 300 00 07' },
    ],
  },
];

export interface SeedProduct {
  name: string;
  category: 'Elektronik' | 'Bilgisayar' | 'Giyim' | 'Ev & Yaşam';
  brand: string;
  price: number; // kuruş
  unit?: string;
  description: string;
}

export const SEED_PRODUCTS: SeedProduct[] = [
  { name: 'iPhone 15 128 GB', category: 'Elektronik', brand: 'Apple', price: 5_499_900, description: 'Apple iPhone 15, 128 GB, siyah' },
  { name: 'iPhone 15 Pro 256 GB', category: 'Elektronik', brand: 'Apple', price: 7_999_900, description: 'Apple iPhone 15 Pro, 256 GB, naturel titanyum' },
  { name: 'iPad Air 11" Wi-Fi 128 GB', category: 'Elektronik', brand: 'Apple', price: 3_299_900, description: 'Apple iPad Air, M2 çip' },
  { name: 'AirPods Pro (2. nesil)', category: 'Elektronik', brand: 'Apple', price: 899_900, description: 'Aktif gürültü engelleme, USB-C şarj kutusu' },
  { name: 'Apple Watch Series 9 45 mm', category: 'Elektronik', brand: 'Apple', price: 1_749_900, description: 'Alüminyum kasa, spor kordon' },
  { name: 'Galaxy S24 256 GB', category: 'Elektronik', brand: 'Samsung', price: 4_899_900, description: 'Samsung Galaxy S24, 8 GB RAM, 256 GB' },
  { name: 'Galaxy A55 128 GB', category: 'Elektronik', brand: 'Samsung', price: 1_999_900, description: 'Samsung Galaxy A55 5G' },
  { name: 'Galaxy Tab S9 FE', category: 'Elektronik', brand: 'Samsung', price: 1_599_900, description: '10.9" tablet, S Pen dahil' },
  { name: 'Galaxy Buds2 Pro', category: 'Elektronik', brand: 'Samsung', price: 549_900, description: 'Kablosuz kulaklık, ANC' },
  { name: '55" Crystal UHD 4K TV', category: 'Elektronik', brand: 'Samsung', price: 2_499_900, description: 'Samsung 55 inç 4K akıllı televizyon' },
  { name: 'Redmi Note 13 Pro', category: 'Elektronik', brand: 'Xiaomi', price: 1_399_900, description: '8 GB RAM, 256 GB' },
  { name: 'Bluetooth Hoparlör', category: 'Elektronik', brand: 'Philips', price: 129_900, description: 'Su geçirmez taşınabilir hoparlör' },
  { name: 'MacBook Air 13" M3 256 GB', category: 'Bilgisayar', brand: 'Apple', price: 4_299_900, description: 'Apple M3, 8 GB birleşik bellek' },
  { name: 'MacBook Pro 14" M3 Pro', category: 'Bilgisayar', brand: 'Apple', price: 8_499_900, description: '18 GB bellek, 512 GB SSD' },
  { name: 'iMac 24" M3', category: 'Bilgisayar', brand: 'Apple', price: 5_499_900, description: '4.5K Retina ekran' },
  { name: 'Magic Keyboard Türkçe Q', category: 'Bilgisayar', brand: 'Apple', price: 399_900, description: 'Kablosuz klavye' },
  { name: 'XPS 13 Dizüstü Bilgisayar', category: 'Bilgisayar', brand: 'Dell', price: 5_899_900, description: 'Intel Core Ultra 7, 16 GB, 512 GB SSD' },
  { name: 'Latitude 5440', category: 'Bilgisayar', brand: 'Dell', price: 3_499_900, description: 'İş bilgisayarı, Core i5, 16 GB' },
  { name: 'Inspiron 15 3520', category: 'Bilgisayar', brand: 'Dell', price: 2_199_900, description: 'Core i5, 8 GB, 512 GB SSD' },
  { name: 'UltraSharp 27" 4K Monitör', category: 'Bilgisayar', brand: 'Dell', price: 1_899_900, description: 'U2723QE, USB-C hub' },
  { name: 'Kablosuz Klavye ve Mouse Seti', category: 'Bilgisayar', brand: 'Dell', price: 149_900, description: 'KM5221W' },
  { name: 'Galaxy Book4 Pro', category: 'Bilgisayar', brand: 'Samsung', price: 5_199_900, description: '14" AMOLED, Core Ultra 7' },
  { name: '1 TB Taşınabilir SSD T7', category: 'Bilgisayar', brand: 'Samsung', price: 349_900, description: 'USB 3.2 Gen 2' },
  { name: 'ThinkPad E14', category: 'Bilgisayar', brand: 'Lenovo', price: 2_799_900, description: 'Ryzen 7, 16 GB, 512 GB SSD' },
  { name: 'Erkek Slim Fit Gömlek', category: 'Giyim', brand: 'Koton', price: 59_990, description: 'Pamuklu, uzun kollu' },
  { name: 'Kadın Mom Jean', category: 'Giyim', brand: 'Mavi', price: 129_990, description: 'Yüksek bel, açık mavi' },
  { name: 'Erkek Kapüşonlu Sweatshirt', category: 'Giyim', brand: 'LC Waikiki', price: 44_999, description: 'Pamuk karışımlı' },
  { name: 'Kadın Trençkot', category: 'Giyim', brand: 'Koton', price: 249_990, description: 'Bej, kemerli' },
  { name: 'Çocuk Mont', category: 'Giyim', brand: 'LC Waikiki', price: 89_999, description: 'Su itici, kapüşonlu' },
  { name: 'Erkek Chino Pantolon', category: 'Giyim', brand: 'Mavi', price: 99_990, description: 'Slim fit, haki' },
  { name: 'Unisex Spor Ayakkabı', category: 'Giyim', brand: 'Skechers', price: 219_900, description: 'Hafif taban' },
  { name: 'Kadın Triko Kazak', category: 'Giyim', brand: 'Koton', price: 69_990, description: 'Balıkçı yaka' },
  { name: 'Erkek Polo Yaka Tişört', category: 'Giyim', brand: 'LC Waikiki', price: 29_999, description: '%100 pamuk' },
  { name: 'Kadın Deri Ceket', category: 'Giyim', brand: 'Mavi', price: 399_990, description: 'Siyah, biker model' },
  { name: 'Bespoke Buzdolabı 530 L', category: 'Ev & Yaşam', brand: 'Samsung', price: 5_499_900, description: 'No Frost, inox' },
  { name: 'Çamaşır Makinesi 9 kg', category: 'Ev & Yaşam', brand: 'Arçelik', price: 1_899_900, description: '1200 devir, A sınıfı' },
  { name: 'Bulaşık Makinesi 5 Programlı', category: 'Ev & Yaşam', brand: 'Beko', price: 1_449_900, description: 'Sessiz çalışma' },
  { name: 'Türk Kahvesi Makinesi', category: 'Ev & Yaşam', brand: 'Arzum', price: 149_900, description: 'Okka, tek fincan' },
  { name: 'Airfryer XL', category: 'Ev & Yaşam', brand: 'Philips', price: 499_900, description: '6.2 L, dijital ekran' },
  { name: 'Robot Süpürge', category: 'Ev & Yaşam', brand: 'Xiaomi', price: 899_900, description: 'Lazer navigasyon, paspas' },
  { name: 'Porselen Yemek Takımı 24 Parça', category: 'Ev & Yaşam', brand: 'Karaca', price: 349_900, description: '6 kişilik' },
  { name: 'Cam Bardak Seti 6\'lı', category: 'Ev & Yaşam', brand: 'Paşabahçe', price: 19_990, description: 'Su bardağı' },
  { name: 'Nevresim Takımı Çift Kişilik', category: 'Ev & Yaşam', brand: 'English Home', price: 89_990, description: 'Pamuk saten' },
  { name: 'Elektrikli Süpürge', category: 'Ev & Yaşam', brand: 'Arçelik', price: 399_900, description: 'Toz torbasız, 800 W' },
  { name: 'Çelik Tencere Seti 8 Parça', category: 'Ev & Yaşam', brand: 'Karaca', price: 279_900, description: 'İndüksiyon tabanlı' },
];

export const FIRST_NAMES = [
  'Ahmet', 'Mehmet', 'Ayşe', 'Fatma', 'Emine', 'Hatice', 'Mustafa', 'Ali', 'Hüseyin', 'Zeynep', 'Elif', 'Yusuf',
  'Merve', 'Burak', 'Ece', 'Oğuz', 'Gökhan', 'Şule', 'İrem', 'Çağla', 'Tolga', 'Gül', 'Özge', 'Ümit',
];
export const LAST_NAMES = [
  'Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Yıldırım', 'Öztürk', 'Aydın', 'Özdemir', 'Arslan', 'Doğan',
  'Kılıç', 'Aslan', 'Çetin', 'Kara', 'Koç', 'Kurt', 'Özkan', 'Şimşek', 'Polat', 'Erdem', 'Güler', 'Tekin',
];
export const COMPANY_WORDS = [
  'Yıldız', 'Güneş', 'Ege', 'Marmara', 'Toros', 'Karadeniz', 'Anadolu', 'Boğaziçi', 'Kuzey', 'Başkent', 'Akdeniz', 'Kapadokya',
];
export const COMPANY_KINDS = ['Ticaret Ltd. Şti.', 'Elektronik A.Ş.', 'Mağazacılık', 'Gıda San. Tic.', 'Yapı Market', 'Teknoloji A.Ş.'];
export const CITIES: { city: string; districts: string[] }[] = [
  { city: 'İstanbul', districts: ['Kadıköy', 'Beşiktaş', 'Üsküdar', 'Şişli', 'Bakırköy', 'Ümraniye'] },
  { city: 'Ankara', districts: ['Çankaya', 'Keçiören', 'Yenimahalle', 'Etimesgut'] },
  { city: 'İzmir', districts: ['Konak', 'Karşıyaka', 'Bornova', 'Buca'] },
  { city: 'Bursa', districts: ['Osmangazi', 'Nilüfer', 'Yıldırım'] },
  { city: 'Antalya', districts: ['Muratpaşa', 'Konyaaltı', 'Kepez'] },
  { city: 'Eskişehir', districts: ['Tepebaşı', 'Odunpazarı'] },
];
export const STREETS = ['Atatürk Cad.', 'Cumhuriyet Cad.', 'İstiklal Sok.', 'Gazi Blv.', 'Barış Sok.', 'Çamlık Sok.', 'Lale Sok.', 'Menekşe Sok.'];
export const PLATES = ['34 ABC 123', '06 DEF 456', '35 GHJ 789', '16 KLM 321', '07 NPR 654'];
export const ORDER_NOTES = [
  'Kapıda ödeme',
  'Lütfen teslimattan önce arayın',
  'Hafta içi 09:00-18:00 arası teslim',
  'Fatura şirket adına kesilecek',
  'Kırılacak eşya, dikkatli taşıyın',
];
export const FAILED_DELIVERY_REASONS = ['Alıcı adreste yok', 'Adres bulunamadı', 'Alıcı teslimatı erteledi'];

/** Messages every user gets: the bell has something (some unread) for every role. */
export const SYSTEM_NOTIFICATIONS: { title: string; message: string; read: boolean; hoursAgo: number }[] = [
  {
    title: 'Sipariş Yönetim Sistemine hoş geldiniz',
    message: 'Hesabınız hazır. Siparişlerinizi bu ekrandan takip edebilirsiniz.',
    read: true,
    hoursAgo: 24 * 30,
  },
  {
    title: 'Çevrimdışı çalışma',
    message: 'Uygulama artık bağlantı olmadan da açılır; yaptığınız değişiklikler bağlantı gelince gönderilir.',
    read: false,
    hoursAgo: 26,
  },
  {
    title: 'Yeni ürünler kataloğa eklendi',
    message: 'Elektronik ve Ev & Yaşam kategorilerine yeni ürünler eklendi.',
    read: false,
    hoursAgo: 50,
  },
  {
    title: 'Mobil kullanım',
    message: 'Uygulamayı telefonunuzun ana ekranına ekleyerek bir uygulama gibi kullanabilirsiniz.',
    read: false,
    hoursAgo: 30,
  },
  {
    title: 'Stok sayımı hatırlatması',
    message: 'Ay sonu stok sayımı için depo kayıtlarınızı güncel tutun.',
    read: false,
    hoursAgo: 8,
  },
  {
    title: 'Planlı bakım',
    message: 'Pazar günü 03:00-04:00 arasında kısa bir bakım çalışması yapılacaktır.',
    read: false,
    hoursAgo: 3,
  },
];
