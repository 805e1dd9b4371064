import { AppError } from '@rr/kit';

export type GoPayClientOptions = { baseUrl: string; clientId: string; clientSecret: string; goid: string; timeoutMs: number };

export type GoPayPaymentAnswer = {
  id: number;
  parent_id?: number;
  order_number: string;
  state: string;
  amount: number;
  currency: string;
  gw_url?: string;
  recurrence?: { recurrence_state: string };
};

/**
 * GoPay's REST API (doc.gopay.com): OAuth2 client-credentials token (30 min, cached per scope),
 * create payment, status, on-demand recurrence, refund. Network trouble and 5xx are retriable
 * AppErrors; 4xx are not.
 */
export class GoPayClient {
  private readonly tokens = new Map<string, { token: string; until: number }>();

  constructor(private readonly o: GoPayClientOptions) {}

  get goid(): string {
    return this.o.goid;
  }

  createPayment(body: Record<string, unknown>): Promise<GoPayPaymentAnswer> {
    return this.call('POST', '/payments/payment', 'payment-create', { json: body });
  }

  status(id: string): Promise<GoPayPaymentAnswer> {
    return this.call('GET', `/payments/payment/${encodeURIComponent(id)}`, 'payment-all', {});
  }

  createRecurrence(parentId: string, body: Record<string, unknown>): Promise<GoPayPaymentAnswer> {
    return this.call('POST', `/payments/payment/${encodeURIComponent(parentId)}/create-recurrence`, 'payment-all', { json: body });
  }

  voidRecurrence(parentId: string): Promise<{ id: number; result: string }> {
    return this.call('POST', `/payments/payment/${encodeURIComponent(parentId)}/void-recurrence`, 'payment-all', { form: {} });
  }

  refund(id: string, amount: number): Promise<{ id: number; result: string }> {
    return this.call('POST', `/payments/payment/${encodeURIComponent(id)}/refund`, 'payment-all', { form: { amount: String(amount) } });
  }

  private async token(scope: string): Promise<string> {
    const cached = this.tokens.get(scope);
    if (cached && cached.until > Date.now()) return cached.token;
    const basic = Buffer.from(`${this.o.clientId}:${this.o.clientSecret}`).toString('base64');
    const res = await this.fetch('/oauth2/token', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope }),
    });
    const body = (await res.json()) as { access_token: string; expires_in: number };
    // A minute early, so a token never expires between here and GoPay.
    this.tokens.set(scope, { token: body.access_token, until: Date.now() + (body.expires_in - 60) * 1000 });
    return body.access_token;
  }

  private async call<T>(method: string, path: string, scope: string, body: { json?: unknown; form?: Record<string, string> }, retried = false): Promise<T> {
    const token = await this.token(scope);
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}` };
    let payload: string | undefined;
    if (body.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body.form).toString();
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    try {
      const res = await this.fetch(path, { method, headers, body: payload });
      return (await res.json()) as T;
    } catch (err) {
      // A token GoPay no longer knows (expired early, revoked): one fresh try.
      if (!retried && err instanceof AppError && /AUTH_WRONG_CREDENTIALS/.test(err.message)) {
        this.tokens.delete(scope);
        return this.call(method, path, scope, body, true);
      }
      throw err;
    }
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(this.o.baseUrl.replace(/\/$/, '') + path, { ...init, signal: AbortSignal.timeout(this.o.timeoutMs) });
    } catch (err) {
      throw new AppError('PAYMENT_PROVIDER_FAILED', `GoPay ${path} did not answer: ${(err as Error).message}`, { cause: err, retriable: true });
    }
    if (res.ok) return res;
    const text = await res.text().catch(() => '');
    throw new AppError(res.status === 404 ? 'NOT_FOUND' : 'PAYMENT_PROVIDER_FAILED', `GoPay ${path} answered ${res.status}: ${text.slice(0, 300)}`, { retriable: res.status >= 500 || res.status === 429 });
  }
}
