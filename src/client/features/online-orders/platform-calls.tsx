import type { PlatformCallInfo } from '../../../shared/online-orders-contract';
import classes from './online-orders.module.css';
import { pt } from './platform-text';

/**
 * What a demo restaurant's simulated platform would have been sent, call by call: the method and
 * path the platform documents, the headers (the login shown as what it is, never a secret) and the
 * JSON body. Folded under one line: the order card stays short, and whoever wants to see how
 * Sofra talks to the platform opens it.
 */
export function PlatformCalls({ title, calls }: { title: string; calls: readonly PlatformCallInfo[] }) {
  return (
    <details className={classes.calls} data-testid="platform-calls">
      <summary className={classes.sm}>{pt.callsTitle(title, calls.length)}</summary>
      <ol className={classes.callList}>
        {calls.map((call, i) => (
          <li key={i}>
            <code className={classes.callLine}>{`${call.method} ${call.path}`}</code>
            <pre className={classes.callText}>
              {Object.entries(call.headers)
                .map(([name, value]) => `${name}: ${value}`)
                .join('\n')}
              {call.body !== undefined ? `\n\n${JSON.stringify(call.body, null, 2)}` : ''}
            </pre>
          </li>
        ))}
      </ol>
    </details>
  );
}
