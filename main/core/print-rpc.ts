/**
 * Input schemas of the print operations (`PRINT_OPERATIONS` in shared/terminal-contract.ts). They live beside the
 * other terminal operations' schemas so the bridge checks a print request exactly like any call — one line per
 * problem, naming the field — before the shell's print service (main/print-dispatcher.ts) sees it.
 */
import { z } from 'zod';
import { dto, flag, id, text } from '../../shared/schema-kit.js';
import type { PrintOperationName } from '../../shared/terminal-contract.js';

const language = z.enum(['uz', 'ru', 'en'], { error: 'must be one of the following values: uz, ru, en' }).optional();

/** One of the five documents, by `kind`; an unknown kind is named in the answer. */
export const PrintCallInputSchema = z.discriminatedUnion(
  'kind',
  [
    dto({ kind: z.literal('sale'), orderId: id(), openDrawer: flag(), language }),
    dto({ kind: z.literal('refund'), refundId: id(), language }),
    dto({ kind: z.literal('shift-report'), settlementId: id(), final: flag(), language }),
    dto({ kind: z.literal('credit-slip'), orderId: id(), language }),
    dto({ kind: z.literal('void'), orderId: id(), managerId: id().optional(), reason: text().optional(), language }),
  ],
  { error: 'kind must be one of the following values: sale, refund, shift-report, credit-slip, void' },
);

const nothing = z.union([z.undefined(), dto({})], { error: 'must be empty' });

export const printOperationInputs: Record<PrintOperationName, z.ZodType> = {
  'terminal.print': PrintCallInputSchema,
  'terminal.reprintLast': nothing,
  'terminal.printPreview': PrintCallInputSchema,
};
