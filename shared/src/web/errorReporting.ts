import { appErrorLog, sendErrorEmail } from '@tradeboard/shared/contracts';
import { api } from './api.ts';

const reported = new Set<string>();

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}\n\n${error.stack ?? ''}`;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Seed §8: mails an error report to the site-errors address. A report with the same key is
 * sent once per page load; failures to report are only logged.
 */
export function sendErrorReport(subject: string, body: string, key: string = subject): Promise<void> {
  if (reported.has(key)) return Promise.resolve();
  reported.add(key);
  const context = `URL: ${window.location.href}\nUser agent: ${navigator.userAgent}\nTime: ${new Date().toISOString()}`;
  return api
    .call(sendErrorEmail, { body: { subject: clip(subject, 300), body: clip(`${body}\n\n${context}`, 20_000) } })
    .then(() => undefined)
    .catch((error: unknown) => console.error('Could not send the error report', error));
}

/** Seed §8 uncaught page error: an error e-mail plus an app error log entry. */
export function reportAppError(error: unknown, componentStack = ''): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const detail = `${describe(error)}${componentStack ? `\n\nComponent stack:${componentStack}` : ''}`;
  const mail = sendErrorReport(`Tradeboard app error: ${message}`, detail, `app:${message}`);
  const log = api
    .call(appErrorLog, {
      body: {
        errorMessage: clip(message || 'Unknown error', 2000),
        userAgent: clip(navigator.userAgent, 1000),
        errorDetail: clip(`${window.location.href}\n${detail}`, 20_000),
      },
    })
    .then(() => undefined)
    .catch((failure: unknown) => console.error('Could not write the app error log', failure));
  return Promise.all([mail, log]).then(() => undefined);
}

export { describe as describeError };

/** For tests: forget what was reported. */
export function resetErrorReports(): void {
  reported.clear();
}
