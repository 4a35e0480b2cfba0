/**
 * The demo business as plain data: a café and a shop of one owner in Tashkent, as a back office would type them in.
 * Names are in Uzbek (Latin), as tills there show them; prices are in so'm, as decimal strings; stock quantities are
 * quantity strings (kilograms with up to three decimals for goods sold by weight).
 *
 * Barcodes are EAN-13 with their check digits: packaged goods carry 478 (GS1 Uzbekistan) codes, the café's dishes
 * in-store codes (prefixes 20–29 are GS1's restricted circulation numbers, free for a shop's own use). Goods weighed
 * in the shop (unit `kg`) carry their scale's short item code (PLU) instead: the scale prints a label of prefix 22,
 * that code and the weight in grams (`weightBarcodes`, kept in the business's BaseConfig), and the till reads the
 * label by that code (renderer/screens/sale/catalogue.ts). ./demo-data.test.ts checks every check digit.
 *
 * Keys (`shop`, `cafeTill`, …) tie the records together here; the seeder turns them into the service's ids.
 */
import type { PaymentMethodKind } from '../../shared/catalogue/payment-method.js';
import { MANAGER_RESOURCE } from '../../main/terminal/inbox.js';
import { PRICE_LAYOUT_WHOLE_SOM, WEIGHT_LAYOUT_5_DIGIT_CODE } from '../../shared/barcodes/weight-barcode-layout.js';
import type { WeightBarcodeSettingsInput } from '../../shared/barcodes/weight-barcode-settings.js';

export interface DemoWarehouse {
  readonly key: string;
  readonly name: string;
  readonly location: string;
}

export interface DemoPoint {
  readonly key: string;
  readonly name: string;
  /** Where the point's sales take stock from, and whose stock its terminals mirror. */
  readonly warehouse: string;
}

/** A till: one workplace of a point. */
export interface DemoWorkplace {
  readonly key: string;
  readonly name: string;
  readonly point: string;
}

export interface DemoRole {
  readonly key: string;
  readonly name: string;
  /**
   * The rights the role grants (shared/rights.ts). `MANAGER` holds every right and lets the role's employees approve
   * with their PIN at a till, and discard rejected operations (main/terminal/inbox.ts).
   */
  readonly accessResources: readonly string[];
}

export interface DemoEmployee {
  readonly key: string;
  readonly fullName: string;
  readonly role: string;
  /** The till the employee signs in at; null: every till of the business. */
  readonly workplace: string | null;
  readonly phone: string;
}

export interface DemoItemGroup {
  readonly key: string;
  readonly name: string;
  readonly point: string;
  /** The tiles' colour on the sales screen (`#rrggbb`; an item without its own colour takes its group's). */
  readonly color: string;
}

export interface DemoStock {
  readonly warehouse: string;
  readonly quantity: string;
}

export interface DemoItem {
  readonly name: string;
  readonly group: string;
  /** One of `measurements`: items name their unit as text, stock rows by the measurement's id. */
  readonly measurement: string;
  readonly price: string;
  readonly cost: string;
  readonly barcode: string;
  /** Stock rows of the item; the first is in the warehouse of its group's point. */
  readonly stock: readonly DemoStock[];
}

export interface DemoModifier {
  readonly name: string;
  readonly price: string;
  readonly measurement: string;
}

export interface DemoModifierGroup {
  readonly name: string;
  readonly point: string;
  readonly modifiers: readonly DemoModifier[];
}

export interface DemoSupplier {
  readonly name: string;
  readonly description: string;
  readonly contactPerson: string;
  readonly phone: string;
  readonly address: string;
}

export interface DemoClient {
  readonly fullName: string;
  readonly phone: string;
  readonly address: string | null;
  /** What the client owed when the business started using Kassa: positive owes, negative paid in advance. */
  readonly openingDebt: { readonly amount: string; readonly point: string } | null;
  /** How much the client may owe before a sale on account needs a manager's PIN; null: no limit. */
  readonly creditLimit: string | null;
}

export interface DemoPaymentMethod {
  readonly name: string;
  readonly kind: PaymentMethodKind;
}

/** A receipt printer of a point (the demo's go to the fake printer: scripts/demo/demo-printer.ts). */
export interface DemoPrinter {
  readonly name: string;
  readonly point: string;
  readonly paper: '58mm' | '80mm';
}

/** A card terminal (payment device) by a till: named like the till, so the till preselects it for card payments. */
export interface DemoPaymentDevice {
  readonly name: string;
  readonly provider: string;
}

/** What `npm start` suggests for a first sale at the demo till (printed in the banner, kept in demo.json). */
export interface DemoFirstSale {
  /** Barcodes of the terminal's point to type on the sales screen, in the order suggested. */
  readonly barcodes: readonly string[];
  /** A scale label to type: the weighed item's scale code and a weight in grams (the label is built from them). */
  readonly weighed: { readonly scaleCode: string; readonly grams: number; readonly prefix: string };
  /** The client to sell to on account (F-key "client" on the sales screen, then the DEBT method). */
  readonly onAccountClient: string;
}

export interface DemoBusiness {
  readonly businessName: string;
  readonly ownerName: string;
  readonly ownerPhone: string;
  readonly address: string;
  readonly measurements: readonly string[];
  readonly warehouses: readonly DemoWarehouse[];
  readonly points: readonly DemoPoint[];
  readonly workplaces: readonly DemoWorkplace[];
  /** The till `npm start` enrolls its terminal to. */
  readonly terminalWorkplace: string;
  readonly roles: readonly DemoRole[];
  readonly employees: readonly DemoEmployee[];
  readonly paymentMethods: readonly DemoPaymentMethod[];
  /** The name the back office gives the cash method registration made ("Cash"); absent: kept. */
  readonly cashMethodName?: string;
  /** Card terminals; absent: none. */
  readonly paymentDevices?: readonly DemoPaymentDevice[];
  /** The scale-label settings stored in BaseConfig (shared/barcodes/weight-barcode-settings.ts); absent: defaults. */
  readonly weightBarcodes?: WeightBarcodeSettingsInput;
  /** The banner's suggestion for a first sale; absent: none printed. */
  readonly firstSale?: DemoFirstSale;
  /** Receipt printers per point; absent: none. */
  readonly printers?: readonly DemoPrinter[];
  readonly suppliers: readonly DemoSupplier[];
  readonly itemGroups: readonly DemoItemGroup[];
  readonly items: readonly DemoItem[];
  readonly modifierGroups: readonly DemoModifierGroup[];
  readonly clients: readonly DemoClient[];
}

const shop = (quantity: string, backStore?: string): DemoStock[] =>
  backStore === undefined
    ? [{ warehouse: 'shopFloor', quantity }]
    : [
        { warehouse: 'shopFloor', quantity },
        { warehouse: 'backStore', quantity: backStore },
      ];
const cafe = (quantity: string): DemoStock[] => [{ warehouse: 'cafeKitchen', quantity }];

export const DEMO_BUSINESS: DemoBusiness = {
  businessName: 'Bahor Savdo (demo)',
  ownerName: 'Rustam Aliyev',
  ownerPhone: '+998 90 100 20 30',
  address: "Toshkent sh., Chilonzor tumani, Bunyodkor ko'chasi, 12",
  measurements: ['dona', 'kg', 'porsiya', 'choynak'],
  warehouses: [
    { key: 'shopFloor', name: 'Market — savdo zali', location: "Bunyodkor ko'chasi, 12 (1-qavat)" },
    { key: 'backStore', name: 'Markaziy ombor', location: "Bunyodkor ko'chasi, 12 (yerto'la)" },
    { key: 'cafeKitchen', name: 'Kafe — oshxona', location: "Bunyodkor ko'chasi, 12a" },
  ],
  points: [
    { key: 'shop', name: 'Bahor Market', warehouse: 'shopFloor' },
    { key: 'cafe', name: 'Bahor Kafe', warehouse: 'cafeKitchen' },
  ],
  workplaces: [
    { key: 'shopTill1', name: 'Market — 1-kassa', point: 'shop' },
    { key: 'shopTill2', name: 'Market — 2-kassa', point: 'shop' },
    { key: 'cafeTill', name: 'Kafe — kassa', point: 'cafe' },
  ],
  // The shop's first till: its stock screen then shows the shop floor, where a few rows are low, zero or negative.
  terminalWorkplace: 'shopTill1',
  // The rights a shop would give (shared/rights.ts, docs/api.md "Rights"): a cashier sells and moves cash; the senior
  // cashier at the terminal's till also receives goods, counts stock, keeps clients' debts and the café's modifier
  // groups; the manager holds every right and approves with their PIN what the others may not do (refunds, voids).
  roles: [
    { key: 'cashier', name: 'Kassir', accessResources: ['CASH_MOVES'] },
    { key: 'seniorCashier', name: 'Katta kassir', accessResources: ['STOCK', 'CLIENT_DEBTS', 'MODIFIERS', 'CASH_MOVES'] },
    { key: 'manager', name: 'Menejer', accessResources: [MANAGER_RESOURCE] },
  ],
  employees: [
    { key: 'shopCashier', fullName: 'Aziza Karimova', role: 'seniorCashier', workplace: 'shopTill1', phone: '+998 90 311 22 45' },
    { key: 'shopCashier2', fullName: "Sherzod Yo'ldoshev", role: 'cashier', workplace: 'shopTill2', phone: '+998 91 402 18 07' },
    { key: 'cafeCashier', fullName: 'Dilshod Rahimov', role: 'cashier', workplace: 'cafeTill', phone: '+998 93 527 64 10' },
    { key: 'manager', fullName: 'Nodira Saidova', role: 'manager', workplace: null, phone: '+998 94 650 33 91' },
  ],
  // Registration already made "Cash" (kind CASH): renamed in Uzbek like the others.
  cashMethodName: 'Naqd',
  paymentMethods: [
    { name: 'Uzcard', kind: 'CARD' },
    { name: 'Humo', kind: 'CARD' },
    { name: 'Nasiya', kind: 'DEBT' },
  ],
  // One card terminal per till, named after it (renderer/screens/payment/payment-setup.ts picks the till's own).
  paymentDevices: [
    { name: 'Market — 1-kassa — karta terminali', provider: 'Uzcard / Humo' },
    { name: 'Market — 2-kassa — karta terminali', provider: 'Uzcard / Humo' },
    { name: 'Kafe — kassa — karta terminali', provider: 'Uzcard / Humo' },
  ],
  // The shop's scale prints weight labels with prefix 22 (item code + grams) and price labels with prefix 23.
  weightBarcodes: {
    rules: [
      { prefixes: ['22'], layout: WEIGHT_LAYOUT_5_DIGIT_CODE },
      { prefixes: ['23'], layout: PRICE_LAYOUT_WHOLE_SOM },
    ],
  },
  // Coca-Cola, chocolate and milk by barcode (all well in stock: a first sale should raise no stock warning), 1.250 kg of potatoes by scale label, then cash or on account to Malika.
  firstSale: {
    barcodes: ['4780032001515', '4780655010888', '4781205000137'],
    weighed: { scaleCode: '101', grams: 1250, prefix: '22' },
    onAccountClient: 'Malika Abdullayeva',
  },
  // Both print to the fake printer of `npm run fake-printer`: the shop on 80 mm paper, the café on 58 mm.
  printers: [
    { name: 'Market — chek printeri', point: 'shop', paper: '80mm' },
    { name: 'Kafe — chek printeri', point: 'cafe', paper: '58mm' },
  ],
  suppliers: [
    {
      name: 'Toshkent Sut Zavodi MChJ',
      description: 'Sut, kefir, qatiq, smetana',
      contactPerson: 'Akmal Qodirov',
      phone: '+998 71 230 45 67',
      address: 'Toshkent sh., Yashnobod tumani',
    },
    {
      name: 'Salqin Ichimliklar MChJ',
      description: 'Gazli ichimliklar va suv',
      contactPerson: 'Farruh Tojiboyev',
      phone: '+998 71 281 90 12',
      address: 'Toshkent vil., Zangiota tumani',
    },
    {
      name: 'Baraka Non',
      description: 'Obi non va tandir non, har kuni ertalab',
      contactPerson: 'Komil aka',
      phone: '+998 90 977 14 25',
      address: 'Chilonzor, 9-kvartal',
    },
    {
      name: "Oq Oltin Yog'",
      description: "Paxta yog'i, guruch, shakar (ulgurji)",
      contactPerson: 'Bahodir Ergashev',
      phone: '+998 71 150 66 00',
      address: 'Toshkent sh., Sergeli tumani',
    },
    {
      name: "Chorsu bozori — go'sht rastasi",
      description: "Mol go'shti va qo'y go'shti (kafe uchun)",
      contactPerson: "Ulug'bek",
      phone: '+998 97 442 08 80',
      address: 'Chorsu bozori',
    },
  ],
  itemGroups: [
    { key: 'drinks', name: 'Ichimliklar', point: 'shop', color: '#1e88e5' },
    { key: 'dairy', name: 'Sut mahsulotlari', point: 'shop', color: '#90caf9' },
    { key: 'bakery', name: 'Non va shirinliklar', point: 'shop', color: '#f9a825' },
    { key: 'grocery', name: 'Bakaleya', point: 'shop', color: '#8d6e63' },
    { key: 'produce', name: 'Meva va sabzavot', point: 'shop', color: '#43a047' },
    { key: 'household', name: 'Maishiy kimyo', point: 'shop', color: '#8e24aa' },
    { key: 'hotDishes', name: 'Issiq taomlar', point: 'cafe', color: '#e53935' },
    { key: 'salads', name: 'Salat va gazaklar', point: 'cafe', color: '#7cb342' },
    { key: 'teaCoffee', name: 'Choy va qahva', point: 'cafe', color: '#6d4c41' },
    { key: 'pastry', name: 'Somsa va non', point: 'cafe', color: '#fb8c00' },
  ],
  items: [
    {
      name: 'Coca-Cola, 1,5 l',
      group: 'drinks',
      measurement: 'dona',
      price: '14000',
      cost: '11500',
      barcode: '4780032001515',
      stock: shop('48', '120'),
    },
    {
      name: 'Fanta apelsin, 1 l',
      group: 'drinks',
      measurement: 'dona',
      price: '10000',
      cost: '8200',
      barcode: '4780032002741',
      stock: shop('36'),
    },
    {
      name: 'Mineral suv «Hydrolife», 1,5 l',
      group: 'drinks',
      measurement: 'dona',
      price: '5000',
      cost: '3600',
      barcode: '4780032100188',
      stock: shop('60', '200'),
    },
    {
      name: "Ko'k choy №95, 100 g",
      group: 'drinks',
      measurement: 'dona',
      price: '12000',
      cost: '9000',
      barcode: '4780417000959',
      stock: shop('25'),
    },
    {
      name: 'Qora choy «Ahmad», 100 g',
      group: 'drinks',
      measurement: 'dona',
      price: '19000',
      cost: '15500',
      barcode: '4780417003165',
      stock: shop('14'),
    },
    {
      name: 'Sut 3,2%, 1 l',
      group: 'dairy',
      measurement: 'dona',
      price: '12000',
      cost: '10200',
      barcode: '4781205000137',
      stock: shop('22'),
    },
    {
      name: 'Kefir 2,5%, 1 l',
      group: 'dairy',
      measurement: 'dona',
      price: '13000',
      cost: '11000',
      barcode: '4781205000373',
      stock: shop('15'),
    },
    {
      name: 'Qatiq, 0,5 l',
      group: 'dairy',
      measurement: 'dona',
      price: '7500',
      cost: '6000',
      barcode: '4781205001127',
      stock: shop('3'),
    },
    {
      name: 'Smetana 20%, 400 g',
      group: 'dairy',
      measurement: 'dona',
      price: '17000',
      cost: '14500',
      barcode: '4781205002049',
      stock: shop('0'),
    },
    {
      name: 'Tuxum, 10 dona',
      group: 'dairy',
      measurement: 'dona',
      price: '17000',
      cost: '14800',
      barcode: '4782281000103',
      stock: shop('30'),
    },
    // Sold before the morning delivery was entered: the floor shows −3 until the receipt is recorded.
    {
      name: 'Obi non',
      group: 'bakery',
      measurement: 'dona',
      price: '4000',
      cost: '3000',
      barcode: '4780908000499',
      stock: shop('-3'),
    },
    {
      name: 'Pechenye «Yubileynoe», 250 g',
      group: 'bakery',
      measurement: 'dona',
      price: '11000',
      cost: '8800',
      barcode: '4780655002272',
      stock: shop('18'),
    },
    {
      name: 'Shokolad «Alpen Gold», 90 g',
      group: 'bakery',
      measurement: 'dona',
      price: '15000',
      cost: '12000',
      barcode: '4780655010888',
      stock: shop('24'),
    },
    {
      name: 'Guruch «Devzira», 1 kg',
      group: 'grocery',
      measurement: 'dona',
      price: '32000',
      cost: '27000',
      barcode: '4783310001054',
      stock: shop('40', '150'),
    },
    {
      name: "Paxta yog'i, 1 l",
      group: 'grocery',
      measurement: 'dona',
      price: '23000',
      cost: '19500',
      barcode: '4780119000127',
      stock: shop('28', '60'),
    },
    {
      name: 'Shakar, 1 kg',
      group: 'grocery',
      measurement: 'dona',
      price: '13500',
      cost: '11500',
      barcode: '4780277000182',
      stock: shop('35', '100'),
    },
    {
      name: 'Un «Oliy nav», 2 kg',
      group: 'grocery',
      measurement: 'dona',
      price: '16000',
      cost: '13500',
      barcode: '4780277002094',
      stock: shop('20'),
    },
    {
      name: 'Makaron «Makfa», 400 g',
      group: 'grocery',
      measurement: 'dona',
      price: '9000',
      cost: '7200',
      barcode: '4780781004027',
      stock: shop('6'),
    },
    {
      name: 'Kartoshka',
      group: 'produce',
      measurement: 'kg',
      price: '6000',
      cost: '4500',
      barcode: '101',
      stock: shop('84.5'),
    },
    {
      name: 'Pomidor',
      group: 'produce',
      measurement: 'kg',
      price: '18000',
      cost: '14000',
      barcode: '102',
      stock: shop('23.75'),
    },
    {
      name: 'Sovun «Duru», 90 g',
      group: 'household',
      measurement: 'dona',
      price: '6000',
      cost: '4500',
      barcode: '4781544000621',
      stock: shop('40'),
    },
    {
      name: 'Kir yuvish kukuni «Ariel», 3 kg',
      group: 'household',
      measurement: 'dona',
      price: '79000',
      cost: '68000',
      barcode: '4781544003073',
      stock: shop('9'),
    },
    {
      name: 'Osh (palov)',
      group: 'hotDishes',
      measurement: 'porsiya',
      price: '38000',
      cost: '21000',
      barcode: '2100000010011',
      stock: cafe('40'),
    },
    {
      name: "Lag'mon",
      group: 'hotDishes',
      measurement: 'porsiya',
      price: '32000',
      cost: '16000',
      barcode: '2100000010028',
      stock: cafe('25'),
    },
    {
      name: 'Manti, 4 dona',
      group: 'hotDishes',
      measurement: 'porsiya',
      price: '30000',
      cost: '15000',
      barcode: '2100000010035',
      stock: cafe('30'),
    },
    {
      name: 'Mastava',
      group: 'hotDishes',
      measurement: 'porsiya',
      price: '26000',
      cost: '12000',
      barcode: '2100000010042',
      stock: cafe('18'),
    },
    {
      name: "Shashlik (mol go'shti), 1 six",
      group: 'hotDishes',
      measurement: 'dona',
      price: '19000',
      cost: '11000',
      barcode: '2100000010059',
      stock: cafe('60'),
    },
    {
      name: 'Achchiq-chuchuk',
      group: 'salads',
      measurement: 'porsiya',
      price: '12000',
      cost: '4000',
      barcode: '2100000010066',
      stock: cafe('20'),
    },
    {
      name: 'Olivye salati',
      group: 'salads',
      measurement: 'porsiya',
      price: '18000',
      cost: '8000',
      barcode: '2100000010073',
      stock: cafe('2'),
    },
    {
      name: "Ko'k choy (choynak)",
      group: 'teaCoffee',
      measurement: 'choynak',
      price: '5000',
      cost: '800',
      barcode: '2100000010080',
      stock: cafe('180'),
    },
    {
      name: 'Qora choy limon bilan (choynak)',
      group: 'teaCoffee',
      measurement: 'choynak',
      price: '7000',
      cost: '1500',
      barcode: '2100000010097',
      stock: cafe('120'),
    },
    {
      name: 'Kofe amerikano',
      group: 'teaCoffee',
      measurement: 'dona',
      price: '16000',
      cost: '4000',
      barcode: '2100000010103',
      stock: cafe('80'),
    },
    {
      name: 'Kapuchino',
      group: 'teaCoffee',
      measurement: 'dona',
      price: '22000',
      cost: '6000',
      barcode: '2100000010110',
      stock: cafe('70'),
    },
    {
      name: 'Tandir somsa',
      group: 'pastry',
      measurement: 'dona',
      price: '9000',
      cost: '4500',
      barcode: '2100000010127',
      stock: cafe('45'),
    },
    {
      name: 'Tandir non',
      group: 'pastry',
      measurement: 'dona',
      price: '5000',
      cost: '2500',
      barcode: '2100000010134',
      stock: cafe('0'),
    },
  ],
  modifierGroups: [
    {
      name: "Choyga qo'shimcha",
      point: 'cafe',
      modifiers: [
        { name: 'Limon', price: '3000', measurement: 'porsiya' },
        { name: 'Asal', price: '5000', measurement: 'porsiya' },
        { name: "Na'matak murabbosi", price: '4000', measurement: 'porsiya' },
      ],
    },
    {
      name: "Qahvaga qo'shimcha",
      point: 'cafe',
      modifiers: [
        { name: "Qo'shimcha espresso", price: '7000', measurement: 'porsiya' },
        { name: 'Karamel siropi', price: '5000', measurement: 'porsiya' },
        { name: "O'simlik suti", price: '6000', measurement: 'porsiya' },
      ],
    },
    {
      name: "Oshga qo'shimcha",
      point: 'cafe',
      modifiers: [
        { name: 'Qazi', price: '18000', measurement: 'porsiya' },
        { name: 'Bedana tuxumi, 2 dona', price: '4000', measurement: 'porsiya' },
        { name: "Qo'shimcha go'sht", price: '15000', measurement: 'porsiya' },
      ],
    },
  ],
  clients: [
    {
      fullName: 'Dilnoza Yusupova',
      phone: '+998 90 123 45 67',
      address: 'Chilonzor, 19-kvartal, 7-uy',
      openingDebt: { amount: '245000', point: 'shop' },
      creditLimit: '500000',
    },
    {
      fullName: 'Bekzod Aliyev',
      phone: '+998 91 555 00 11',
      address: "Bunyodkor ko'chasi, 14",
      openingDebt: { amount: '687500', point: 'shop' },
      // Already over the limit: a sale on account to Bekzod needs the manager's PIN.
      creditLimit: '500000',
    },
    { fullName: 'Gulnora Xasanova', phone: '+998 93 214 77 08', address: null, openingDebt: { amount: '56000', point: 'cafe' }, creditLimit: null },
    {
      fullName: 'Otabek Nazarov',
      phone: '+998 99 765 43 21',
      address: 'Chilonzor, 12-kvartal, 31-uy',
      openingDebt: { amount: '132500', point: 'shop' },
      creditLimit: null,
    },
    // Paid a week of bread in advance: a negative balance is a credit.
    { fullName: 'Jasur Ismoilov', phone: '+998 94 880 12 34', address: null, openingDebt: { amount: '-20000', point: 'shop' }, creditLimit: null },
    { fullName: 'Malika Abdullayeva', phone: '+998 97 300 45 45', address: 'Chilonzor, 9-kvartal, 2-uy', openingDebt: null, creditLimit: '300000' },
  ],
};
