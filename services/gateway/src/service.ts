import { getGazetteer } from '@rr/gazetteer';
import { listen, type ServiceDefinition } from '@rr/kit';
import { createGatewayApp } from './app';
import { GatewayConfig } from './config';

export const gatewayService: ServiceDefinition<typeof GatewayConfig> = {
  name: 'gateway',
  configSchema: GatewayConfig,
  database: false,
  async start(ctx) {
    const app = createGatewayApp({ config: ctx.config, log: ctx.log, gazetteer: getGazetteer });
    const http = await listen(app, { host: ctx.config.BIND_HOST, port: ctx.config.GATEWAY_PORT }, 'gateway');
    ctx.shutdown.add('http', http.close);
    const port = http.port;
    ctx.log.info({ port }, 'gateway listening');
    return { details: () => ({ port }) };
  },
};
