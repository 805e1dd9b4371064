import type { Locale } from '@rr/proto';
import type { Mailer } from '@rr/kit';
import type { InvoiceRecord } from './invoice.model';
import { renderInvoicePdf } from './invoice-pdf';

const TITLE: Record<Locale, Record<InvoiceRecord['kind'], string>> = {
  cs: { invoice: 'Faktura', simplified: 'Daňový doklad', 'credit-note': 'Opravný daňový doklad' },
  en: { invoice: 'Invoice', simplified: 'Tax document', 'credit-note': 'Credit note' },
};

/** The tax document by e-mail, its PDF attached (the profile keeps it too). */
export async function mailInvoice(mailer: Mailer, inv: InvoiceRecord, to: { email: string; locale: Locale }, publicUrl: string): Promise<void> {
  const title = `${TITLE[to.locale][inv.kind]} ${inv._id}`;
  const profile = `${publicUrl.replace(/\/$/, '')}${to.locale === 'cs' ? '/muj-profil' : '/my-profile'}`;
  const line = to.locale === 'cs'
    ? `V příloze posíláme ${TITLE.cs[inv.kind].toLowerCase()} ${inv._id} k předplatnému Reality Radar. Všechny doklady najdete i v profilu, ve formátu PDF a ISDOC:`
    : `Attached is the ${TITLE.en[inv.kind].toLowerCase()} ${inv._id} for your Reality Radar subscription. All documents are also on your profile, as PDF and ISDOC:`;
  await mailer.send({
    to: to.email,
    subject: `Reality Radar – ${title}`,
    text: `${line}\n${profile}\n\nReality Radar`,
    html: `<!DOCTYPE html><html lang="${to.locale}"><body style="font-family:Arial,sans-serif"><p>${line}</p><p><a href="${profile}">${profile}</a></p><p>Reality Radar</p></body></html>`,
    category: 'invoice',
    attachments: [{ filename: `${inv._id}.pdf`, content: await renderInvoicePdf(inv), contentType: 'application/pdf' }],
  });
}
