import { DEMO_CORPORATE, DEMO_DRIVER, DEMO_STAFF } from './demo.ts';
import type { DemoLogin, DemoLoginsAtStart } from './demoLogins.ts';

const LABELS: Record<DemoLogin['name'], string> = { corporate: 'demo corporate login', owner: 'demo console owner', dispatcher: 'demo console dispatcher', driver: 'demo driver (driver app)' };

/**
 * The start banner's lines about the demo logins (issue 30): the published passwords on a deployment only this machine
 * reaches; elsewhere the passwords made at this start, said to be shown once, or that the published ones are refused.
 */
export function demoLoginLines(logins: DemoLoginsAtStart, hasDemoStaff: boolean, consoleUrl: string): string[] {
  if (!logins.reachable) {
    const lines = [`  demo corporate login: ${DEMO_CORPORATE.email} / ${DEMO_CORPORATE.password}`];
    if (hasDemoStaff) {
      lines.push(`  operator console: ${consoleUrl} — demo owner ${DEMO_STAFF.owner.email} / ${DEMO_STAFF.owner.password}, demo dispatcher ${DEMO_STAFF.dispatcher.email} / ${DEMO_STAFF.dispatcher.password}`);
      lines.push(`  driver app: ${consoleUrl.replace(/\/admin$/, '/driver')} — demo driver ${DEMO_DRIVER.email} / ${DEMO_DRIVER.password}`);
      lines.push('  (the published demo passwords work because HOST and PUBLIC_URL are this machine only)');
    }
    return lines;
  }
  if (logins.generated.length) {
    return [
      '  demo logins: HOST or PUBLIC_URL is not this machine only, so the published demo passwords do not work here; these',
      '  random ones replace them and are shown ONLY NOW (not stored, not shown again): note them, or change them',
      ...logins.generated.map((login) => `    ${LABELS[login.name]}: ${login.email} / ${login.password}`),
      `  operator console: ${consoleUrl}`,
    ];
  }
  return [
    '  demo logins: HOST or PUBLIC_URL is not this machine only, so the published demo passwords do not work here (random',
    `  ones were printed once when they were made). Operator console: ${consoleUrl}; lost the owner's? npm run operator --`,
    '  staff add EMAIL --role owner mails a new owner a set-password link.',
  ];
}
