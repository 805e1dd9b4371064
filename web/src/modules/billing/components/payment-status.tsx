import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { PLANS, ROLE_LABELS } from '@rr/proto';
import { formatDate, formatPrice, useT } from '../../../i18n';
import { AppLink } from '../../../ui/app-link';
import { useSession } from '../../session/stores/session.store';
import { billingApi, type PaymentView } from '../api/billing.api';
import { usePremiumT } from '../premium.copy';

const POLL_MS = 3_000;
const isOpen = (p: PaymentView) => p.state === 'created' || p.state === 'pending';

/**
 * The payment's real state, asked from billing (which asks the provider) until it settles: paid,
 * waiting for a bank transfer (QR Platba and the payment details), or failed with a way back.
 */
export function PaymentStatus({ paymentId }: { paymentId: string }) {
  const { t, locale } = useT();
  const tm = usePremiumT();
  const refresh = useSession((s) => s.refresh);
  const [payment, setPayment] = useState<PaymentView | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const p = await billingApi.payment(paymentId);
        if (stopped) return;
        setPayment(p);
        setFailed(false);
        if (p.state === 'paid') void refresh();
        if (isOpen(p)) timer = setTimeout(load, POLL_MS);
      } catch {
        if (!stopped) {
          setFailed(true);
          timer = setTimeout(load, POLL_MS * 2);
        }
      }
    };
    void load();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [paymentId, refresh]);

  if (!payment) {
    return failed
      ? <p className="form-error" role="alert">{t('auth.error.generic')}</p>
      : <div className="page-loading" aria-busy="true">{tm('premium.status.checking')}</div>;
  }
  // Advertising credit has no tier (its own page shows it; here it is named as credit).
  const name = payment.tier ? ROLE_LABELS[PLANS[payment.tier].role][locale] : t('ads.credit.title');
  const retry = payment.tier ? `?tier=${payment.tier}&period=${payment.period}` : '';

  if (payment.state === 'paid') {
    return (
      <section className="card" data-testid="payment-paid" aria-live="polite">
        <h2>{tm('premium.status.paid', { name })}</h2>
        <p>{tm('premium.status.paidText')}</p>
        <div className="button-row">
          <AppLink to="myProfile" className="button button--primary">{tm('premium.status.toProfile')}</AppLink>
          <AppLink to="home" className="button button--ghost">{tm('premium.status.toSearch')}</AppLink>
        </div>
      </section>
    );
  }
  if (payment.bankTransfer) return <BankTransfer payment={payment} name={name} />;
  if (isOpen(payment)) {
    return (
      <section className="card" data-testid="payment-pending" aria-live="polite" aria-busy="true">
        <h2>{tm('premium.status.waiting')}</h2>
        <p>{tm('premium.status.waitingText')}</p>
        {payment.gatewayUrl && <a className="button button--ghost" href={payment.gatewayUrl}>{tm('premium.status.backToGateway')}</a>}
      </section>
    );
  }
  return (
    <section className="card" data-testid="payment-failed" role="alert">
      <h2>{tm('premium.status.failed')}</h2>
      <p>{tm(payment.state === 'timeouted' ? 'premium.status.timeoutText' : 'premium.status.failedText')}</p>
      <AppLink to="premium" query={retry} className="button button--primary">{tm('premium.status.retry')}</AppLink>
    </section>
  );
}

function BankTransfer({ payment, name }: { payment: PaymentView; name: string }) {
  const { t, locale } = useT();
  const tm = usePremiumT();
  const bank = payment.bankTransfer!;
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    void QRCode.toDataURL(bank.spayd, { errorCorrectionLevel: 'M', margin: 1, width: 220 }).then(setQr);
  }, [bank.spayd]);
  return (
    <section className="card bank-transfer" data-testid="payment-bank" aria-live="polite">
      <h2>{tm('premium.bank.title', { name })}</h2>
      <p>{tm(payment.state === 'pending' ? 'premium.bank.partial' : 'premium.bank.text')}</p>
      <div className="bank-transfer__body">
        {qr && <img src={qr} width={220} height={220} alt={tm('premium.bank.qrAlt')} data-testid="qr-platba" />}
        <dl className="bank-transfer__details">
          <dt>{tm('premium.bank.account')}</dt><dd>{bank.accountNumber}</dd>
          <dt>IBAN</dt><dd>{bank.iban}</dd>
          <dt>{tm('premium.bank.amount')}</dt><dd data-testid="bank-amount">{formatPrice(Number(bank.amount), locale)}{Number(bank.amount) % 1 ? ` (${bank.amount})` : ''}</dd>
          <dt>{tm('premium.bank.vs')}</dt><dd data-testid="bank-vs">{bank.variableSymbol}</dd>
          <dt>{tm('premium.bank.due')}</dt><dd>{formatDate(bank.dueDate, locale)}</dd>
        </dl>
      </div>
      <p className="muted">{tm('premium.bank.after')}</p>
    </section>
  );
}
