/** `@rr/proto/node`: the contract's parts that need Node.js (never bundled into the web client). */
export * from './watchdog-token';
