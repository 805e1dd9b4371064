import express, { Router } from 'express';
import type { GoPayNotifier } from './notifier';
import type { GoPayStore } from './gopay-store';
import type { GoPayPayment } from './types';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The payment gateway page a payer is redirected to (`gw_url`): pay by card, decline, or cancel.
 * Each choice changes the state, notifies the shop and sends the payer back to `return_url?id=`.
 */
export function gatewayPageRouter(store: GoPayStore, notifier: GoPayNotifier): Router {
  const r = Router();
  r.use(express.urlencoded({ extended: false }));

  r.get('/:id', (req, res) => {
    const p = store.get(Number(req.params.id));
    if (!p) return void res.status(404).type('text/plain').send('Platba nenalezena');
    res.type('html').send(page(p));
  });

  r.post('/:id', (req, res) => {
    const p = store.get(Number(req.params.id));
    if (!p) return void res.status(404).type('text/plain').send('Platba nenalezena');
    if (p.state === 'CREATED' || p.state === 'PAYMENT_METHOD_CHOSEN') {
      const action = String(req.body?.action ?? '');
      if (action === 'pay') store.setState(p, 'PAID');
      else if (action === 'decline' || action === 'cancel') store.setState(p, 'CANCELED');
      notifier.notify(p);
    }
    const back = new URL(p.callback.return_url);
    back.searchParams.set('id', String(p.id));
    res.redirect(303, back.toString());
  });
  return r;
}

function page(p: GoPayPayment): string {
  const amount = new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: p.currency }).format(p.amount / 100);
  const open = p.state === 'CREATED' || p.state === 'PAYMENT_METHOD_CHOSEN';
  const buttons = open
    ? `<form method="post"><button name="action" value="pay" data-testid="gw-pay">Zaplatit kartou ${esc(amount)}</button>
<button name="action" value="decline" data-testid="gw-decline">Karta zamítnuta</button>
<button name="action" value="cancel" data-testid="gw-cancel">Zpět do obchodu</button></form>`
    : `<p>Platba je ve stavu ${esc(p.state)}.</p><form method="post"><button name="action" value="back">Zpět do obchodu</button></form>`;
  return `<!DOCTYPE html><html lang="cs"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>GoPay – simulovaná platební brána</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}button{display:block;width:100%;margin:.5rem 0;padding:.8rem;font-size:1rem}</style></head>
<body><h1>Simulovaná platební brána GoPay</h1><p>Objednávka <strong>${esc(p.order_number)}</strong>, částka <strong>${esc(amount)}</strong>.</p>
${buttons}<p><small>Vývojový simulátor – žádné skutečné peníze.</small></p></body></html>`;
}
