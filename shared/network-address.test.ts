import { describe, expect, it } from 'vitest';
import { isHostName, isHostOrIpAddress, isIPv4, isIPv6, isIpAddress, isMacAddress, isPort, normaliseMacAddress } from './network-address.js';

describe('network address checks', () => {
  it('accept dotted IPv4 addresses and refuse out-of-range, short, padded or decorated ones', () => {
    for (const good of ['192.168.1.10', '0.0.0.0', '255.255.255.255', '10.0.0.1']) expect(isIPv4(good), good).toBe(true);
    for (const bad of [
      '256.1.1.1',
      '1.2.3',
      '1.2.3.4.5',
      '01.2.3.4',
      '1.2.3.4 ',
      ' 1.2.3.4',
      '1..3.4',
      'a.b.c.d',
      '',
      '1.2.3.-4',
      '1.2.3.4/24',
    ]) {
      expect(isIPv4(bad), bad).toBe(false);
    }
  });

  it('accept IPv6 addresses in full, compressed and IPv4-tailed form', () => {
    for (const good of [
      '::1',
      '::',
      'fe80::1',
      '2001:db8::8a2e:370:7334',
      '2001:0db8:0000:0000:0000:ff00:0042:8329',
      '::ffff:192.168.1.1',
      '1::',
      'FE80::ABCD',
    ]) {
      expect(isIPv6(good), good).toBe(true);
    }
  });

  it('refuse malformed IPv6 addresses', () => {
    for (const bad of [
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      '12345::',
      'g::1',
      ':1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8::',
      '1.2.3.4::',
      '',
      ':::',
      '1:2:3:4:5:6:7::8',
    ]) {
      expect(isIPv6(bad), bad).toBe(false);
    }
  });

  it('take an IP address of either version', () => {
    expect(isIpAddress('10.1.2.3')).toBe(true);
    expect(isIpAddress('::1')).toBe(true);
    expect(isIpAddress('printer.local')).toBe(false);
  });

  it('accept ports 1 to 65535 written as plain digits', () => {
    for (const good of ['1', '80', '9100', '65535']) expect(isPort(good), good).toBe(true);
    for (const bad of ['0', '65536', '99999', '080', '-1', '80.0', ' 80', 'http', '', '1e3'])
      expect(isPort(bad), bad).toBe(false);
  });

  it('accept MAC addresses with one kind of separator or none, in either case', () => {
    for (const good of ['AA:BB:CC:DD:EE:FF', 'aa:bb:cc:dd:ee:ff', '00-1A-2B-3C-4D-5E', 'AABBCCDDEEFF', 'aabbccddeeff', 'Aa-bB-cc-DD-ee-Ff'])
      expect(isMacAddress(good), good).toBe(true);
    for (const bad of ['AA:BB:CC:DD:EE', 'AA:BB:CC:DD:EE:FF:00', 'AA-BB:CC:DD:EE:FF', 'AABBCCDDEEF', 'AABBCCDDEEFF00', 'GG:BB:CC:DD:EE:FF', 'AA BB CC DD EE FF', 'AA:BB:CC:DD:EE:FF ', 'aabb.ccdd.eeff', '']) {
      expect(isMacAddress(bad), bad).toBe(false);
    }
  });

  it('normalise every accepted MAC form to upper case with colons', () => {
    for (const form of ['AA:BB:CC:0D:EE:FF', 'aa:bb:cc:0d:ee:ff', 'AA-BB-CC-0D-EE-FF', 'aa-bb-cc-0d-ee-ff', 'AABBCC0DEEFF', 'aabbcc0deeff'])
      expect(normaliseMacAddress(form), form).toBe('AA:BB:CC:0D:EE:FF');
    expect(normaliseMacAddress('AA-BB:CC:DD:EE:FF')).toBeNull();
  });

  it('accept host names by RFC 1123 and refuse free text, bad labels and all-digit endings', () => {
    for (const good of ['printer', 'printer.local', 'PRN-01.shop.example.uz', 'xn--80ak6aa92e.local', 'printer.local.', 'a'.repeat(63) + '.lan'])
      expect(isHostName(good), good).toBe(true);
    for (const bad of ['', 'my printer', 'printer_1', '-printer', 'printer-', 'a..b', '.printer', 'a'.repeat(64), `${'a'.repeat(60)}.`.repeat(5), '1.2.3', '300.1.1.1', '10.0.0.1', 'принтер.local', 'http://printer', 'printer:9100', 'printer/x'])
      expect(isHostName(bad), bad).toBe(false);
    expect(isHostOrIpAddress('printer.local')).toBe(true);
    expect(isHostOrIpAddress('10.0.0.1')).toBe(true);
    expect(isHostOrIpAddress('fe80::1')).toBe(true);
    expect(isHostOrIpAddress('1.2.3')).toBe(false);
  });
});
