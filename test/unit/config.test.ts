import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';

describe('configuration', () => {
  it('S8: refuses to start in production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(join(tmpdir(), 'kassa-')) })).toThrow(ConfigError);
  });

  it('reads the graceful shutdown settings, with defaults, and refuses ones that are not whole milliseconds', () => {
    const secret = { JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(secret).shutdown).toEqual({ drainDelayMs: 0, timeoutMs: 10_000 });
    expect(loadConfig({ ...secret, SHUTDOWN_DRAIN_DELAY_MS: '5000', SHUTDOWN_TIMEOUT_MS: '30000' }).shutdown).toEqual({
      drainDelayMs: 5_000,
      timeoutMs: 30_000,
    });
    expect(() => loadConfig({ ...secret, SHUTDOWN_DRAIN_DELAY_MS: '-1' })).toThrow(
      /SHUTDOWN_DRAIN_DELAY_MS must be an integer of at least 0/,
    );
    expect(() => loadConfig({ ...secret, SHUTDOWN_TIMEOUT_MS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_MS must be a positive integer/);
    expect(() => loadConfig({ ...secret, SHUTDOWN_TIMEOUT_MS: '1.5s' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });

  it('refuses a JWT_SECRET too short to be safe', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('generates a development secret once and keeps it in the data directory, readable only by its owner', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kassa-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret).toBe(second.jwtSecret);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o077).toBe(0);
  });

  it('S14: defaults to 127.0.0.1:8080 with SQLite in the data directory', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kassa-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8080, databaseUrl: join(dataDir, 'kassa.sqlite') });
  });

  it('rejects a port that is not a number', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: mkdtempSync(join(tmpdir(), 'kassa-')) })).toThrow(/PORT/);
  });
});
