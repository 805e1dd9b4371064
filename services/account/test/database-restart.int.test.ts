import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { freePort, startStack, uniqueEmail, type Stack } from './stack';

jest.setTimeout(120_000);

/**
 * The database goes away under load and comes back: every watchdog whose creation was
 * acknowledged is there afterwards, calls during the outage fail with a clear error (no stack
 * trace, no hang), and the service answers again without a restart of its own. The database is a
 * private FerretDB on its own port and data directory, so the shared one is never touched.
 */
const ROOT = path.resolve(__dirname, '../../..');

/** The FerretDB build the infrastructure script made (newest, if several patch levels exist). */
function ferretdbBinary(): string | null {
  const dir = path.join(ROOT, '.cache/ferretdb');
  if (!existsSync(dir)) return null;
  const builds = readdirSync(dir)
    .map((name) => path.join(dir, name, 'ferretdb-sqlite'))
    .filter((bin) => existsSync(bin))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return builds[0] ?? null;
}

const binary = ferretdbBinary();
// Against a real MongoDB (MONGO_URL set elsewhere) there is no local build to restart.
const maybe = binary && !process.env.MONGO_URL ? describe : describe.skip;

let dataDir: string;
let port: number;
let server: ChildProcess | null = null;
let stack: Stack;

async function startDatabase(): Promise<void> {
  server = spawn(binary!, ['--listen-addr', `127.0.0.1:${port}`, '--data-dir', dataDir, '--log-level', 'error'], { stdio: 'ignore' });
  const client = new mongoose.mongo.MongoClient(`mongodb://127.0.0.1:${port}`, { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  await client.close();
}

function killDatabase(): Promise<void> {
  return new Promise((resolve) => {
    server!.once('exit', () => resolve());
    server!.kill('SIGKILL');
    server = null;
  });
}

maybe('a database restart under load', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'rr-ferretdb-'));
    port = await freePort();
    await startDatabase();
    stack = await startStack({ MONGO_URL: `mongodb://127.0.0.1:${port}`, RATE_FILTERS_PER_IP: '10000', RATE_FILTERS_PER_EMAIL: '10000' });
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
    if (server) await killDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged write and answers again by itself', async () => {
    const api = stack.client();
    const criteria = { adTypes: ['Rent'], realEstateTypes: ['Apartment'], places: [{ kind: 'municipality', code: '582786' }] };
    const acknowledged: string[] = [];
    const refused: number[] = [];
    const create = async (i: number) => {
      const res = await api.post('/api/filters').send({ email: uniqueEmail(`restart${i}`), criteria: { ...criteria, price: { to: 10_000 + i } } });
      if (res.status === 202) acknowledged.push(res.body.data.filter.id as string);
      else {
        refused.push(res.status);
        // A clear error body, never a stack trace.
        expect(res.body.error?.code).toEqual(expect.any(String));
        expect(JSON.stringify(res.body)).not.toMatch(/\n\s+at /);
      }
    };

    for (let i = 0; i < 10; i++) await create(i);
    await killDatabase();
    // Calls while it is down fail (after the driver's bounded wait), they do not hang.
    await Promise.all([10, 11, 12].map(create));
    await startDatabase();

    // The service reconnects on its own: creations succeed again within a short while.
    const deadline = Date.now() + 60_000;
    let i = 13;
    while (acknowledged.length < 13 && Date.now() < deadline) await create(i++);
    expect(acknowledged.length).toBeGreaterThanOrEqual(13);

    const client = new mongoose.mongo.MongoClient(`mongodb://127.0.0.1:${port}`);
    await client.connect();
    const stored = await client.db(`rr-account${stack.env.MONGO_DB_SUFFIX}`).collection('watchdogs').find({ _id: { $in: acknowledged as never[] } }).toArray();
    await client.close();
    expect(stored.map((w) => String(w._id)).sort()).toEqual([...acknowledged].sort());
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(refused.every((status) => status >= 500)).toBe(true);
  });
});
