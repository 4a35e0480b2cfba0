import { describe, expect, it } from 'vitest';
import { grants, isRight, rightsOf } from './rights.js';

describe('rights a role grants', () => {
  it('reads the known names from a list and ignores the free text reference clients send', () => {
    expect([...rightsOf(['STOCK', 'orders:read', 'REFUNDS', 'stock'])].sort()).toEqual(['REFUNDS', 'STOCK']);
  });

  it('reads a database row’s JSON text the same as a list', () => {
    expect([...rightsOf('["CASH_MOVES","anything"]')]).toEqual(['CASH_MOVES']);
  });

  it('grants nothing for unreadable or missing resources', () => {
    expect(rightsOf('not json').size).toBe(0);
    expect(rightsOf(null).size).toBe(0);
    expect(rightsOf({ STOCK: true }).size).toBe(0);
  });

  it('lets MANAGER hold every right, and nothing else stand in for another', () => {
    expect(grants(rightsOf(['MANAGER']), 'PAYMENT_METHODS')).toBe(true);
    expect(grants(rightsOf(['STOCK']), 'STOCK')).toBe(true);
    expect(grants(rightsOf(['STOCK']), 'REFUNDS')).toBe(false);
    expect(isRight('MANAGER')).toBe(true);
    expect(isRight('manager')).toBe(false);
  });
});
