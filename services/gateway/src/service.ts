import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getGazetteer } from '@rr/gazetteer';
import type { ServiceDefinition } from '@rr/kit';
import { createGatewayApp } from './app';
import { GatewayConfig } from './config';

export const gatewayService: ServiceDefinition<typeof GatewayConfig> = {
  name: 'gateway',
  configSchema: GatewayConfig,
  database: false,
  async start(ctx) {
    const app = createGatewayApp({ config: ctx.config, log: ctx.log, gazetteer: getGazetteer });
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(ctx.config.GATEWAY_PORT, ctx.config.GATEWAY_HOST, () => resolve(s));
    });
    ctx.shutdown.add('http', () => new Promise((resolve) => server.close(() => resolve(undefined))));
    const port = (server.address() as AddressInfo).port;
    ctx.log.info({ port }, 'gateway listening');
    return { details: () => ({ port }) };
  },
};
