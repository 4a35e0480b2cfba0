/**
 * Checks for the network settings of printers and payment devices: IP addresses (v4 or v6), host names, TCP ports
 * and MAC addresses. Pure text checks (no `node:net`), so the terminal's renderer can run the same validation.
 */

const IPV4_PART = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IPV6_GROUP = /^[0-9a-f]{1,4}$/i;

/** A dotted IPv4 address; parts without leading zeros ("010" is ambiguous: octal in some tools). */
export function isIPv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => IPV4_PART.test(part));
}

/** Counts the 16-bit groups of one side of "::", or -1 if a group is malformed; an IPv4 tail counts as two. */
function ipv6Groups(side: string, mayEndInIPv4: boolean): number {
  if (side === '') return 0;
  const groups = side.split(':');
  const last = groups[groups.length - 1] ?? '';
  let count = 0;
  for (const group of groups.slice(0, -1)) {
    if (!IPV6_GROUP.test(group)) return -1;
    count += 1;
  }
  if (IPV6_GROUP.test(last)) return count + 1;
  return mayEndInIPv4 && isIPv4(last) ? count + 2 : -1;
}

/** An IPv6 address in any standard text form: full, "::"-compressed, or with an IPv4 tail ("::ffff:1.2.3.4"). */
export function isIPv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  if (halves.length === 1) return ipv6Groups(text, true) === 8;
  const head = ipv6Groups(halves[0] ?? '', false);
  const tail = ipv6Groups(halves[1] ?? '', true);
  // "::" stands for at least one zero group.
  return head >= 0 && tail >= 0 && head + tail <= 7;
}

export const isIpAddress = (text: string): boolean => isIPv4(text) || isIPv6(text);

/** A TCP/UDP port written as digits, 1–65535, without leading zeros. */
export function isPort(text: string): boolean {
  return /^[1-9]\d{0,4}$/.test(text) && Number(text) <= 65535;
}

const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * A DNS host name (RFC 1123: dot-separated labels of letters, digits and inner hyphens, each at most 63 characters,
 * at most 253 in all; a trailing dot allowed). A name whose last label is all digits is not one ("1.2.3" is a
 * mistyped IPv4 address, not a host). Internationalised names are written in their ASCII (punycode) form.
 */
export function isHostName(text: string): boolean {
  const name = text.endsWith('.') ? text.slice(0, -1) : text;
  if (name.length === 0 || name.length > 253) return false;
  const labels = name.split('.');
  return labels.every((label) => HOST_LABEL.test(label)) && !/^\d+$/.test(labels[labels.length - 1] ?? '');
}

/** Where a device is reached: an IP address or a host name (printers are often found as `printer.local`). */
export const isHostOrIpAddress = (text: string): boolean => isIpAddress(text) || isHostName(text);

const MAC_FORMS = [
  /^([0-9a-f]{2})([:-])([0-9a-f]{2})\2([0-9a-f]{2})\2([0-9a-f]{2})\2([0-9a-f]{2})\2([0-9a-f]{2})$/i,
  /^([0-9a-f]{2})()([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i,
];

/**
 * A MAC address in its stored form `AA:BB:CC:DD:EE:FF` (upper case, colons), from six hexadecimal byte pairs
 * separated all by ':', all by '-', or not at all, in either case; null when `text` is no MAC address.
 */
export function normaliseMacAddress(text: string): string | null {
  for (const form of MAC_FORMS) {
    const match = form.exec(text);
    if (match) return [match[1], match[3], match[4], match[5], match[6], match[7]].join(':').toUpperCase();
  }
  return null;
}

/** Six hexadecimal byte pairs separated all by ':', all by '-' or not at all (AA:BB:CC:DD:EE:FF), either case. */
export function isMacAddress(text: string): boolean {
  return normaliseMacAddress(text) !== null;
}
