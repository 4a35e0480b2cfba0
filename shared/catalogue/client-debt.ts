/**
 * ClientDebt operations of the reference interface (catalogue entries and their request schemas).
 *
 * Sign convention of the debt ledger: a positive `debt_amount` means the client owes more (a sale on credit),
 * a negative one is a repayment. A client's balance is the sum of its entries.
 */
import { z } from 'zod';
import { dto, flag, id, money, requiredText, text, MAX_TEXT_LENGTH } from '../schema-kit.js';
import { operation } from './operation.js';

/** Longest base64 payload of a signature image: 256 KiB of text, about 192 KiB of PNG. */
export const MAX_SIGNATURE_BASE64 = 256 * 1024;
const PNG_DATA_PREFIX = 'data:image/png;base64,';
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes the first `count` bytes of valid base64 (no node:* Buffer here: shared/ runs in the renderer too). */
export function base64Prefix(base64: string, count: number): number[] {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of base64) {
    if (char === '=' || bytes.length === count) break;
    buffer = ((buffer << 6) | BASE64_ALPHABET.indexOf(char)) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes;
}

/** Why a `data:` signature is unacceptable, or undefined when it is a well-formed PNG within the size limit. */
function pngDataProblem(value: string): string | undefined {
  const payload = value.slice(PNG_DATA_PREFIX.length);
  if (payload.length > MAX_SIGNATURE_BASE64) return `must hold at most ${MAX_SIGNATURE_BASE64} characters of base64`;
  // Linear checks on purpose: the payload may be a quarter of a megabyte.
  const wellFormed = payload.length > 0 && payload.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(payload);
  if (!wellFormed) return 'must hold valid base64';
  const magic = base64Prefix(payload, PNG_MAGIC.length);
  if (magic.length !== PNG_MAGIC.length || magic.some((byte, index) => byte !== PNG_MAGIC[index])) return 'must hold a PNG image';
  return undefined;
}

/** Why an https signature URL is unacceptable. URLs are parsed and their scheme compared, never substring-matched. */
function httpsProblem(value: string): string | undefined {
  const invalid = 'must be an https URL or a data:image/png;base64 URI';
  if (value.length > MAX_TEXT_LENGTH) return `must be at most ${MAX_TEXT_LENGTH} characters when it is a URL`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return invalid;
  }
  if (url.protocol !== 'https:' || url.hostname === '') return invalid;
  if (url.username !== '' || url.password !== '') return 'must not carry credentials';
  return undefined;
}

/**
 * Where the client's signature for a credit sale is: an https URL, or the image itself as a PNG data URI.
 * "" means no signature (stored as null); anything else — http, other image types, bad base64 — is a 400.
 */
export const signatureUrl = () =>
  z
    .string({ error: 'must be a string' })
    .max(PNG_DATA_PREFIX.length + MAX_SIGNATURE_BASE64 + 1, {
      error: `must hold at most ${MAX_SIGNATURE_BASE64} characters of base64`,
    })
    .transform((value, ctx): string | null => {
      if (value === '') return null;
      const isData = value.slice(0, PNG_DATA_PREFIX.length).toLowerCase() === PNG_DATA_PREFIX;
      const problem = isData ? pngDataProblem(value) : httpsProblem(value);
      if (problem === undefined) return value;
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    });

export const CreateClientDebtDto = dto({
  client_id: requiredText(),
  /** The opening balance, recorded as an 'opening' ledger entry. */
  debt_amount: money(),
  employee_id: requiredText(),
  id_automated_point: requiredText(),
});
export type CreateClientDebtDto = z.output<typeof CreateClientDebtDto>;

export const UpdateClientDebtDto = dto({
  /** The balance the client should have; recorded as an 'adjustment' entry of (new − current). */
  debt_amount: money().nullish(),
  /** true writes the debt off exactly like removeDebt; false is a no-op on a live record. */
  is_deleted: flag().nullish(),
});
export type UpdateClientDebtDto = z.output<typeof UpdateClientDebtDto>;

export const CreateClientDebtTransactionDto = dto({
  client_id: requiredText(),
  /** + the client owes more (a sale on credit), − a repayment; never zero. */
  debt_amount: money().refine((units) => units !== 0n, { error: 'must not be zero' }),
  employee_id: requiredText(),
  id_automated_point: requiredText(),
  signature_url: signatureUrl().nullish(),
  /** How a repayment was paid: a payment method of the business (cash, card…). Our addition; optional. */
  payment_type_id: id().nullish(),
});
export type CreateClientDebtTransactionDto = z.output<typeof CreateClientDebtTransactionDto>;

/** `?client_id=` narrows the list to one client; an empty value means no filter, as in the reference. */
export const FindAllDebtTransactionsQuery = dto({
  client_id: text().max(64, { error: 'must be at most 64 characters' }).optional(),
});
export type FindAllDebtTransactionsQuery = z.output<typeof FindAllDebtTransactionsQuery>;

export const clientDebtOperations = [
  operation({ operationId: 'ClientDebtController_createDebt', method: 'POST', path: '/client-debts/create', tag: 'ClientDebt', body: CreateClientDebtDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'absolute' }),
  operation({ operationId: 'ClientDebtController_findAllDebts', method: 'GET', path: '/client-debts/all', tag: 'ClientDebt', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'ClientDebtController_findOneDebt', method: 'GET', path: '/client-debts/{id}', tag: 'ClientDebt', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'ClientDebtController_updateDebt', method: 'PATCH', path: '/client-debts/update/{id}', tag: 'ClientDebt', body: UpdateClientDebtDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'absolute' }),
  operation({ operationId: 'ClientDebtController_removeDebt', method: 'DELETE', path: '/client-debts/delete/{id}', tag: 'ClientDebt', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'delete' }),
  operation({ operationId: 'ClientDebtController_createTransaction', method: 'POST', path: '/client-debts/transactions/create', tag: 'ClientDebt', body: CreateClientDebtTransactionDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'fact' }),
  operation({ operationId: 'ClientDebtController_findAllTransactions', method: 'GET', path: '/client-debts/transactions/all', tag: 'ClientDebt', query: FindAllDebtTransactionsQuery, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
] as const;
