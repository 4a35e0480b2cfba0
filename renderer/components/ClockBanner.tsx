/**
 * Across the top of the sign-in and work screens while this computer's clock is wrong: how far, what sales are
 * dated by meanwhile, and to set it right (docs/terminal-ui.md). The till keeps working; the banner goes once the
 * clock is right again.
 */
import { clockWarningText } from '../lib/sane-clock.js';
import { useT, useTerminal } from '../state/context.js';

export function ClockBanner() {
  const t = useT();
  const clock = useTerminal((state) => state.sync?.clock);
  const text = clockWarningText(clock, t);
  if (text === null) return null;
  return (
    <div className="banner" role="alert" data-testid="clock-warning" data-skew-ms={clock?.skewMs ?? ''}>
      {text}
    </div>
  );
}
