/** The mail catcher's REST API (MailDev): wait for a message to an address and pull links out of it. */
export const MAIL_URL = process.env.MAILDEV_URL ?? 'http://localhost:1080';

export type CaughtMail = { id: string; subject: string; text: string; html: string; to: Array<{ address: string }> };

export async function waitForMail(address: string, match: (mail: CaughtMail) => boolean = () => true, timeoutMs = 30_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${MAIL_URL}/email`);
    const mails = (await response.json()) as CaughtMail[];
    const found = mails.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase())).reverse().find(match);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no e-mail to ${address} within ${timeoutMs} ms`);
}

/** The path and query of the first link in a mail whose URL matches, to open against the system under test. */
export function linkIn(mail: CaughtMail, pattern: RegExp): string {
  const urls = `${mail.text ?? ''} ${mail.html ?? ''}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const url = urls.map((u) => u.replace(/&amp;/g, '&')).find((u) => pattern.test(u));
  if (!url) throw new Error(`no link matching ${pattern} in "${mail.subject}"`);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}
