import type { Role } from '../../shared/domain/roles';

/** Demo content (Turkish), used by seed.ts: the tenants and their users, names and places. The
 * products are in seed-products.ts. */

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
      {
        username: 'admin',
        role: 'admin',
        full_name: 'Platform Yöneticisi',
        email: 'admin@orderapp.com.tr',
        phone: '+90 532 100 00 01',
      },
      {
        username: 'manager',
        role: 'manager',
        full_name: 'Emre Aydın',
        email: 'emre.aydin@orderapp.com.tr',
        phone: '+90 532 100 00 02',
      },
      {
        username: 'sales',
        role: 'salesperson',
        full_name: 'Selin Arslan',
        email: 'selin.arslan@orderapp.com.tr',
        phone: '+90 532 100 00 03',
      },
      {
        username: 'sales2',
        role: 'salesperson',
        full_name: 'Burak Koç',
        email: 'burak.koc@orderapp.com.tr',
        phone: '+90 532 100 00 06',
      },
      {
        username: 'warehouse',
        role: 'warehouse',
        full_name: 'Hakan Öztürk',
        email: 'hakan.ozturk@orderapp.com.tr',
        phone: '+90 532 100 00 04',
      },
      {
        username: 'driver',
        role: 'driver',
        full_name: 'Murat Yıldız',
        email: 'murat.yildiz@orderapp.com.tr',
        phone: '+90 532 100 00 05',
      },
      {
        username: 'driver2',
        role: 'driver',
        full_name: 'Serkan Polat',
        email: 'serkan.polat@orderapp.com.tr',
        phone: '+90 532 100 00 07',
      },
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
    tax_number: '9876543217',
    tax_office: 'Çankaya',
    address: 'Kızılay Mah. Atatürk Blv. No:45, Çankaya / Ankara',
    phone: '+90 312 444 12 34',
    email: 'iletisim@demoticaret.com.tr',
    website: 'https://demoticaret.com.tr',
    barcodeCode: '20',
    users: [
      {
        username: 'admin',
        role: 'admin',
        full_name: 'Ayşe Yılmaz',
        email: 'ayse.yilmaz@demoticaret.com.tr',
        phone: '+90 533 200 00 01',
      },
      {
        username: 'manager',
        role: 'manager',
        full_name: 'Mehmet Demir',
        email: 'mehmet.demir@demoticaret.com.tr',
        phone: '+90 533 200 00 02',
      },
      {
        username: 'sales',
        role: 'salesperson',
        full_name: 'Zeynep Kaya',
        email: 'zeynep.kaya@demoticaret.com.tr',
        phone: '+90 533 200 00 03',
      },
      {
        username: 'sales2',
        role: 'salesperson',
        full_name: 'Can Erdoğan',
        email: 'can.erdogan@demoticaret.com.tr',
        phone: '+90 533 200 00 06',
      },
      {
        username: 'warehouse',
        role: 'warehouse',
        full_name: 'Ali Çelik',
        email: 'ali.celik@demoticaret.com.tr',
        phone: '+90 533 200 00 04',
      },
      {
        username: 'driver',
        role: 'driver',
        full_name: 'Mustafa Şahin',
        email: 'mustafa.sahin@demoticaret.com.tr',
        phone: '+90 533 200 00 05',
      },
      {
        username: 'driver2',
        role: 'driver',
        full_name: 'İbrahim Kurt',
        email: 'ibrahim.kurt@demoticaret.com.tr',
        phone: '+90 533 200 00 07',
      },
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
    tax_number: '5554443334',
    tax_office: 'Konak',
    address: 'Alsancak Mah. Kıbrıs Şehitleri Cad. No:7, Konak / İzmir',
    phone: '+90 232 333 44 55',
    email: 'bilgi@anadoludagitim.com.tr',
    website: 'https://anadoludagitim.com.tr',
    barcodeCode: '30',
    users: [
      {
        username: 'admin',
        role: 'admin',
        full_name: 'Fatma Aksoy',
        email: 'fatma.aksoy@anadoludagitim.com.tr',
        phone: '+90 534 300 00 01',
      },
      {
        username: 'manager',
        role: 'manager',
        full_name: 'Ahmet Güneş',
        email: 'ahmet.gunes@anadoludagitim.com.tr',
        phone: '+90 534 300 00 02',
      },
      {
        username: 'sales',
        role: 'salesperson',
        full_name: 'Elif Doğan',
        email: 'elif.dogan@anadoludagitim.com.tr',
        phone: '+90 534 300 00 03',
      },
      {
        username: 'sales2',
        role: 'salesperson',
        full_name: 'Deniz Yalçın',
        email: 'deniz.yalcin@anadoludagitim.com.tr',
        phone: '+90 534 300 00 06',
      },
      {
        username: 'warehouse',
        role: 'warehouse',
        full_name: 'Osman Kılıç',
        email: 'osman.kilic@anadoludagitim.com.tr',
        phone: '+90 534 300 00 04',
      },
      {
        username: 'driver',
        role: 'driver',
        full_name: 'Hüseyin Aslan',
        email: 'huseyin.aslan@anadoludagitim.com.tr',
        phone: '+90 534 300 00 05',
      },
      {
        username: 'driver2',
        role: 'driver',
        full_name: 'Kemal Bulut',
        email: 'kemal.bulut@anadoludagitim.com.tr',
        phone: '+90 534 300 00 07',
      },
    ],
  },
];

export const FIRST_NAMES = [
  'Ahmet',
  'Mehmet',
  'Ayşe',
  'Fatma',
  'Emine',
  'Hatice',
  'Mustafa',
  'Ali',
  'Hüseyin',
  'Zeynep',
  'Elif',
  'Yusuf',
  'Merve',
  'Burak',
  'Ece',
  'Oğuz',
  'Gökhan',
  'Şule',
  'İrem',
  'Çağla',
  'Tolga',
  'Gül',
  'Özge',
  'Ümit',
];
export const LAST_NAMES = [
  'Yılmaz',
  'Kaya',
  'Demir',
  'Şahin',
  'Çelik',
  'Yıldız',
  'Yıldırım',
  'Öztürk',
  'Aydın',
  'Özdemir',
  'Arslan',
  'Doğan',
  'Kılıç',
  'Aslan',
  'Çetin',
  'Kara',
  'Koç',
  'Kurt',
  'Özkan',
  'Şimşek',
  'Polat',
  'Erdem',
  'Güler',
  'Tekin',
];
export const COMPANY_WORDS = [
  'Yıldız',
  'Güneş',
  'Ege',
  'Marmara',
  'Toros',
  'Karadeniz',
  'Anadolu',
  'Boğaziçi',
  'Kuzey',
  'Başkent',
  'Akdeniz',
  'Kapadokya',
];
export const COMPANY_KINDS = [
  'Ticaret Ltd. Şti.',
  'Elektronik A.Ş.',
  'Mağazacılık',
  'Gıda San. Tic.',
  'Yapı Market',
  'Teknoloji A.Ş.',
];
export const CITIES: { city: string; districts: string[] }[] = [
  { city: 'İstanbul', districts: ['Kadıköy', 'Beşiktaş', 'Üsküdar', 'Şişli', 'Bakırköy', 'Ümraniye'] },
  { city: 'Ankara', districts: ['Çankaya', 'Keçiören', 'Yenimahalle', 'Etimesgut'] },
  { city: 'İzmir', districts: ['Konak', 'Karşıyaka', 'Bornova', 'Buca'] },
  { city: 'Bursa', districts: ['Osmangazi', 'Nilüfer', 'Yıldırım'] },
  { city: 'Antalya', districts: ['Muratpaşa', 'Konyaaltı', 'Kepez'] },
  { city: 'Eskişehir', districts: ['Tepebaşı', 'Odunpazarı'] },
];
export const STREETS = [
  'Atatürk Cad.',
  'Cumhuriyet Cad.',
  'İstiklal Sok.',
  'Gazi Blv.',
  'Barış Sok.',
  'Çamlık Sok.',
  'Lale Sok.',
  'Menekşe Sok.',
];
export const PLATES = ['34 ABC 123', '06 DEF 456', '35 GHJ 789', '16 KLM 321', '07 NPR 654'];
export const ORDER_NOTES = [
  'Kapıda ödeme',
  'Lütfen teslimattan önce arayın',
  'Hafta içi 09:00-18:00 arası teslim',
  'Fatura şirket adına kesilecek',
  'Kırılacak eşya, dikkatli taşıyın',
];

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
    message:
      'Uygulama artık bağlantı olmadan da açılır; yaptığınız değişiklikler bağlantı gelince gönderilir.',
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
