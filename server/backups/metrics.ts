/**
 * The backups' state in /metrics, read when Prometheus scrapes: an alert on `time() -
 * kassa_backup_last_success_timestamp_seconds > 2 * interval` catches a schedule that stopped succeeding, whatever
 * the reason. Zero means "never" (Prometheus gauges have no null).
 */
import { Gauge, type Registry } from 'prom-client';
import type { BackupStatus } from './scheduler.js';

const seconds = (at: Date | null) => (at ? at.getTime() / 1000 : 0);

export function registerBackupMetrics(registry: Registry, status: () => BackupStatus): void {
  const gauge = (name: string, help: string, read: (current: BackupStatus) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(status()));
      },
    });
  gauge(
    'kassa_backup_last_success_timestamp_seconds',
    'When the last successful database backup started (Unix seconds; 0: none yet)',
    (s) => seconds(s.lastSuccessAt),
  );
  gauge('kassa_backup_last_failure_timestamp_seconds', 'When the last database backup failed (Unix seconds; 0: none yet)', (s) =>
    seconds(s.lastFailureAt),
  );
  gauge('kassa_backup_last_failed', '1 when the latest database backup failed, 0 when it succeeded or none ran yet', (s) =>
    s.lastFailure === null ? 0 : 1,
  );
  gauge(
    'kassa_backup_last_duration_seconds',
    'How long the last successful database backup took',
    (s) => s.lastDurationSeconds ?? 0,
  );
  gauge('kassa_backup_last_size_bytes', 'Size of the last successful database backup', (s) => s.lastSizeBytes ?? 0);
  gauge('kassa_backup_running', '1 while a database backup is being taken', (s) => (s.running ? 1 : 0));
  gauge('kassa_backups_succeeded', 'Database backups taken since the service started', (s) => s.successes);
  gauge('kassa_backups_failed', 'Database backups that failed since the service started', (s) => s.failures);
}
