import { distributedProcesses, placements } from './distributed';
import { TOPOLOGY, type ServiceName } from './topology';

describe('the distributed layout', () => {
  const places = placements();
  const processes = distributedProcesses({ KAFKA_BROKERS: '127.0.0.1:9092' }, places);
  const hostOf = (name: string) => places.find((p) => p.name === name)!.host;

  it('places every service of the topology and both simulators, each on an address of its own', () => {
    const services = new Set(places.map((p) => p.service));
    for (const service of Object.keys(TOPOLOGY)) expect(services).toContain(service);
    expect(services).toContain('portal-simulator');
    expect(services).toContain('payment-simulator');
    expect(new Set(places.map((p) => p.host)).size).toBe(places.length);
  });

  it('gives each process every address its topology links name, pointing at a placed instance', () => {
    const hosts = new Set(places.map((p) => p.host));
    for (const spec of processes.filter((p) => p.service)) {
      const service = places.find((p) => p.name === spec.name)!.service as ServiceName;
      for (const name of Object.keys(TOPOLOGY[service].links ?? {})) {
        const values = name === 'PORTAL_BASE_URL_' ? Object.entries(spec.env).filter(([k]) => k.startsWith(name)).map(([, v]) => v) : [spec.env[name]];
        expect({ process: spec.name, name, set: values.length > 0 && values.every(Boolean) }).toEqual({ process: spec.name, name, set: true });
        for (const value of values) for (const m of value.matchAll(/http:\/\/([\d.]+):/g)) expect(hosts).toContain(m[1]);
      }
    }
  });

  it('points billing at the payment simulator and each gateway at an account instance of its own', () => {
    const billing = processes.find((p) => p.name === 'billing')!;
    expect(billing.env.GOPAY_BASE_URL).toBe(`http://${hostOf('payment-simulator')}:8091/gopay/api`);
    expect(billing.env.GOPAY_NOTIFICATION_URL).toBe(`http://${hostOf('billing')}:8106/billing/gopay/notify`);
    const accounts = processes.filter((p) => p.name.startsWith('gateway')).map((g) => new URL(g.env.ACCOUNT_URL).hostname);
    expect(new Set(accounts)).toEqual(new Set([hostOf('account-1'), hostOf('account-2')]));
  });
});
