import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { PRAGUE_TIME_ZONE } from '@rr/proto';
import type { InvoiceRecord, Party } from './invoice.model';

const resolve = createRequire(__filename).resolve;
// DejaVu Sans (npm `dejavu-fonts-ttf`) embedded: the PDF's standard fonts have no Czech letters.
const FONT = resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const TITLES: Record<InvoiceRecord['kind'], string> = {
  invoice: 'Faktura – daňový doklad',
  simplified: 'Zjednodušený daňový doklad',
  'credit-note': 'Opravný daňový doklad (dobropis)',
};

const money = (halere: number) => new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'CZK' }).format(halere / 100).replace(/\u00a0/g, ' ');
const date = (d: Date) => new Intl.DateTimeFormat('cs-CZ', { timeZone: PRAGUE_TIME_ZONE, day: 'numeric', month: 'numeric', year: 'numeric' }).format(d);

/** The tax document as a PDF (A4), with the fields §29 of the VAT Act asks for, in Czech. */
export function renderInvoicePdf(inv: InvoiceRecord): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${TITLES[inv.kind]} ${inv._id}`, Author: inv.supplier.name } });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('bold').fontSize(18).text(TITLES[inv.kind]);
  doc.font('regular').fontSize(10).text(`Číslo dokladu: ${inv._id}`);
  if (inv.correctsNumber) doc.text(`Opravuje doklad: ${inv.correctsNumber}`);
  doc.moveDown();

  const top = doc.y;
  party(doc, 'Dodavatel', inv.supplier, 50, top);
  if (inv.kind !== 'simplified' || inv.customer.ico) party(doc, 'Odběratel', inv.customer, 310, top);
  else party(doc, 'Odběratel', { ...inv.customer, ico: null, dic: null }, 310, top);
  doc.y = Math.max(doc.y, top + 110);
  doc.x = 50;

  doc.font('regular').fontSize(10);
  doc.text(`Datum vystavení: ${date(inv.issuedAt)}`);
  doc.text(`Datum uskutečnění zdanitelného plnění: ${date(inv.taxableSupplyAt)}`);
  doc.text(`Variabilní symbol: ${inv.variableSymbol}`);
  doc.text(`Způsob úhrady: ${inv.method === 'card' ? 'platební karta (GoPay)' : 'bankovní převod'} – uhrazeno`);
  doc.moveDown();

  // One row per item: its description across the page, its amounts under the column heads.
  const cols = [50, 220, 310, 380, 460];
  const y0 = doc.y;
  doc.font('bold').fontSize(9);
  ['Položka', 'Cena bez DPH', 'Sazba DPH', 'DPH', 'Celkem'].forEach((h, i) => doc.text(h, cols[i], y0, { width: i === 0 ? 160 : 85, lineBreak: false }));
  doc.moveTo(50, y0 + 14).lineTo(545, y0 + 14).strokeColor('#999999').stroke();
  doc.font('regular').fontSize(10);
  doc.text(`1 × ${inv.item.description.cs}`, 50, y0 + 20, { width: 495 });
  const y1 = doc.y + 2;
  [money(inv.base), `${inv.vatRate} %`, money(inv.vat), money(inv.total)].forEach((v, i) => doc.text(v, cols[i + 1], y1, { width: 85, lineBreak: false }));
  doc.x = 50;
  doc.y = y1 + 30;

  doc.text(`Základ daně (${inv.vatRate} %): ${money(inv.base)}`);
  doc.text(`DPH ${inv.vatRate} %: ${money(inv.vat)}`);
  doc.font('bold').fontSize(12).text(`Celkem k úhradě: ${money(inv.total)}`);
  doc.font('regular').fontSize(8).moveDown(2);
  doc.text(inv.kind === 'credit-note' ? 'Částka byla vrácena na původní platební prostředek.' : 'Doklad je uhrazen. Nepožadujeme žádnou další platbu.');
  doc.text('Doklad byl vystaven elektronicky.');
  doc.end();
  return done;
}

function party(doc: PDFKit.PDFDocument, label: string, p: Party, x: number, y: number): void {
  doc.font('bold').fontSize(11).text(label, x, y, { width: 240 });
  doc.font('regular').fontSize(10);
  for (const line of [p.name, p.street, `${p.postalCode} ${p.city}`, p.country === 'CZ' ? 'Česká republika' : p.country]) doc.text(line, { width: 240 });
  if (p.ico) doc.text(`IČO: ${p.ico}`, { width: 240 });
  if (p.dic) doc.text(`DIČ: ${p.dic}`, { width: 240 });
}
