/**
 * QR Platba: the Short Payment Descriptor of the Czech Banking Association (`SPD*1.0*KEY:value*…`),
 * which every Czech bank app reads from a QR code. Values are printable ASCII; `*` and anything
 * outside ASCII are percent-encoded. Written here rather than taken from npm: the format is a
 * dozen lines and the one package (`spayd`) has a few thousand downloads a month.
 */
export type SpaydInput = {
  iban: string;
  bic?: string;
  /** Haléře. */
  amount: number;
  currency: 'CZK';
  variableSymbol: string;
  message?: string;
  /** Due date. */
  dueDate?: Date;
  recipientName?: string;
};

// encodeURIComponent leaves `*` alone, and `*` is the field separator.
const encode = (value: string) =>
  [...value.normalize('NFC')].map((ch) => {
    if (ch === '*') return '%2A';
    return ch === '%' || ch.charCodeAt(0) > 126 || ch.charCodeAt(0) < 32 ? encodeURIComponent(ch) : ch;
  }).join('');

export function spaydOf(input: SpaydInput): string {
  if (!/^[1-9]\d{0,9}$/.test(input.variableSymbol)) throw new Error(`variable symbol ${input.variableSymbol} is not 1–10 digits`);
  const parts = [
    'SPD', '1.0',
    `ACC:${input.iban.replace(/\s+/g, '')}${input.bic ? `+${input.bic}` : ''}`,
    `AM:${(input.amount / 100).toFixed(2)}`,
    `CC:${input.currency}`,
    ...(input.dueDate ? [`DT:${input.dueDate.toISOString().slice(0, 10).replace(/-/g, '')}`] : []),
    ...(input.message ? [`MSG:${encode(input.message.slice(0, 60))}`] : []),
    ...(input.recipientName ? [`RN:${encode(input.recipientName.slice(0, 35))}`] : []),
    `X-VS:${input.variableSymbol}`,
  ];
  return parts.join('*');
}
