/** Demo Lokanta's menu: a real Turkish esnaf lokantası card. Prices in kuruş. */
export interface DemoItem {
  name: string;
  description: string;
  price: number;
  options?: string[];
  station?: string;
  vatRate?: number;
}
export interface DemoCategory {
  icon: string;
  name: string;
  items: DemoItem[];
}

export const DEMO_OPTION_GROUPS = {
  porsiyon: {
    name: 'Porsiyon',
    isMultiple: false,
    isRequired: true,
    options: [
      ['Porsiyon: 1', 0],
      ['Porsiyon: 1,5', 15000],
      ['Porsiyon: 2', 28000],
    ],
  },
  pisirme: {
    name: 'Pişirme',
    isMultiple: false,
    isRequired: false,
    options: [
      ['Az pişmiş', 0],
      ['Orta', 0],
      ['İyi pişmiş', 0],
    ],
  },
  ekstralar: {
    name: 'Ekstralar',
    isMultiple: true,
    isRequired: false,
    options: [
      ['Ekstra peynir', 1500],
      ['Ekstra kaymak', 2500],
      ['Acılı', 0],
    ],
  },
  icecekBoyu: {
    name: 'Boy',
    isMultiple: false,
    isRequired: true,
    options: [
      ['Küçük', 0],
      ['Büyük', 2000],
    ],
  },
} as const;
export type DemoOptionKey = keyof typeof DEMO_OPTION_GROUPS;

export const DEMO_MENU: DemoCategory[] = [
  {
    icon: '🍲',
    name: 'Çorbalar',
    items: [
      { name: 'Mercimek Çorbası', description: 'Kırmızı mercimek, tereyağında pul biber, limon ile', price: 9000 },
      { name: 'Ezogelin Çorbası', description: 'Bulgur, mercimek ve nane ile geleneksel tarif', price: 9000 },
      { name: 'İşkembe Çorbası', description: 'Sarımsaklı sirke ve kırmızı biber sosu ile', price: 14000, options: ['ekstralar'] },
      { name: 'Yayla Çorbası', description: 'Yoğurtlu, pirinçli, kuru nane ile', price: 9500 },
      { name: 'Tavuk Suyu Çorbası', description: 'Ev yapımı tavuk suyu, tel şehriye ile', price: 10000 },
    ],
  },
  {
    icon: '🥗',
    name: 'Mezeler ve Salatalar',
    items: [
      { name: 'Çoban Salata', description: 'Domates, salatalık, biber, soğan, maydanoz', price: 11000 },
      { name: 'Gavurdağı Salatası', description: 'İnce kıyılmış sebzeler, ceviz, nar ekşisi', price: 14000 },
      { name: 'Haydari', description: 'Süzme yoğurt, dereotu, sarımsak', price: 9000 },
      { name: 'Acılı Ezme', description: 'Domates, biber, soğan, nar ekşisi', price: 9000 },
      { name: 'Humus', description: 'Nohut, tahin, zeytinyağı', price: 10000 },
      { name: 'Patlıcan Salatası', description: 'Közlenmiş patlıcan, sarımsak, zeytinyağı', price: 11000 },
    ],
  },
  {
    icon: '🔥',
    name: 'Izgaralar',
    items: [
      { name: 'Adana Kebap', description: 'Zırh kıyması, közlenmiş domates ve biber, lavaş ile', price: 38000, options: ['porsiyon', 'ekstralar'] },
      { name: 'Urfa Kebap', description: 'Acısız zırh kıyması, közlenmiş sebzeler ile', price: 38000, options: ['porsiyon'] },
      { name: 'Kuzu Şiş', description: 'Marine kuzu but, bulgur pilavı ile', price: 45000, options: ['porsiyon', 'pisirme'] },
      { name: 'Tavuk Şiş', description: 'Yoğurtlu marine tavuk göğsü, pilav ile', price: 29000, options: ['porsiyon'] },
      { name: 'Izgara Köfte', description: 'Dana kıyma köfte, piyaz ile', price: 32000, options: ['porsiyon', 'pisirme'] },
      { name: 'Pirzola', description: 'Kuzu pirzola, közlenmiş sebze ile', price: 62000, options: ['pisirme'] },
      { name: 'Beyti Sarma', description: 'Lavaşa sarılı kebap, yoğurt ve tereyağlı sos', price: 42000, options: ['ekstralar'] },
    ],
  },
  {
    icon: '🍛',
    name: 'Ev Yemekleri',
    items: [
      { name: 'Kuru Fasulye', description: 'Tereyağlı, pastırmalı, pilav ile', price: 18000, options: ['porsiyon'] },
      { name: 'Etli Nohut', description: 'Kuşbaşı etli nohut yemeği', price: 19000, options: ['porsiyon'] },
      { name: 'Karnıyarık', description: 'Kıymalı patlıcan, fırında', price: 22000 },
      { name: 'Hünkar Beğendi', description: 'Kuzu tas kebabı, patlıcanlı beğendi üzerinde', price: 36000 },
      { name: 'İzmir Köfte', description: 'Fırında patates, biber ve domates sosuyla', price: 24000 },
      { name: 'Tavuk Sote', description: 'Sebzeli tavuk sote, pilav ile', price: 21000 },
    ],
  },
  {
    icon: '🫓',
    name: 'Pide ve Lahmacun',
    items: [
      { name: 'Kıymalı Pide', description: 'Taş fırında, dana kıyma ve sebze', price: 22000, options: ['ekstralar'], station: 'Fırın' },
      { name: 'Kaşarlı Pide', description: 'Bol kaşarlı, tereyağlı', price: 20000, options: ['ekstralar'], station: 'Fırın' },
      { name: 'Kuşbaşılı Pide', description: 'Kuşbaşı et, domates, biber', price: 28000, options: ['ekstralar'], station: 'Fırın' },
      { name: 'Lahmacun', description: 'İnce hamur, acılı kıyma harcı, yeşillik ile', price: 9000, station: 'Fırın' },
    ],
  },
  {
    icon: '🍮',
    name: 'Tatlılar',
    items: [
      { name: 'Künefe', description: 'Hatay peyniri, kadayıf, antep fıstığı', price: 22000, options: ['ekstralar'] },
      { name: 'Fırın Sütlaç', description: 'Taş fırında, üzeri kızarmış', price: 11000 },
      { name: 'Baklava', description: 'Antep fıstıklı, 4 dilim', price: 24000, options: ['ekstralar'] },
      { name: 'Kazandibi', description: 'Geleneksel muhallebi, tarçın ile', price: 11000 },
      { name: 'Ayva Tatlısı', description: 'Kaymak ve ceviz ile', price: 16000, options: ['ekstralar'] },
    ],
  },
  {
    icon: '🥤',
    name: 'İçecekler',
    items: [
      { name: 'Ayran', description: 'Yayık ayranı', price: 4500, options: ['icecekBoyu'], station: 'Bar' },
      { name: 'Şalgam', description: 'Acılı veya acısız', price: 5000, station: 'Bar' },
      { name: 'Türk Kahvesi', description: 'Lokum ile', price: 6000, station: 'Bar' },
      { name: 'Çay', description: 'İnce belli bardakta demleme çay', price: 2500, station: 'Bar' },
      { name: 'Kola', description: '330 ml kutu', price: 5000, station: 'Bar' },
      { name: 'Maden Suyu', description: '200 ml', price: 3000, station: 'Bar', vatRate: 10 },
    ],
  },
];

export const DEMO_SECTIONS = [
  { name: 'Salon', tables: 10 },
  { name: 'Bahçe', tables: 6 },
];

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS = [
  { email: 'owner@demo.local', name: 'Mehmet Yılmaz', role: 'owner' },
  { email: 'kitchen@demo.local', name: 'Hasan Usta', role: 'kitchen' },
  { email: 'waiter@demo.local', name: 'Ayşe Demir', role: 'waiter' },
] as const;
