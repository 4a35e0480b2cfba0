/** Messages of the clients page (console/pages/clients): the business's clients and how much each may owe. */
export const clientsEn = {
  'page.clients': 'Clients',
  'clients.intro':
    'The shop’s clients. A credit limit is how much a client may owe: a sale on account beyond it needs a manager’s PIN at the till (offline, the till warns and sells). Leave it empty for no limit.',
  'clients.add': 'Add a client',
  'clients.new': 'New client',
  'clients.edit': 'Edit “{name}”',
  'field.creditLimit': 'Credit limit',
  'column.creditLimit': 'Credit limit',
  'clients.noLimit': 'no limit',
} as const;

export type ClientsMessages = Record<keyof typeof clientsEn, string>;

export const clientsRu: ClientsMessages = {
  'page.clients': 'Клиенты',
  'clients.intro':
    'Клиенты магазина. Кредитный лимит — сколько клиент может быть должен: продажа в долг сверх него требует PIN-кода менеджера на кассе (без связи касса предупреждает и продаёт). Оставьте пустым — без лимита.',
  'clients.add': 'Добавить клиента',
  'clients.new': 'Новый клиент',
  'clients.edit': 'Изменить «{name}»',
  'field.creditLimit': 'Кредитный лимит',
  'column.creditLimit': 'Кредитный лимит',
  'clients.noLimit': 'без лимита',
};

export const clientsUz: ClientsMessages = {
  'page.clients': 'Mijozlar',
  'clients.intro':
    'Do‘kon mijozlari. Kredit limiti — mijoz qancha qarzdor bo‘lishi mumkinligi: undan ortiq nasiya savdo kassada menejer PIN-kodini talab qiladi (aloqasiz kassa ogohlantiradi va sotadi). Limitsiz uchun bo‘sh qoldiring.',
  'clients.add': 'Mijoz qo‘shish',
  'clients.new': 'Yangi mijoz',
  'clients.edit': '“{name}”ni tahrirlash',
  'field.creditLimit': 'Kredit limiti',
  'column.creditLimit': 'Kredit limiti',
  'clients.noLimit': 'limitsiz',
};
