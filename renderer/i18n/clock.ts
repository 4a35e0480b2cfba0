/**
 * Messages for a till whose computer clock is wrong (components/ClockBanner.tsx; docs/sync.md, "A till's clock
 * jumps"): how far off it is, what the till dates sales by meanwhile, and what to do. English is the source; ru and
 * uz are typed by its keys.
 */
export const clockEn = {
  'clock.aheadOfService': 'This computer’s clock is {amount} ahead of the service; sales are dated by the service’s time. Set the clock right.',
  'clock.behindService': 'This computer’s clock is {amount} behind the service; sales are dated by the service’s time. Set the clock right.',
  'clock.behindLastKnown':
    'This computer’s clock is at least {amount} behind the last time this till knew to be right; until it reaches the service, sales are dated from that time. Set the clock right.',
  'clock.years': '{count, plural, one {# year} other {# years}}',
  'clock.days': '{count, plural, one {# day} other {# days}}',
  'clock.hours': '{count, plural, one {# hour} other {# hours}}',
  'clock.minutes': '{count, plural, one {# minute} other {# minutes}}',
} as const;

type Keys = Record<keyof typeof clockEn, string>;

export const clockRu: Keys = {
  'clock.aheadOfService': 'Часы этого компьютера спешат на {amount} относительно сервиса; продажи датируются по времени сервиса. Установите правильное время.',
  'clock.behindService': 'Часы этого компьютера отстают на {amount} от сервиса; продажи датируются по времени сервиса. Установите правильное время.',
  'clock.behindLastKnown':
    'Часы этого компьютера отстают как минимум на {amount} от времени, которое касса последний раз знала точно; пока нет связи с сервисом, продажи датируются от этого времени. Установите правильное время.',
  'clock.years': '{count, plural, one {# год} few {# года} many {# лет} other {# года}}',
  'clock.days': '{count, plural, one {# день} few {# дня} many {# дней} other {# дня}}',
  'clock.hours': '{count, plural, one {# час} few {# часа} many {# часов} other {# часа}}',
  'clock.minutes': '{count, plural, one {# минуту} few {# минуты} many {# минут} other {# минуты}}',
};

export const clockUz: Keys = {
  'clock.aheadOfService': 'Bu kompyuterning soati xizmat vaqtidan {amount} oldinda; savdolar xizmat vaqti bo‘yicha sanalanmoqda. Soatni to‘g‘rilang.',
  'clock.behindService': 'Bu kompyuterning soati xizmat vaqtidan {amount} orqada; savdolar xizmat vaqti bo‘yicha sanalanmoqda. Soatni to‘g‘rilang.',
  'clock.behindLastKnown':
    'Bu kompyuterning soati kassa oxirgi marta aniq bilgan vaqtdan kamida {amount} orqada; xizmatga ulanguncha savdolar o‘sha vaqtdan boshlab sanalanadi. Soatni to‘g‘rilang.',
  'clock.years': '{count, plural, one {# yil} other {# yil}}',
  'clock.days': '{count, plural, one {# kun} other {# kun}}',
  'clock.hours': '{count, plural, one {# soat} other {# soat}}',
  'clock.minutes': '{count, plural, one {# daqiqa} other {# daqiqa}}',
};
